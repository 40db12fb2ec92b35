"""The hot-seat game loop: handoffs, private turns, public reports, autosave, quitting and resuming."""

from __future__ import annotations

import contextlib
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.segment import Segments
from rich.table import Table
from rich.text import Text

from mushka.actions import PASS
from mushka.cards import CARDS
from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.events import Ante, End, Event, Expose, Lead, Out, Payout, Remise, TakeBack, Trick
from mushka.ledger import accounts, deal_summary, session_accounts
from mushka.players.bots import Bot
from mushka.record import dumps_session
from mushka.tui.keys import HELP, InputProblem, interpret
from mushka.tui.look import Look, printable
from mushka.tui.rulebook import rulebook_text
from mushka.tui.signals import Quit, _Signals
from mushka.tui.storage import append_score, discard_save, save_game, state_dir
from mushka.tui.table import (
    MIN_HEIGHT,
    MIN_WIDTH,
    deal_table,
    final_sheet,
    private_screen,
    prompt_keys,
    too_small,
)
from mushka.tui.terminal import Terminal
from mushka.view import SeatView

_IMPORTANT = (Expose, Trick, TakeBack, Remise, Out, End, Payout)


class ComputerPlayerError(Exception):
    """A computer player failed; says which seat and where, never the cards it holds.

    The underlying exception is not chained: its message may name the seat's hidden cards.
    """

    def __init__(self, seat: int, what: str, failure: BaseException) -> None:
        frame = traceback.extract_tb(failure.__traceback__)[-1:] if failure.__traceback__ else []
        where = f" at {frame[0].filename}:{frame[0].lineno}" if frame else ""
        super().__init__(
            f"the computer player in seat {seat + 1} {what} ({type(failure).__name__}{where})"
        )


@dataclass
class TableSettings:
    """What the table needs besides the record, kept in the save file."""

    ascii_only: bool = False
    record_path: str | None = None
    bots: dict[int, str] = field(default_factory=dict)
    bot_delay: float = 0.8

    def to_json(self) -> dict[str, Any]:
        return {
            "ascii": self.ascii_only,
            "record": self.record_path,
            "bots": {str(k): v for k, v in self.bots.items()},
            "bot_delay": self.bot_delay,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        bots = data.get("bots") or {}
        return cls(
            ascii_only=bool(data.get("ascii", False)),
            record_path=data.get("record") if isinstance(data.get("record"), str) else None,
            bots={int(k): str(v) for k, v in bots.items()} if isinstance(bots, dict) else {},
            bot_delay=float(data.get("bot_delay", 0.8)),
        )


class HotSeat:
    """Plays a session at one terminal: each human's decisions in private, everything public in public."""

    def __init__(
        self,
        session: Session,
        terminal: Terminal,
        settings: TableSettings,
        bots: Mapping[int, Bot] | None = None,
        save: Callable[[Session, dict[str, Any]], None] | None = None,
        keep_history: bool = True,
    ) -> None:
        self.session = session
        self.terminal = terminal
        self.settings = settings
        self.look = Look(settings.ascii_only)
        self.names = self.look.names(session.players)  # as shown: text, never markup or controls
        self.bots = dict(bots or {})
        self.humans = [s for s in range(4) if s not in self.bots]
        self.save = save if save is not None else save_game
        self.keep_history = (
            keep_history  # add the finished session to the score history, drop the save
        )
        self.signals = _Signals()
        self.viewer: int | None = None  # whose private screen may be up
        self.last_private: int | None = None  # who saw a private screen last
        self.shown = (0, 0)  # (deal index, event index) of the first public event not yet shown
        self.pending: list[RenderableType] = []
        self.deal_news = False  # a deal began or ended since the players last saw the news

    # ---------------------------------------------------------------- the whole session

    def run(self) -> int:
        """Play until the session ends or the players quit; returns the process exit code."""
        problem = self.terminal.private_screen_problem() if len(self.humans) > 1 else None
        if problem:
            self.terminal.show(
                Text(f"mushka cannot keep the hands private here: {problem}.", style="bold red"),
                Text("The game is saved; continue it in such a terminal with: mushka resume"),
            )
            return 1
        with self.signals.installed():
            try:
                self._between_turns()
                while not self.session.is_over:
                    seat = self.session.to_act
                    assert seat is not None
                    if seat in self.bots:
                        self._bot_turn(seat)
                    else:
                        self._human_turn(seat)
                    self._between_turns()
                self._finish()
                return 0
            except (Quit, KeyboardInterrupt, EOFError) as stop:
                self.terminal.leave_private()
                interrupted = isinstance(stop, KeyboardInterrupt) or (
                    isinstance(stop, Quit) and stop.how == "interrupt"
                )
                self.terminal.show(
                    Text(""),
                    Text(
                        "Game saved after the last move. Continue it with:  mushka resume",
                        style="bold",
                    ),
                )
                return 130 if interrupted else 0
            except Exception:
                self.terminal.leave_private()
                log = state_dir() / "crash.log"
                with contextlib.suppress(OSError):
                    log.parent.mkdir(parents=True, exist_ok=True)
                    log.write_text(traceback.format_exc(), encoding="utf-8")
                self.terminal.show(
                    Text(
                        "mushka stopped on an unexpected error. The game was saved after the last move "
                        f"(continue with: mushka resume). Details for the developers: {log}",
                        style="bold red",
                    )
                )
                return 1

    def _persist(self) -> None:
        self.save(self.session, self.settings.to_json())

    # ---------------------------------------------------------------- turns

    def _human_turn(self, seat: int) -> None:
        notice: Text | None = None
        while True:
            self._ensure_size()
            self.terminal.enter_private()
            self.viewer = self.last_private = seat
            view = self.session.view(seat)
            _, height = self.terminal.size()
            self.terminal.show(private_screen(view, self.look, height, notice))
            text = self.terminal.read(self.look.text(prompt_keys(view)))
            try:
                choice = interpret(text, view)
            except InputProblem as problem:
                notice = Text(self.look.text(str(problem)), style="bold red")
                continue
            if isinstance(choice, str):
                if choice == "quit":
                    raise Quit("q")
                self._overlay(choice)
                notice = None
                continue
            if choice == PASS and not self._confirm_pass(view):
                notice = Text("Not passed: choose again.", style="yellow")
                continue
            try:
                with self.signals.guarded():
                    self.session.apply(choice, seat=seat)
                    self._persist()
            except MushkaError as refused:
                notice = Text(self.look.text(printable(str(refused))), style="bold red")
                continue
            return

    def _confirm_pass(self, view: SeatView) -> bool:
        led = view.led_suit
        if led is None:
            return True
        held = [c for c in view.hand if c.suit == led]
        if not held:
            return True
        cards = ", ".join(str(self.look.card(c)) for c in held)
        answer = self.terminal.read(
            self.look.text(
                f"You hold {led.noun} ({cards}): passing costs a {view.rules.remise} kop remise. "
                "Pass anyway? [y/N] "
            ),
            fresh=True,  # a "y" typed ahead must not answer a question not yet asked
        )
        return answer.strip().lower() in ("y", "yes")

    def _bot_turn(self, seat: int) -> None:
        view = self.session.view(seat)
        try:
            action = self.bots[seat].choose(view)
        except Exception as failure:
            raise ComputerPlayerError(seat, "could not choose a move", failure) from None
        with self.signals.guarded():
            try:
                self.session.apply(action, seat=seat)
            except MushkaError as refused:
                # The engine's explanation names the cards the seat holds: not for a log or the table.
                raise ComputerPlayerError(seat, "chose a move the rules refuse", refused) from None
            self._persist()

    # ---------------------------------------------------------------- between turns

    def _between_turns(self) -> None:
        """Report what all must see, and hand the terminal over when the player to act changes."""
        new_events = self._collect_public()
        if self.session.is_over:
            return
        nxt = self.session.to_act
        if len(self.humans) == 1:
            self._between_turns_alone(nxt)
            return
        important = any(isinstance(e, _IMPORTANT) for e in new_events)
        if nxt in self.bots:
            self._show_public(wait=False)
            self._pause_for_bot()
            return
        if nxt == self.viewer and not important:
            return  # the same player goes on, and nothing happened that all must see first
        self._show_public(wait=True, handoff=nxt)

    def _between_turns_alone(self, nxt: int | None) -> None:
        """One human with computer players: no secrets to keep from anyone, so no handoffs; the
        table stays up, the bots' moves are shown at a readable pace, deal news waits for Enter."""
        human = self.humans[0]
        if self.deal_news:
            self.terminal.enter_private()
            self.terminal.discard_typeahead()  # the deal's news waits for a fresh Enter
            self.terminal.show(*self.pending)
            self.terminal.read(
                self.look.text(f"{self.names[human]}, press Enter to go on. "), echo=False
            )
            self.deal_news = False
        self.pending = []
        if nxt in self.bots:
            self.terminal.enter_private()
            _, height = self.terminal.size()
            self.terminal.show(private_screen(self.session.view(human), self.look, height))
            self._pause_for_bot()

    def _pause_for_bot(self) -> None:
        if self.settings.bot_delay > 0:
            time.sleep(self.settings.bot_delay)

    def _collect_public(self) -> list[Event]:
        """Queue the public account of everything since the last report; return those events."""
        log = self.session.log()
        deal, index = self.shown
        fresh: list[Event] = []
        while deal < len(log):
            events = log[deal]
            if index == 0:
                self.pending.append(self._deal_opening(deal, events))
                self.deal_news = True
            batch = events[index:]
            fresh.extend(batch)
            words = self.look.words(self.session.players)
            for line in words.events(batch, led=_led_before(events, index)):
                self.pending.append(Text(" " + line))
            if any(isinstance(e, End) for e in batch) and (
                deal + 1 < len(log) or self.session.is_over
            ):
                totals = [a.net for a in session_accounts(log[: deal + 1])]
                summary = deal_summary(deal + 1, events)
                self.pending.append(deal_table(summary, self.session.players, totals, self.look))
                self.deal_news = True
            if deal + 1 < len(log):
                deal, index = deal + 1, 0
            else:
                index = len(events)
                break
        self.shown = (deal, index)
        return fresh

    def _deal_opening(self, deal: int, events: list[Event]) -> RenderableType:
        players = self.names
        dealer = self.session.deals[deal].dealer
        antes = [e for e in events if isinstance(e, Ante)]
        payers = ", ".join(players[e.seat] for e in antes)
        amount = antes[0].amount if antes else 0
        lot = " (drawn by lot)" if deal == 0 else ""
        exempt = [players[s] for s in range(4) if s not in {e.seat for e in antes}]
        skip = f"; {exempt[0]}, first out last deal, pays nothing" if exempt else ""
        text = Text.assemble(
            (f"Deal {deal + 1} of {self.session.rules.deals}", "bold"),
            f" {self.look.dot} {players[dealer]} deals{lot}. Antes of {amount} kop from {payers}{skip}.",
        )
        return text

    def _show_public(self, wait: bool, handoff: int | None = None) -> None:
        self.terminal.leave_private()
        self.viewer = None
        if wait:
            self.terminal.clear()
        self.terminal.show(*self.pending)
        self.pending = []
        self.deal_news = False
        if not wait or handoff is None:
            return
        name = self.names[handoff]
        rule = self.look.rule
        # Only a key pressed after this screen appeared may open the next hand: Enters typed
        # ahead by the player who just moved are dropped before it is drawn.
        self.terminal.discard_typeahead()
        if len(self.humans) > 1:
            title = (
                f"{name} goes on"
                if handoff == self.last_private
                else f"Pass the terminal to {name}"
            )
            self.terminal.show(
                Text(""),
                Rule(Text(self.look.text(title)), style="bold", characters=rule),
                Text(f"{name}, press Enter when only you can see the screen.", justify="center"),
            )
        else:
            self.terminal.show(
                Text(""),
                Rule(Text(f"{name}, press Enter to go on"), style="bold", characters=rule),
            )
        self.terminal.read("", echo=False)

    def _ensure_size(self) -> None:
        while True:
            width, height = self.terminal.size()
            if width >= MIN_WIDTH and height >= MIN_HEIGHT:
                return
            self.terminal.clear()
            self.terminal.discard_typeahead()
            self.terminal.show(too_small(width, height, self.look))
            self.terminal.read("")

    # ---------------------------------------------------------------- overlays on the private screen

    def _overlay(self, what: str) -> None:
        if what == "rules":
            self._page(Markdown(self.look.text(rulebook_text())))
            return
        self.terminal.clear()
        if what == "help":
            self.terminal.show(Text(self.look.text(HELP)))
        else:
            self.terminal.show(self._standings())
        self.terminal.read("Press Enter to go back. ")

    def _standings(self) -> Table:
        log = self.session.log()
        players = self.names
        totals = session_accounts(log)
        current = accounts(log[-1])
        table = Table(
            title=f"Scores after {len(log) - 1} of {self.session.rules.deals} deals, and this deal so far",
            box=self.look.box,
        )
        for column in ("player", "antes", "won", "remises", "this deal", "net"):
            table.add_column(column, justify="left" if column == "player" else "right")
        for seat, name in enumerate(players):
            t = totals[seat]
            table.add_row(
                Text(name),
                str(t.antes),
                str(t.winnings),
                str(t.remises),
                self.look.money(current[seat].net),
                self.look.money(t.net),
            )
        table.caption = f"kitty {self.session.kitty} kop"
        return table

    def _page(self, renderable: RenderableType) -> None:
        """A pager inside the private screen: an outside pager would switch screens behind our back."""
        console = self.terminal.console
        width, height = self.terminal.size()
        lines = console.render_lines(renderable, console.options.update(width=width), pad=False)
        page = max(1, height - 2)
        start = 0
        while start < len(lines):
            self.terminal.clear()
            for line in lines[start : start + page]:
                console.print(Segments(line))
            start += page
            more = start < len(lines)
            answer = self.terminal.read(
                f"-- rules {min(start, len(lines))}/{len(lines)} lines: Enter for more, q to go back -- "
                if more
                else "-- end of the rules: Enter to go back -- "
            )
            if answer.strip().lower() == "q":
                return

    # ---------------------------------------------------------------- the end

    def _finish(self) -> None:
        self._show_public(wait=False)
        log = self.session.log()
        self.terminal.show(
            Text(""), final_sheet(session_accounts(log), self.session.players, self.look)
        )
        if self.settings.record_path:
            path = Path(self.settings.record_path)
            try:
                path.write_text(dumps_session(self.session) + "\n", encoding="utf-8")
                self.terminal.show(Text(f"The game record was written to {path}."))
            except OSError as exc:
                self.terminal.show(
                    Text(
                        f"The game record could not be written to {path}: {exc.strerror}",
                        style="red",
                    )
                )
        if not self.keep_history:
            return
        try:
            append_score(self.session)
            self.terminal.show(Text("The session is in your score history: mushka scores"))
        except OSError as exc:
            self.terminal.show(
                Text(f"The score history could not be written: {exc.strerror}", style="red")
            )
        discard_save()


def _led_before(events: list[Event], index: int) -> int | None:
    """The suit led in the trick still open just before `index`, if any."""
    for event in reversed(events[:index]):
        if isinstance(event, Trick | TakeBack | End):
            return None
        if isinstance(event, Lead):
            return CARDS[event.card].suit
    return None
