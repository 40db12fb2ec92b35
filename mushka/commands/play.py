"""`mushka play` and `mushka resume`: seat the players, guard the save, and run the hot seat."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import typer
from rich.text import Text

from mushka.commands.exits import bad_option, checked_record_target, fail
from mushka.commands.house import HouseOptions
from mushka.engine import Session
from mushka.errors import MushkaError, short_repr
from mushka.host.settings import MAX_BOT_DELAY, TableSettings
from mushka.host.storage import (
    GameOpenElsewhere,
    SavedGame,
    SaveError,
    SaveLock,
    keep_aside,
    load_game,
    os_reason,
    save_path,
)
from mushka.host.table import TableHost, resumed, saved_table, unsaved
from mushka.i18n import _, _n, say
from mushka.names import name_problem
from mushka.players.strategies import check_strategy
from mushka.present import answers
from mushka.present.command import command
from mushka.render.look import make_console
from mushka.tui.hotseat import HotSeat
from mushka.tui.seating import ask_names
from mushka.tui.terminal import ScreenTerminal, Terminal


@dataclass(frozen=True)
class PlayOptions:
    """Everything `mushka play` was asked for, as typed."""

    house: HouseOptions
    players: list[str]
    seed: int | None
    record: Path | None
    ascii_only: bool
    resume: bool
    bot: list[str]
    bots: int
    strategy: str
    bot_delay: float
    undo: bool
    hints: bool


def play_session(options: PlayOptions) -> None:
    """Start a new session (or the saved one) at this terminal; exits with the table's code."""
    rules = options.house.rules()
    names = check_names(options.players)
    record = checked_record_target(options.record)
    seats = bot_seats(options.bot, options.bots, options.strategy)
    if not 0 <= options.bot_delay <= MAX_BOT_DELAY:  # a save must read back what it was given
        bad_option(
            "--bot-delay",
            _("must be from 0 to {most} seconds").format(most=f"{MAX_BOT_DELAY:g}"),
        )
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
            terminal.show(Text(_("Note: {what}").format(what=_kept_words(exc)), style="yellow"))
            if exc.kept is None:
                raise typer.Exit(1) from None
        try:
            if saved is not None:
                answer = terminal.read(
                    _("An unfinished game is saved ({about}). Resume it? [Y/n] ").format(
                        about=_describe_save(saved)
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
    resuming = _("Resuming the saved game ({about}).").format(about=_describe_save(saved))
    terminal.show(Text(resuming, style="bold"))
    return HotSeat(host, terminal).run()


def first_save(host: TableHost) -> None:
    """Save before the first move, so that a save that cannot be written is said before play starts."""
    try:
        host.save_now()
    except OSError as exc:
        fail(_cannot_save(exc), 1)


@contextlib.contextmanager
def save_lock() -> Iterator[None]:
    """Hold the save's lock for the whole game; a second mushka on the same save is turned away."""
    lock = SaveLock()
    try:
        lock.acquire()
    except GameOpenElsewhere:
        fail(
            _(
                "a game is already open in another terminal (its save is {file}). "
                "Finish it or quit it (q) there first."
            ).format(file=save_path()),
            1,
        )
    except OSError as exc:
        fail(_cannot_save(exc), 1)
    try:
        yield
    finally:
        lock.release()


def require_terminal() -> None:
    """Stop unless both ends are a terminal: hands are shown privately on its screen."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(
            _("playing needs an interactive terminal: hands are shown privately on its screen."),
            1,
        )


def check_names(names: list[str]) -> list[str]:
    """The names given on the command line, trimmed; a bad or repeated one is a usage error."""
    if len(names) > 4:
        given = _n(
            "at most four players, {n} was given",
            "at most four players, {n} were given",
            len(names),
        )
        bad_option("--player", given.format(n=len(names)))
    cleaned: list[str] = []
    for name in names:
        problem = name_problem(name.strip(), cleaned)
        if problem is not None:
            bad_option("--player", say(problem))
        cleaned.append(name.strip())
    return cleaned


def check_seating(names: list[str], seats: dict[int, str]) -> None:
    """Named players sit from seat 1 on: none of them may land on a computer's seat."""
    people = 4 - len(seats)
    if len(names) > people:
        seats_left = _n("{n} seat", "{n} seats", people).format(n=people)
        named = _n(
            "{n} player was named, but the computer players leave {seats} for people",
            "{n} players were named, but the computer players leave {seats} for people",
            len(names),
        )
        bad_option("--player", named.format(n=len(names), seats=seats_left))
    for seat in range(len(names)):
        if seat in seats:
            left = _n(
                "{n} seat is left for people", "{n} seats are left for people", people
            ).format(n=people)
            bad_option(
                "--player",
                _(
                    "{name} would sit in seat {seat}, which is a computer's; {left}: "
                    "give the computers the last seats"
                ).format(name=names[seat], seat=seat + 1, left=left),
            )


def bot_seats(specs: list[str], count: int, strategy: str) -> dict[int, str]:
    """Seat → strategy from `--bot SEAT[:STRATEGY]` options and `--bots N`."""
    try:
        check_strategy(strategy)
    except MushkaError as exc:
        bad_option("--strategy", say(exc))
    seats: dict[int, str] = {}
    for spec in specs:
        seat_text, _colon, name = spec.partition(":")
        if re.fullmatch("[1-4]", seat_text.strip()) is None:  # ASCII only: int() takes "١" too
            bad_option(
                "--bot",
                _("{spec}: the seat must be a number from 1 to 4").format(spec=short_repr(spec)),
            )
        name = name.strip() or strategy
        try:
            check_strategy(name)
        except MushkaError as exc:
            bad_option("--bot", f"{short_repr(spec)}: {say(exc)}")
        seat = int(seat_text) - 1
        if seat in seats:
            bad_option("--bot", _("seat {seat} is given twice").format(seat=seat + 1))
        seats[seat] = name
    free = [s for s in (3, 2, 1, 0) if s not in seats]
    if count > len(free):
        only = _n(
            "only {n} seat is left for --bots {count}",
            "only {n} seats are left for --bots {count}",
            len(free),
        )
        bad_option("--bots", only.format(n=len(free), count=count))
    for seat in free[:count]:
        seats[seat] = strategy
    return dict(sorted(seats.items()))


def saved_or_fail() -> SavedGame:
    try:
        saved = load_game(check=saved_table)
    except SaveError as exc:
        then = _(" Start a new game with: {command}") if exc.kept is not None else ""
        fail(_kept_words(exc) + then.format(command=command("play")), 1)
    if saved is None:
        fail(
            _("there is no saved game. Start one with: {command}").format(command=command("play")),
            1,
        )
    return saved


def _describe_save(saved: SavedGame) -> str:
    session = saved.session
    return _("deal {n} of {deals}: {players}").format(
        n=session.deal_index + 1, deals=session.rules.deals, players=", ".join(session.players)
    )


def _kept_words(exc: SaveError) -> str:
    if exc.kept is None:
        return f"{say(exc)}."
    return _("{problem}; it was kept, unchanged, as {file}.").format(
        problem=say(exc), file=exc.kept
    )


def _cannot_save(exc: OSError) -> str:
    return _("cannot save to {file}: {reason}").format(file=save_path(), reason=os_reason(exc))
