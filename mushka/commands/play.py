"""`mushka play` and `mushka resume`: seat the players, guard the save, and run the hot seat."""

from __future__ import annotations

import sys

import typer
from rich.text import Text

from mushka.commands.exits import checked_record_target, fail
from mushka.commands.saves import (
    describe_save,
    first_save,
    kept_words,
    save_lock,
    saved_or_fail,
)
from mushka.commands.table_setup import (
    PlayOptions,
    bot_seats,
    check_bot_delay,
    check_names,
    check_seating,
)
from mushka.engine import Session
from mushka.host.settings import TableSettings
from mushka.host.storage.files import os_reason
from mushka.host.storage.paths import save_path
from mushka.host.storage.saves import SavedGame, SaveError, keep_aside, load_game
from mushka.host.table import TableHost, resumed, saved_table, unsaved
from mushka.i18n import _
from mushka.present import answers
from mushka.render.look import make_console
from mushka.tui.hotseat import HotSeat
from mushka.tui.seating import ask_names
from mushka.tui.terminal import ScreenTerminal, Terminal


def play_session(options: PlayOptions) -> None:
    """Start a new session (or the saved one) at this terminal; exits with the table's code."""
    rules = options.house.rules()
    names = check_names(options.players)
    record = checked_record_target(options.record)
    seats = bot_seats(options.bot, options.bots, options.strategy)
    check_bot_delay(options.bot_delay)
    check_seating(names, seats)
    resume = options.resume
    if len(seats) < 4 or resume:
        require_terminal()
    console, ascii_table = make_console(options.ascii_only)
    terminal = ScreenTerminal(console)
    if not resume and len(seats) < 3 and (problem := terminal.private_screen_problem()):
        fail(_("cannot keep the hands private: {problem}.").format(problem=problem), 1)
    settings = TableSettings(
        ascii_only=ascii_table,
        record_path=str(record) if record else None,  # absolute: resume may run elsewhere
        bots=seats,
        bot_delay=options.bot_delay,
        undo=options.undo,
        hints=options.hints,
        record_trusted=True,
    )
    if len(seats) == 4 and not resume:  # computers only: runs unattended, no save, no history
        session = Session(ask_names(terminal, names, seats), rules, seed=options.seed)
        host = TableHost(session, settings, save=unsaved, keep_history=False)
        raise typer.Exit(HotSeat(host, terminal).run())
    with save_lock():
        if resume:
            raise typer.Exit(resume_saved(terminal, saved_or_fail(), options.ascii_only))
        try:
            saved = load_game(check=saved_table)
        except SaveError as exc:  # a new game is wanted anyway: say so, keep the file, and go on
            saved = None
            terminal.show(Text(_("Note: {what}").format(what=kept_words(exc)), style="yellow"))
            if exc.kept is None:
                raise typer.Exit(1) from None
        try:
            if saved is not None:
                answer = terminal.read(
                    _("An unfinished game is saved ({about}). Resume it? [Y/n] ").format(
                        about=describe_save(saved)
                    )
                )
                if not answer.strip() or answers.yes(answer):  # Enter resumes
                    raise typer.Exit(resume_saved(terminal, saved, options.ascii_only))
                try:
                    kept = keep_aside(save_path(), "abandoned")
                except OSError as exc:
                    fail(
                        _("the unfinished game could not be kept aside: {reason}").format(
                            reason=os_reason(exc)
                        ),
                        1,
                    )
                terminal.show(Text(_("The unfinished game was kept as {file}.").format(file=kept)))
            names = ask_names(terminal, names, seats)
        except (KeyboardInterrupt, EOFError):
            terminal.show(Text(""))
            raise typer.Exit(130) from None
        host = TableHost(Session(names, rules, seed=options.seed), settings)
        first_save(host)
        raise typer.Exit(HotSeat(host, terminal).run())


def resume_session(ascii_only: bool) -> None:
    """Continue the saved game at this terminal; exits with the table's code."""
    with save_lock():
        saved = saved_or_fail()
        require_terminal()
        console, _ascii = make_console(ascii_only)
        raise typer.Exit(resume_saved(ScreenTerminal(console), saved, ascii_only))


def resume_saved(terminal: Terminal, saved: SavedGame, ascii_only: bool) -> int:
    """Run the saved game at the table with its own settings (ASCII if asked for now)."""
    host = resumed(saved, ascii_only)
    first_save(host)  # can the game be saved at all? Say so before playing
    resuming = _("Resuming the saved game ({about}).").format(about=describe_save(saved))
    terminal.show(Text(resuming, style="bold"))
    return HotSeat(host, terminal).run()


def require_terminal() -> None:
    """Stop unless both ends are a terminal: hands are shown privately on its screen."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(
            _("playing needs an interactive terminal: hands are shown privately on its screen."),
            1,
        )
