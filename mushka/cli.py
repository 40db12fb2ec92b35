"""The `mushka` command line: play, simulate, check and show records, read the rules."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from mushka import __version__
from mushka.engine import Session
from mushka.errors import HouseRuleError, MushkaError
from mushka.house_rules import Exchange, HouseRules, parse_prices
from mushka.ledger import session_accounts
from mushka.players.bots import check_strategy
from mushka.record import loads, replay
from mushka.study.simulate import Outcome, RunConfig
from mushka.study.simulate import simulate as run_simulation
from mushka.tui.hotseat import HotSeat, TableSettings
from mushka.tui.look import guard_streams
from mushka.tui.replay_view import frames
from mushka.tui.report_view import report_view, sweep_view
from mushka.tui.rulebook import show_rulebook
from mushka.tui.seating import ask_names, make_console, name_problem, seat_bots
from mushka.tui.storage import (
    UNUSABLE,
    FileProblem,
    GameOpenElsewhere,
    SavedGame,
    SaveError,
    SaveLock,
    json_problem,
    keep_aside,
    load_game,
    names_problem,
    one_line,
    open_private_stream,
    os_reason,
    read_scores,
    record_texts,
    save_game,
    save_path,
    scores_path,
)
from mushka.tui.table import Look, final_sheet
from mushka.tui.terminal import Terminal

app = typer.Typer(
    name="mushka",
    help="Mushka-kopilka, the old Russian piggy-bank card game, for four players at one terminal.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mushka {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Mushka-kopilka: 32 cards, five each, the ace of spades beats every trick."""


StakeOpt = Annotated[
    int,
    typer.Option(
        "--stake",
        help="Kopecks each player pays into the kitty at the start of every deal (the previous deal's first out is spared).",
        show_default=True,
    ),
]
RemiseOpt = Annotated[
    int,
    typer.Option(
        "--remise",
        help="The remise: kopecks paid into the kitty for a revoke, and by each player without a trick in a deal.",
        show_default=True,
    ),
]
PricesOpt = Annotated[
    str,
    typer.Option(
        "--prices",
        help="Trick prices in kopecks for hearts, clubs, diamonds, spades (H,C,D,S); doubled when the mushka takes the trick.",
        show_default=True,
    ),
]
DealsOpt = Annotated[
    int,
    typer.Option(
        "--deals",
        help="Deals in the session; the first out of the last deal takes the kitty.",
        show_default=True,
    ),
]
ExchangeOpt = Annotated[
    Exchange,
    typer.Option(
        "--exchange",
        help="A hand dealt 3+ cards of a suit exchanges them: modern (each other player takes one blind), old (the right-hand neighbour picks two), or off.",
        show_default=True,
    ),
]


def house_rules(stake: int, remise: int, prices: str, deals: int, exchange: Exchange) -> HouseRules:
    """Build the house rules from options; a bad value becomes a usage error (exit code 2)."""
    try:
        return HouseRules(
            stake=stake, remise=remise, prices=parse_prices(prices), deals=deals, exchange=exchange
        )
    except HouseRuleError as exc:
        param = {"stake": "--stake", "remise": "--remise", "deals": "--deals"}.get(
            exc.setting, "--prices"
        )
        raise typer.BadParameter(str(exc), param_hint=f"'{param}'") from None


@app.command()
def simulate(
    sessions: Annotated[
        int, typer.Option("--sessions", "-n", min=1, help="How many sessions to play.")
    ] = 100,
    seed: Annotated[
        int, typer.Option("--seed", help="Master seed: the same seed gives the same run.")
    ] = 0,
    record: Annotated[
        Path | None,
        typer.Option("--record", help="Write every session's record to FILE (JSON Lines)."),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            help="Strategy (random, basic, strong) for all seats, or give it four times, one per seat.",
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            help="Worker processes; 0 uses every core. Results do not depend on it.",
        ),
    ] = 1,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    compare: Annotated[
        str | None,
        typer.Option(
            "--compare",
            help="Compare strategies, e.g. strong,basic,random: each against three of each other, "
            "in every seat over the same deals (-n sessions per pairing); a table with 95% intervals.",
        ),
    ] = None,
    stake: Annotated[
        str,
        typer.Option(
            "--stake", help="Kopecks each player antes per deal; a list such as 5,10,15,25 sweeps."
        ),
    ] = "15",
    remise: RemiseOpt = 5,
    prices: PricesOpt = "4,3,2,1",
    deals: DealsOpt = 4,
    exchange: ExchangeOpt = Exchange.MODERN,
) -> None:
    """Play many sessions with computer players and report what they say about the game."""
    stakes = _stakes(stake)
    runs = [house_rules(s, remise, prices, deals, exchange) for s in stakes]
    strategies = _strategies(bot or ["random"])
    workers = jobs or os.cpu_count() or 1
    if compare is not None:
        _compare(compare, runs[0], sessions, seed, workers, json_output)
        return
    if record is not None and not record.parent.is_dir():
        raise typer.BadParameter(
            f"the folder {record.parent} does not exist", param_hint="'--record'"
        )
    try:
        out = open_private_stream(record) if record is not None else None
    except OSError as exc:
        raise typer.BadParameter(
            f"cannot write {record}: {os_reason(exc)}", param_hint="'--record'"
        ) from None
    console, ascii_table = make_console()
    progress = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    reports = []
    try:
        with progress:
            task = progress.add_task("sessions", total=sessions * len(runs))
            for rules in runs:
                config = RunConfig(rules, seed, strategies, keep_records=out is not None)

                def done(outcome: Outcome) -> None:
                    if out is not None and outcome.record is not None:
                        out.write(outcome.record + "\n")
                    progress.advance(task)

                reports.append(run_simulation(config, sessions, workers, done))
    finally:
        if out is not None:
            out.close()
    if json_output:
        payload = (
            reports[0].to_json() if len(reports) == 1 else {"sweep": [r.to_json() for r in reports]}
        )
        typer.echo(json.dumps(payload, indent=1))
        return
    for report in reports:
        console.print(report_view(report, workers, Look(ascii_table)))
    if len(reports) > 1:
        console.print(sweep_view(reports))
    if record is not None:
        console.print(f"Records written to {record}.")


def _compare(
    text: str, rules: HouseRules, sessions: int, seed: int, workers: int, as_json: bool
) -> None:
    """`simulate --compare`: the duplicate ladder of the listed strategies."""
    from mushka.study.ladder import compare
    from mushka.tui.report_view import compare_json, compare_view

    names = [name.strip() for name in text.split(",")]
    try:
        for name in names:
            check_strategy(name)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--compare'") from None
    if len(set(names)) < 2:
        raise typer.BadParameter(
            "give two or more different strategies, e.g. strong,basic,random",
            param_hint="'--compare'",
        )
    matches = compare(names, -(-sessions // 4), jobs=workers, master_seed=seed, rules=rules)
    if as_json:
        typer.echo(json.dumps(compare_json(matches), indent=1))
    else:
        Console(highlight=False).print(compare_view(names, matches))


def _stakes(text: str) -> list[int]:
    parts = [part.strip() for part in text.split(",")]
    if not all(re.fullmatch("[+-]?[0-9]{1,9}", part) for part in parts):  # ASCII digits only
        raise typer.BadParameter(
            f"give a whole number or a list like 5,10,15,25, not {one_line(repr(text), 40)}",
            param_hint="'--stake'",
        )
    return [int(part) for part in parts]


def _strategies(names: list[str]) -> tuple[str, str, str, str]:
    for name in names:
        try:
            check_strategy(name)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="'--bot'") from None
    if len(names) == 1:
        return (names[0], names[0], names[0], names[0])
    if len(names) == 4:
        return (names[0], names[1], names[2], names[3])
    raise typer.BadParameter(
        f"give one strategy for all seats or four, one per seat, not {len(names)}",
        param_hint="'--bot'",
    )


@app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="A game record (.json) or many (JSON Lines).")],
) -> None:
    """Check that a game record replays under the rules, event by event."""
    checked = 0
    try:
        for where, text in record_texts(file):
            try:
                session = loads(text)
            except UNUSABLE as exc:
                _fail(f"{file}: {where}{_record_problem(exc)}", 1)
            problem = names_problem(list(session.players))
            if problem is not None:
                _fail(f"{file}: {where}{problem}", 1)
            checked += 1
            net = " ".join(f"{n:+d}" for n in session.net)
            typer.echo(f"ok: {', '.join(session.players)} · {len(session.deals)} deals · net {net}")
    except FileProblem as exc:
        _fail(f"{file}: {exc}", 2 if exc.unreadable else 1)
    if not checked:
        _fail(f"{file}: there is no game record in it", 1)
    typer.echo(f"{checked} record(s) replay correctly.")


def _fail(message: str, code: int) -> NoReturn:
    """One clear line on stderr, then the exit code: never a traceback, never a file's megabytes."""
    typer.echo(f"mushka: {one_line(message, 400)}", err=True)
    raise typer.Exit(code)


def _record_problem(exc: BaseException) -> str:
    """What is wrong with a record, in one short line, whatever the reader raised."""
    if isinstance(exc, MushkaError):
        return one_line(exc)
    return json_problem(exc)


# ---------------------------------------------------------------- playing


def _check_names(names: list[str]) -> list[str]:
    if len(names) > 4:
        raise typer.BadParameter(
            f"at most four players, {len(names)} were given", param_hint="'--player'"
        )
    cleaned: list[str] = []
    for name in names:
        problem = name_problem(name.strip(), cleaned)
        if problem:
            raise typer.BadParameter(problem, param_hint="'--player'")
        cleaned.append(name.strip())
    return cleaned


def _describe_save(saved: SavedGame) -> str:
    session = saved.session
    return f"deal {session.deal_index + 1} of {session.rules.deals}: {', '.join(session.players)}"


def _resume(terminal: Terminal, saved: SavedGame, ascii_override: bool | None = None) -> int:
    settings = TableSettings.from_json(saved.ui)
    if ascii_override:
        settings.ascii_only = True
    _first_save(saved.session, settings)  # can the game be saved at all? Say so before playing
    terminal.show(Text(f"Resuming the saved game ({_describe_save(saved)}).", style="bold"))
    return HotSeat(saved.session, terminal, settings, seat_bots(saved.session, settings.bots)).run()


def _first_save(session: Session, settings: TableSettings) -> None:
    """Save before the first move, so that a save that cannot be written is said before play starts."""
    try:
        save_game(session, settings.to_json())
    except OSError as exc:
        _fail(f"cannot save to {save_path()}: {os_reason(exc)}", 1)


def _kept_words(exc: SaveError) -> str:
    if exc.kept is None:
        return f"{exc}."
    return f"{exc}; it was kept, unchanged, as {exc.kept}."


def _load_save_or_explain() -> SavedGame | None:
    try:
        return load_game(check_ui=TableSettings.from_json)
    except SaveError as exc:
        then = " Start a new game with: mushka play" if exc.kept is not None else ""
        _fail(_kept_words(exc) + then, 1)


@contextlib.contextmanager
def _save_lock() -> Iterator[None]:
    """Hold the save's lock for the whole game; a second mushka on the same save is turned away."""
    lock = SaveLock()
    try:
        lock.acquire()
    except GameOpenElsewhere:
        _fail(
            f"a game is already open in another terminal (its save is {save_path()}). "
            "Finish it or quit it (q) there first.",
            1,
        )
    except OSError as exc:
        _fail(f"cannot save to {save_path()}: {os_reason(exc)}", 1)
    try:
        yield
    finally:
        lock.release()


def _require_terminal() -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        typer.echo(
            "mushka: playing needs an interactive terminal: hands are shown privately on its screen.",
            err=True,
        )
        raise typer.Exit(1)


@app.command()
def play(
    stake: StakeOpt = 15,
    remise: RemiseOpt = 5,
    prices: PricesOpt = "4,3,2,1",
    deals: DealsOpt = 4,
    exchange: ExchangeOpt = Exchange.MODERN,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            help="A player's name, in seat order; repeat up to four times. Missing names are asked for.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, help="Seed the shuffle, to replay a session exactly."),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option("--record", help="Also write the finished session's game record to FILE."),
    ] = None,
    ascii_only: Annotated[
        bool, typer.Option("--ascii", help="Letters for suits and ASCII borders.")
    ] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the saved game (same as: mushka resume).")
    ] = False,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            help="A computer player in SEAT (1-4): SEAT or SEAT:STRATEGY (random, basic, strong). Repeatable.",
        ),
    ] = None,
    bots: Annotated[
        int, typer.Option("--bots", min=0, max=4, help="Computer players in the last N free seats.")
    ] = 0,
    bot_strategy: Annotated[
        str,
        typer.Option(
            "--strategy",
            help="Strategy of the --bots players. Seeded games replay exactly: strong searches a fixed number of deals (a 2 s cap per move is only a safety net).",
        ),
    ] = "strong",
    bot_delay: Annotated[
        float,
        typer.Option(
            "--bot-delay", min=0.0, help="Seconds to show each computer move; 0 for none."
        ),
    ] = 0.8,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints/--no-hints",
            help="House rule: the h key shows what the strong computer player would do and what each move is worth (off by default).",
        ),
    ] = False,
) -> None:
    """Play a session at this terminal: four players, one keyboard, hands kept private.

    House rules: each player antes the stake into the kitty every deal (the previous deal's first
    out is spared); tricks are paid from the kitty at the suit's price, doubled when the mushka
    (the ace of spades) takes them; a revoke or a deal without a trick costs a remise; the first
    out of the last deal takes the kitty. See: mushka rules.
    """
    rules = house_rules(stake, remise, prices, deals, exchange)
    names = _check_names(player or [])
    if record is not None and not record.parent.is_dir():
        raise typer.BadParameter(
            f"the folder {record.parent} does not exist", param_hint="'--record'"
        )
    seats = bot_seats(bot or [], bots, bot_strategy)
    _check_seating(names, seats)
    if len(seats) < 4 or resume:
        _require_terminal()
    console, ascii_table = make_console(ascii_only)
    terminal = Terminal(console)
    if not resume and len(seats) < 3 and (problem := terminal.private_screen_problem()):
        typer.echo(f"mushka: cannot keep the hands private: {problem}.", err=True)
        raise typer.Exit(1)
    if (
        len(seats) == 4 and not resume
    ):  # computers only: runs unattended, touching no save or history
        session = Session(ask_names(terminal, names, seats), rules, seed=seed)
        settings = TableSettings(
            ascii_table, str(record) if record else None, seats, bot_delay, hints=hints
        )
        table = HotSeat(
            session,
            terminal,
            settings,
            seat_bots(session, seats),
            save=_no_save,
            keep_history=False,
        )
        raise typer.Exit(table.run())
    with _save_lock():
        if resume:
            saved = _load_save_or_explain()
            if saved is None:
                _fail("there is no saved game. Start one with: mushka play", 1)
            raise typer.Exit(_resume(terminal, saved, ascii_only or None))
        try:
            saved = load_game(check_ui=TableSettings.from_json)
        except SaveError as exc:  # a new game is wanted anyway: say so, keep the file, and go on
            saved = None
            terminal.show(Text(f"Note: {_kept_words(exc)}", style="yellow"))
            if exc.kept is None:
                raise typer.Exit(1) from None
        try:
            if saved is not None:
                answer = terminal.read(
                    f"An unfinished game is saved ({_describe_save(saved)}). Resume it? [Y/n] "
                )
                if answer.strip().lower() in ("", "y", "yes"):
                    raise typer.Exit(_resume(terminal, saved, ascii_only or None))
                try:
                    kept = keep_aside(save_path(), "abandoned")
                except OSError as exc:
                    _fail(f"the unfinished game could not be kept aside: {os_reason(exc)}", 1)
                terminal.show(Text(f"The unfinished game was kept as {kept}."))
            names = ask_names(terminal, names, seats)
        except (KeyboardInterrupt, EOFError):
            terminal.show(Text(""))
            raise typer.Exit(130) from None
        session = Session(names, rules, seed=seed)
        settings = TableSettings(
            ascii_only=ascii_table,
            record_path=str(record.absolute()) if record else None,  # resume may run elsewhere
            bots=seats,
            bot_delay=bot_delay,
            hints=hints,
        )
        _first_save(session, settings)
        raise typer.Exit(HotSeat(session, terminal, settings, seat_bots(session, seats)).run())


def _check_seating(names: list[str], seats: dict[int, str]) -> None:
    """Named players sit from seat 1 on: none of them may land on a computer's seat."""
    people = 4 - len(seats)
    if len(names) > people:
        raise typer.BadParameter(
            f"{len(names)} players were named, but the computer players leave "
            f"{people} seat(s) for people",
            param_hint="'--player'",
        )
    for seat in range(len(names)):
        if seat in seats:
            raise typer.BadParameter(
                f"{names[seat]} would sit in seat {seat + 1}, which is a computer's; "
                f"{people} seat(s) are left for people: give the computers the last seats",
                param_hint="'--player'",
            )


def _no_save(session: Session, ui: dict[str, object]) -> None:
    """Computer-only games are not saved: the same seed plays them again."""


def bot_seats(specs: list[str], count: int, strategy: str) -> dict[int, str]:
    """Seat → strategy from `--bot SEAT[:STRATEGY]` options and `--bots N`."""
    try:
        check_strategy(strategy)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--strategy'") from None
    seats: dict[int, str] = {}
    for spec in specs:
        seat_text, _, name = spec.partition(":")
        if re.fullmatch("[1-4]", seat_text.strip()) is None:  # ASCII only: int() takes "١" too
            raise typer.BadParameter(
                f"{spec!r}: the seat must be a number from 1 to 4", param_hint="'--bot'"
            )
        name = name.strip() or strategy
        try:
            check_strategy(name)
        except ValueError as exc:
            raise typer.BadParameter(f"{spec!r}: {exc}", param_hint="'--bot'") from None
        seat = int(seat_text) - 1
        if seat in seats:
            raise typer.BadParameter(f"seat {seat + 1} is given twice", param_hint="'--bot'")
        seats[seat] = name
    free = [s for s in (3, 2, 1, 0) if s not in seats]
    if count > len(free):
        raise typer.BadParameter(
            f"only {len(free)} seat(s) are left for --bots {count}", param_hint="'--bots'"
        )
    for seat in free[:count]:
        seats[seat] = strategy
    return dict(sorted(seats.items()))


@app.command("resume")
def resume_command(
    ascii_only: Annotated[
        bool, typer.Option("--ascii", help="Letters for suits and ASCII borders.")
    ] = False,
) -> None:
    """Continue the saved game exactly where it stopped."""
    with _save_lock():
        saved = _load_save_or_explain()
        if saved is None:
            _fail("there is no saved game. Start one with: mushka play", 1)
        _require_terminal()
        console, _ = make_console(ascii_only)
        raise typer.Exit(_resume(Terminal(console), saved, ascii_only or None))


@app.command()
def scores(
    last: Annotated[
        bool, typer.Option("--last", help="Show the final score sheet of the latest session.")
    ] = False,
) -> None:
    """Show past sessions: date, players, results and winner."""
    console, ascii_table = make_console(False)
    look = Look(ascii_table)
    try:
        entries, bad = read_scores()
    except FileProblem as exc:
        _fail(f"{scores_path()}: {exc}", 1)
    if bad:
        console.print(
            Text(f"({bad} unreadable line(s) in {scores_path()} were skipped)", style="dim")
        )
    if not entries:
        console.print("No finished sessions yet. Play one with: mushka play")
        return
    if last:
        entry = entries[-1]
        try:
            session = replay(entry.record)
        except UNUSABLE as exc:
            _fail(f"the latest session's record does not replay: {_record_problem(exc)}", 1)
        console.print(
            Text("Session finished ", style="bold").append(look.name(_local_time(entry.finished)))
        )
        console.print(final_sheet(session_accounts(session.log()), session.players, look))
        return
    table = Table(
        title=f"{len(entries)} finished session{'s' if len(entries) != 1 else ''}, newest first",
        box=look.box,
        title_justify="left",
    )
    table.add_column("finished")
    table.add_column("players and net results")
    table.add_column("winner")
    for entry in reversed(entries):
        results = "\n".join(  # one player a line: a wrap never splits "Bot 3 (strong)"
            f"{p} {look.money(n)}"
            for p, n in zip(look.names(entry.players), entry.net, strict=True)
        )
        table.add_row(
            look.name(_local_time(entry.finished)), Text(results), look.name(entry.winner)
        )
    console.print(table)


def _local_time(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


@app.command()
def rules() -> None:
    """Show the rulebook (paged in a terminal)."""
    show_rulebook(*make_console())


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (.json), or JSON Lines of records.")],
    number: Annotated[
        int, typer.Option("--session", min=1, help="Which record of a JSON Lines file.")
    ] = 1,
    no_pause: Annotated[
        bool, typer.Option("--no-pause", help="Print everything without waiting for Enter.")
    ] = False,
    ascii_only: Annotated[
        bool, typer.Option("--ascii", help="Letters for suits and ASCII borders.")
    ] = False,
) -> None:
    """Step through a recorded session deal by deal and trick by trick, all hands open."""
    chosen: tuple[str, str] | None = None
    count = 0
    try:
        for where, text in record_texts(file):
            count += 1
            if count == number:
                chosen = (where, text)
                break
    except FileProblem as exc:
        _fail(f"{file}: {exc}", 2 if exc.unreadable else 1)
    if chosen is None:
        if not count:
            _fail(f"{file}: there is no game record in it", 1)
        _fail(f"{file} holds {count} record(s), not {number}", 2)
    where, text = chosen
    try:
        data = json.loads(text)
    except UNUSABLE as exc:
        _fail(f"{file}: {where}{json_problem(exc)}", 1)
    if isinstance(data, dict) and isinstance(data.get("players"), list):
        problem = names_problem(data["players"])
        if problem is not None:
            _fail(f"{file}: {where}{problem}", 1)
    console, ascii_table = make_console(ascii_only)
    pause = not no_pause and console.is_terminal and sys.stdin.isatty()
    try:
        for frame in frames(data, Look(ascii_table)):
            console.print(frame)
            if pause and console.input("[dim]Enter: next · q: stop[/dim] ").strip().lower() == "q":
                return
    except (KeyboardInterrupt, EOFError):
        return
    except UNUSABLE as exc:
        _fail(f"{file}: {where}{_record_problem(exc)}", 1)


def main() -> None:
    guard_streams()  # no character a console cannot show may crash a command
    app()
