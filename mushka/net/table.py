"""The table played over SSH (`mushka host`): the seats' screens, drawn live from the table host
in each player's own size, language and colours; their keys; computer players and the coach
thinking off the event loop; players who drop and come back; and the public table."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, assert_never

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from mushka.actions import PASS, Action
from mushka.cards import Card
from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.host.settings import TableSettings
from mushka.host.table import ComputerPlayerError, Finished, Outcome, TableError, TableHost
from mushka.house_rules import HouseRules
from mushka.i18n import _, card_label, kopecks, language, say, suit_noun, use_language
from mushka.ledger import session_accounts
from mushka.names import name_problem, printable
from mushka.net.seat import Seat
from mushka.players.coach import Hint
from mushka.present.keys import InputProblem, command_keys, interpret, prompt_keys
from mushka.present.seating import bot_name
from mushka.render.coaching import hint_panel
from mushka.render.look import Look
from mushka.render.public_log import log_entries, standings
from mushka.render.public_table import public_screen
from mushka.render.rulebook import rulebook_text
from mushka.render.table import (
    SMALLEST,
    final_sheet,
    help_screen,
    memory_panel,
    private_screen,
    seat_too_small,
)
from mushka.wording import Wording

YES: Final = frozenset({"y", "yes", "д", "да"})
UNDO: Final = frozenset({"u", "в", "вернуть"})


class Overlay(StrEnum):
    """What a seat's screen shows instead of the table for a moment."""

    HELP = "help"
    MEMORY = "memory"
    SCORES = "scores"
    RULES = "rules"
    HINT = "hint"
    PASS = "pass"  # "Pass anyway?" for a pass that costs a remise
    LEAVE = "leave"  # "Leave the table?"


@dataclass
class Place:
    """A seat at the table: who sits there, and the connection that is his screen (None while he
    is away, or before anyone sat down)."""

    index: int
    name: str | None = None
    computer: str | None = None  # the computer player's strategy
    link: Seat | None = None
    address: str = ""  # where he last came from

    @property
    def away(self) -> bool:
        return self.computer is None and self.name is not None and self.link is None


@dataclass
class Screen:
    """One connection's own state: what it shows besides the table, and a notice for it."""

    link: Seat
    place: int
    overlay: Overlay | None = None
    notice: Text | None = None
    page: int = 0  # of an overlay taller than the screen (the rulebook, help at 40x16)
    pages: int = 1  # how many the overlay had when last drawn
    news_seen: int = 0  # the table's news up to here is known to this seat
    hint: Hint | None = None
    thinking: bool = False  # the coach is working for this seat
    task: asyncio.Task[None] | None = None
    said: list[Text] = field(default_factory=list)  # public news since the last draw


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw for one seat in its own language, then go back to the host's."""
    before = language()
    use_language(lang)
    try:
        yield
    finally:
        use_language(before)


class NetTable:
    """The game behind the SSH server (a `mushka.net.application.Application`)."""

    def __init__(
        self,
        rules: HouseRules,
        settings: TableSettings,
        *,
        reserved: Sequence[str] = (),
        seed: int | None = None,
        host: TableHost | None = None,
        on_change: Callable[[], None] = lambda: None,
        on_over: Callable[[], None] = lambda: None,
        make_host: Callable[[Session, TableSettings], TableHost] | None = None,
        workers: Executor | None = None,
    ) -> None:
        """A new table (its seats filled as players join, `reserved` names first), or a saved
        one (`host`, its seats taken back by name). `on_change` is told of anything public
        (the host's own screen redraws), `on_over` when the session has been finished.
        Computer players and the coach think in `workers` (a process pool keeps their search
        from taking the event loop's time; None: the loop's threads)."""
        self.workers = workers
        self.rules, self.settings, self.seed = rules, settings, seed
        self.host = host
        self.on_change, self.on_over = on_change, on_over
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
        self.screens: dict[Seat, Screen] = {}
        self.news: list[Wording] = []  # table-wide lines: who joined, left, came back
        self.thinking: asyncio.Task[None] | None = None
        self.finished = False
        self.stopping = False  # the host is stopping the table: nobody moves any more
        self.report: Finished | None = None  # how finishing went, once the session is over
        self.failure: ComputerPlayerError | None = None  # what stopped the table, if anything

    # ---------------------------------------------------------------- joining and leaving

    def _human_places(self) -> list[Place]:
        return [p for p in self.places if p.computer is None]

    def admit(self, link: Seat) -> str | None:
        with speaking(link.lang):
            return self._admission(link)

    def _admission(self, link: Seat) -> str | None:
        name = link.name
        problem = name_problem(name)
        if problem is not None:
            return say(problem)
        if self.finished:
            return _("this table has finished its session")
        known = next(
            (p for p in self._human_places() if p.name is not None and p.name == name), None
        )
        if known is not None:
            if known.link is not None:
                return _(
                    "{name} is already at the table; a seat in play cannot be taken over"
                ).format(name=name)
            return None
        if self.host is not None:
            return _("this table's players are {names}: join as one of them").format(
                names=", ".join(p.name or "" for p in self._human_places())
            )
        free = [p for p in self._human_places() if p.name is None]
        if not free:
            return _("the seats here are kept for {names}").format(
                names=", ".join(p.name or "" for p in self._human_places())
            )
        taken = [p.name for p in self.places if p.name is not None]
        taken += [bot_name(p.index, p.computer) for p in self.places if p.computer]
        problem = name_problem(name, taken)
        return None if problem is None else say(problem)

    def joined(self, link: Seat) -> None:
        place = next((p for p in self._human_places() if p.name == link.name), None)
        if place is None:
            place = next(p for p in self._human_places() if p.name is None)
            place.name = link.name
        back = place.address != "" and self.host is not None
        place.link, place.address = link, link.address
        name = printable(place.name or "")
        self.screens[link] = Screen(link, place.index)
        if back:
            self._tell(Wording("{name} is back (from {address}).", name=name, address=link.address))
        else:
            self._tell(Wording("{name} sits down at the table.", name=name))
        self.screens[link].news_seen = len(self.news)
        if self.host is None and all(p.name is not None for p in self._human_places()):
            self._start()
        self.redraw()
        self._advance()

    def left(self, link: Seat) -> None:
        screen = self.screens.pop(link, None)
        if screen is None:
            return
        place = self.places[screen.place]
        if place.link is link:
            place.link = None
        if self.finished:
            return
        if self.host is None and place.name not in self.reserved:
            self._tell(Wording("{name} left the table.", name=printable(place.name or "")))
            place.name, place.address = None, ""
        else:
            self._tell(Wording("{name} is away.", name=printable(place.name or "")))
        self.redraw()

    def _start(self) -> None:
        names = [
            bot_name(p.index, p.computer) if p.computer is not None else p.name or ""
            for p in self.places
        ]
        for place, name in zip(self.places, names, strict=True):
            place.name = name
        session = Session(names, self.rules, seed=self.seed)
        self.host = self.make_host(session, self.settings)
        self.host.save_now()
        self._tell(Wording("Everyone is here: the session starts."))
        self._after(self.host.begin())

    # ---------------------------------------------------------------- keys

    def line(self, link: Seat, text: str, cut: bool) -> None:
        screen = self.screens.get(link)
        if screen is None:
            return
        with speaking(link.lang):
            look = Look(link.ascii)
            if cut:
                screen.notice = Text(
                    look.text(_("That was too long to be a move: type it again.")), "bold red"
                )
            else:
                self._key(screen, text.strip(), look)
        self.redraw()
        self._advance()

    def interrupt(self, link: Seat) -> None:
        screen = self.screens.get(link)
        if screen is not None and not self.finished:
            screen.overlay = Overlay.LEAVE
            self.redraw_one(screen)

    def eof(self, link: Seat) -> None:
        """Ctrl-D: this seat leaves at once, as a hang-up would (its place waits for it)."""
        screen = self.screens.get(link)
        if screen is not None:
            with speaking(link.lang):
                link.line(_("You left the table; join again to take your seat back."))
        link.close(0)

    def stop(self) -> None:
        """The host stops the table (Ctrl-C, a signal): no computer player moves any more, and
        every seat is told and let go."""
        self.stopping = True
        if self.thinking is not None:
            self.thinking.cancel()
        for screen in list(self.screens.values()):
            if screen.task is not None:
                screen.task.cancel()  # the coach's answer would have no screen to go to
            with speaking(screen.link.lang):
                screen.link.line(
                    _("The host closed the table.")
                    if self.host is None
                    else _("The host stopped the table. Join again when the host continues it.")
                )
            screen.link.close(0)

    def resized(self, link: Seat) -> None:
        screen = self.screens.get(link)
        if screen is not None:
            self.redraw_one(screen)

    def _key(self, screen: Screen, text: str, look: Look) -> None:
        answer = text.lower()
        screen.notice = None
        screen.news_seen = len(self.news)
        match screen.overlay:
            case Overlay.LEAVE:
                screen.overlay = None
                if answer in YES:
                    screen.link.line(_("You left the table; join again to take your seat back."))
                    screen.link.close(0)
                return
            case Overlay.PASS:
                screen.overlay = None
                if answer in YES:
                    self._submit(screen, PASS)
                else:
                    screen.notice = Text(look.text(_("Not passed: choose again.")), "bold")
                return
            case Overlay.RULES | Overlay.HELP | Overlay.MEMORY | Overlay.SCORES | Overlay.HINT:
                screen.page += 1  # Enter: the next page; q, or Enter on the last: back
                if answer in ("q", "х") or screen.page >= screen.pages:
                    screen.overlay, screen.page = None, 0
                return
            case None:
                pass
            case _:
                assert_never(screen.overlay)
        host = self.host
        if host is None or self.finished:
            screen.notice = Text(look.text(_("The session starts when everyone is here.")))
            return
        if answer in UNDO and self._take_back(screen, look):
            return
        view = host.view(screen.place)
        try:
            choice = interpret(text, view)
        except InputProblem as problem:
            screen.notice = Text(look.text(str(problem)), "bold red")
            return
        if isinstance(choice, str):
            self._command(screen, choice, look)
            return
        turn = host.pending()
        if turn is None or turn.seat != screen.place:
            screen.notice = Text(look.text(self._waiting_words()), "bold")
            return
        if choice == PASS and self._pass_costs(view.led_suit, view.hand):
            screen.overlay = Overlay.PASS
            return
        self._submit(screen, choice)

    def _command(self, screen: Screen, choice: str, look: Look) -> None:
        match choice:
            case "quit":
                screen.overlay = Overlay.LEAVE
            case "help":
                screen.overlay = Overlay.HELP
            case "memory":
                screen.overlay = Overlay.MEMORY
            case "scores":
                screen.overlay = Overlay.SCORES
            case "rules":
                screen.overlay, screen.page = Overlay.RULES, 0
            case "hint":
                self._ask_coach(screen, look)
            case _:
                screen.notice = Text(look.text(printable(choice, 40)))

    def _pass_costs(self, led: object, hand: Sequence[Card]) -> bool:
        return led is not None and any(card.suit == led for card in hand)

    def _submit(self, screen: Screen, action: Action) -> None:
        assert self.host is not None
        try:
            outcome = self.host.submit(screen.place, action)
        except MushkaError as refused:
            screen.notice = Text(printable(say(refused)), "bold red")
            return
        self._after(outcome)

    def _take_back(self, screen: Screen, look: Look) -> bool:
        """`u`: the seat that has just moved takes its move back, before anyone else acts."""
        assert self.host is not None
        offer = self.host.take_back_offer()
        if offer is None or offer.seat != screen.place:
            return False
        try:
            self._after(self.host.take_back())
        except TableError as refused:
            screen.notice = Text(look.text(say(refused)), "bold")
        return True

    def _ask_coach(self, screen: Screen, look: Look) -> None:
        host = self.host
        assert host is not None
        turn = host.pending()
        if turn is None or turn.seat != screen.place:
            screen.notice = Text(look.text(_("The coach helps with your own move, on your turn.")))
            return
        try:
            advise = host.coach(screen.place)
        except TableError as refused:
            screen.notice = Text(look.text(say(refused)), "bold")
            return
        self._after(host.take_news())
        screen.thinking = True
        loop = asyncio.get_running_loop()

        async def think() -> None:
            advice = await loop.run_in_executor(self.workers, advise)
            screen.thinking = False
            if screen.link in self.screens:
                screen.hint, screen.overlay, screen.page = advice, Overlay.HINT, 0
                self.redraw_one(screen)

        screen.task = loop.create_task(think())

    # ---------------------------------------------------------------- play going on

    def _after(self, outcome: Outcome) -> None:
        """Something public happened: everyone's screen is drawn again (by the caller), and the
        table's notes (a move taken back, the coach asked, a save that failed) are news for all."""
        assert self.host is not None
        self.news.extend(note.wording(self.host.players) for note in outcome.notes)
        self.on_change()  # every screen is drawn from the host as it now stands

    def _advance(self) -> None:
        """Let a computer player think (off the loop) when it is its turn; finish when over."""
        host = self.host
        if host is None or self.finished or self.stopping or self.thinking is not None:
            return
        turn = host.pending()
        if turn is None:
            self._finish()
            return
        if turn.computer:
            self.thinking = asyncio.get_running_loop().create_task(self._computer(turn.seat))

    async def _computer(self, seat: int) -> None:
        """A computer player's move: it waits the table's pace, thinks on a worker thread (the
        loop goes on drawing and reading keys), and plays if the table has not moved meanwhile."""
        host = self.host
        assert host is not None
        loop = asyncio.get_running_loop()
        try:
            await asyncio.sleep(self.settings.bot_delay)
            turn = host.pending()
            if turn is None or turn.seat != seat or not turn.computer:
                return  # a move taken back during the pause: whoever acts now, acts (finally)
            moment = host.changes
            thinking = host.computer_move(seat)
            decided = await loop.run_in_executor(self.workers, thinking)
            if host.changes == moment and not self.stopping:
                self._after(host.play_computer(decided))
            # else the table moved on meanwhile (a move taken back, perhaps made again): the
            # decision is for a position that is gone; whoever acts now, acts (finally)
        except ComputerPlayerError as failure:
            # the table cannot go on: every seat is told, the host says why (the game is saved)
            self.finished, self.failure = True, failure
            for screen in list(self.screens.values()):
                with speaking(screen.link.lang):
                    screen.link.line(_("The table stopped on an unexpected error; it is saved."))
                screen.link.close(1)
            self.on_over()
        finally:
            self.thinking = None
            if not self.finished and not self.stopping:
                self.redraw()
                loop.call_soon(self._advance)

    def _finish(self) -> None:
        host = self.host
        assert host is not None
        self.finished = True
        self.report = host.finish()
        for screen in list(self.screens.values()):
            with speaking(screen.link.lang):
                sheet = self.final_sheet(Look(screen.link.ascii))
                screen.link.line(self._plain(sheet, screen.link.width))
                screen.link.close(0)
        self.on_over()

    def final_sheet(self, look: Look) -> Group:
        """The session's final score sheet, as every seat and the public screen show it."""
        host = self.host
        assert host is not None
        return final_sheet(session_accounts(host.public_events()), host.players, look)

    def _waiting_words(self) -> str:
        host = self.host
        if host is None:
            return _("Waiting for everyone to sit down…")
        turn = host.pending()
        if turn is None:
            return ""
        place = self.places[turn.seat]
        if place.away:
            return _("Waiting for {name} to come back…").format(name=place.name)
        return _("Waiting for {name}…").format(name=place.name)

    def _tell(self, words: Wording) -> None:
        """News for every seat (who joined, left, came back): each sees it until his next key."""
        self.news.append(words)
        self.on_change()

    # ---------------------------------------------------------------- drawing

    def redraw(self) -> None:
        for screen in list(self.screens.values()):
            self.redraw_one(screen)

    def redraw_one(self, screen: Screen) -> None:
        link = screen.link
        if link.closed:
            return
        with speaking(link.lang):
            look = Look(link.ascii)
            body, prompt = self._screen(screen, look)
            console = _console(link.width, link.height, link.color)
            console.print(body, end="")
            lines = console.file.getvalue().rstrip("\n").split("\n")  # type: ignore[attr-defined]
            lines = lines[: max(0, link.height - 1)]
            prompt_line = _console(link.width, 1, link.color)
            prompt.truncate(link.width - 1, overflow="ellipsis")  # one line, the cursor after it
            prompt_line.print(prompt, end="")
            text = prompt_line.file.getvalue()  # type: ignore[attr-defined]
            frame = "\n".join([*lines, text])
            link.draw(frame, (len(lines), min(cell_len(prompt.plain), link.width - 1)))

    def _screen(self, screen: Screen, look: Look) -> tuple[RenderableType, Text]:
        """What `screen` shows now, and its prompt."""
        host = self.host
        width, height = screen.link.width, screen.link.height
        if width < SMALLEST[0] or height < SMALLEST[1]:  # not even the compact layout fits
            return seat_too_small(width, height, look), Text("")
        if host is None:
            return self._lobby(look), Text(look.text(_("Waiting for everyone to sit down…") + " "))
        view = host.view(screen.place)
        options = self.settings.options
        match screen.overlay:
            case Overlay.HELP:
                return self._paged(screen, help_screen(host.rules, look, options, network=True))
            case Overlay.MEMORY:
                return self._paged(screen, memory_panel(view, look, width))
            case Overlay.SCORES:
                return self._paged(screen, standings(host, look))
            case Overlay.HINT:
                assert screen.hint is not None
                name = look.names(host.players)[screen.place]
                return self._paged(screen, hint_panel(screen.hint, look, name, width))
            case Overlay.RULES:
                lines = [Text(line) for line in self._rule_lines(screen, look)]
                shown, end = self._page(screen, lines)
                prompt = (
                    _("-- rules {at}/{lines} lines: Enter for more, q to go back -- ")
                    if end < len(lines)
                    else _("-- end of the rules: Enter to go back -- ")
                ).format(at=end, lines=len(lines))
                return shown, Text(look.text(prompt))
            case Overlay.PASS:
                question = (
                    self._pass_question(view, look)
                    if width >= 80
                    else look.text(_("Pass for a remise? [y/N] "))
                )
                return self._table(screen, view, look), Text(question)
            case Overlay.LEAVE:
                question = (
                    _("Leave the table? The game waits for you to come back. [y/N] ")
                    if width >= 80
                    else _("Leave the table? [y/N] ")
                )
                return self._table(screen, view, look), Text(look.text(question))
            case None:
                pass
            case _:
                assert_never(screen.overlay)
        turn = host.pending()
        if screen.thinking:
            asking = Text(look.text(_("The coach is thinking…")), "dim")
        elif turn is not None and turn.seat == screen.place:
            asking = Text(look.text(prompt_keys(view, options, short=width < 80, leave=True)))
        else:  # not his turn: no prompt, the keys that work anyway (the screen says who plays)
            keys = command_keys(options, width < 80, leave=True)
            offer = host.take_back_offer()
            if offer is not None and offer.seat == screen.place and offer.refusal is None:
                keys.insert(0, _("u take it back"))  # his move, until the next player acts
            asking = Text(look.text(" · ".join(keys)), "dim")
        return self._table(screen, view, look), asking

    def _table(self, screen: Screen, view: object, look: Look) -> RenderableType:
        assert self.host is not None
        from mushka.view import SeatView

        assert isinstance(view, SeatView)
        notice = screen.notice
        if notice is None and screen.news_seen < len(self.news):
            notice = Text(look.text(say(self.news[-1])), "bold")
        away = frozenset(p.index for p in self.places if p.away)
        return private_screen(
            view, look, screen.link.height, notice, options=self.settings.options, away=away
        )

    def _pass_question(self, view: object, look: Look) -> str:
        from mushka.view import SeatView

        assert isinstance(view, SeatView) and view.led_suit is not None
        held = [c for c in view.hand if c.suit == view.led_suit]
        cards = ", ".join(card_label(c, ascii_only=look.ascii_only) for c in held)
        return look.text(
            _(
                "You hold {suit} ({cards}): passing costs a {remise} remise. Pass anyway? [y/N] "
            ).format(
                suit=suit_noun(view.led_suit),
                cards=cards,
                remise=kopecks(view.rules.remise, language()),
            )
        )

    def _rule_lines(self, screen: Screen, look: Look) -> list[str]:
        console = _console(screen.link.width, screen.link.height, None)
        rendered = console.render_lines(
            Markdown(look.text(rulebook_text(language()))),
            console.options.update(width=screen.link.width),
            pad=False,
        )
        return ["".join(segment.text for segment in line) for line in rendered]

    def _paged(self, screen: Screen, overlay: RenderableType) -> tuple[RenderableType, Text]:
        """An overlay (help, the cards played, scores, the coach) a page at a time where it is
        taller than the seat's screen, so that a phone's 16 rows lose none of it."""
        link = screen.link
        look = Look(link.ascii)
        console = _console(link.width, link.height, link.color)
        rendered = console.render_lines(
            overlay, console.options.update(width=link.width), pad=False
        )
        lines = [Text.assemble(*((seg.text, seg.style or "") for seg in line)) for line in rendered]
        shown, _end = self._page(screen, lines)
        if screen.pages == 1:
            return shown, Text(look.text(_("Press Enter to go back. ")))
        prompt = (
            _("-- page {page}/{pages}: Enter for more, q to go back -- ")
            if screen.page + 1 < screen.pages
            else _("-- page {page}/{pages}: Enter to go back -- ")
        ).format(page=screen.page + 1, pages=screen.pages)
        return shown, Text(look.text(prompt))

    @staticmethod
    def _page(screen: Screen, lines: list[Text]) -> tuple[Text, int]:
        """The page of `lines` that `screen` is on, as many as its height holds above the
        prompt, and where that page ends. Its page count is kept for the keys, and its page
        clamped to it (a taller window has fewer pages)."""
        room = max(1, screen.link.height - 1)
        screen.pages = max(1, -(-len(lines) // room))
        screen.page = min(screen.page, screen.pages - 1)
        end = min((screen.page + 1) * room, len(lines))
        return Text("\n").join(lines[screen.page * room : end]), end

    def _lobby(self, look: Look) -> RenderableType:
        rows: list[RenderableType] = [
            Text(look.text(_("Mushka-kopilka: the table fills up")), "bold"),
            Text(""),
        ]
        for place in self.places:
            if place.computer is not None:
                who = bot_name(place.index, place.computer)
                state = _("computer")
            elif place.name is None:
                who, state = "…", _("free")
            else:
                who = place.name
                state = _("here") if place.link is not None else _("awaited")
            rows.append(Text(f"  {place.index + 1}  {printable(who)}  ({state})"))
        rows.append(Text(""))
        rows.extend(Text(look.text(say(news))) for news in self.news[-5:])
        return Group(*rows)

    # ---------------------------------------------------------------- the public table

    def public_frame(self, width: int, height: int, look: Look) -> RenderableType:
        """The table as everyone may see it (the host's own screen): never a hand."""
        host = self.host
        if host is None:
            return self._lobby(look)
        status = {p.index: _("away") for p in self.places if p.away}
        log = self.public_lines(look)
        return public_screen(
            host.public_view(), look, width, height, log, status, self.settings.options
        )

    def public_lines(self, look: Look) -> list[str]:
        """The public log as lines of text, one an entry (the newest last), for a screen to wrap."""
        if self.host is None:
            return [look.text(say(news)) for news in self.news]
        lines: list[str] = []
        for entry in log_entries(self.host, look):
            lines.extend(self._plain(entry, 1000).splitlines())
        return [line.rstrip() for line in lines if line.strip()]

    @staticmethod
    def _plain(renderable: RenderableType, width: int) -> str:
        out = io.StringIO()
        Console(file=out, width=width, color_system=None, highlight=False).print(renderable)
        return out.getvalue().rstrip("\n")


def Wording_back(name: str, address: str) -> str:
    return _("{name} is back (from {address}).").format(name=name, address=address)


def _console(width: int, height: int, color: str | None) -> Console:
    return Console(
        file=io.StringIO(),
        width=width,
        height=height,
        force_terminal=color is not None,
        color_system=color,  # type: ignore[arg-type]
        legacy_windows=False,
        highlight=False,
        markup=False,
        emoji=False,
    )
