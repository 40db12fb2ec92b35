"""Where play waits for a seat: a terminal that several people share (the hot seat) hands itself
over and shows the news first, and a taught seat (`mushka learn`, `mushka host --teach`) reads
what its lesson says before it decides. The live table asks here after every move and at every
decision; a shared terminal holds play until it has been answered."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

from mushka.host.link import Link
from mushka.host.offer import (
    Ask,
    Command,
    Explained,
    HoldKind,
    Intent,
    Overlay,
    Question,
    Said,
    Told,
    Tone,
)
from mushka.host.running import Connection, RunningTable
from mushka.host.seating import seat_names
from mushka.host.settings import TableSettings
from mushka.host.shared import Shared
from mushka.host.table import Outcome, Stopped, TableError, TableHost
from mushka.host.teaching import MakeTeacher, Taught, Teacher
from mushka.i18n import say, speaking
from mushka.names import printable


class PausingTable(RunningTable):
    """The running table, with the seats it waits for; see the module's docstring."""

    def __init__(
        self,
        settings: TableSettings,
        host: TableHost | None,
        on_over: Callable[[], None],
        workers: Executor | None,
        disk: Executor | None,
        teach: MakeTeacher | None,
    ) -> None:
        super().__init__(settings, host, on_over, workers, disk)
        self.teach = teach
        self.teaching: dict[int, Taught] = {}  # the taught places' lessons, kept for a return
        self.explains: MakeTeacher | None = None  # what every untaught place is explained
        # beside its moves (the first exchange: see LiveTable)
        self.asides: dict[int, Teacher] = {}  # their teachers, kept for a return

    def _taught(self, seat: Connection) -> Taught | None:
        """The lesson of `seat`'s player, at a table that teaches (made at his first look)."""
        if self.teach is None or self.host is None or self.places[seat.place].computer:
            return None
        taught = self.teaching.get(seat.place)
        if taught is None:
            with speaking(self.lang_of(seat.link)):
                names = [printable(n) for n in seat_names(self.host.players, self.settings.bots)]
                keys = seat.link.via != "web"  # a page is tapped, a terminal typed at
                teacher = self.teach(seat.place, names, self.settings.ascii_only, keys)
            taught = self.teaching[seat.place] = Taught(teacher)
        return taught

    def _aside(self, seat: Connection) -> Teacher | None:
        """What explains things to `seat`'s player beside his moves, at a table that does not
        teach him (made at his first look)."""
        if self.explains is None or self.host is None or self.places[seat.place].computer:
            return None
        teacher = self.asides.get(seat.place)
        if teacher is None:
            with speaking(self.lang_of(seat.link)):
                names = [printable(n) for n in seat_names(self.host.players, self.settings.bots)]
                keys = seat.link.via != "web"
                teacher = self.explains(seat.place, names, self.settings.ascii_only, keys)
            self.asides[seat.place] = teacher
        return teacher

    def lang_of(self, link: Link) -> str:
        """The language `link`'s seat speaks: its player's choice at this table, else his
        connection's."""
        seat = self.seats.get(link)
        chosen = self.places[seat.place].lang if seat is not None else None
        return chosen or link.lang

    def seat_here(self, link: Link, places: Sequence[int]) -> None:
        """A terminal that the people in `places` share (the hot seat) takes their places at a
        table already dealt (`host`); play begins."""
        assert self.host is not None
        shared = Shared(tuple(places))  # none: computer players only, the terminal watches
        for index in places:
            self.places[index].link, self.places[index].address = link, link.address
        self.seats[link] = Connection(link, places[0] if places else 0, shared=shared)
        host = self.host

        async def begin() -> None:
            self._after(await self._on_disk(host.begin), moved=True)

        self._later(None, begin)

    def lost_sight(self, link: Link) -> None:
        """`link`'s terminal was stopped and continued (Ctrl-Z, then fg): who sits at a shared
        one is unknown now, so it is handed over again before any hand shows."""
        seat = self.seats.get(link)
        if seat is None or seat.shared is None:
            return
        turn = self.host.pending() if self.host is not None else None
        if turn is not None and not turn.computer and turn.seat in seat.shared.places:
            seat.shared.lost_sight(turn.seat)
            seat.place = turn.seat
        self._later(link, lambda: None, everyone=False)

    def halt(self) -> Stopped:
        """Play stops for everyone (the hot seat's q, Ctrl-C, its terminal gone): the table
        host says where the game is saved. Call it once the loop is not running."""
        self.stopping = True
        if self.thinking is not None:
            self.thinking.cancel()
        assert self.host is not None
        return self.host.stop()

    async def _held(self, seat: Connection, shared: Shared, intent: Intent) -> None:
        """A key at a shared terminal's handoff or news: u takes the move just made back there
        (a handoff's, if its maker is someone else), anything else hands the terminal over."""
        host, hold = self.host, shared.hold
        assert host is not None and hold is not None
        offered = host.take_back_offer() if hold.kind is HoldKind.HANDOFF else None
        if intent is not Command.UNDO or offered is None or offered.seat == hold.to:
            seat.place = shared.taken()
            return
        try:
            outcome = await self._on_disk(host.take_back)
        except TableError as refused:
            shared.refused = say(refused, self.lang_of(seat.link))
            return
        self._after(outcome)
        shared.taken_back(host)
        # whoever pressed u, the hand goes only to its owner, through a handoff of its own
        shared.hand_to(offered.seat, host.take_back_offer())
        seat.place = offered.seat

    # ---------------------------------------------------------------- after a move, and lessons

    def _moved(self, outcome: Outcome) -> None:
        """After a move: a taught player who may take his move back is told so first (and the
        news waits for his answer); every seat's news, and what a shared terminal shows."""
        host = self.host
        assert host is not None
        offered = host.take_back_offer()
        for seat in self.seats.values():
            taught = self._taught(seat)
            said = self._teach(seat, lambda t: t.take_back(offered))
            if taught is not None and said:
                taught.pending += said
                taught.take_back, taught.deferred = offered, outcome
                continue
            self._news_for(seat, outcome)

    def _news_for(self, seat: Connection, outcome: Outcome) -> None:
        host = self.host
        assert host is not None
        taught = self._taught(seat)
        if taught is not None:
            taught.told(self._teach(seat, lambda t: t.news(host.view(seat.place), outcome)))
        if seat.shared is not None:
            seat.shared.after(host, outcome, host.pending())
            if seat.shared.hold is not None:
                seat.place = seat.shared.hold.to
        aside = self._aside(seat) if taught is None else None
        if aside is not None and self._decides_next(seat):
            with speaking(self.lang_of(seat.link)):
                said = tuple(Told.of(e) for e in aside.news(host.view(seat.place), outcome))
            screen = seat.screen
            if said and screen.told_to != seat.place:  # another's, at a shared terminal: gone
                screen.told, screen.told_to = (), seat.place
            screen.told += said

    def _decides_next(self, seat: Connection) -> bool:
        """Whether what `seat` is explained now is read by its next decider: always at a seat of
        its own; at a shared terminal only when the next decision is that of the place it serves
        (the words say "you" to him, and nobody else there may be shown them as his)."""
        if seat.shared is None:
            return True
        turn = self.host.pending() if self.host is not None else None
        return turn is not None and not turn.computer and turn.seat == seat.place

    def _noted(self) -> None:
        for seat in self.seats.values():
            if seat.shared is not None:
                seat.shared.noted()

    def _unread(self, seat: Connection) -> tuple[Told, ...]:
        taught = self._taught(seat)
        return taught.reading(False) if taught is not None else ()

    def _holds(self) -> bool:
        """A shared terminal holds the table while its news, its handoff or its lesson is not
        yet read (a seat of its own reads while play goes on)."""
        for seat in self.seats.values():
            shared, taught = seat.shared, self._taught(seat)
            if shared is None:
                continue
            if shared.hold is not None:
                return True
            if taught is not None and (taught.reading(False) or taught.deferred is not None):
                return True
        return False

    def _teach(self, seat: Connection, ask: Callable[[Teacher], Sequence[Explained]]) -> list[Told]:
        """What `seat`'s lesson says when asked `ask`, worded in its player's language (nothing
        at a seat not taught)."""
        taught = self._taught(seat)
        if taught is None:
            return []
        with speaking(self.lang_of(seat.link)):
            return [Told.of(explained) for explained in ask(taught.teacher)]

    async def _reading(self, seat: Connection, taught: Taught, intent: Intent) -> None:
        """A key while the seat reads what its lesson says: r and ? open the rules and the
        help over it, q asks whether to leave, u takes back the move it offers back; anything
        else means read (then the news it held back, or the question it explained, follow)."""
        screen = seat.screen
        match intent:
            case Command.RULES | Command.HELP:
                screen.overlay = Overlay.RULES if intent is Command.RULES else Overlay.HELP
                screen.page = 0
            case Command.LEAVE:
                screen.question = Question(Ask.LEAVE)
            case Command.UNDO if taught.take_back is not None and not taught.first:
                taught.read()
                taught.deferred, taught.opened = None, None  # his turn again: explained again
                host = self.host
                assert host is not None
                try:
                    self._after(await self._on_disk(host.take_back))
                except TableError as refused:
                    screen.notice = Said(refused.wording, Tone.STRONG)
                    return
                if seat.shared is not None:
                    seat.shared.taken_back(host, news=False)
            case _:
                first = bool(taught.first)
                taught.read()
                if first:
                    return
                if taught.deferred is not None:
                    outcome, taught.deferred = taught.deferred, None
                    self._news_for(seat, outcome)
                if taught.question is not None:
                    screen.question, taught.question = taught.question, None

    def _advance(self) -> None:
        super()._advance()
        self._open_turns()

    def _open_turns(self) -> None:
        """A taught player's decision has come: his lesson explains what it meets first, and
        over his first few decisions the coach says, unasked, what each move is worth."""
        host = self.host
        if self.teach is None or host is None or self.finished or self.stopping:
            return
        turn = host.pending()
        if turn is None or turn.computer:
            return
        for seat in list(self.seats.values()):
            taught = self._taught(seat)
            if seat.place != turn.seat or taught is None or taught.deferred is not None:
                continue
            if taught.opened == host.changes:
                continue
            taught.opened = host.changes
            self._later(seat.link, functools.partial(self._open_turn, seat, taught), everyone=False)

    async def _open_turn(self, seat: Connection, taught: Taught) -> None:
        host = self.host
        assert host is not None
        turn = host.pending()
        if seat.link not in self.seats or turn is None or turn.seat != seat.place:
            return
        taught.pending += self._teach(seat, lambda t: t.turn(turn.view))
        if not (turn.hints and taught.teacher.wants_coach(turn.view)):
            return
        moment = host.changes
        advise = await self._on_disk(host.coach, seat.place)
        # the lesson asked, not the learner: the log keeps the note, no news screen repeats it
        await self._on_disk(host.take_news)
        advice = await asyncio.get_running_loop().run_in_executor(self.workers, advise)
        if host.changes == moment and seat.link in self.seats:
            seat.screen.coached = taught.coach_line(advice)
