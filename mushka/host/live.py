"""The live table: one session with a seat for each connection of any kind (SSH, browser, the
host's own terminal, the hot seat's terminal shared by several people, a test's fake). It owns
everything that is neither drawing nor typing: places and admission by name, away and back, the
start when the seats are full, what each intent does (the question before a costly pass,
leaving, overlays, the coach, take-backs, a shared terminal's handoffs), news for every seat.
Seats reach it through `Link` and send it intents (`mushka.host.offer`); it tells each seat when
its screen changed, and the seat asks for its `offer`. How the work is ordered (the disk's
thread, computer players, drawing once it settles) is `mushka.host.running`'s.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, Final, assert_never

from mushka.actions import PASS, Action
from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.host import codes
from mushka.host.link import PLACEHOLDER, PLACEHOLDERS, Farewell, Link, Place, Why
from mushka.host.offer import (
    OVERLAYS,
    Answer,
    Ask,
    Command,
    Intent,
    Offer,
    Overlay,
    Page,
    Play,
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
from mushka.host.pauses import PausingTable
from mushka.host.running import Connection
from mushka.host.seating import bot_name, taken_names
from mushka.host.settings import TableSettings
from mushka.host.table import TableError, TableHost
from mushka.host.teaching import MakeTeacher
from mushka.house_rules import HouseRules
from mushka.i18n import LANGUAGES, say, speaking
from mushka.names import name_problem, printable
from mushka.wording import Wording

GRACE: Final = 4.0  # seconds a dropped connection's player reads "reconnecting…", then away


class LiveTable(PausingTable):
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
        kind: TableKind = TableKind.LIVE,
        disk: Executor | None = None,
        teach: MakeTeacher | None = None,
        grace: float = GRACE,
        explains: MakeTeacher | None = None,
    ) -> None:
        """A new table (its seats filled as players join, `reserved` names first), or a saved
        one (`host`, its seats taken back by name). `on_over` is told when the session has
        ended (finished, or stopped by a failure). Computer players and the coach think in
        `workers` (a process pool keeps their search off the loop; None: the loop's threads).
        `make_secret` makes a seat's secret; `stand_in` is the strategy of a computer player
        the host lets play for an away seat. `kind`: a hot seat's table (`seat_here`) saves
        and stops for everyone on q; `disk`: where the table host is written (None: a thread
        of the table's own); `teach`: every person's seat is taught by such a teacher (a
        lesson explaining each rule the first time it comes up at that seat); `grace`: seconds a
        dropped seat reads "reconnecting…" before it is away (see `dropped`); `explains`: what
        every other person's seat is explained beside its moves (the commands give the exchange,
        present/exchange.ExchangeLesson, the first time a seat sees one; None: nothing)."""
        super().__init__(settings, host, on_over, workers, disk, teach)
        self.explains = explains
        self.kind = kind
        self.make_secret, self.stand_in_strategy = make_secret, stand_in
        self.rules, self.seed = rules, seed
        self.make_host = make_host or (lambda session, settings: TableHost(session, settings))
        for seat, strategy in settings.bots.items():
            self.places[seat].computer = strategy
        if host is not None:
            for place, name in zip(self.places, host.players, strict=True):
                place.name = name
                # a continued table: its seats' codes and last addresses as saved
                place.secret = settings.seat_codes.get(place.index)
                place.address = settings.seat_addresses.get(place.index, "")
        else:
            for place, name in zip(self._human_places(), reserved, strict=False):
                place.name = name
        self.reserved = tuple(reserved)
        self.grace = grace
        self._graces: dict[int, asyncio.TimerHandle] = {}  # places reconnecting, their timers
        self.news_at_start = 0  # the news there was once the session started (the public
        # screen shows what came after it beside the game's log)

    # ---------------------------------------------------------------- what a seat is offered

    @property
    def stage(self) -> Stage:
        if self.host is None:
            return Stage.LOBBY
        return Stage.OVER if self.finished else Stage.PLAY

    def standing(self) -> Standing:
        return Standing(
            kind=self.kind,
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
        """What `link`'s seat is offered now, in its language (call it from `changed`). A
        terminal several people share is offered the hand of the one who took it last, and
        only while nothing is to be handed over."""
        seat = self.seats[link]
        place = self.places[seat.place]
        shared, taught = seat.shared, self._taught(seat)
        hold = shared.holding() if shared is not None else None
        if taught is not None and taught.first:
            hold = None  # its welcome is read first, above its own table
        reading = taught.reading(hold is not None) if taught is not None else ()
        if shared is not None:
            seat.screen.news_seen = len(self.news)  # its news is the log it shows between turns
        return offer(
            self.host,
            seat.place,
            seat.screen,
            self.standing(),
            self.lang_of(link),
            place.secret if shared is None else None,
            hold=hold,
            hidden=shared is not None and (shared.viewer != seat.place or hold is not None),
            explain=reading,
            undo_here=taught.take_back if taught and reading and not taught.first else None,
            aside=seat.screen.told if seat.screen.told_to == seat.place else (),
        )

    def place_of(self, link: Link) -> int | None:
        seat = self.seats.get(link)
        return seat.place if seat is not None else None

    # ---------------------------------------------------------------- joining and leaving

    def _human_places(self) -> list[Place]:
        return [p for p in self.places if p.computer is None]

    def admit(self, link: Link, secret: str | None = None, *, proven: bool = False) -> str | None:
        """None to welcome `link`, or one line in its language saying why not.

        A rejoin must prove it is the same person: `secret`, the seat's own (see `secret`), or
        `proven` (the transport checked it already: the seat's code typed at the login, or the
        name's own key) takes a player's seat back always, even from a connection that still
        holds it (his phone that slept, a second device). Without either, an away seat is taken
        back only from the address it last sat at (anyone else who knows the table's code could
        be drawn his hand): from another the player is told to join with his seat's code."""
        with speaking(link.lang):
            proven = proven or (secret is not None and self.proves(link.name, secret))
            refusal = self._admission(link.name, link.address, proven)
            return None if refusal is None else say(refusal)

    def proves(self, name: str, secret: str) -> bool:
        """Whether `secret` is the own code of the seat taken by `name` (compared as codes are:
        case, spaces and dashes aside, in constant time)."""
        place = next((p for p in self._human_places() if p.name == name), None)
        return place is not None and place.secret is not None and codes.same(secret, place.secret)

    def secret(self, link: Link) -> str:
        """The secret of `link`'s seat, for its connection to keep (or show its player once):
        whoever brings it back sits down in that seat again with no questions."""
        place = self.places[self.seats[link].place]
        assert place.secret is not None
        return place.secret

    def _admission(
        self, name: str, address: str = "", proven: bool = False
    ) -> Wording | MushkaError | None:
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
            if proven:
                return None
            if known.link is not None:
                return Wording(
                    "{name} is already at the table; a seat in play cannot be taken over "
                    "without that seat's own code",
                    name=name,
                )
            if known.secret is not None and known.address and address != known.address:
                return Wording(
                    "{name} last sat here from another address: to come back from this one, "
                    "give your seat's own code (your seat showed it in its help and its "
                    "goodbye) in place of the table's code, or join from the address you had",
                    name=name,
                )
            return None
        names = ", ".join(p.name or "" for p in self._human_places())
        if self.host is not None:
            return Wording("this table's players are {names}: join as one of them", names=names)
        if not any(p.name is None for p in self._human_places()):
            return Wording("the seats here are kept for {names}", names=names)
        taken = [p.name for p in self.places if p.name is not None]
        for p in self.places:
            if p.computer:
                taken += taken_names(p.index, p.computer)
        return name_problem(name, taken)

    def joined(self, link: Link) -> None:
        """An admitted connection sits down: in the place kept for his name, or a free one."""
        place = next((p for p in self._human_places() if p.name == link.name), None)
        if place is None:
            place = next(p for p in self._human_places() if p.name is None)
            place.name = link.name
        back = place.address != ""  # he sat here before: a return, from wherever it comes
        taken = place.link  # a return proven by the seat's secret: the old connection goes
        place.link, place.address = link, link.address
        if place.secret is None:
            place.secret = self.make_secret()
        self.settings.seat_codes[place.index] = place.secret  # saved with the next move
        self.settings.seat_addresses[place.index] = link.address
        place.leaving = place.reconnecting = False
        grace = self._graces.pop(place.index, None)
        if grace is not None:
            grace.cancel()  # back within the grace
        name = printable(place.name or "")
        self.seats[link] = Connection(link, place.index)
        if back:
            news = Wording("{name} is back (from {address}).", name=name, address=link.address)
        else:
            news = Wording("{name} sits down at the table.", name=name)
        if taken is not None:
            taken.close(Farewell(Why.TAKEN_OVER))
        if place.stand_in is not None and self.host is not None:
            # said after the computer player's stand-down: the newest news, the one every seat
            # shows, is where he came back from
            self._later(None, lambda: self._stand_down(place, news))
            return
        self._tell(news)
        self.seats[link].screen.news_seen = len(self.news)
        if self.host is None and all(p.link is not None for p in self._human_places()):
            self._later(None, self._start)  # every seat taken, kept ones by their own players
        else:
            self._later(None, lambda: None)

    def dropped(self, link: Link) -> None:
        """`link`'s connection dropped (neither the player nor the table closed it): his place
        reads "reconnecting…" on every seat and the wall for `grace` seconds and waits for him;
        then, unless he is back, he is away (before the session, his seat is free again)."""
        seat = self.seats.get(link)
        if seat is None:
            return
        place = self.places[seat.place]
        if place.link is not link or self.finished or place.leaving or self.grace <= 0:
            self.left(link)
            return
        self._detach(link)
        place.reconnecting = True
        loop = asyncio.get_running_loop()
        self._graces[place.index] = loop.call_later(self.grace, self._grace_over, place)
        self._later(None, lambda: None)  # every seat draws him reconnecting

    def _grace_over(self, place: Place) -> None:
        self._graces.pop(place.index, None)
        if place.link is None and place.reconnecting:
            place.reconnecting = False
            self._gone(place)

    def _detach(self, link: Link) -> Place | None:
        """`link` no longer holds its place: the place, or None where it held none (taken over:
        the player sits there still, from his new connection)."""
        seat = self.seats.pop(link, None)
        if seat is None:
            return None
        if seat.coach is not None:
            seat.coach.cancel()
        place = self.places[seat.place]
        if place.link is not link:
            return None
        place.link = None
        return place

    def left(self, link: Link) -> None:
        """`link`'s connection is gone, however it went: its player is away at once."""
        place = self._detach(link)
        if place is not None:
            self._gone(place)

    def _gone(self, place: Place) -> None:
        """The player of `place` is gone: said, and before the session his seat freed."""
        if self.finished:
            return
        name = printable(place.name or "")
        if self.host is None and place.name not in self.reserved:
            self._tell(Wording("{name} left the table.", name=name))
            place.name, place.address, place.secret, place.lang = None, "", None, None
            self.settings.seat_codes.pop(place.index, None)
            self.settings.seat_addresses.pop(place.index, None)
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

    async def _stand_down(self, place: Place, news: Wording) -> None:
        host = self.host
        place.stand_in = None
        if host is not None and host.stood_in(place.index):
            if self.thinking is not None:
                self.thinking.cancel()  # it thought for the computer player, who is gone
            self._after(await self._on_disk(host.stand_down, place.index))
        self._tell(news)
        link = place.link
        if link is not None and link in self.seats:
            self.seats[link].screen.news_seen = len(self.news)

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
        self.news_at_start = len(self.news)
        self._after(await self._on_disk(host.begin), moved=True)

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
        screen, shared, taught = seat.screen, seat.shared, self._taught(seat)
        if isinstance(intent, Speak):
            for place in shared.places if shared is not None else (seat.place,):
                self.places[place].lang = intent.lang
            return
        held = shared is not None and shared.hold is not None
        if screen.question is None and screen.overlay is None:  # (opened from what it reads)
            if taught is not None and taught.reading(held):
                await self._reading(seat, taught, intent)  # the notice waits for its player
                return
            if shared is not None and held:
                await self._held(seat, shared, intent)
                return
        screen.notice = None
        if screen.told_to == seat.place:
            screen.told = ()  # (an explanation beside his moves: read now)
        screen.news_seen = len(self.news)
        if self.host is not None:  # whatever he does, he has seen the last deal's result
            screen.results_seen = len(ended_deals(self.host))
        if screen.question is not None:
            await self._answer(seat, screen.question, intent)
            return
        if screen.overlay is not None:
            if intent is Page.NEXT:
                screen.page += 1
            else:  # back to the table (the front end knows the last page: it says BACK there)
                screen.overlay, screen.page = None, 0
            return
        screen.coached = None  # the lesson's coach spoke above the decision's first prompt
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

    async def _answer(self, seat: Connection, question: Question, intent: Intent) -> None:
        screen = seat.screen
        screen.question = None
        yes = isinstance(intent, Answer) and intent.yes
        match question.ask:
            case Ask.LEAVE if self.kind is TableKind.HOT_SEAT:
                if yes:  # saved after every move: play stops for everyone at this terminal
                    seat.link.close(Farewell(Why.STOPPED))
                else:
                    screen.notice = Said(Wording("Not stopped: play on."), Tone.STRONG)
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

    async def _command(self, seat: Connection, command: Command) -> None:
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

    async def _play(self, seat: Connection, action: Action) -> None:
        host, screen = self.host, seat.screen
        if host is None or self.finished:
            self._not_yet(screen)
            return
        turn = host.pending()
        if turn is None or turn.seat != seat.place:
            screen.notice = Said(self.waiting(), Tone.STRONG)
            return
        if action == PASS and pass_question(turn.view).held:
            question, taught = pass_question(turn.view), self._taught(seat)
            said = self._teach(seat, lambda t: t.before_pass(turn.view))
            if taught is not None and said:
                taught.pending += said
                taught.question = question  # asked once the remise is explained
            else:
                screen.question = question
            return
        await self._submit(seat, action)

    def waiting(self) -> Wording | str:
        """Whom the table waits for, in words."""
        host = self.host
        turn = host.pending() if host is not None else None
        places = tuple(p.info() for p in self.places)
        words = waiting_words(self.stage, places, turn.seat if turn is not None else None)
        return "" if words is None else words

    async def _submit(self, seat: Connection, action: Action) -> None:
        host = self.host
        assert host is not None
        try:
            outcome = await self._on_disk(host.submit, seat.place, action)
        except MushkaError as refused:
            seat.screen.notice = Said(printable(say(refused, self.lang_of(seat.link))), Tone.ERROR)
            return
        self._after(outcome, moved=True)

    async def _take_back(self, seat: Connection) -> None:
        """The seat that has just moved takes its move back, before anyone else acts."""
        host = self.host
        if host is None or self.finished:
            self._not_yet(seat.screen)
            return
        try:
            self._after(await self._on_disk(host.take_back))
        except TableError as refused:
            seat.screen.notice = Said(refused.wording, Tone.STRONG)

    async def _ask_coach(self, seat: Connection) -> None:
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

    def _advised(self, seat: Connection, advice: Any) -> None:
        screen = seat.screen
        screen.coach_thinking = False
        screen.hint, screen.overlay, screen.page = advice, Overlay.HINT, 0
