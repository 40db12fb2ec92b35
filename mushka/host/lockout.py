"""Wrong table codes counted per address (after a few in a row, that address waits a while) and
for the whole table (guesses spread over many addresses, past a few dozen a minute, make the
table code wait a while for everyone)."""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable
from typing import Final

WRONG_CODES: Final = 5
LOCKOUT_SECONDS: Final = 60.0
MAX_ADDRESSES: Final = 4096  # addresses remembered; past that the longest-quiet are forgotten
# Wrong codes from all addresses together within TABLE_SECONDS that make the table code refused
# from every address for TABLE_SECONDS after the last: a guesser with a thousand addresses gets
# no more tries than one with six. A generated code (about 2**40) then takes some 50,000 years to
# guess on average; a 6-digit code about 12 days, which is why `codes.parse_code` refuses short ones.
TABLE_WRONG_CODES: Final = 30
TABLE_SECONDS: Final = 60.0


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
        table_attempts: int = TABLE_WRONG_CODES,
        table_seconds: float = TABLE_SECONDS,
    ) -> None:
        self.attempts: Final = attempts
        self.seconds: Final = seconds
        self.table_attempts: Final = table_attempts
        self.table_seconds: Final = table_seconds
        self._clock = clock
        self._recent: deque[float] = deque()  # when the last wrong codes came, from anywhere
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

    def table_locked(self) -> bool:
        """Whether the table code is refused now from every address: `table_attempts` wrong codes
        came within `table_seconds`, the last less than `table_seconds` ago. (A seat's own code
        and the join token are not guessed at a prompt of ours, so they still let their people
        in.)"""
        recent = self._recent  # the last `table_attempts` wrong codes' times, oldest first
        if len(recent) < self.table_attempts:
            return False
        last = recent[-1]
        return last - recent[0] < self.table_seconds and self._clock() - last < self.table_seconds

    def wrong(self, address: str) -> None:
        """A wrong code from `address`; the last one allowed locks it out."""
        self._recent.append(self._clock())
        while len(self._recent) > self.table_attempts:
            self._recent.popleft()
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
