"""The hot-seat game loop: handoffs, private turns, public reports, autosave, quitting and resuming."""

from __future__ import annotations

import contextlib
import copy
import sys
import time
import traceback
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from mushka.actions import PASS
from mushka.cards import CARDS
from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
    Event,
    Expose,
    Follow,
    Lead,
    Out,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.i18n import N_, Wording, _, _n, card_label, kopecks, language, say, suit_noun
from mushka.ledger import accounts, deal_summary, session_accounts
from mushka.players.bots import STRATEGIES, Bot
from mushka.players.coach import hint
from mushka.record import dumps_session
from mushka.table_options import TableOptions
from mushka.tui.coaching import hint_panel, hint_seed
from mushka.tui.command import command
from mushka.tui.forced import public_forced_pass
from mushka.tui.journal import LogLine, deal_lines, kitty_before
from mushka.tui.keys import InputProblem, interpret
from mushka.tui.look import ATTENTION, Look, printable, transliterate
from mushka.tui.rulebook import rulebook_text
from mushka.tui.signals import Quit, Resized, _Signals
from mushka.tui.storage import (
    UNUSABLE,
    append_score,
    crash_log_path,
    discard_save,
    os_reason,
    rescue_save,
    save_game,
    save_path,
    write_private,
)
from mushka.tui.table import (
    MIN_HEIGHT,
    MIN_WIDTH,
    deal_table,
    final_sheet,
    help_screen,
    house_rules_panel,
    memory_panel,
    private_screen,
    too_small,
)
from mushka.tui.terminal import Terminal
from mushka.view import SeatView

_IMPORTANT = (Expose, Trick, TakeBack, Remise, Out, End, Payout)
# Answers typed at a question, by language; the English ones work in Russian too.
YES = {"en": frozenset({"y", "yes"}), "ru": frozenset({"y", "yes", "д", "да"})}
UNDO = {"en": frozenset({"u"}), "ru": frozenset({"u", "в", "вернуть"})}  # no card typed there
BACK = {"en": frozenset({"q"}), "ru": frozenset({"q", "х"})}
# The scores overlay's column heads, one message (the table's sheets have their own "player",
# "won", ... that another part of the catalog translates): split at "|" when shown.
STANDINGS_COLUMNS = N_("player|antes|won|remises|this deal|net")


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


MAX_BOT_DELAY = 60.0  # seconds; a save asking for more is not one this table wrote


class SettingsError(MushkaError):
    """Table settings (from a save) that this table would never have written."""


@dataclass
class TableSettings:
    """What the table needs besides the record, kept in the save file."""

    ascii_only: bool = False
    record_path: str | None = None
    bots: dict[int, str] = field(default_factory=dict)
    bot_delay: float = 0.8
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex)  # finishing counts once
    # House rule: the player who has just moved may take the move back on the handoff screen
    # that follows. Off unless agreed: a card laid has been seen, and the old rules know no
    # take-back. The record keeps only the move that stood; the public log says what went back.
    undo: bool = False
    hints: bool = False  # house rule: the `h` key shows the coach (off unless agreed)

    @property
    def options(self) -> TableOptions:
        """The two house settings the screens draw."""
        return TableOptions(undo=self.undo, hints=self.hints)

    def to_json(self) -> dict[str, Any]:
        return {
            "ascii": self.ascii_only,
            "record": self.record_path,
            "bots": {str(k): v for k, v in self.bots.items()},
            "bot_delay": self.bot_delay,
            "session": self.session_id,
            "undo": self.undo,
            "hints": self.hints,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        """The settings of a save, every value checked; SettingsError says what is wrong."""
        ascii_only = data.get("ascii", False)
        if not isinstance(ascii_only, bool):
            raise SettingsError(Wording("ascii must be true or false"))
        record = data.get("record")
        if record is not None and not (
            isinstance(record, str) and 0 < len(record) <= 4096 and "\0" not in record
        ):
            raise SettingsError(Wording("record must be a file name or null"))
        bots = data.get("bots", {})
        if not isinstance(bots, dict):
            raise SettingsError(Wording("bots must be an object of seat: strategy"))
        seats: dict[int, str] = {}
        for key, strategy in bots.items():
            if key not in ("0", "1", "2", "3"):
                raise SettingsError(Wording("a computer player's seat must be 0 to 3"))
            if not isinstance(strategy, str) or strategy not in STRATEGIES:
                raise SettingsError(
                    Wording(
                        "unknown computer strategy (choose from {choices})",
                        choices=", ".join(STRATEGIES),
                    )
                )
            seats[int(key)] = strategy
        delay = data.get("bot_delay", 0.8)
        if (
            not isinstance(delay, int | float)
            or isinstance(delay, bool)
            or not 0 <= delay <= MAX_BOT_DELAY  # NaN fails this too
        ):
            raise SettingsError(
                Wording(
                    "bot_delay must be a number of seconds from 0 to {most}",
                    most=f"{MAX_BOT_DELAY:g}",
                )
            )
        session_id = data.get("session")
        if session_id is None:
            session_id = uuid.uuid4().hex  # a save from before session ids: from now on it has one
        elif not (
            isinstance(session_id, str)
            and 0 < len(session_id) <= 64
            and session_id.isascii()
            and session_id.isalnum()
        ):
            raise SettingsError(Wording("session must be a short id of letters and digits"))
        house = {name: data.get(name, False) for name in ("undo", "hints")}
        for name, value in house.items():
            if not isinstance(value, bool):
                raise SettingsError(Wording("{name} must be true or false", name=name))
        return cls(
            ascii_only,
            record,
            dict(sorted(seats.items())),
            float(delay),
            session_id,
            undo=house["undo"],
            hints=house["hints"],
        )


@dataclass(frozen=True)
class LastMove:
    """A human's move just made, with the session as it stood before it (for the undo rule)."""

    seat: int
    before: Session
    produced: tuple[Event, ...]

    def refusal(self, names: Sequence[str]) -> str | None:
        """Why the move may not be taken back, or None if it may."""
        for event in self.produced:
            if isinstance(event, Draw):
                return _("a card drawn from the talon has been seen")
            if isinstance(event, Take):
                return _("a face-down card taken has been seen")
            if isinstance(event, Replenish):
                return _("{name} has drawn new cards from the talon").format(name=names[event.seat])
            if isinstance(event, Trick | TakeBack):
                return _("the trick is complete")
            if isinstance(event, End):
                return _("the deal is over")
        return None

    def what(self, look: Look) -> str:
        """The move in words for all to read: a card played is named, a hidden one is not."""
        for event in self.produced:
            if isinstance(event, Lead | Follow):
                return card_label(CARDS[event.card], ascii_only=look.ascii_only)
            if isinstance(event, Pass):
                return _("the pass")
            if isinstance(event, Discard):
                return _("the discard")
            if isinstance(event, Expose):
                return _("the cards laid face down")
        return _("the move")


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
        self.save_target = save_path() if save is None else None  # for messages only
        self.unsaved = 0  # moves made since the last save that worked
        self.save_problem: str | None = None
        self.keep_history = (
            keep_history  # add the finished session to the score history, drop the save
        )
        self.signals = _Signals()
        self.viewer: int | None = None  # whose private screen may be up
        self.last_private: int | None = None  # who saw a private screen last
        self.shown = (0, 0)  # (deal index, event index) of the first public event not yet shown
        self.deal_news = False  # a deal began or ended since the players last saw the news
        # The public log is kept here, not in the terminal's scrollback: every wipe of a private
        # screen erases that too. It is printed whole on the normal screen when play stops.
        self.forced: dict[int, set[int]] = {}  # deal index: indexes of passes made for a seat
        self.notes: list[tuple[int, int, Text]] = []  # (deal, line of that deal, note)
        self.closing: list[RenderableType] = []  # the final sheet, once there is one
        self.last_move: LastMove | None = None  # the human move the next handoff may take back

    # ---------------------------------------------------------------- the whole session

    def run(self) -> int:
        """Play until the session ends or the players quit; returns the process exit code."""
        problem = self.terminal.private_screen_problem() if len(self.humans) > 1 else None
        if problem:
            self.terminal.show(
                Text(
                    _("mushka cannot keep the hands private here: {problem}.").format(
                        problem=problem
                    ),
                    style="bold red",
                ),
                Text(
                    _("The game is saved; continue it in such a terminal with: {command}").format(
                        command=command("resume")
                    )
                ),
            )
            return 1
        with self.signals.installed():
            try:
                self._between_turns()
                while not self.session.is_over:
                    seat = self.session.to_act
                    assert seat is not None
                    self.last_move = None  # only the move just made may be taken back
                    if seat in self.bots:
                        self._bot_turn(seat)
                    elif not self._forced_pass(seat):
                        self._human_turn(seat)
                    self._between_turns()
                return self._finish()
            except (Quit, KeyboardInterrupt, EOFError) as stop:
                self.terminal.leave_private()
                self._print_log()
                interrupted = isinstance(stop, KeyboardInterrupt) or (
                    isinstance(stop, Quit) and stop.how == "interrupt"
                )
                words, saved = self._where_saved()
                self.terminal.show(Text(""), Text(words, style="bold" if saved else "bold red"))
                if not saved:
                    return 1
                return 130 if interrupted else 0
            except Exception:
                self._crashed(traceback.format_exc())
                return 1

    def _crashed(self, details: str) -> None:
        """Say plainly what happened and what was saved; this path must never raise itself."""
        log: Path | None = crash_log_path()
        try:
            write_private(crash_log_path(), details, follow=False)
        except UNUSABLE:
            log = None
        words, _saved = self._where_saved()
        where = (
            _("Details for the developers: {log}").format(log=log)
            if log is not None
            else _("(The details could not be written to a file.)")
        )
        message = _("mushka stopped on an unexpected error. {words}").format(words=words)
        message = f"{message}\n{where}"
        try:
            self.terminal.leave_private()
            with contextlib.suppress(Exception):
                self._print_log()
            self.terminal.show(Text(message, style="bold red"))
        except Exception:
            with contextlib.suppress(Exception):
                sys.stderr.write(transliterate(message).encode("ascii", "replace").decode() + "\n")

    def _persist(self) -> None:
        """Save after a move. A save that fails is said plainly, the game goes on in memory, and the
        save is tried again after every move; quitting then says exactly what is not saved."""
        self.unsaved += 1
        try:
            self.save(self.session, self.settings.to_json())
        except OSError as exc:
            self.save_problem = os_reason(exc)
            self._note(
                Text(
                    _n(
                        "The game could not be saved to {target}: {problem}. The last {n} move is "
                        "kept only in memory; mushka tries again after every move.",
                        "The game could not be saved to {target}: {problem}. The last {n} moves are "
                        "kept only in memory; mushka tries again after every move.",
                        self.unsaved,
                    ).format(target=self.save_target, problem=self.save_problem, n=self.unsaved),
                    style="bold red",
                )
            )
            self.deal_news = True  # a player on his own with computers must see this too
            return
        if self.save_problem is not None:
            self._note(Text(_("The game is saved again, up to the last move."), style="bold"))
        self.unsaved = 0
        self.save_problem = None

    def _where_saved(self) -> tuple[str, bool]:
        """What the save holds, in words, after one last try at saving; and whether nothing is lost."""
        if not self.keep_history:
            return _("Computer-only games are not saved: the same --seed plays it again."), True
        if self.unsaved:
            with contextlib.suppress(Exception):
                self.save(self.session, self.settings.to_json())
                self.unsaved = 0
        if not self.unsaved:
            return _("Game saved after the last move. Continue it with:  {command}").format(
                command=command("resume")
            ), True
        words = _n(
            "The game could NOT be saved to {target} ({problem}): the last {n} move is not in "
            "that save.",
            "The game could NOT be saved to {target} ({problem}): the last {n} moves are not in "
            "that save.",
            self.unsaved,
        ).format(target=self.save_target, problem=self.save_problem, n=self.unsaved)
        try:
            rescued = rescue_save(self.session, self.settings.to_json())
        except Exception:
            rescued = None
        if rescued is None:
            return words + " " + _("No other place would take them either."), False
        return (
            words
            + " "
            + _(
                "The whole game was written to {rescued} instead; to continue it, move that file "
                "to {target} and run:  {command}"
            ).format(rescued=rescued, target=self.save_target, command=command("resume")),
            False,
        )

    # ---------------------------------------------------------------- turns

    def _human_turn(self, seat: int) -> None:
        notice: Text | None = None
        while True:
            self._ensure_size()
            self.terminal.enter_private()
            self.viewer = self.last_private = seat
            view = self.session.view(seat)
            width, height = self.terminal.size()
            screen = private_screen(view, self.look, height, notice, options=self.settings.options)
            self.terminal.show(screen)
            try:
                text = self._ask(screen.prompt(width))
            except Resized:
                continue  # drawn again at the new size, the same notice kept
            try:
                choice = interpret(text, view)
            except InputProblem as problem:
                notice = Text(self.look.text(str(problem)), style="bold red")
                continue
            if isinstance(choice, str):
                if choice == "quit":
                    raise Quit("q")
                if choice == "hint" and not self.settings.hints:
                    notice = Text(
                        self.look.text(_("Hints are off at this table (house rule --hints).")),
                        style=ATTENTION,
                    )
                    continue
                self._overlay(choice)
                notice = None
                continue
            if choice == PASS and not self._confirm_pass(view):
                notice = Text(self.look.text(_("Not passed: choose again.")), style=ATTENTION)
                continue
            before = copy.deepcopy(self.session) if self.settings.undo else None
            try:
                with self.signals.guarded():
                    produced = self.session.apply(choice, seat=seat)
                    self._persist()
            except MushkaError as refused:
                notice = Text(self.look.text(printable(say(refused))), style="bold red")
                continue
            if before is not None:
                self.last_move = LastMove(seat, before, produced)
            return

    def _confirm_pass(self, view: SeatView) -> bool:
        led = view.led_suit
        if led is None:
            return True
        held = [c for c in view.hand if c.suit == led]
        if not held:
            return True
        cards = ", ".join(card_label(c, ascii_only=self.look.ascii_only) for c in held)
        question = self.look.text(
            _(
                "You hold {suit} ({cards}): passing costs a {remise} remise. Pass anyway? [y/N] "
            ).format(
                suit=suit_noun(led), cards=cards, remise=kopecks(view.rules.remise, language())
            )
        )
        while True:
            try:
                # a "y" typed ahead must not answer a question not yet asked
                answer = self._ask(question, fresh=True)
            except Resized:
                self.terminal.console.print()
                continue
            return answer.strip().lower() in YES[language()]

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
        assert nxt is not None
        if nxt not in self.bots and public_forced_pass(self.session.view(nxt)):
            return  # he passes without taking the terminal; the news waits for the next player
        if len(self.humans) == 1:
            self._between_turns_alone(nxt)
            return
        important = any(isinstance(e, _IMPORTANT) for e in new_events)
        if nxt in self.bots:
            self._show_news()
            self._pause_for_bot()
            return
        if nxt == self.viewer and not important:
            return  # the same player goes on, and nothing happened that all must see first
        self._handoff(nxt)

    def _between_turns_alone(self, nxt: int | None) -> None:
        """One human with computer players: no secrets to keep from anyone, so no handoffs; the
        table stays up, the bots' moves are shown at a readable pace, deal news waits for Enter."""
        human = self.humans[0]
        if self.deal_news:
            self.terminal.discard_typeahead()  # the deal's news waits for a fresh Enter
            while True:
                self._show_news(room_below=1)
                try:
                    self._ask(
                        self.look.text(
                            _("{name}, press Enter to go on. ").format(name=self.names[human])
                        ),
                        echo=False,
                    )
                    break
                except Resized:
                    continue
        if nxt in self.bots:
            self.terminal.enter_private()
            height = self.terminal.size()[1]
            self.terminal.show(
                private_screen(
                    self.session.view(human), self.look, height, options=self.settings.options
                )
            )
            self._pause_for_bot()

    def _pause_for_bot(self) -> None:
        if self.settings.bot_delay > 0:
            time.sleep(self.settings.bot_delay)

    def _collect_public(self) -> list[Event]:
        """The public events since the last report; notes whether a deal began or ended."""
        log = self.session.log()
        deal, index = self.shown
        fresh: list[Event] = []
        while deal < len(log):
            events = log[deal]
            batch = events[index:]
            if index == 0 or any(isinstance(e, End) for e in batch):
                self.deal_news = True
            fresh.extend(batch)
            if deal + 1 < len(log):
                deal, index = deal + 1, 0
            else:
                index = len(events)
                break
        self.shown = (deal, index)
        return fresh

    def _note(self, note: Text) -> None:
        """A line for the public log, after the lines of the moves made so far."""
        log = self.session.log()
        words = self.look.words(self.session.players)
        lines = deal_lines(log[-1], words, forced=self.forced.get(len(log) - 1, ()))
        self.notes.append((len(log) - 1, len(lines), note))
        self.deal_news = True  # a player on his own with computers must see this too

    def public_log(self) -> list[RenderableType]:
        """Everything public so far, shortly: each deal's opening, a line per trick and exchange,
        notes, each deal's summary, and the final sheet."""
        log = self.session.log()
        words = self.look.words(self.session.players)
        entries: list[RenderableType] = []
        kitty = 0
        for deal, events in enumerate(log):
            entries.append(self._deal_opening(deal, events))
            dot, arrow = self.look.text(" · "), self.look.text(" → ")
            lines: list[RenderableType] = [
                LogLine(self.look.text(line), dot, arrow)
                for line in deal_lines(events, words, kitty, self.forced.get(deal, ()))
            ]
            for at, note in reversed([(n, t) for d, n, t in self.notes if d == deal]):
                lines.insert(min(at, len(lines)), note)
            entries.extend(lines)
            kitty = kitty_before([events], kitty)
            if any(isinstance(e, End) for e in events) and (
                deal + 1 < len(log) or self.session.is_over
            ):
                totals = [a.net for a in session_accounts(log[: deal + 1])]
                summary = deal_summary(deal + 1, events)
                entries.append(deal_table(summary, self.session.players, totals, self.look))
        return entries + self.closing

    def _print_log(self) -> None:
        """The whole public log on the normal screen, where the scrollback keeps it."""
        self.terminal.wipe()
        self.terminal.show(*self.public_log())

    def _news_lines(self, room: int) -> list[Segments]:
        """The last `room` screen lines of the public log: the news a player needs right now."""
        console = self.terminal.console
        options = console.options.update(width=self.terminal.drawing_width())
        tail: list[Segments] = []
        for entry in reversed(self.public_log()):
            rendered = console.render_lines(entry, options, pad=False)
            tail[:0] = [Segments([*line, Segment.line()]) for line in rendered]
            if len(tail) >= room:
                break
        return tail[-room:] if room > 0 else []

    def _show_news(self, room_below: int = 0) -> None:
        """The public news on a clean private screen: no scrollback keeps it, nor any hand before."""
        self.terminal.enter_private()
        self.terminal.wipe()
        self.viewer = None
        height = self.terminal.size()[1]
        self.terminal.show(*self._news_lines(height - 1 - room_below))
        self.deal_news = False

    def _handoff(self, seat: int) -> None:
        """The news, then a screen only a key typed after it appeared can dismiss."""
        name = self.names[seat]
        self._show_news(room_below=4 if self.last_move is not None else 3)
        # Only a key pressed after this screen appeared may open the next hand: Enters typed
        # ahead by the player who just moved are dropped before it is drawn. (After a resize the
        # screen is drawn again; keys typed since it first appeared still count.)
        self.terminal.discard_typeahead()
        title = (
            _("{name} goes on") if seat == self.last_private else _("Pass the terminal to {name}")
        ).format(name=name)
        move = self.last_move
        lines = [_("{name}, press Enter when only you can see the screen.").format(name=name)]
        if move is not None and move.seat != seat and move.refusal(self.names) is None:
            lines.append(
                _("u: {name} takes back {what}").format(
                    name=self.names[move.seat], what=move.what(self.look)
                )
            )
        notice: Text | None = None
        while True:
            if notice is not None:
                self.terminal.show(notice)
            self.terminal.show(
                Rule(Text(self.look.text(title)), style="bold", characters=self.look.rule),
                *(Text(self.look.text(line), justify="center") for line in lines),
            )
            try:
                answer = self._ask("", echo=False).strip().lower()
            except Resized:
                self._show_news(room_below=2 + len(lines) + (notice is not None))
                continue
            if answer not in UNDO[language()] or move is None or move.seat == seat:
                return
            why = move.refusal(self.names)
            if why is None:
                self._take_back(move)
                self._handoff(move.seat)  # whoever pressed u, the hand goes only to its owner
                return
            notice = Text(
                self.look.text(_("Not taken back: {why}.").format(why=why)), style=ATTENTION
            )
            self._show_news(room_below=3 + len(lines))

    def _take_back(self, move: LastMove) -> None:
        """Restore the session as it stood before `move`, exactly, say so, and save it."""
        self.last_move = None
        what = move.what(self.look)
        self.session = move.before
        log = self.session.log()
        self.shown = (len(log) - 1, len(log[-1]))
        with self.signals.guarded():
            self._persist()
        self._note(
            Text(
                self.look.text(
                    _("{name} takes back {what}").format(name=self.names[move.seat], what=what)
                )
            )
        )

    def _deal_opening(self, deal: int, events: list[Event]) -> RenderableType:
        players = self.names
        dealer = self.session.deals[deal].dealer
        antes = [e for e in events if isinstance(e, Ante)]
        payers = ", ".join(players[e.seat] for e in antes)
        amount = antes[0].amount if antes else 0
        deals = self.look.text(
            (_("{dealer} deals (drawn by lot).") if deal == 0 else _("{dealer} deals.")).format(
                dealer=players[dealer]
            )
        )
        exempt = [players[s] for s in range(4) if s not in {e.seat for e in antes}]
        antes_words = _("Antes of {amount} from {payers}").format(
            amount=kopecks(amount, language()), payers=payers
        )
        if exempt:
            antes_words += _("; {name}, first out last deal, pays nothing").format(name=exempt[0])
        text = Text.assemble(
            (
                self.look.text(
                    _("Deal {n} of {deals}").format(n=deal + 1, deals=self.session.rules.deals)
                ),
                "bold",
            ),
            f" {self.look.dot} {deals} {self.look.text(antes_words)}.",
        )
        opening = house_rules_panel(self.session.rules, self.look, self.settings.options)
        return Group(opening, text) if deal == 0 else text

    def _forced_pass(self, seat: int) -> bool:
        """Pass for `seat` when it is his only move and says nothing new (see forced.py)."""
        view = self.session.view(seat)
        if not public_forced_pass(view):
            return False
        deal = len(self.session.deals) - 1
        index = len(self.session.deals[deal].events)
        with self.signals.guarded():
            self.session.apply(PASS, seat=seat)
            self._persist()
        self.forced.setdefault(deal, set()).add(index)
        return True

    def _ask(self, prompt: str | Text, echo: bool = True, fresh: bool = False) -> str:
        """A prompt's read, which a resize of the terminal interrupts (raising Resized)."""
        with self.signals.waiting():
            return self.terminal.read(prompt, echo=echo, fresh=fresh)

    def _ensure_size(self) -> None:
        while True:
            width, height = self.terminal.size()
            if width >= MIN_WIDTH and height >= MIN_HEIGHT:
                return
            self.terminal.clear()
            self.terminal.discard_typeahead()
            self.terminal.show(too_small(width, height, self.look))
            with contextlib.suppress(Resized):  # a resize, like Enter, measures again
                self._ask("")

    # ---------------------------------------------------------------- overlays on the private screen

    def _overlay(self, what: str) -> None:
        if what == "hint" and self.viewer is not None:
            self._hint(self.viewer)
            return
        if what == "rules":
            self._page(Markdown(self.look.text(rulebook_text(language()))))
            return
        self.terminal.clear()
        if what == "help":
            self.terminal.show(help_screen(self.session.rules, self.look, self.settings.options))
        elif what == "memory" and self.viewer is not None:
            self.terminal.show(memory_panel(self.session.view(self.viewer), self.look))
        else:
            self.terminal.show(self._standings())
        with contextlib.suppress(Resized):  # back to the hand, drawn at the new size
            self._ask(self.look.text(_("Press Enter to go back. ")))

    def _hint(self, seat: int) -> None:
        """The coach's hint from the seat's view alone, the same every time at the same moment;
        that it was asked for is public, what it said is not."""
        view = self.session.view(seat)
        self.terminal.clear()
        self.terminal.show(Text(self.look.text(_("The coach is thinking…")), style="dim"))
        seed = hint_seed(self.session.seed, len(self.session.deals) - 1, len(view.events))
        advice = hint(view, seed=seed)
        self._note(
            Text(" " + self.look.text(_("{name} asked the coach.").format(name=self.names[seat])))
        )
        width = self.terminal.size()[0]
        self.terminal.clear()
        self.terminal.show(hint_panel(advice, self.look, self.names[seat], width))
        self.terminal.read(self.look.text(_("Press Enter to go back. ")))

    def _standings(self) -> Table:
        log = self.session.log()
        players = self.names
        totals = session_accounts(log)
        current = accounts(log[-1])
        title = _("Scores after {done} of {deals} deals, and this deal so far").format(
            done=len(log) - 1, deals=self.session.rules.deals
        )
        table = Table(title=self.look.text(title), box=self.look.box)
        for i, column in enumerate(_(STANDINGS_COLUMNS).split("|")):
            table.add_column(self.look.text(column), justify="right" if i else "left")
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
        table.caption = self.look.text(
            _("kitty {amount}").format(amount=kopecks(self.session.kitty, language()))
        )
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
            try:
                answer = self._ask(
                    self.look.text(
                        _("-- rules {at}/{lines} lines: Enter for more, q to go back -- ").format(
                            at=min(start, len(lines)), lines=len(lines)
                        )
                        if more
                        else _("-- end of the rules: Enter to go back -- ")
                    )
                )
            except Resized:
                return  # back to the hand, drawn at the new size
            if answer.strip().lower() in BACK[language()]:
                return

    # ---------------------------------------------------------------- the end

    def _finish(self) -> int:
        """The final sheet, the record, the score history, and only then the save is removed: a
        finish cut short anywhere is finished again by `mushka resume`, and counted once."""
        log = self.session.log()
        self.closing = [
            Text(""),
            final_sheet(session_accounts(log), self.session.players, self.look),
        ]
        self.terminal.leave_private()
        self._print_log()
        if self.settings.record_path:
            path = Path(self.settings.record_path)
            try:
                write_private(path, dumps_session(self.session) + "\n")
                self.terminal.show(
                    Text(_("The game record was written to {path}.").format(path=path))
                )
            except OSError as exc:
                self.terminal.show(
                    Text(
                        _("The game record could not be written to {path}: {reason}").format(
                            path=path, reason=os_reason(exc)
                        ),
                        style="red",
                    )
                )
        if not self.keep_history:
            return 0
        try:
            append_score(self.session, self.settings.session_id)
        except OSError as exc:
            words, _saved = self._where_saved()
            self.terminal.show(
                Text(
                    _("The score history could not be written: {reason}. {words}").format(
                        reason=os_reason(exc), words=words
                    ),
                    style="bold red",
                )
            )
            return 1
        self.terminal.show(
            Text(
                _("The session is in your score history: {command}").format(
                    command=command("scores")
                )
            )
        )
        if self.save_target is not None:
            try:
                discard_save()
            except OSError as exc:
                self.terminal.show(
                    Text(
                        _(
                            "The finished game's save could not be removed ({reason}); "
                            "it is safe to delete it."
                        ).format(reason=os_reason(exc)),
                        style="red",
                    )
                )
        return 0
