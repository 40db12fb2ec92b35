"""Test harness for the table's SSH server: a real asyncssh client on 127.0.0.1 whose terminal is
emulated by pyte, a tiny echo application, and a server on a free port with a private state dir.

Tests read the screen a terminal would show (`screen_text`) and can grep every byte received
(`raw`). Waiting is always for an event (new output, the connection closing), with generous
timeouts that fail showing the screen.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

import asyncssh
import pyte

from mushka.net.hostkey import load_or_create
from mushka.net.keys import AuthorizedKeys
from mushka.net.seat import Application, Seat
from mushka.net.server import Limits, TableServer

TIMEOUT: Final = 30.0  # seconds: the machine is shared; a wait that long means a failure
CODE: Final = "k7m-p3x-w9d"


class Terminal(asyncssh.SSHClientSession[bytes]):
    """The client's side of a session: a pyte screen fed with every byte of output."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()  # every byte of standard output, escapes and all
        self.stderr = bytearray()
        self.exit_status: int | None = None
        self.closed = False
        self.changed = asyncio.Event()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.stderr += data
        else:
            self.raw += data
            self._stream.feed(data)
        self.changed.set()

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.changed.set()


class Player:
    """One test player's connection: type, wait for the screen, resize, leave."""

    def __init__(
        self,
        conn: asyncssh.SSHClientConnection,
        chan: asyncssh.SSHClientChannel[bytes],
        terminal: Terminal,
    ) -> None:
        self.conn = conn
        self.chan = chan
        self.terminal = terminal

    @property
    def raw(self) -> bytes:
        return bytes(self.terminal.raw)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.terminal.screen.display]

    def screen_text(self) -> str:
        return "\n".join(self.lines()).rstrip()

    async def send(self, data: str | bytes) -> None:
        self.chan.write(data.encode() if isinstance(data, str) else data)
        await asyncio.sleep(0)

    async def wait_until(
        self, check: Callable[[], bool], what: str, timeout: float = TIMEOUT
    ) -> None:
        """Wait for output (or the end) until `check()` holds; fail showing the screen."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check():
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(
                    f"waited {timeout:.0f} s for {what}; the screen:\n{self.screen_text()}\n"
                    f"stderr: {bytes(self.terminal.stderr)!r}"
                )
            self.terminal.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.terminal.changed.wait(), left)

    async def wait_for(self, text: str, timeout: float = TIMEOUT) -> None:
        await self.wait_until(lambda: text in self.screen_text(), repr(text), timeout)

    async def wait_closed(self, timeout: float = TIMEOUT) -> int | None:
        """Wait until the server ends the session; its exit status."""
        await self.wait_until(lambda: self.terminal.closed, "the session to end", timeout)
        return self.terminal.exit_status

    async def resize(self, width: int, height: int) -> None:
        self.terminal.screen.resize(height, width)
        self.chan.change_terminal_size(width, height)
        await asyncio.sleep(0)

    async def request(self, name: str, *args: bytes) -> bool:
        """Send a channel request of any kind and return the server's answer (for requests the
        client library has no method for, such as agent forwarding on its own)."""
        return bool(await self.chan._make_request(name.encode(), *args))

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def connect(
    port: int,
    name: str,
    *,
    password: str | None = CODE,
    client_key: asyncssh.SSHKey | None = None,
    **options: object,
) -> asyncssh.SSHClientConnection:
    """An authenticated connection to the table on 127.0.0.1 (raises if refused)."""
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        password=password,
        client_keys=[client_key] if client_key is not None else None,
        known_hosts=None,
        agent_path=None,
        config=None,
        **options,
    )


async def join(
    port: int,
    name: str,
    *,
    password: str | None = CODE,
    client_key: asyncssh.SSHKey | None = None,
    size: tuple[int, int] = (80, 24),
    term: str = "xterm-256color",
    env: Mapping[str, str] | None = None,
    pty: bool = True,
    source: str | None = None,
    **options: object,
) -> Player:
    """A player at the table: connected (from the loopback address `source` if given), a
    session open (with a PTY unless `pty` is False)."""
    if source is not None:
        options["local_addr"] = (source, 0)
    conn = await connect(port, name, password=password, client_key=client_key, **options)
    width, height = size
    environment: dict[bytes | str, bytes | str] = {k: v for k, v in (env or {}).items()}
    chan, terminal = await conn.create_session(
        lambda: Terminal(width, height),
        term_type=term if pty else None,
        term_size=size if pty else None,
        request_pty=pty,
        env=environment,
        encoding=None,
    )
    return Player(conn, chan, cast(Terminal, terminal))


# ---------------------------------------------------------------- the echo application


@dataclass
class Echo:
    """A tiny table: each seat sees its own facts and the last line it typed, at a prompt.

    It records what the server told it, so tests can check the seam as well as the screens.
    """

    refuse: dict[str, str] = field(default_factory=dict)  # name -> the reason it is refused
    admitted: list[str] = field(default_factory=list)  # every name asked about, as received
    seats: list[Seat] = field(default_factory=list)
    events: list[tuple[str, str]] = field(default_factory=list)  # (what, seat name)
    last: dict[str, str] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    seat_codes: dict[str, str] = field(default_factory=dict)  # name -> its seat's own code

    def admit(self, seat: Seat) -> str | None:
        self.admitted.append(seat.name)
        return self.refuse.get(seat.name)

    def proves(self, name: str, answer: str) -> bool:
        return self.seat_codes.get(name) == answer

    def joined(self, seat: Seat) -> None:
        self.seats.append(seat)
        self._note("joined", seat)
        self.draw(seat)

    def line(self, seat: Seat, text: str, cut: bool) -> None:
        self.last[seat.name] = text + (" (cut)" if cut else "")
        self._note("line", seat)
        if text == "quit":
            seat.line(f"bye, {seat.name}")
            seat.close(0)
        else:
            self.draw(seat)

    def interrupt(self, seat: Seat) -> None:
        self._note("interrupt", seat)
        self.draw(seat)

    def eof(self, seat: Seat) -> None:
        self._note("eof", seat)
        self.draw(seat)

    def resized(self, seat: Seat) -> None:
        self._note("resized", seat)
        self.draw(seat)

    def left(self, seat: Seat) -> None:
        self._note("left", seat)

    def draw(self, seat: Seat) -> None:
        frame = "\n".join(
            (
                f"name {seat.name}" + (" proven" if seat.proven else ""),
                f"size {seat.width}x{seat.height}",
                f"lang {seat.lang} ascii {seat.ascii} color {seat.color} term {seat.term}",
                f"last {self.last.get(seat.name, '')}",
                f"events {len(self.events)}",
                "> ",
            )
        )
        seat.draw(frame, prompt=(5, 2))

    def _note(self, what: str, seat: Seat) -> None:
        self.events.append((what, seat.name))
        self.changed.set()

    async def wait_until(self, check: Callable[[], bool], what: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TIMEOUT
        while not check():
            if loop.time() > deadline:
                raise AssertionError(f"waited for {what}; events: {self.events}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), deadline - loop.time())


@contextlib.asynccontextmanager
async def table(
    state: Path,
    app: Application | None = None,
    *,
    code: str | None = CODE,
    authorized_keys: AuthorizedKeys | None = None,
    limits: Limits | None = None,
    clock: Callable[[], float] | None = None,
) -> AsyncIterator[TableServer]:
    """A started table server on 127.0.0.1 and a free port, its host key in `state`."""
    server = TableServer(
        app or Echo(),
        load_or_create(state),
        code=None if authorized_keys is not None else code,
        authorized_keys=authorized_keys,
        limits=limits or Limits(),
        lang="en",
        **({"clock": clock} if clock is not None else {}),
    )
    await server.start("127.0.0.1", 0)
    try:
        yield server
    finally:
        server.close()
        await server.wait_closed()


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run an async test scenario (a coroutine function) on a fresh event loop."""
    asyncio.run(scenario())
