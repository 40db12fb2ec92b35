"""The hot seat: one terminal passed round the table, a local transport of the live table with a
place for each person at it. It keeps the terminal (the alternate screen and its privacy checks,
signals, a handoff only a key typed after it appeared can dismiss) and draws what the table
offers; every rule of a turn (whose hand shows, when the terminal is handed over, the question
before a costly pass, q, take-backs, the coach, computer players) is `mushka.host.live`'s."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import sys
import traceback
from collections.abc import Coroutine, Sequence
from dataclasses import replace
from typing import Any, Final

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.text import Text

from mushka.cards import Card
from mushka.host.link import Farewell, Why
from mushka.host.live import LiveTable
from mushka.host.offer import (
    Answer,
    Command,
    HoldKind,
    Intent,
    Offer,
    Overlay,
    Page,
    Stage,
    TableKind,
    Told,
    Tone,
)
from mushka.host.running import INLINE
from mushka.host.table import Finished, Stopped, TableHost
from mushka.host.teaching import MakeTeacher
from mushka.i18n import _, _n, card_label, language, say, use_language
from mushka.ledger import session_accounts
from mushka.present import answers
from mushka.present.command import command
from mushka.present.exchange import ExchangeLesson
from mushka.present.keys import move_prompt
from mushka.present.questions import question_line
from mushka.present.typed import read_explained, read_typed
from mushka.render.coaching import hint_panel
from mushka.render.help import help_screen
from mushka.render.lesson import (
    aside_panel,
    coach_line,
    explain_prompt,
    lesson_panel,
    rule_sections,
    sections_of,
    table_again,
)
from mushka.render.look import ATTENTION, Look, transliterate
from mushka.render.panels import memory_panel
from mushka.render.private_screen import private_screen
from mushka.render.public_log import log_entries, standings
from mushka.render.rulebook import rulebook_text
from mushka.render.sheets import final_sheet
from mushka.render.sizes import MIN_HEIGHT, MIN_WIDTH, too_small
from mushka.tui.signals import Quit, Resized, _Signals
from mushka.tui.terminal import Terminal

PANEL_ROOM: Final = 14  # rows of the terminal kept for the table below a lesson's panel
# The fewest rows a panel may have below the table's standard layout: a terminal taller than
# MIN_HEIGHT by this many keeps that layout while a panel is open (100×32 does), a shorter
# one draws the compact layout above every panel (80×24 does).
MIN_PANEL: Final = 7
# What writing to a terminal that has hung up (or a closed pipe) raises.
_TERMINAL_GONE = frozenset({errno.EIO, errno.EPIPE, errno.ENXIO, errno.EBADF})
STYLES: Final = {Tone.PLAIN: "", Tone.STRONG: ATTENTION, Tone.ERROR: "bold red"}


class HotSeat:
    """Plays a table host's session at one terminal: each human's decisions in private,
    everything public in public, a handoff between two players that only a key typed after it
    appeared can dismiss. It is the `Link` of all the people at this terminal."""

    via = "local"
    address = "this terminal"

    def __init__(
        self, host: TableHost, terminal: Terminal, teach: MakeTeacher | None = None
    ) -> None:
        """`teach`: the table teaches its person (the lesson: `mushka.tui.lesson`)."""
        self.host = host
        self.terminal = terminal
        self.settings = host.settings
        self.look = Look(self.settings.ascii_only)
        self.names = self.look.names(host.names())  # as shown: text, never markup or controls
        self.humans = host.humans
        self.lang = language()
        self.signals = _Signals(hide=self.terminal.leave_private)
        host.guard = self.signals.guarded  # no signal lands between a move and its save
        # The disk and the computer players on this thread: the signals are handled here, and
        # nothing else waits for the table while a computer thinks.
        self.table = LiveTable(
            host.rules,
            host.settings,
            host=host,
            kind=TableKind.HOT_SEAT,
            workers=INLINE,
            disk=INLINE,
            teach=teach,
            explains=ExchangeLesson,  # the first exchange explained to each person here
        )
        self.loop = asyncio.new_event_loop()
        self.loop.set_exception_handler(self._failed)
        self.farewell: Farewell | None = None
        self.error: BaseException | None = None  # what broke a request at the table
        # The public log is the host's, not the terminal's scrollback: every wipe of a private
        # screen erases that too. It is printed whole on the normal screen when play stops.
        self.closing: list[RenderableType] = []  # the final sheet, once there is one
        self.reading: tuple[Told, ...] = ()  # the lesson's explanations shown now
        self.panel = 0  # which panel of them is up (they take as many as the rows ask)

    # ---------------------------------------------------------------- the table's link

    @property
    def name(self) -> str:
        return self.host.players[self.humans[0]] if self.humans else ""

    def changed(self) -> None:
        """Something public happened: what needs no key is drawn now (the news while a computer
        player thinks, or the one player's own table); the rest when the table waits for a key."""
        offered = self.table.offer(self)
        if offered.hold is not None or offered.question is not None or offered.overlay:
            return
        if offered.moves or offered.explain or offered.stage is Stage.OVER:
            return
        self._language(offered)
        if offered.coach_thinking:
            self.terminal.clear()
            self.terminal.show(Text(self.look.text(_("The coach is thinking…")), style="dim"))
        elif offered.view is None:
            self._show_news()
        else:
            self.terminal.enter_private()
            height = self.terminal.size()[1]
            self.terminal.show(
                private_screen(offered.view, self.look, height, options=self.settings.options)
            )

    def close(self, farewell: Farewell) -> None:
        self.farewell = farewell

    def _failed(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        self.error = context.get("exception") or RuntimeError(context.get("message", ""))

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
                self._step(self._sit())
                while self.farewell is None:
                    self._step(self._send(self._decide(self.table.offer(self))))
                return self._ended(self.farewell)
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
            finally:
                self.loop.close()

    def _step(self, work: Coroutine[Any, Any, None]) -> None:
        """Run the table until it waits for a key here again (or is over)."""
        self.loop.run_until_complete(work)

    async def _sit(self) -> None:
        self.table.seat_here(self, self.humans)
        await self.table.settled()

    async def _send(self, intent: Intent | None) -> None:
        if intent is None:
            self.table.lost_sight(self)
        else:
            self.table.act(self, intent)
        await self.table.settled()

    def _ended(self, farewell: Farewell) -> int:
        match farewell.why:
            case Why.FINISHED:
                return self._finish()
            case Why.STOPPED | Why.LEFT:
                return self._stopped(interrupted=False)
            case Why.FAILED:
                failure = self.table.failure
                self._crashed("".join(traceback.format_exception(failure)) if failure else "")
                return 1
            case _:
                error = self.error
                self._crashed("".join(traceback.format_exception(error)) if error else "")
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
        return stopped_words(self.table.halt())

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

    # ---------------------------------------------------------------- a decision at this terminal

    def _decide(self, offered: Offer) -> Intent | None:
        """Draw what the table waits for here and read the key that answers it: an intent, or
        None when the terminal was stopped and continued (who sits there now is unknown)."""
        self._language(offered)
        hold = offered.hold
        if hold is not None:
            return self._handoff(offered) if hold.kind is HoldKind.HANDOFF else self._news()
        if offered.view is None:
            raise AssertionError("the table waits for a hand it does not offer")
        while True:
            if self.signals.take_continued() and len(self.humans) > 1:
                return None  # stopped (Ctrl-Z) and continued: handed over again first
            self._ensure_size()
            self.terminal.enter_private()
            try:
                if offered.overlay is not None:
                    return self._overlay(offered)
                if offered.explain and offered.question is None:
                    if offered.moves:  # beside his moves (the first exchange): one may be made
                        return self._beside(offered)
                    return self._explain(offered)
                self._draw_private(offered)
                if offered.question is not None:
                    return self._question(offered)
                width = self.terminal.size()[0]
                short = width < MIN_WIDTH
                prompt = move_prompt(offered.moves, offered.options, short, columns=width)
                return read_typed(self._ask(self.look.text(prompt)), offered)
            except Resized:
                if offered.question is not None and self.signals.continued:
                    return Answer(False)  # a question may name cards: asked again after a handoff
                if offered.overlay is not None:
                    return Page.BACK  # back to the hand, drawn at the new size
                continue  # drawn again at the new size, the same notice kept

    def _draw_private(self, offered: Offer) -> None:
        assert offered.view is not None
        notice: Text | None = None
        if offered.notice is not None:
            notice = Text(self.look.text(offered.notice.text), style=STYLES[offered.notice.tone])
        elif offered.coached is not None:
            notice = coach_line(offered.coached, self.look)
        height = self.terminal.size()[1]
        self.terminal.show(
            private_screen(offered.view, self.look, height, notice, options=offered.options)
        )

    def _question(self, offered: Offer) -> Intent:
        """A yes-or-no question at the prompt; only a key typed after it appeared answers it."""
        assert offered.question is not None
        line = question_line(
            offered.question, offered.kind, False, self.look.ascii_only, offered.options.saved
        )
        return Answer(answers.yes(self._ask(self.look.text(line), fresh=True)))

    def _language(self, offered: Offer) -> None:
        """One terminal, one language: the table's, as its players chose."""
        if offered.lang != language():
            use_language(offered.lang)

    # ---------------------------------------------------------------- between turns

    def _news(self) -> Intent:
        """One player with computer players: the deal's news waits for a fresh Enter."""
        self.terminal.discard_typeahead()
        name = self.names[self.humans[0]]
        while True:
            self._show_news(room_below=1)
            try:
                self._ask(
                    self.look.text(_("{name}, press Enter to go on. ").format(name=name)),
                    echo=False,
                )
                return Page.NEXT
            except Resized:
                continue

    def _handoff(self, offered: Offer) -> Intent:
        """The news, then a screen only a key typed after it appeared can dismiss; u there takes
        the move just made back (with the undo house rule, when its maker is someone else)."""
        hold = offered.hold
        assert hold is not None
        name = self.names[hold.to]
        offer = hold.take_back
        self._show_news(room_below=4 if offer is not None else 3)
        # Only a key pressed after this screen appeared may open the next hand: Enters typed
        # ahead by the player who just moved are dropped before it is drawn. (After a resize the
        # screen is drawn again; keys typed since it first appeared still count.)
        self.terminal.discard_typeahead()
        title = (_("{name} goes on") if hold.goes_on else _("Pass the terminal to {name}")).format(
            name=name
        )
        lines = [_("{name}, press Enter when only you can see the screen.").format(name=name)]
        if offer is not None and offer.refusal is None:
            what = offer.note.what()
            lines.append(
                _("u: {name} takes back {what}").format(
                    name=self.names[offer.seat],
                    what=card_label(what, ascii_only=self.look.ascii_only)
                    if isinstance(what, Card)
                    else say(what),
                )
            )
        notice = Text(self.look.text(hold.refused), style=ATTENTION) if hold.refused else None
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
            return Command.UNDO if answers.undo(answer) else Page.NEXT

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
        height = self.terminal.size()[1]
        self.terminal.show(*self._news_lines(height - 1 - room_below))

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

    def _overlay(self, offered: Offer) -> Intent:
        """The overlay the table opened, until a key: back to the hand."""
        view = offered.view
        assert view is not None and offered.overlay is not None
        shown: RenderableType
        match offered.overlay:
            case Overlay.RULES:
                book = rulebook_text(language())
                if offered.explain:  # r at an explanation: the sections its panel names
                    book = rule_sections(sections_of(self._panels(offered.explain)[self.panel]))
                self._page(Markdown(self.look.text(book)))
                return Page.BACK
            case Overlay.HELP:
                shown = help_screen(self.host.rules, self.look, offered.options)
            case Overlay.MEMORY:
                shown = memory_panel(view, self.look)
            case Overlay.SCORES:
                shown = standings(self.host, self.look)
            case Overlay.HINT:
                assert offered.hint is not None
                width = self.terminal.size()[0]
                shown = hint_panel(offered.hint, self.look, self.names[offered.seat], width)
        self.terminal.clear()
        self.terminal.show(shown)
        with contextlib.suppress(Resized):  # back to the hand, drawn at the new size
            self._ask(self.look.text(_("Press Enter to go back. ")))
        return Page.BACK

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

    # ---------------------------------------------------------------- the lesson's explanations

    def _explain(self, offered: Offer) -> Intent:
        """What the lesson says, in as many panels below the table as the rows ask, one Enter
        each; the last one's key goes to the table (u there takes a move back, if offered)."""
        if offered.explain != self.reading:
            self.reading, self.panel = offered.explain, 0
        self.terminal.discard_typeahead()  # an Enter typed ahead must not dismiss it unread
        panels = [list(offered.explain)] if offered.undo_here else self._panels(offered.explain)
        while True:
            group = panels[min(self.panel, len(panels) - 1)]
            prompt = explain_prompt(group, offered.undo_here, self.look)
            self._ensure_size()
            panel = lesson_panel(group, self.look)
            self._draw_table(offered, self._rows(panel))
            self.terminal.show(panel)
            intent = read_explained(self._ask(self.look.text(prompt)), offered)
            if intent is Page.NEXT and self.panel + 1 < len(panels):
                self.panel += 1
                continue
            return intent

    def _beside(self, offered: Offer) -> Intent:
        """What the table explains beside the player's moves (the first exchange): below his
        table where the rows hold both, else in its place with a word on how to see it; his move
        prompt under it either way (he may move at once, or press Enter alone for his table)."""
        panel = aside_panel(offered.explain, self.look)
        rows = self._rows(panel)
        width, height = self.terminal.size()
        if height - rows - 1 >= PANEL_ROOM:
            self._draw_table(offered, rows + 1)
            self.terminal.show(panel)
        else:
            self.terminal.clear()
            self.terminal.show(panel, table_again(self.look))  # the panel measured above
        prompt = move_prompt(offered.moves, offered.options, width < MIN_WIDTH, columns=width)
        return read_typed(self._ask(self.look.text(prompt)), offered)

    def _panels(self, explanations: Sequence[Told]) -> list[list[Told]]:
        """The explanations in as few panels as fit above the table: below the table's standard
        layout where the terminal has the rows for both (so that the table does not change
        layout each time a panel opens and closes), an explanation too long for them split
        between panels; else below the compact layout."""
        height = self.terminal.size()[1]
        standard = height - MIN_HEIGHT >= MIN_PANEL
        room = height - MIN_HEIGHT if standard else height - PANEL_ROOM
        panels: list[list[Told]] = []
        group: list[Told] = []
        for whole in explanations:
            for explanation in self._parts(whole, room) if standard else [whole]:
                if group and self._rows(lesson_panel([*group, explanation], self.look)) > room:
                    panels.append(group)
                    group = []
                group.append(explanation)
        if group:
            panels.append(group)
        return panels

    def _parts(self, explanation: Told, room: int) -> list[Told]:
        """`explanation` in as few parts (each a run of its lines) as each fit a panel of
        `room` rows; a line too long for one alone is a part of its own."""
        parts: list[Told] = []
        lines: list[str] = []
        for line in explanation.lines:
            wider = replace(explanation, lines=(*lines, line))
            if lines and self._rows(lesson_panel([wider], self.look)) > room:
                parts.append(replace(explanation, lines=tuple(lines)))
                lines = []
            lines.append(line)
        parts.append(replace(explanation, lines=tuple(lines)))
        return parts

    def _rows(self, renderable: RenderableType) -> int:
        console = self.terminal.console
        options = console.options.update(width=self.terminal.drawing_width())
        return len(console.render_lines(renderable, options, pad=False))

    def _draw_table(self, offered: Offer, below: int) -> None:
        """The player's own table, `below` rows left free under it (for a panel)."""
        assert offered.view is not None
        self.terminal.enter_private()
        height = self.terminal.size()[1]
        self.terminal.show(
            private_screen(offered.view, self.look, height - below, options=offered.options)
        )

    # ---------------------------------------------------------------- the end

    def _finish(self) -> int:
        """The final sheet, the public log, and what the table's finish did (record, history,
        and only then the save removed)."""
        self.closing = [
            Text(""),
            final_sheet(session_accounts(self.host.public_events()), self.host.names(), self.look),
        ]
        self.terminal.leave_private()
        self._print_log()
        finished = self.table.report
        assert finished is not None
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
