"""A live table and its browser seats' server on an event loop of their own, in a thread, for
tests and benchmarks that drive a real browser from the main thread; and a loopback proxy that
can stop carrying data while keeping its sockets open (a phone's socket after a sleep)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from typing import Any, TypeVar

from mushka.host.live import GRACE, LiveTable
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.present.exchange import ExchangeLesson
from mushka.present.lesson import Lesson
from mushka.web.server import WebLimits, WebServer

T = TypeVar("T")
CODE = "k7m-p3x-w9d"


class Served:
    """A table with browser seats, served on 127.0.0.1 (and reachable as `addresses`)."""

    def __init__(
        self,
        rules: HouseRules,
        bots: dict[int, str],
        *,
        limits: WebLimits | None = None,
        addresses: tuple[str, ...] = ("127.0.0.1",),
        seed: int = 7,
        bot_delay: float = 0.0,
        workers: Executor | None = None,
        reserved: tuple[str, ...] = (),
        teach: bool = False,
        grace: float = GRACE,
        hints: bool = False,
    ) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="table", daemon=True)
        self.thread.start()
        self.over = threading.Event()
        settings = TableSettings(bot_delay=bot_delay, bots=bots, hints=hints)

        async def start() -> tuple[LiveTable, WebServer]:
            lesson = functools.partial(Lesson, guided=False) if teach else None
            table = LiveTable(
                rules,
                settings,
                seed=seed,
                on_over=self.over.set,
                workers=workers,
                reserved=reserved,
                teach=lesson,
                grace=grace,
                explains=ExchangeLesson,  # as mushka host wires it
            )
            server = WebServer(table, code=CODE, addresses=addresses, limits=limits or WebLimits())
            await server.start("127.0.0.1", 0)
            return table, server

        self.table, self.server = self.call(start())

    def call(self, work: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def run(self, work: Callable[[], T]) -> T:
        """`work()` on the table's loop, its result here."""

        async def job() -> T:
            return work()

        return self.call(job())

    @property
    def url(self) -> str:
        return self.server.url("127.0.0.1")

    def drop_sockets(self) -> int:
        """The server closes every open socket (as a restarted Wi-Fi would); how many."""

        def drop() -> int:
            sockets = list(self.server._sockets)
            for socket in sockets:
                socket.transport.abort()
            return len(sockets)

        return self.run(drop)

    def stop(self) -> None:
        """The host stops the table (Ctrl-C) and lets it go as `mushka host` does: every seat
        and wall page told, then the server closed."""

        async def stop() -> None:
            if not self.table.finished:
                self.table.stop()
            await self.table.closed()
            await self.server.goodbye()
            self.server.close()
            await self.server.wait_closed()

        self.call(stop())

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


class StallingProxy:
    """A TCP proxy on `listen`:`port` to 127.0.0.1:`port`; `stall()` makes the connections
    open now carry nothing more either way, while they stay open; later ones carry as usual."""

    def __init__(self, served: Served, listen: str) -> None:
        self.served, self.listen = served, listen
        self.stalled: set[int] = set()
        self.connections = 0
        self._server: asyncio.Server | None = None

        async def start() -> None:
            self._server = await asyncio.start_server(self._serve, listen, served.server.port)

        served.call(start())

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        number = self.connections
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.served.server.port)

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await source.read(65536):
                    if number in self.stalled:
                        continue  # swallowed: the socket looks open and carries nothing
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(Exception):
                sink.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def stall(self) -> None:
        """Every connection open now stops carrying data."""
        self.served.run(lambda: self.stalled.update(range(1, self.connections + 1)))

    def close(self) -> None:
        async def stop() -> None:
            if self._server is not None:
                self._server.close()

        with contextlib.suppress(Exception):
            self.served.call(stop())


def wait_for(check: Callable[[], bool], timeout: float = 30.0) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.02)
