"""A browser seat without a browser: a WebSocket client that speaks the page's protocol, keeps
every message it was sent, and taps from the state it last saw (never from words on a screen).
Also a raw HTTP GET, for the headers and refusals a browser would meet."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from mushka.host.live import LiveTable
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.web.server import WebLimits, WebServer

TIMEOUT = 30.0
CODE = "k7m-p3x-w9d"
GRACE = 0.3  # seconds a dropped seat reads "reconnecting" at a test's table


@dataclass
class Client:
    """One socket to the table's server, and everything it was sent."""

    socket: ClientConnection
    messages: list[dict[str, Any]] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    raw: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    async def _read(self) -> None:
        try:
            async for data in self.socket:
                assert isinstance(data, str)
                self.raw.append(data)
                self.messages.append(json.loads(data))
                self.arrived.set()
        except Exception:
            pass
        finally:
            self.closed.set()
            self.arrived.set()

    async def send(self, **message: Any) -> None:
        await self.socket.send(json.dumps(message))

    async def until(self, check: Callable[[Client], bool], what: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TIMEOUT
        while not check(self):
            if loop.time() > deadline:
                raise AssertionError(f"waited for {what}; last: {self.messages[-1:]}")
            if self.closed.is_set() and not check(self):
                raise AssertionError(f"closed while waiting for {what}: {self.messages[-2:]}")
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), deadline - loop.time())
            except TimeoutError:
                continue

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("t") == kind]

    @property
    def state(self) -> dict[str, Any]:
        states = self.of("state")
        assert states, f"no state yet: {self.messages}"
        return states[-1]

    async def first(self, kind: str) -> dict[str, Any]:
        await self.until(lambda c: bool(c.of(kind)), f"a {kind!r} message")
        return self.of(kind)[0]

    def close_code(self) -> int | None:
        close = self.socket.protocol.close_rcvd
        return close.code if close is not None else None


async def open_client(port: int, origin: str | None = None, host: str | None = None) -> Client:
    headers = {"Host": host} if host is not None else None
    socket = await connect(
        f"ws://127.0.0.1:{port}/ws",
        origin=origin or f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
        additional_headers=headers,
        open_timeout=10,
        ping_interval=None,
    )
    client = Client(socket)
    client.reader = asyncio.get_running_loop().create_task(client._read())
    return client


async def seated(port: int, name: str, **hello: Any) -> Client:
    """A client that joined as `name` (with the fields given, else the token)."""
    client = await open_client(port)
    await client.send(t="hello", name=name, **hello)
    return client


@asynccontextmanager
async def web_table(
    rules: HouseRules | None = None,
    bots: dict[int, str] | None = None,
    limits: WebLimits | None = None,
    seed: int = 7,
    code: str | None = CODE,
    grace: float = GRACE,
) -> AsyncIterator[tuple[LiveTable, WebServer]]:
    """A live table with a browser seats' server on a free port of the loopback (a dropped
    seat reconnecting for `grace` seconds)."""
    settings = TableSettings(bot_delay=0, bots=bots or {})
    table = LiveTable(rules or HouseRules(deals=1), settings, seed=seed, grace=grace)
    server = WebServer(table, code=code, addresses=("127.0.0.1",), limits=limits or WebLimits())
    await server.start("127.0.0.1", 0)
    try:
        yield table, server
    finally:
        if not table.finished:
            table.stop()
        await table.closed()
        await server.goodbye()  # as the host lets a table go (commands/host.py)
        server.close()
        await server.wait_closed()


def choose(state: dict[str, Any]) -> dict[str, Any] | None:
    """The tap a test makes on `state`: yes to a question, else the first card offered, else
    the first other move; None when nothing is offered."""
    if state.get("question"):
        return {"t": "answer", "yes": True}
    if not state.get("turn"):
        return None
    cards = [c["move"] for c in state["hand"] if c["move"] is not None]
    moves = [m["move"] for m in state["moves"]]
    if not cards and not moves:
        return None
    return {"t": "move", "move": (cards or moves)[0]}


async def play_by_taps(clients: list[Client]) -> int:
    """Tap each client's turn from its last state until every one is told goodbye; taps made."""
    taps = 0
    tapped: dict[int, int] = {}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10 * TIMEOUT
    while not all(c.of("bye") for c in clients):
        assert loop.time() < deadline, "the session never ended"
        progressed = False
        for index, client in enumerate(clients):
            if client.of("bye") or not client.of("state"):
                continue
            state = client.state
            if tapped.get(index) == state["seq"]:
                continue
            tap = choose(state)
            if tap is None:
                continue
            tapped[index] = state["seq"]
            await client.send(seq=state["seq"], **tap)
            taps += 1
            progressed = True
        if not progressed:
            await asyncio.sleep(0.003)
    return taps


@dataclass(frozen=True)
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes


async def get(port: int, path: str, headers: dict[str, str] | None = None) -> Reply:
    """A plain HTTP GET of `path`, as a browser would send it (Host: the loopback's)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    fields = {"Host": f"127.0.0.1:{port}", "Connection": "close"} | (headers or {})
    request = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items())
    writer.write((request + "\r\n").encode())
    await writer.drain()
    data = await asyncio.wait_for(reader.read(), TIMEOUT)
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    parsed = {}
    for line in lines[1:]:
        key, _, value = line.partition(":")
        parsed[key.strip().lower()] = value.strip()
    return Reply(status, parsed, body)
