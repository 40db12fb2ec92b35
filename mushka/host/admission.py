"""Who may come in, once for every server (the SSH seats' and the browser seats'): the gate that
weighs a connection's proof (the table code, the join token, a seat's own secret) under the
lock-out, and the room for connections that have proved nothing yet (counted apart, under low
caps, the oldest of the most crowded address making room for a newcomer)."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from mushka.host import codes
from mushka.host.lockout import Lockout
from mushka.i18n import N_

T = TypeVar("T")

LOCKED_OUT = N_("too many wrong codes from your address: try again in a minute")
TABLE_LOCKED = N_(
    "too many wrong codes came from many addresses: the table code is refused for a minute "
    "(a seat's own code still lets its player in)"
)
NO_CODE = N_("Type the table code to sit down.")
WRONG_CODE = N_("That is not this table's code.")


class Proof(Enum):
    """What a connection proved at the door."""

    CODE = "code"  # the table's code: anyone invited
    TOKEN = "token"  # the join token of the QR code: anyone invited, who scanned it
    SEAT = "seat"  # the seat's own code (or, under authorized keys, the name's own key)


@dataclass
class Gate:
    """The door of one table: the table `code` (None: no code opens it), the QR's join `token`
    (None: no token), the `lockout` shared by every server of the table, and `proves`, whether
    a secret is the own code of the seat taken by a name (`LiveTable.proves`). A seat's secret
    and the token are never guessed at a prompt of ours (128 and 96 random bits), so they let
    their people in even from a locked-out address; the table code is weighed under the
    per-address and the table-wide lock-outs, and each wrong proof counts."""

    code: str | None
    token: str | None
    lockout: Lockout
    proves: Callable[[str, str], bool]

    def typed(self, address: str, attempt: str, name: str) -> Proof | None:
        """What one answer at a code prompt proves (the table's code, or the seat's own code
        of the player `name`), or None: a wrong code, counted against `address` (one from a
        locked-out address, or while the table code is refused, is not even weighed)."""
        if len(attempt) > codes.MAX_ATTEMPT_CHARS:
            self.lockout.wrong(address)
            return None
        if name and self.proves(name, attempt):
            self.lockout.right(address)
            return Proof.SEAT
        if self.code is None or self.lockout.locked(address) or self.lockout.table_locked():
            return None
        if codes.same(attempt, self.code):
            self.lockout.right(address)
            return Proof.CODE
        self.lockout.wrong(address)
        return None

    def hello(
        self, address: str, *, name: str, secret: object, token: object, code: object
    ) -> Proof | str:
        """What a browser's hello proves (`secret`: the seat's, `token`: the QR's, `code`: the
        table's, each as sent, so anything), or why it proves nothing (a message id to say)."""
        if isinstance(secret, str) and secret and name and self.proves(name, secret):
            self.lockout.right(address)
            return Proof.SEAT
        if (
            isinstance(token, str)
            and token
            and self.token is not None
            and hmac.compare_digest(token.encode()[:256], self.token.encode())
        ):
            self.lockout.right(address)
            return Proof.TOKEN
        if self.lockout.locked(address):
            return LOCKED_OUT
        offered = isinstance(code, str) and bool(code) and self.code is not None
        if isinstance(code, str) and code and self.code is not None:
            if self.lockout.table_locked():
                return TABLE_LOCKED
            if codes.same(code, self.code):
                self.lockout.right(address)
                return Proof.CODE
        if not offered and not (isinstance(secret, str) and secret) and not token:
            return NO_CODE
        self.lockout.wrong(address)
        return WRONG_CODE

    def refusal(self, address: str) -> str | None:
        """Why a code from `address` would be refused unheard now, or None (for a banner)."""
        if self.lockout.locked(address):
            return LOCKED_OUT
        if self.lockout.table_locked():
            return TABLE_LOCKED
        return None


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
