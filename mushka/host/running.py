"""A table's session as it runs on an event loop: the work asked for, done in turn; every call into
the table host that may write on one thread of its own; computer players thinking off the loop;
the finish, a failure, the host's stop; and the drawing, once the work at hand is done.

The order of things, for every seat of every kind::

    intent (a seat's act) ─┐
    a join, a leave ───────┼─▶ job on Turns ─▶ its writes on the disk thread ─▶ settled:
    a computer's move ─────┘   (one at a time,   (a move and its autosave,       draw what
                                in the order      the start, the finish)          changed, then
                                asked)                                            advance
    advance: a computer player to move? ─▶ wait the pace ─▶ think in `workers` (a process pool
    keeps the search off the loop) ─▶ a job that plays it, unless the table moved meanwhile
    (a stale decision is dropped: whoever acts now, acts).

So a seat is never shown a move that a `kill -9` could still lose: what a screen shows is in the
save. A terminal that several people share (the hot seat) runs the same table with its disk and
its computer players on the loop's own thread (`INLINE`), stepping the loop between two keys.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, ParamSpec, TypeVar

from mushka.host.link import Farewell, Link, Place, Why
from mushka.host.offer import Screen, Told
from mushka.host.settings import TableSettings
from mushka.host.shared import Shared
from mushka.host.table import ComputerPlayerError, Finished, Outcome, TableHost
from mushka.host.turns import Job, Turns
from mushka.wording import Wording

T = TypeVar("T")
P = ParamSpec("P")


class Inline(Executor):
    """Runs each call at once, on the caller's thread: a table with one terminal and nothing
    else to keep answering (the hot seat) thinks and writes where its signals are handled."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        done: Future[T] = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # a stop (Quit) too: the awaiting job raises it
            done.set_exception(exc)
        return done


INLINE: Final = Inline()


@dataclass
class Connection:
    """One connection's own state (see `Screen`) and where it sits: `place`, or, at a terminal
    several people share, the place it serves now (`shared` says whose hand it may show)."""

    link: Link
    place: int
    screen: Screen = field(default_factory=Screen)
    coach: asyncio.Task[None] | None = None
    shared: Shared | None = None


class RunningTable:
    """The work of one table's session in order; see the module's docstring."""

    def __init__(
        self,
        settings: TableSettings,
        host: TableHost | None,
        on_over: Callable[[], None],
        workers: Executor | None,
        disk: Executor | None,
    ) -> None:
        self.settings, self.host, self.on_over, self.workers = settings, host, on_over, workers
        self.places = [Place(i) for i in range(4)]
        self.seats: dict[Link, Connection] = {}
        self.watchers: list[Callable[[], None]] = []  # public screens: redrawn on any change
        self.news: list[Wording] = []  # table-wide lines: who joined, left, came back, notes
        self.thinking: asyncio.Task[None] | None = None  # a computer player's turn under way
        self.finished = False
        self.stopping = False  # the host is stopping the table: nobody moves any more
        self.report: Finished | None = None  # how finishing went, once the session is over
        self.failure: ComputerPlayerError | None = None  # what stopped the table, if anything
        # the one thread that calls the table host where it may write, and the work waiting
        self._disk = disk or ThreadPoolExecutor(max_workers=1, thread_name_prefix="mushka-table")
        self._turns: Turns[Link | None] = Turns(self._failed, self._settled)
        self._dirty: set[Link] = set()
        self._everyone = False  # every seat and watcher is to be drawn after the work at hand

    # ---------------------------------------------------------------- play going on

    def _after(self, outcome: Outcome, moved: bool = False) -> None:
        """Something public happened: every seat is drawn again, and the table's notes (a move
        taken back, the coach asked, a save that failed) are news for all; after a move
        (`moved`), each seat decides what it shows before the next decision (`_moved`)."""
        host = self.host
        assert host is not None
        self.news.extend(note.wording(host.players) for note in outcome.notes)
        self._everyone = True
        if moved:
            self._moved(outcome)
        elif outcome.notes:
            self._noted()

    def _moved(self, outcome: Outcome) -> None:
        """After a move: what each seat is to see before the next decision (see LiveTable)."""

    def _noted(self) -> None:
        """A note went into the log outside a move (see LiveTable)."""

    def _holds(self) -> bool:
        """Whether the table waits for a seat before play goes on (see LiveTable)."""
        return False

    def _advance(self) -> None:
        """Let a computer player think (off the loop) when it is its turn; finish when over."""
        host = self.host
        if host is None or self.finished or self.stopping or self.thinking is not None:
            return
        if self._holds():
            return
        turn = host.pending()
        if turn is None:
            self._later(None, self._finish)
            self.finished = True  # no seat acts any more; the finish is under way
            return
        if turn.computer:
            self.thinking = asyncio.get_running_loop().create_task(self._computer(turn.seat))

    async def _computer(self, seat: int) -> None:
        """A computer player's move: it waits the table's pace, thinks in a worker (the loop
        goes on drawing and reading keys), and plays if the table has not moved meanwhile."""
        loop = asyncio.get_running_loop()
        try:
            await asyncio.sleep(self.settings.bot_delay)
            asked = await self._in_turn(lambda: self._computer_decision(seat))
            if asked is None:
                return  # a move taken back during the pause: whoever acts now, acts (finally)
            thinking, moment = asked
            decided = await loop.run_in_executor(self.workers, thinking)

            async def play() -> None:
                host = self.host
                assert host is not None
                if host.changes == moment and not self.stopping:
                    self._after(await self._on_disk(host.play_computer, decided), moved=True)
                # else the table moved on meanwhile (a move taken back, perhaps made again):
                # the decision is for a position that is gone; whoever acts now, acts

            await self._in_turn(play)
        except ComputerPlayerError as failure:
            self._fail(failure)
        finally:
            self.thinking = None
            if not self.finished and not self.stopping:
                self._later(None, lambda: None)

    async def _computer_decision(self, seat: int) -> tuple[Callable[[], Any], int] | None:
        host = self.host
        assert host is not None
        turn = host.pending()
        if self.stopping or turn is None or turn.seat != seat or not turn.computer:
            return None
        return host.computer_move(seat), host.changes

    def _fail(self, failure: ComputerPlayerError) -> None:
        """The table cannot go on: every seat is told, the host says why (the game is saved)."""
        self.finished, self.failure = True, failure
        for seat in list(self.seats.values()):
            seat.link.close(Farewell(Why.FAILED))
        self.on_over()

    async def _finish(self) -> None:
        host = self.host
        assert host is not None
        self.report = await self._on_disk(host.finish)
        for seat in list(self.seats.values()):
            seat.link.close(Farewell(Why.FINISHED, self._unread(seat)))
        self.on_over()

    def _unread(self, seat: Connection) -> tuple[Told, ...]:
        """What `seat`'s lesson says that it has not read yet (see PausingTable)."""
        return ()

    def stop(self) -> None:
        """The host stops the table (Ctrl-C, a signal): no computer player moves any more, and
        every seat is told and let go."""
        self.stopping = True
        if self.thinking is not None:
            self.thinking.cancel()
        for seat in list(self.seats.values()):
            if seat.coach is not None:
                seat.coach.cancel()  # the coach's answer would have no screen to go to
            seat.link.close(Farewell(Why.CLOSED if self.host is None else Why.STOPPED))

    @property
    def quiet(self) -> bool:
        """No work under way: nothing writes the table host now, so it may be read (until the
        next await), as a public screen drawn later than the change it shows does."""
        return self._turns.quiet

    async def idle(self) -> None:
        """Wait until the work asked for is done: the table host may be read until the next
        await (it is written on the table's own thread meanwhile)."""
        await self._turns.idle()

    async def settled(self) -> None:
        """Wait until nothing is under way at all: no work, no computer player and no coach
        thinking (the table waits for a person, or is over). A stop raised in the work (Quit)
        comes out here."""
        while True:
            await self._turns.idle()
            busy = [self.thinking] if self.thinking is not None else []
            busy += [s.coach for s in self.seats.values() if s.coach and not s.coach.done()]
            if not busy and self._turns.quiet:
                return
            for task in busy:
                await asyncio.shield(task)

    async def closed(self) -> None:
        """Wait for the work asked for to end (the finish's writes, a move's save), then let
        the table's thread go."""
        await self.idle()
        self._disk.shutdown(wait=True)

    def _tell(self, words: Wording) -> None:
        """News for every seat (who joined, left, came back): each sees it until his next key."""
        self.news.append(words)
        self._everyone = True

    # ---------------------------------------------------------------- the work, in order

    def _later(self, link: Link | None, job: Job, everyone: bool = True) -> None:
        """Do `job` after the work already asked for, then draw what changed: `link`'s seat,
        or every seat and public screen."""

        def step() -> Awaitable[None] | None:
            if link is not None:
                self._dirty.add(link)
            if everyone:
                self._everyone = True
            return job()

        self._turns.add(link, step)

    async def _in_turn(self, job: Callable[[], Awaitable[T]]) -> T:
        """`job`'s result, done in turn with the rest of the table's work."""
        return await self._turns.result(None, job)

    def _failed(self, link: Link | None, exc: Exception) -> None:
        if isinstance(exc, ComputerPlayerError):
            self._fail(exc)
            return
        asyncio.get_running_loop().call_exception_handler(
            {"message": "mushka table: a seat's request failed", "exception": exc}
        )
        if link is not None and link in self.seats:  # that seat goes, the rest play on
            link.close(Farewell(Why.BROKEN))

    def _settled(self) -> None:
        self._draw()
        self._advance()

    async def _on_disk(self, work: Callable[..., T], *args: object) -> T:
        """Call the table host where it may write: on the table's own thread, never the loop's."""
        return await asyncio.get_running_loop().run_in_executor(self._disk, work, *args)

    def _draw(self) -> None:
        links = list(self.seats) if self._everyone else [s for s in self._dirty if s in self.seats]
        watchers = self.watchers if self._everyone else []
        self._dirty.clear()
        self._everyone = False
        for link in links:
            link.changed()
        for watcher in watchers:
            with contextlib.suppress(Exception):
                watcher()
