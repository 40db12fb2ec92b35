"""The `mushka` command line: options parsed and checked for form, then each command's module runs.

Start-up stays light: nothing here imports Rich, the engine, the computer players or the study;
each command imports its own module when it runs. (No `from __future__ import annotations`:
typer would then evaluate every annotation string again while building the command tree.)
"""

import contextlib
import io
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click.exceptions import BadParameter, ClickException, NoArgsIsHelpError
from typer.core import TyperCommand, TyperGroup

from mushka import __version__


class _Commands(TyperGroup):
    """The command group: every usage error is one plain line, whatever the console."""

    def main(  # type: ignore[override]  # the same call, with a narrower return
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except NoArgsIsHelpError as exc:
            typer.echo(exc.format_message())
            sys.exit(exc.exit_code)
        except ClickException as exc:
            print(usage_line(exc), file=sys.stderr)  # in the console's encoding, not forced UTF-8
            sys.exit(exc.exit_code)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


class _Command(TyperCommand):
    """A command whose usage line names its arguments plainly: FILE, not {FILE}."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [piece.strip("{}") for piece in super().collect_usage_pieces(ctx)]


def usage_line(exc: ClickException) -> str:
    """A usage error in one line: the command, the option, what is wrong — nothing twice."""
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else "mushka"
    message = _cut(" ".join(exc.message.split()))
    if isinstance(exc, BadParameter) and message:
        hint = exc.param_hint
        if hint is None and exc.param is not None and exc.param.opts:
            hint = exc.param.opts[0]
        if hint is None and exc.param is not None:
            hint = (exc.param.metavar or exc.param.name or "").upper()
        if isinstance(hint, str) and hint:
            return f"{where} {hint}: {message}"
        return f"{where}: {message}"
    message = _cut(" ".join(exc.format_message().split()))
    return f"{where}: {message} (see: {where} --help)"


app = typer.Typer(
    name="mushka",
    cls=_Commands,
    help="Mushka-kopilka, the old Russian piggy-bank card game, for four players at one terminal.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,  # plain help: rewrapped to the console, ASCII-safe, and quick
)


# ---------------------------------------------------------------- values checked for form


def whole(low: int | None = None, high: int | None = None, digits: int = 9) -> Callable[[str], int]:
    """A parser of a whole number in ASCII digits (int() takes "١" and "²" too) within bounds."""

    def parse(text: str | int) -> int:
        if isinstance(text, int):  # a default value
            return text
        if not re.fullmatch(f"[+-]?[0-9]{{1,{digits}}}", text.strip()):
            raise BadParameter(f"give a whole number, not {_quote(text)}")
        value = int(text)
        if low is not None and high is not None and not low <= value <= high:
            raise BadParameter(f"must be from {low} to {high}, not {value}")
        if low is not None and value < low:
            raise BadParameter(f"must be at least {low}, not {value}")
        return value

    return parse


def seconds(text: str | float) -> float:
    """A number of seconds such as 0, 1 or 0.5."""
    if isinstance(text, float | int):  # a default value
        return float(text)
    if not re.fullmatch(r"[0-9]{1,4}(\.[0-9]{1,6})?", text.strip()):
        raise BadParameter(f"give a number of seconds such as 0.5, not {_quote(text)}")
    return float(text)


def _cut(message: str, limit: int = 300) -> str:
    """A message cut to `limit` characters: an error never echoes a megabyte of input."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def _quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:39] + "…")


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
    from mushka.i18n import choose_language, use_language  # here: --version stays light

    use_language(choose_language())  # MUSHKA_LANG, else the locale (ru-commands adds --lang)


# ---------------------------------------------------------------- options shared by commands

AsciiOpt = Annotated[
    bool, typer.Option("--ascii", help="Letters for suits and ASCII borders, for any console.")
]
StakeOpt = Annotated[
    int,
    typer.Option(
        "--stake",
        parser=whole(),
        metavar="KOP",
        help="Kopecks each player pays into the kitty at the start of every deal "
        "(the previous deal's first out is spared).",
    ),
]
RemiseOpt = Annotated[
    int,
    typer.Option(
        "--remise",
        parser=whole(),
        metavar="KOP",
        help="Kopecks paid into the kitty for a revoke, and by a player left without a trick.",
    ),
]
PricesOpt = Annotated[
    str,
    typer.Option(
        "--prices",
        metavar="H,C,D,S",
        help="What a trick pays in hearts, clubs, diamonds and spades; "
        "doubled when the mushka takes it.",
    ),
]
DealsOpt = Annotated[
    int,
    typer.Option(
        "--deals",
        parser=whole(),
        metavar="N",
        help="Deals in the session; the first out of the last deal takes the kitty.",
    ),
]
ExchangeOpt = Annotated[
    str,
    typer.Option(
        "--exchange",
        metavar="modern|old|off",
        help="A hand dealt 3+ cards of a suit exchanges them: each other player takes one "
        "blind (modern), the right-hand neighbour picks two (old), or no exchange (off).",
    ),
]
RecordOpt = Annotated[
    Path | None,
    typer.Option("--record", metavar="FILE", help="Also write the game record to FILE."),
]


# ---------------------------------------------------------------- the commands, in play order


@app.command(short_help="Play a session at this terminal.")
def play(
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="A player's name, in seat order; repeat up to four times. "
            "Names not given are asked for.",
        ),
    ] = None,
    stake: StakeOpt = 15,
    remise: RemiseOpt = 5,
    prices: PricesOpt = "4,3,2,1",
    deals: DealsOpt = 4,
    exchange: ExchangeOpt = "modern",
    undo: Annotated[
        bool,
        typer.Option(
            "--undo/--no-undo",
            show_default=False,
            help="House setting: a player may take back his last move on the handoff that "
            "follows. Off by default: a card laid has been seen by everyone.",
        ),
    ] = False,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints/--no-hints",
            show_default=False,
            help="House setting: the h key shows the coach's advice. Off by default, so that "
            "a table agrees to it first.",
        ),
    ] = False,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            metavar="SEAT[:STRATEGY]",
            help="A computer player in SEAT 1-4, playing STRATEGY (random, basic or strong; "
            "default: --strategy). Repeatable.",
        ),
    ] = None,
    bots: Annotated[
        int,
        typer.Option(
            "--bots",
            parser=whole(0, 4),
            metavar="N",
            help="Computer players in the last N free seats.",
        ),
    ] = 0,
    bot_strategy: Annotated[
        str,
        typer.Option(
            "--strategy",
            metavar="STRATEGY",
            help="The strategy of computer players given none: random, basic or strong. Seeded "
            "games replay exactly: strong searches a fixed number of deals (a 2 s cap per move is "
            "only a safety net that does not fire at the default settings).",
        ),
    ] = "strong",
    bot_delay: Annotated[
        float,
        typer.Option(
            "--bot-delay",
            parser=seconds,
            metavar="SECONDS",
            help="How long each computer move stays on the screen; 0 for no pause.",
        ),
    ] = 0.8,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            parser=whole(0, digits=1000),
            metavar="N",
            help="Seed the shuffle, to play a session again exactly.",
        ),
    ] = None,
    record: RecordOpt = None,
    ascii_only: AsciiOpt = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the saved game (as: mushka resume).")
    ] = False,
) -> None:
    """Play a session at this terminal: four players, one keyboard, hands kept private. Each player antes the stake into the kitty every deal (the previous deal's first out is spared); tricks are paid from the kitty at the suit's price, doubled when the mushka (the ace of spades) takes them; a revoke or a deal without a trick costs a remise; the first out of the last deal takes the kitty. The rules in full: mushka rules."""
    from mushka.tui.commands.play import PlayOptions, play_session

    play_session(
        PlayOptions(
            stake=stake,
            remise=remise,
            prices=prices,
            deals=deals,
            exchange=exchange,
            players=player or [],
            seed=seed,
            record=record,
            ascii_only=ascii_only,
            resume=resume,
            bot=bot or [],
            bots=bots,
            strategy=bot_strategy,
            bot_delay=bot_delay,
            undo=undo,
            hints=hints,
        )
    )


@app.command("resume")
def resume_command(ascii_only: AsciiOpt = False) -> None:
    """Continue the saved game exactly where it stopped."""
    from mushka.tui.commands.play import resume_session

    resume_session(ascii_only)


@app.command()
def scores(
    last: Annotated[
        bool, typer.Option("--last", help="Show the final score sheet of the latest session.")
    ] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Show past sessions: date, players, results and winner."""
    from mushka.tui.commands.scores import show_scores

    show_scores(last, ascii_only)


@app.command()
def rules(ascii_only: AsciiOpt = False) -> None:
    """Show the rulebook (paged in a terminal)."""
    from mushka.tui.look import make_console
    from mushka.tui.rulebook import show_rulebook

    show_rulebook(*make_console(ascii_only))


@app.command("replay", cls=_Command, short_help="Step through a recorded session, all hands open.")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", hidden=True)],  # the help says it
    number: Annotated[
        int,
        typer.Option(
            "--session", parser=whole(1), metavar="N", help="Which record of a JSON Lines file."
        ),
    ] = 1,
    no_pause: Annotated[
        bool, typer.Option("--no-pause", help="Print everything without waiting for Enter.")
    ] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Step through a recorded session deal by deal and trick by trick, all hands open. FILE is a game record (.json), or JSON Lines of records."""
    from mushka.tui.commands.replay import replay_record

    replay_record(file, number, not no_pause, ascii_only)


@app.command("check", cls=_Command, short_help="Check that game records replay under the rules.")
def check(
    file: Annotated[Path, typer.Argument(metavar="FILE", hidden=True)],  # the help says it
    ascii_only: AsciiOpt = False,
) -> None:
    """Check that a game record replays under the rules, event by event. FILE is a game record (.json) or many (JSON Lines)."""
    from mushka.tui.commands.check import check_records

    check_records(file, ascii_only)


@app.command(short_help="Play many sessions with computer players and report.")
def simulate(
    sessions: Annotated[
        int,
        typer.Option(
            "--sessions",
            "-n",
            parser=whole(1),
            metavar="N",
            help="How many sessions to play.",
        ),
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            parser=whole(digits=1000),
            metavar="N",
            help="Master seed: the same seed gives the same run.",
        ),
    ] = 0,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record", metavar="FILE", help="Write every session's record to FILE (JSON Lines)."
        ),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            metavar="STRATEGY",
            help="random, basic or strong for every seat; or give it four times, one per seat.",
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            parser=whole(0),
            metavar="N",
            help="Worker processes; 0 uses every core. Results do not depend on it.",
        ),
    ] = 1,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    compare: Annotated[
        str | None,
        typer.Option(
            "--compare",
            metavar="S1,S2[,...]",
            help="Compare strategies, e.g. strong,basic,random: each against three of each other, "
            "in every seat over the same deals (-n sessions per pairing); a table with 95% intervals.",
        ),
    ] = None,
    stake: Annotated[
        str,
        typer.Option(
            "--stake",
            metavar="KOP[,KOP...]",
            help="Kopecks each player antes per deal; a list such as 5,10,15,25 compares them.",
        ),
    ] = "15",
    remise: RemiseOpt = 5,
    prices: PricesOpt = "4,3,2,1",
    deals: DealsOpt = 4,
    exchange: ExchangeOpt = "modern",
    ascii_only: AsciiOpt = False,
) -> None:
    """Play many sessions with computer players and report what they say about the game."""
    from mushka.tui.commands.simulate import simulate_sessions

    simulate_sessions(
        sessions,
        seed,
        record,
        bot or [],
        jobs,
        json_output,
        stake,
        remise,
        prices,
        deals,
        exchange,
        ascii_only,
        compare,
    )


def main() -> None:
    """The `mushka` program."""
    for stream in (sys.stdout, sys.stderr):  # a file name or a message no console may crash on
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")
    app()
