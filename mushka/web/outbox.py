"""What a browser socket is sent, bounded by construction: a rate limit on what it sends, an
outbound queue with a cap (the newest whole state kept, older ones dropped), and a cap on the
bytes it leaves unread."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from typing import Final

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

POLICY_VIOLATION: Final = 1008
CLOSE_TIMEOUT: Final = 2.0  # seconds a closing socket has to take its close frame


async def hang_up(socket: ServerConnection, code: int, reason: str, timeout: float) -> None:
    """Close `socket` with `code` and `reason`, and drop it if that takes more than `timeout`
    seconds: websockets' own close first waits for the socket's unread bytes to drain, which
    from a peer that reads nothing is never."""
    try:
        await asyncio.wait_for(socket.close(code, reason), timeout)
    except TimeoutError:
        socket.transport.abort()


class TokenBucket:
    """A rate limit: `rate` a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, float(burst), clock
        self.tokens, self.at = float(burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Outbox:
    """What goes to one socket, in order; a seat's state waits there at most once (a newer one
    replaces it where it stands): each state is whole, so the latest is all a page needs. At
    most `cap` other messages wait: a socket that lets more pile up is not reading, and is
    closed (never buffered without end)."""

    def __init__(self, cap: int, close_timeout: float = CLOSE_TIMEOUT) -> None:
        self.items: deque[str | None] = deque()  # None: the state, wherever it stands
        self.state: str | None = None
        self.cap = cap
        self.wake = asyncio.Event()
        self.closing: tuple[int, str] | None = None
        self.socket: ServerConnection | None = None
        self._closer: asyncio.Task[None] | None = None
        self.close_timeout = close_timeout

    def put(self, message: str) -> None:
        if self.closing is not None:
            return
        if len(self.items) >= self.cap + 1:  # the state's place is one of them
            self.overflowed()
            return
        self.items.append(message)
        self.wake.set()

    def put_state(self, message: str) -> None:
        if self.closing is not None:
            return
        if self.state is None:
            self.items.append(None)
        self.state = message
        self.wake.set()

    def close(self, code: int, reason: str = "") -> None:
        self.closing = (code, reason)
        self.wake.set()

    def overflowed(self) -> None:
        """The reader fell `cap` messages behind: closed now, not once the writer gets through
        (it waits on a socket nobody reads)."""
        self.items.clear()
        self.state = None
        self.close(POLICY_VIOLATION, "not reading")
        if self.socket is not None and self._closer is None:
            self._closer = asyncio.get_running_loop().create_task(
                hang_up(self.socket, POLICY_VIOLATION, "not reading", self.close_timeout)
            )

    async def overflow_closed(self) -> None:
        """Returns once an overflow's close is done (at once if there was none)."""
        if self._closer is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._closer

    async def run(self, socket: ServerConnection) -> None:
        self.socket = socket
        with contextlib.suppress(ConnectionClosed):
            await self._run(socket)

    async def _run(self, socket: ServerConnection) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.items:
                item = self.items.popleft()
                if item is None:
                    item, self.state = self.state, None
                if item is not None:
                    await socket.send(item)
            if self.closing is not None:
                await hang_up(socket, *self.closing, self.close_timeout)
                return


class BoundedConnection(ServerConnection):
    """A socket whose peer cannot make it keep unread bytes without end: websockets answers each
    ping frame by itself, with no flow control, so a client that sends pings and reads nothing
    would grow the host's write buffer; past `unread` bytes the socket is dropped."""

    unread = 256 * 1024  # a server's own subclass says its `WebLimits.unread`

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.get_write_buffer_size() > self.unread:
            self.transport.abort()
