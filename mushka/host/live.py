"""The live table: one session with a seat for each connection of any kind (SSH, browser, the
host's own terminal, a test's fake), on one asyncio loop. It owns everything that is neither
drawing nor typing: places and admission by name, away and back, the start when the seats are
full, computer players and the coach thinking off the loop, news for every seat, stop, finish
and failure. Seats reach it through `Link` and send it intents (`mushka.host.offer`); it tells
each seat when its screen changed, and the seat asks for its `offer`.

Nothing here waits on the disk on the loop's thread: every call into the table host that may
write (a move and its autosave, the start, the finish) runs on one thread of its own, one at a
time and in the order asked, and no seat is drawn until it is done. So a seat is never shown a
move that a `kill -9` could still lose: what a screen shows is in the save.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Protocol, TypeVar, assert_never

from mushka.actions import PASS, Action
from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.host.offer import (
    OVERLAYS,
    Answer,
    Ask,
    Command,
    Intent,
    Offer,
    Overlay,
    Page,
    PlaceInfo,
    Play,
    Presence,
    Question,
    Said,
    Screen,
    Speak,
    Stage,
    Standing,
    TableKind,
    Tone,
    Unreadable,
    ended_deals,
    offer,
    pass_question,
    waiting_words,
)
from mushka.host.seating import bot_name
from mushka.host.settings import TableSettings
from mushka.host.table import ComputerPlayerError, Finished, Outcome, TableError, TableHost
from mushka.house_rules import HouseRules
from mushka.i18n import LANGUAGES, N_, say, speaking
from mushka.names import name_problem, printable
from mushka.wording import Wording

T = TypeVar("T")

# What the join line puts where a player's own name goes: a name the table refuses, in either
# language (NAME is what the join line said before).
PLACEHOLDER: Final = N_("YOUR-NAME")
PLACEHOLDERS: Final = frozenset({"your-name", "name", "ваше-имя", "имя", "<name>", "<имя>"})


class Why(StrEnum):
    """Why a seat's connection is closed."""

    LEFT = "left"  # the player left (q and yes, Ctrl-D): his seat waits for him
    FREED = "freed"  # he left before the session began: his seat is free again
    STOPPED = "stopped"  # the host stopped the table: it continues with `--resume`
    CLOSED = "closed"  # the host closed the table before its session began
    FAILED = "failed"  # the table stopped on an unexpected error (the game is saved)
    FINISHED = "finished"  # the session is over: the final sheet is the last word
    BROKEN = "broken"  # this seat's own connection failed the table
    TAKEN_OVER = "taken over"  # the same player sat down again from another connection


FAREWELLS = {
    Why.LEFT: Wording("You left the table; join again to take your seat back."),
    Why.FREED: Wording("You left the table before the session began; your seat is free again."),
    Why.STOPPED: Wording("The host stopped the table. Join again when the host continues it."),
    Why.CLOSED: Wording("The host closed the table."),
    Why.FAILED: Wording("The table stopped on an unexpected error; it is saved."),
    Why.FINISHED: Wording("The session is over."),
    Why.BROKEN: Wording("the table failed: this connection is closed"),
    Why.TAKEN_OVER: Wording("Your seat was taken up from another connection."),
}


@dataclass(frozen=True)
class Farewell:
    """The table's last word to a seat: why, in words, and the exit status its connection ends
    with. A finished session's seat draws the final sheet (`LiveTable.host`) instead of words."""

    why: Why

    @property
    def words(self) -> Wording:
        return FAREWELLS[self.why]

    @property
    def status(self) -> int:
        return 1 if self.why in (Why.FAILED, Why.BROKEN) else 0


class Link(Protocol):
    """A seat's connection as the table sees it: who sits (the name he asked for, hostile until
    admitted), his language, where he comes from and how; "your screen changed" (ask for your
    `offer` now and draw it: the table host may be read during this call only), and "you are
    closed" (say the farewell, end the connection; `LiveTable.left` follows)."""

    @property
    def name(self) -> str: ...

    @property
    def lang(self) -> str: ...

    @property
    def address(self) -> str: ...

    @property
    def via(self) -> str: ...

    def changed(self) -> None: ...

    def close(self, farewell: Farewell) -> None: ...


@dataclass
class Place:
    """A seat at the table: who sits there, and the connection that is his screen (None while he
    is away, or before anyone sat down)."""

    index: int
    name: str | None = None
    computer: str | None = None  # the computer player's strategy
    link: Link | None = None
    address: str = ""  # where he last came from
    secret: str | None = None  # proves a return: given to his first connection (see `secret`)
    lang: str | None = None  # the language he chose at this table (kept when he comes back)
    leaving: bool = False  # he is leaving on purpose (not a dropped connection)
    stand_in: str | None = None  # the strategy of the computer player playing for him meanwhile

    @property
    def away(self) -> bool:
        return self.computer is None and self.name is not None and self.link is None

    def info(self) -> PlaceInfo:
        if self.computer is not None:
            return PlaceInfo(self.name or bot_name(self.index, self.computer), Presence.COMPUTER)
        if self.name is None:
            return PlaceInfo("", Presence.FREE)
        if self.link is not None:
            return PlaceInfo(self.name, Presence.HERE, self.link.via)
        if self.stand_in is not None:
            return PlaceInfo(self.name, Presence.STAND_IN)
        return PlaceInfo(self.name, Presence.AWAY if self.address else Presence.AWAITED)


@dataclass
class _Seat:
    """One connection's own state (see `Screen`) and where it sits."""

    link: Link
    place: int
    screen: Screen = field(default_factory=Screen)
    coach: asyncio.Task[None] | None = None


class LiveTable:
    """One session at one table with many connections; see the module's docstring."""

    def __init__(
        self,
        rules: HouseRules,
        settings: TableSettings,
        *,
        reserved: Sequence[str] = (),
        seed: int | None = None,
        host: TableHost | None = None,
        on_over: Callable[[], None] = lambda: None,
        make_host: Callable[[Session, TableSettings], TableHost] | None = None,
        workers: Executor | None = None,
        make_secret: Callable[[], str] = lambda: secrets.token_urlsafe(16),
        stand_in: str = "strong",
    ) -> None:
        """A new table (its seats filled as players join, `reserved` names first), or a saved
        one (`host`, its seats taken back by name). `on_over` is told when the session has
        ended (finished, or stopped by a failure). Computer players and the coach think in
        `workers` (a process pool keeps their search off the loop; None: the loop's threads).
        `make_secret` makes a seat's secret; `stand_in` is the strategy of a computer player
        the host lets play for an away seat."""
        self.workers = workers
        self.make_secret, self.stand_in_strategy = make_secret, stand_in
        self.rules, self.settings, self.seed = rules, settings, seed
        self.host = host
        self.on_over = on_over
        self.make_host = make_host or (lambda session, settings: TableHost(session, settings))
        self.places = [Place(i) for i in range(4)]
        for seat, strategy in settings.bots.items():
            self.places[seat].computer = strategy
        if host is not None:
            for place, name in zip(self.places, host.players, strict=True):
                place.name = name
        else:
            for place, name in zip(self._human_places(), reserved, strict=False):
                place.name = name
        self.reserved = tuple(reserved)
        self.seats: dict[Link, _Seat] = {}
        self.watchers: list[Callable[[], None]] = []  # public screens: redrawn on any change
        self.news: list[Wording] = []  # table-wide lines: who joined, left, came back, notes
        self.thinking: asyncio.Task[None] | None = None  # a computer player's turn under way
        self.finished = False
        self.stopping = False  # the host is stopping the table: nobody moves any more
        self.report: Finished | None = None  # how finishing went, once the session is over
        self.failure: ComputerPlayerError | None = None  # what stopped the table, if anything
        # the one thread that calls the table host where it may write, and the work waiting
        self._disk = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mushka-table")
        self._jobs: deque[tuple[Link | None, Callable[[], Awaitable[None] | None]]] = deque()
        self._runner: asyncio.Task[None] | None = None
        self._dirty: set[Link] = set()
        self._everyone = False  # every seat and watcher is to be drawn after the work at hand

    # ---------------------------------------------------------------- what a seat is offered

    @property
    def stage(self) -> Stage:
        if self.host is None:
            return Stage.LOBBY
        return Stage.OVER if self.finished else Stage.PLAY

    def standing(self) -> Standing:
        return Standing(
            kind=TableKind.LIVE,
            options=self.settings.options,
            places=tuple(p.info() for p in self.places),
            news=tuple(self.news),
            thinking=frozenset({self._thinking_seat} if self._thinking_seat is not None else ()),
            stage=self.stage,
        )

    @property
    def _thinking_seat(self) -> int | None:
        if self.thinking is None or self.host is None:
            return None
        turn = self.host.pending()
        return turn.seat if turn is not None and turn.computer else None

    def offer(self, link: Link) -> Offer:
        """What `link`'s seat is offered now, in its language (call it from `changed`)."""
        seat = self.seats[link]
        place = self.places[seat.place]
        return offer(
            self.host, seat.place, seat.screen, self.standing(), self.lang_of(link), place.secret
        )

    def lang_of(self, link: Link) -> str:
        """The language `link`'s seat speaks: its player's choice at this table, else his
        connection's."""
        seat = self.seats.get(link)
        chosen = self.places[seat.place].lang if seat is not None else None
        return chosen or link.lang

    def place_of(self, link: Link) -> int | None:
        seat = self.seats.get(link)
        return seat.place if seat is not None else None

    # ---------------------------------------------------------------- joining and leaving

    def _human_places(self) -> list[Place]:
        return [p for p in self.places if p.computer is None]

    def admit(self, link: Link, secret: str | None = None) -> str | None:
        """None to welcome `link`, or one line in its language saying why not. `secret`, the
        seat's own (see `secret`), proves a return: with it a player takes his seat back even
        from a connection that still holds it (his phone that slept, a second device)."""
        with speaking(link.lang):
            refusal = self._admission(link.name, secret)
            return None if refusal is None else say(refusal)

    def secret(self, link: Link) -> str:
        """The secret of `link`'s seat, for its connection to keep (or show its player once):
        whoever brings it back sits down in that seat again with no questions."""
        place = self.places[self.seats[link].place]
        assert place.secret is not None
        return place.secret

    def _admission(self, name: str, secret: str | None = None) -> Wording | MushkaError | None:
        problem = name_problem(name)
        if problem is not None:
            return problem
        if name.casefold() in PLACEHOLDERS | {
            say(PLACEHOLDER, lang).casefold() for lang in LANGUAGES
        }:
            return Wording(
                "{name} stands for your own name: join with your name in its place", name=name
            )
        if self.finished:
            return Wording("this table has finished its session")
        known = next(
            (p for p in self._human_places() if p.name is not None and p.name == name), None
        )
        if known is not None:
            proven = (
                secret is not None
                and known.secret is not None
                and hmac.compare_digest(secret.encode(), known.secret.encode())
            )
            if known.link is not None and not proven:
                return Wording(
                    "{name} is already at the table; a seat in play cannot be taken over",
                    name=name,
                )
            return None
        names = ", ".join(p.name or "" for p in self._human_places())
        if self.host is not None:
            return Wording("this table's players are {names}: join as one of them", names=names)
        if not any(p.name is None for p in self._human_places()):
            return Wording("the seats here are kept for {names}", names=names)
        taken = [p.name for p in self.places if p.name is not None]
        taken += [bot_name(p.index, p.computer) for p in self.places if p.computer]
        return name_problem(name, taken)

    def joined(self, link: Link) -> None:
        """An admitted connection sits down: in the place kept for his name, or a free one."""
        place = next((p for p in self._human_places() if p.name == link.name), None)
        if place is None:
            place = next(p for p in self._human_places() if p.name is None)
            place.name = link.name
        back = place.address != "" and self.host is not None
        taken = place.link  # a return proven by the seat's secret: the old connection goes
        place.link, place.address = link, link.address
        if place.secret is None:
            place.secret = self.make_secret()
        place.leaving = False
        name = printable(place.name or "")
        self.seats[link] = _Seat(link, place.index)
        if back:
            self._tell(Wording("{name} is back (from {address}).", name=name, address=link.address))
        else:
            self._tell(Wording("{name} sits down at the table.", name=name))
        self.seats[link].screen.news_seen = len(self.news)
        if taken is not None:
            taken.close(Farewell(Why.TAKEN_OVER))
        if self.host is None and all(p.link is not None for p in self._human_places()):
            self._later(None, self._start)  # every seat taken, kept ones by their own players
        elif place.stand_in is not None:
            self._later(None, lambda: self._stand_down(place))
        else:
            self._later(None, lambda: None)

    def left(self, link: Link) -> None:
        """`link`'s connection is gone, however it went."""
        seat = self.seats.pop(link, None)
        if seat is None:
            return
        if seat.coach is not None:
            seat.coach.cancel()
        place = self.places[seat.place]
        if place.link is not link:
            return  # taken over: the player sits there still, from his new connection
        place.link = None
        if self.finished:
            return
        name = printable(place.name or "")
        if self.host is None and place.name not in self.reserved:
            self._tell(Wording("{name} left the table.", name=name))
            place.name, place.address, place.secret, place.lang = None, "", None, None
        elif place.leaving:
            self._tell(
                Wording("{name} is away: left the table for now, the seat waits.", name=name)
            )
        else:
            self._tell(Wording("{name} is away: the connection dropped.", name=name))
        self._later(None, lambda: None)

    def leave(self, link: Link) -> None:
        """The seat leaves at once (Ctrl-D), as a hang-up would: its place waits for it (before
        the session begins, a seat not kept for its name is free again)."""
        seat = self.seats.get(link)
        if seat is None:
            return
        place = self.places[seat.place]
        place.leaving = True
        freed = self.host is None and place.name not in self.reserved
        link.close(Farewell(Why.FREED if freed else Why.LEFT))

    def hand_over(self, seat: int) -> str | None:
        """The host lets a computer player play for the away person in `seat` (until he comes
        back), or gives the seat back to him; None, or why not (in the language spoken now)."""
        place = self.places[seat]
        if self.host is None or self.finished or self.stopping:
            return say(Wording("The session has not started."))
        if place.stand_in is not None:
            if place.link is None:  # he is not back: the computer player goes on
                return say(Wording("{name} is not back yet.", name=printable(place.name or "")))
            return None
        if place.computer is not None or place.link is not None:
            return say(Wording("Only an away player's seat can be handed to a computer player."))
        place.stand_in = self.stand_in_strategy
        host = self.host

        async def hand() -> None:
            self._after(await self._on_disk(host.stand_in, seat, self.stand_in_strategy))

        self._later(None, hand)
        return None

    async def _stand_down(self, place: Place) -> None:
        host = self.host
        place.stand_in = None
        if host is not None and host.stood_in(place.index):
            if self.thinking is not None:
                self.thinking.cancel()  # it thought for the computer player, who is gone
            self._after(await self._on_disk(host.stand_down, place.index))

    async def _start(self) -> None:
        names = [
            bot_name(p.index, p.computer) if p.computer is not None else p.name or ""
            for p in self.places
        ]
        for place, name in zip(self.places, names, strict=True):
            place.name = name
        host = self.make_host(Session(names, self.rules, seed=self.seed), self.settings)
        await self._on_disk(host.save_now)
        self.host = host
        self._tell(Wording("Everyone is here: the session starts."))
        self._after(await self._on_disk(host.begin))

    # ---------------------------------------------------------------- intents

    def act(self, link: Link, intent: Intent) -> None:
        """What `link`'s seat asks for; handled in turn, after the work already asked for."""
        self._later(link, lambda: self._act(link, intent))

    def resized(self, link: Link) -> None:
        """`link`'s screen changed size: it is drawn again once the work at hand is done."""
        self._later(link, lambda: None, everyone=False)

    def refresh(self) -> None:
        """Draw every seat and public screen again (the host's terminal was resized)."""
        self._later(None, lambda: None)

    async def _act(self, link: Link, intent: Intent) -> None:
        seat = self.seats.get(link)
        if seat is None:
            return
        screen = seat.screen
        screen.notice = None
        screen.news_seen = len(self.news)
        if self.host is not None:  # whatever he does, he has seen the last deal's result
            screen.results_seen = len(ended_deals(self.host))
        if isinstance(intent, Speak):
            self.places[seat.place].lang = intent.lang
            return
        if screen.question is not None:
            await self._answer(seat, screen.question, intent)
            return
        if screen.overlay is not None:
            if intent is Page.NEXT:
                screen.page += 1
            else:  # back to the table (the front end knows the last page: it says BACK there)
                screen.overlay, screen.page = None, 0
            return
        match intent:
            case Unreadable(problem=problem):
                if self.host is None:
                    self._not_yet(screen)
                else:
                    screen.notice = Said(problem, Tone.ERROR)
            case Command():
                await self._command(seat, intent)
            case Play(action=action):
                await self._play(seat, action)
            case Answer() | Page() | Speak():
                pass  # no question, no overlay: an answer to a screen that is gone
            case _:
                assert_never(intent)

    async def _answer(self, seat: _Seat, question: Question, intent: Intent) -> None:
        screen = seat.screen
        screen.question = None
        yes = isinstance(intent, Answer) and intent.yes
        match question.ask:
            case Ask.LEAVE:
                if yes:
                    self.leave(seat.link)
            case Ask.PASS:
                if yes:
                    await self._submit(seat, PASS)
                else:
                    screen.notice = Said(Wording("Not passed: choose again."), Tone.STRONG)
            case _:
                assert_never(question.ask)

    async def _command(self, seat: _Seat, command: Command) -> None:
        screen = seat.screen
        match command:
            case Command.LEAVE:
                screen.question = Question(Ask.LEAVE)
            case Command.HELP | Command.MEMORY | Command.SCORES | Command.RULES:
                if self.host is None or self.finished:
                    self._not_yet(screen)
                else:
                    screen.overlay, screen.page = OVERLAYS[command], 0
            case Command.HINT:
                await self._ask_coach(seat)
            case Command.UNDO:
                await self._take_back(seat)
            case _:
                assert_never(command)

    def _not_yet(self, screen: Screen) -> None:
        screen.notice = Said(Wording("The session starts when everyone is here."))

    async def _play(self, seat: _Seat, action: Action) -> None:
        host, screen = self.host, seat.screen
        if host is None or self.finished:
            self._not_yet(screen)
            return
        turn = host.pending()
        if turn is None or turn.seat != seat.place:
            screen.notice = Said(self.waiting(), Tone.STRONG)
            return
        if action == PASS and pass_question(turn.view).held:
            screen.question = pass_question(turn.view)
            return
        await self._submit(seat, action)

    def waiting(self) -> Wording | str:
        """Whom the table waits for, in words."""
        host = self.host
        turn = host.pending() if host is not None else None
        places = tuple(p.info() for p in self.places)
        words = waiting_words(self.stage, places, turn.seat if turn is not None else None)
        return "" if words is None else words

    async def _submit(self, seat: _Seat, action: Action) -> None:
        host = self.host
        assert host is not None
        try:
            outcome = await self._on_disk(host.submit, seat.place, action)
        except MushkaError as refused:
            seat.screen.notice = Said(printable(say(refused, seat.link.lang)), Tone.ERROR)
            return
        self._after(outcome)

    async def _take_back(self, seat: _Seat) -> None:
        """The seat that has just moved takes its move back, before anyone else acts."""
        host = self.host
        if host is None or self.finished:
            self._not_yet(seat.screen)
            return
        try:
            self._after(await self._on_disk(host.take_back))
        except TableError as refused:
            seat.screen.notice = Said(refused.wording, Tone.STRONG)

    async def _ask_coach(self, seat: _Seat) -> None:
        host, screen = self.host, seat.screen
        if host is None or self.finished:
            self._not_yet(screen)
            return
        turn = host.pending()
        if turn is None or turn.seat != seat.place:
            screen.notice = Said(Wording("The coach helps with your own move, on your turn."))
            return
        try:
            advise = await self._on_disk(host.coach, seat.place)
        except TableError as refused:
            screen.notice = Said(refused.wording, Tone.STRONG)
            return
        self._after(host.take_news())
        screen.coach_thinking = True
        loop = asyncio.get_running_loop()

        async def think() -> None:
            advice = await loop.run_in_executor(self.workers, advise)
            if seat.link in self.seats:
                self._later(seat.link, lambda: self._advised(seat, advice), everyone=False)

        seat.coach = loop.create_task(think())

    def _advised(self, seat: _Seat, advice: Any) -> None:
        screen = seat.screen
        screen.coach_thinking = False
        screen.hint, screen.overlay, screen.page = advice, Overlay.HINT, 0

    # ---------------------------------------------------------------- play going on

    def _after(self, outcome: Outcome) -> None:
        """Something public happened: every seat is drawn again, and the table's notes (a move
        taken back, the coach asked, a save that failed) are news for all."""
        assert self.host is not None
        self.news.extend(note.wording(self.host.players) for note in outcome.notes)
        self._everyone = True

    def _advance(self) -> None:
        """Let a computer player think (off the loop) when it is its turn; finish when over."""
        host = self.host
        if host is None or self.finished or self.stopping or self.thinking is not None:
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
                    self._after(await self._on_disk(host.play_computer, decided))
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
            seat.link.close(Farewell(Why.FINISHED))
        self.on_over()

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
        return self._runner is None

    async def idle(self) -> None:
        """Wait until the work asked for is done: the table host may be read until the next
        await (it is written on the table's own thread meanwhile)."""
        while self._runner is not None:
            await asyncio.shield(self._runner)

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

    def _later(
        self,
        link: Link | None,
        job: Callable[[], Awaitable[None] | None],
        everyone: bool = True,
    ) -> None:
        """Do `job` after the work already asked for, then draw what changed: `link`'s seat,
        or every seat and public screen."""

        def step() -> Awaitable[None] | None:
            if link is not None:
                self._dirty.add(link)
            if everyone:
                self._everyone = True
            return job()

        self._jobs.append((link, step))
        if self._runner is None:
            self._runner = asyncio.get_running_loop().create_task(self._run())

    async def _in_turn(self, job: Callable[[], Awaitable[T]]) -> T:
        """`job`'s result, done in turn with the rest of the table's work."""
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()

        async def step() -> None:
            try:
                done.set_result(await job())
            except BaseException as exc:
                done.set_exception(exc)

        self._later(None, step)
        return await done

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._jobs:
                link, job = self._jobs.popleft()
                try:
                    result = job()
                    if result is not None:
                        await result
                except ComputerPlayerError as failure:
                    self._fail(failure)
                except Exception as exc:  # one seat's trouble: that seat goes, the rest play on
                    loop.call_exception_handler(
                        {"message": "mushka table: a seat's request failed", "exception": exc}
                    )
                    if link is not None and link in self.seats:
                        link.close(Farewell(Why.BROKEN))
                if not self._jobs:
                    self._draw()
                    self._advance()
        finally:
            self._runner = None

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
