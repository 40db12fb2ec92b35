"""The hot seat: one terminal passed round the table, driving the table host. Handoff screens,
the alternate-screen rules, prompts, overlays and the pager are here; the table's rules (turns,
computer players, undo, saving, the log, finishing) are the host's."""

from __future__ import annotations

import contextlib
import errno
import sys
import time
import traceback
from typing import assert_never

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.text import Text

from mushka.cards import Card
from mushka.errors import MushkaError
from mushka.events import End, Event, Expose, Out, Payout, Remise, TakeBack, Trick
from mushka.host.offer import (
    Answer,
    Ask,
    Command,
    Page,
    Play,
    Question,
    Screen,
    Speak,
    Standing,
    TableKind,
    Unreadable,
    offer,
    pass_question,
)
from mushka.host.table import Finished, Outcome, Stopped, TableError, TableHost, Turn
from mushka.i18n import _, _n, card_label, language, say, use_language
from mushka.ledger import session_accounts
from mushka.names import printable
from mushka.present import answers
from mushka.present.command import command
from mushka.present.keys import move_prompt
from mushka.present.questions import question_line
from mushka.present.typed import read_typed
from mushka.render.coaching import hint_panel
from mushka.render.help import help_screen
from mushka.render.look import ATTENTION, Look, transliterate
from mushka.render.panels import memory_panel
from mushka.render.private_screen import private_screen
from mushka.render.public_log import log_entries, standings
from mushka.render.rulebook import rulebook_text
from mushka.render.sheets import final_sheet
from mushka.render.sizes import MIN_HEIGHT, MIN_WIDTH, too_small
from mushka.tui.signals import Quit, Resized, _Signals
from mushka.tui.terminal import Terminal
from mushka.view import SeatView

_IMPORTANT = (Expose, Trick, TakeBack, Remise, Out, End, Payout)
# What writing to a terminal that has hung up (or a closed pipe) raises.
_TERMINAL_GONE = frozenset({errno.EIO, errno.EPIPE, errno.ENXIO, errno.EBADF})


class HotSeat:
    """Plays a table host's session at one terminal: each human's decisions in private,
    everything public in public, a handoff between two players that only a key typed after it
    appeared can dismiss."""

    def __init__(self, host: TableHost, terminal: Terminal) -> None:
        self.host = host
        self.terminal = terminal
        self.settings = host.settings
        self.look = Look(self.settings.ascii_only)
        self.names = self.look.names(host.players)  # as shown: text, never markup or controls
        self.humans = host.humans
        self.standing = Standing(TableKind.HOT_SEAT, self.settings.options)
        self.signals = _Signals(hide=self.terminal.leave_private)
        host.guard = self.signals.guarded  # no signal lands between a move and its save
        self.viewer: int | None = None  # whose private screen may be up
        self.last_private: int | None = None  # who saw a private screen last
        self.shown = (0, 0)  # (deal index, event index) of the first public event not yet shown
        self.deal_news = False  # a deal began or ended since the players last saw the news
        # The public log is the host's, not the terminal's scrollback: every wipe of a private
        # screen erases that too. It is printed whole on the normal screen when play stops.
        self.closing: list[RenderableType] = []  # the final sheet, once there is one

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
                outcome = self.host.begin()
                while (turn := self.host.pending()) is not None:
                    if self._between_turns(outcome, turn):  # a move was taken back there
                        turn = self.host.pending()
                        assert turn is not None  # the seat whose move went back acts again
                    outcome = self._bot_turn(turn) if turn.computer else self._human_turn(turn)
                self._collect_public()
                return self._finish()
            except (Quit, KeyboardInterrupt, EOFError) as stop:
                interrupted = isinstance(stop, KeyboardInterrupt) or (
                    isinstance(stop, Quit) and stop.how == "interrupt"
                )
                return self._stopped(interrupted)
            except OSError as exc:
                if exc.errno not in _TERMINAL_GONE:
                    self._crashed(traceback.format_exc())
                    return 1
                return self._stopped(interrupted=False)  # the terminal hung up while drawing
            except Exception:
                self._crashed(traceback.format_exc())
                return 1

    def _stopped(self, interrupted: bool) -> int:
        """Play stops (q, Ctrl-C, Ctrl-D, a signal, the terminal gone): the public log and where
        the game is saved, said only while there is a terminal to say it on."""
        words, saved = self._where_saved()
        with contextlib.suppress(OSError, ValueError):  # a terminal that hung up takes nothing
            self.terminal.leave_private()
            self._print_log()
            self.terminal.show(Text(""), Text(words, style="bold" if saved else "bold red"))
        if not saved:
            return 1
        return 130 if interrupted else 0

    def _where_saved(self) -> tuple[str, bool]:
        """Where the game is now play stops, in words, and whether nothing is lost."""
        return stopped_words(self.host.stop())

    def _crashed(self, details: str) -> None:
        """Say plainly what happened and what was saved; this path must never raise itself."""
        log = self.host.crash_log(details)
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

    # ---------------------------------------------------------------- turns

    def _human_turn(self, turn: Turn) -> Outcome:
        seat = turn.seat
        notice = self._opening(turn)
        while True:
            self._ensure_size()
            if self.signals.take_continued() and len(self.humans) > 1:
                # stopped (Ctrl-Z) and continued: whoever has the keyboard now is unknown
                self.last_private = None
                self._handoff(seat, undo=False)
            self.terminal.enter_private()
            self.viewer = self.last_private = seat
            offered = offer(self.host, seat, Screen(), self.standing)
            view = offered.view
            assert view is not None
            width, height = self.terminal.size()
            screen = private_screen(view, self.look, height, notice, options=self.settings.options)
            self.terminal.show(screen)
            short = width < MIN_WIDTH
            prompt = move_prompt(offered.moves, offered.options, short, columns=width)
            try:
                text = self._ask(self.look.text(prompt))
            except Resized:
                continue  # drawn again at the new size, the same notice kept
            intent = read_typed(text, offered)
            match intent:
                case Unreadable(problem=problem):
                    notice = Text(self.look.text(problem), style="bold red")
                case Command.LEAVE:
                    # asked first: a saved game stops for everyone, a lesson is lost
                    if self._confirm(self._leave_question()):
                        raise Quit("q")
                    notice = Text(self.look.text(_("Not stopped: play on.")), style=ATTENTION)
                case Command.HINT if not turn.hints:
                    notice = Text(
                        self.look.text(_("Hints are off at this table (house rule --hints).")),
                        style=ATTENTION,
                    )
                case Command():
                    self._overlay(intent)
                    notice = None
                case Play(action=action):
                    move = offered.move(action)
                    if move is not None and move.asks and not self._confirm_pass(view):
                        notice = Text(self.look.text(_("Not passed: choose again.")), ATTENTION)
                        continue
                    try:
                        return self.host.submit(seat, action)
                    except MushkaError as refused:
                        notice = Text(self.look.text(printable(say(refused))), style="bold red")
                case Speak(lang=lang):  # one terminal, one language: the whole table's
                    use_language(lang)
                    notice = None
                case Answer() | Page():  # no question or overlay is open in a hot seat's offer
                    raise AssertionError(intent)
                case _:
                    assert_never(intent)

    def _leave_question(self) -> str:
        """The question q asks: whether to stop the game (saved) or to leave a lesson."""
        if not self.settings.options.saved:
            return _("Leave the lesson? Nothing is saved. [y/N] ")
        return question_line(Question(Ask.LEAVE), TableKind.HOT_SEAT, False, False)

    def _confirm(self, question: str) -> bool:
        """A yes-or-no question at the prompt; only a key typed after it appeared answers it."""
        while True:
            try:
                answer = self._ask(self.look.text(question), fresh=True)
            except Resized:
                if self.signals.continued:  # a question may name cards: asked again after the
                    return False  # handoff that follows a stop
                self.terminal.console.print()
                continue
            return answers.yes(answer)

    def _opening(self, turn: Turn) -> Text | None:
        """Before a human's turn is first drawn: what he is to see first, and the notice above
        his first prompt. Nothing here; a lesson (mushka learn) explains a rule."""
        return None

    def _confirm_pass(self, view: SeatView) -> bool:
        """Whether a pass that costs a remise is meant (asked; a "y" typed ahead answers no
        question not yet asked)."""
        line = question_line(pass_question(view), TableKind.HOT_SEAT, False, self.look.ascii_only)
        return self._confirm(line)

    def _bot_turn(self, turn: Turn) -> Outcome:
        return self.host.play_computer(self.host.computer_move(turn.seat)())

    # ---------------------------------------------------------------- between turns

    def _between_turns(self, outcome: Outcome, turn: Turn) -> bool:
        """Report what all must see, and hand the terminal over when the player to act changes;
        whether the move just made was taken back on the handoff (then the mover acts again)."""
        new_events = self._collect_public()
        if outcome.notes:
            self.deal_news = True  # a player on his own with computers must see these too
        nxt = turn.seat
        if len(self.humans) == 1:
            self._between_turns_alone(turn)
            return False
        important = any(isinstance(e, _IMPORTANT) for e in new_events)
        if turn.computer:
            self._show_news()
            self._pause_for_bot()
            return False
        if nxt == self.viewer and not important:
            return False  # the same player goes on, and nothing happened that all must see first
        return self._handoff(nxt)

    def _between_turns_alone(self, turn: Turn) -> None:
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
        if turn.computer:
            self.terminal.enter_private()
            height = self.terminal.size()[1]
            self.terminal.show(
                private_screen(
                    self.host.view(human), self.look, height, options=self.settings.options
                )
            )
            self._pause_for_bot()

    def _pause_for_bot(self) -> None:
        if self.settings.bot_delay > 0:
            time.sleep(self.settings.bot_delay)

    def _collect_public(self) -> list[Event]:
        """The public events since the last report; notes whether a deal began or ended."""
        log = self.host.public_events()
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

    def public_log(self) -> list[RenderableType]:
        """Everything public so far, shortly, and the final sheet once there is one."""
        return log_entries(self.host, self.look) + self.closing

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

    def _handoff(self, seat: int, undo: bool = True) -> bool:
        """The news, then a screen only a key typed after it appeared can dismiss; whether the
        move just made was taken back there (`u`, with the undo house rule, if `undo`)."""
        name = self.names[seat]
        offer = self.host.take_back_offer() if undo else None
        undoable = offer is not None and offer.seat != seat and offer.refusal is None
        self._show_news(room_below=4 if offer is not None else 3)
        # Only a key pressed after this screen appeared may open the next hand: Enters typed
        # ahead by the player who just moved are dropped before it is drawn. (After a resize the
        # screen is drawn again; keys typed since it first appeared still count.)
        self.terminal.discard_typeahead()
        title = (
            _("{name} goes on") if seat == self.last_private else _("Pass the terminal to {name}")
        ).format(name=name)
        lines = [_("{name}, press Enter when only you can see the screen.").format(name=name)]
        if offer is not None and undoable:
            what = offer.note.what()
            lines.append(
                _("u: {name} takes back {what}").format(
                    name=self.names[offer.seat],
                    what=card_label(what, ascii_only=self.look.ascii_only)
                    if isinstance(what, Card)
                    else say(what),
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
                self.signals.take_continued()  # stopped here: this handoff is the one needed
                self._show_news(room_below=2 + len(lines) + (notice is not None))
                continue
            if not answers.undo(answer) or offer is None or offer.seat == seat:
                return False
            try:
                self.host.take_back()
            except TableError as refused:
                notice = Text(self.look.text(say(refused)), style=ATTENTION)
                self._show_news(room_below=3 + len(lines))
                continue
            log = self.host.public_events()
            self.shown = (len(log) - 1, len(log[-1]))
            self.deal_news = True
            self._handoff(offer.seat)  # whoever pressed u, the hand goes only to its owner
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

    def _overlay(self, command: Command) -> None:
        if command is Command.HINT and self.viewer is not None:
            self._hint(self.viewer)
            return
        if command is Command.RULES:
            self._page(Markdown(self.look.text(rulebook_text(language()))))
            return
        self.terminal.clear()
        if command is Command.HELP:
            self.terminal.show(help_screen(self.host.rules, self.look, self.settings.options))
        elif command is Command.MEMORY and self.viewer is not None:
            self.terminal.show(memory_panel(self.host.view(self.viewer), self.look))
        else:
            self.terminal.show(standings(self.host, self.look))
        with contextlib.suppress(Resized):  # back to the hand, drawn at the new size
            self._ask(self.look.text(_("Press Enter to go back. ")))

    def _hint(self, seat: int) -> None:
        """The coach's hint from the seat's view alone, the same every time at the same moment;
        that it was asked for is public, what it said is not."""
        self.terminal.clear()
        self.terminal.show(Text(self.look.text(_("The coach is thinking…")), style="dim"))
        advice = self.host.coach(seat)()
        self.deal_news = True
        width = self.terminal.size()[0]
        self.terminal.clear()
        self.terminal.show(hint_panel(advice, self.look, self.names[seat], width))
        with contextlib.suppress(Resized):  # back to the hand, drawn at the new size
            self._ask(self.look.text(_("Press Enter to go back. ")))

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
            if answers.back(answer):
                return

    # ---------------------------------------------------------------- the end

    def _finish(self) -> int:
        """The final sheet, then the host's finish (record, history, and only then the save is
        removed; a finish cut short anywhere is finished again by `mushka resume`)."""
        self.closing = [
            Text(""),
            final_sheet(session_accounts(self.host.public_events()), self.host.players, self.look),
        ]
        self.terminal.leave_private()
        self._print_log()
        finished = self.host.finish()
        for words, style in finished_words(finished):
            self.terminal.show(Text(words, style=style))
        return 0 if finished.ok else 1


def stopped_words(stopped: Stopped, again: tuple[str, ...] = ("resume",)) -> tuple[str, bool]:
    """Where the game is, in words; and whether nothing is lost. `again`: the command that
    continues it (`mushka host` continues its own table with `host --resume`)."""
    if stopped.unattended:
        return _("Computer-only games are not saved: the same --seed plays it again."), True
    if stopped.saved:
        return _("Game saved after the last move. Continue it with:  {command}").format(
            command=command(*again)
        ), True
    words = _n(
        "The game could NOT be saved to {target} ({problem}): the last {n} move is not in "
        "that save.",
        "The game could NOT be saved to {target} ({problem}): the last {n} moves are not in "
        "that save.",
        stopped.unsaved,
    ).format(target=stopped.target, problem=stopped.problem, n=stopped.unsaved)
    if stopped.rescued is None:
        return words + " " + _("No other place would take them either."), False
    return (
        words
        + " "
        + _(
            "The whole game was written to {rescued} instead; to continue it, move that file "
            "to {target} and run:  {command}"
        ).format(rescued=stopped.rescued, target=stopped.target, command=command(*again)),
        False,
    )


def finished_words(
    finished: Finished, again: tuple[str, ...] = ("resume",)
) -> list[tuple[str, str]]:
    """What finishing did, line by line, each with its style (`again`: as for stopped_words)."""
    lines: list[tuple[str, str]] = []
    record = finished.record
    if record is not None and record.problem is None:
        lines.append((_("The game record was written to {path}.").format(path=record.asked), ""))
    elif record is not None:
        words = _("The game record could not be written to {path}: {reason}.").format(
            path=record.asked, reason=record.problem
        )
        if record.written is not None:
            words += " " + _("It was written to {rescued} instead.").format(rescued=record.written)
        lines.append((words, "red"))
    if finished.history_problem is not None:
        where, _saved = stopped_words(finished.kept or Stopped(saved=True), again)
        lines.append(
            (
                _("The score history could not be written: {reason}. {words}").format(
                    reason=finished.history_problem, words=where
                ),
                "bold red",
            )
        )
        return lines
    if finished.history:
        lines.append(
            (
                _("The session is in your score history: {command}").format(
                    command=command("scores")
                ),
                "",
            )
        )
    if finished.kept is not None:  # the save is the only whole copy of the game left: it stays
        lines.append((stopped_words(finished.kept, again)[0], "bold red"))
    if finished.save_problem is not None:
        lines.append(
            (
                _(
                    "The finished game's save could not be removed ({reason}); "
                    "it is safe to delete it."
                ).format(reason=finished.save_problem),
                "red",
            )
        )
    return lines
