"""Who may come in, for every server alike: the room for connections that have proved nothing
yet (counted apart, under low caps, the oldest of the most crowded address making room for a
newcomer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass
class _Waiting(Generic[T]):
    who: T
    address: str
    since: float


class WaitingRoom(Generic[T]):
    """Connections that have proved nothing yet (no login, no hello): at most `total` in all and
    `per_address` from one address. A newcomer is always let in: at a cap the one of the
    newcomer's own address goes first (if that address is full), else the oldest of the address
    that holds the most, so a flood from a few addresses makes room out of itself, never out of
    the player typing the code elsewhere. `stalled` marks the ones that go before the oldest
    (an SSH client that has not even finished its handshake)."""

    def __init__(
        self,
        total: int,
        per_address: int,
        clock: Callable[[], float],
        stalled: Callable[[T], bool] = lambda _who: False,
    ) -> None:
        self.total, self.per_address = max(1, total), max(1, per_address)
        self.clock, self.stalled = clock, stalled
        self._waiting: dict[int, _Waiting[T]] = {}  # by id(): T need not be hashable
        self.evicted = 0  # connections that made room for a newcomer (for tests and figures)

    def __len__(self) -> int:
        return len(self._waiting)

    def __contains__(self, who: object) -> bool:
        return id(who) in self._waiting

    def from_address(self, address: str) -> int:
        return sum(w.address == address for w in self._waiting.values())

    def enter(self, who: T, address: str) -> list[T]:
        """Count `who` in; the connections that go to make room for it (to be closed)."""
        gone: list[T] = []
        mine = [w for w in self._waiting.values() if w.address == address]
        if len(mine) >= self.per_address:
            gone.append(self._evict(mine))
        elif len(self._waiting) >= self.total:
            groups: dict[str, list[_Waiting[T]]] = {}
            for waiting in self._waiting.values():
                groups.setdefault(waiting.address, []).append(waiting)
            crowded = max(
                groups.values(), key=lambda group: (len(group), -min(w.since for w in group))
            )
            gone.append(self._evict(crowded))
        self._waiting[id(who)] = _Waiting(who, address, self.clock())
        return gone

    def leave(self, who: T) -> None:
        """`who` proved itself (or went): it no longer counts here."""
        self._waiting.pop(id(who), None)

    def _evict(self, rivals: list[_Waiting[T]]) -> T:
        victim = min(rivals, key=lambda w: (not self.stalled(w.who), w.since))
        del self._waiting[id(victim.who)]
        self.evicted += 1
        return victim.who
