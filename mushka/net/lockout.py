"""Wrong table codes counted per address: after a few in a row, that address waits a while."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from typing import Final

WRONG_CODES: Final = 5
LOCKOUT_SECONDS: Final = 60.0
MAX_ADDRESSES: Final = 4096  # addresses remembered; past that the longest-quiet are forgotten


def plain_address(address: str) -> str:
    """An IP address as people write it, and as the lock-out and the per-address caps count it:
    an IPv4 client of a dual-stack socket as IPv4 (else it would get a count of its own)."""
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(parsed)


class Lockout:
    """Counts wrong codes from each address; `clock` is injected so tests need not wait."""

    def __init__(
        self,
        attempts: int = WRONG_CODES,
        seconds: float = LOCKOUT_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.attempts: Final = attempts
        self.seconds: Final = seconds
        self._clock = clock
        self._wrong: dict[str, int] = {}  # wrong codes in a row, by address (oldest first)
        self._until: dict[str, float] = {}  # locked-out addresses and when they may try again

    def locked(self, address: str) -> bool:
        """Whether `address` is refused now (no code from it is even looked at)."""
        until = self._until.get(address)
        if until is None:
            return False
        if self._clock() < until:
            return True
        del self._until[address]
        return False

    def wrong(self, address: str) -> None:
        """A wrong code from `address`; the last one allowed locks it out."""
        count = self._wrong.pop(address, 0) + 1  # popped and put back: the dict stays oldest first
        if count >= self.attempts:
            self._until[address] = self._clock() + self.seconds
        else:
            self._wrong[address] = count
        for book in (self._wrong, self._until):
            while len(book) > MAX_ADDRESSES:
                del book[next(iter(book))]

    def right(self, address: str) -> None:
        """The right code from `address`: its count starts again."""
        self._wrong.pop(address, None)
