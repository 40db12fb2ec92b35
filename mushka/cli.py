"""The `mushka` command line: play, simulate, check and show records, read the rules."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from mushka import __version__
from mushka.errors import HouseRuleError, RecordError
from mushka.house_rules import Exchange, HouseRules, parse_prices
from mushka.record import dumps_session, loads
from mushka.simulate import Summary
from mushka.simulate import simulate as run_simulation

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
    int, typer.Option("--stake", help="Kopecks each player antes per deal (R4).", show_default=True)
]
RemiseOpt = Annotated[
    int, typer.Option("--remise", help="The remise in kopecks.", show_default=True)
]
PricesOpt = Annotated[
    str,
    typer.Option(
        "--prices", help="Prices of hearts, clubs, diamonds, spades: H,C,D,S.", show_default=True
    ),
]
DealsOpt = Annotated[int, typer.Option("--deals", help="Deals in a session.", show_default=True)]
ExchangeOpt = Annotated[
    Exchange,
    typer.Option(
        "--exchange", help="Exchange rule after the deal: modern, old or off.", show_default=True
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
    stake: StakeOpt = 15,
    remise: RemiseOpt = 5,
    prices: PricesOpt = "4,3,2,1",
    deals: DealsOpt = 4,
    exchange: ExchangeOpt = Exchange.MODERN,
) -> None:
    """Play many sessions with uniformly random players and summarise them."""
    rules = house_rules(stake, remise, prices, deals, exchange)
    console = Console()
    out = None
    if record is not None:
        try:
            out = record.open("w", encoding="utf-8")
        except OSError as exc:
            raise typer.BadParameter(
                f"cannot write {record}: {exc.strerror}", param_hint="'--record'"
            ) from None
    progress = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    started = time.perf_counter()
    with progress:
        task = progress.add_task("sessions", total=sessions)

        def done(session: object) -> None:
            if out is not None:
                out.write(dumps_session(session) + "\n")  # type: ignore[arg-type]
            progress.advance(task)

        summary = run_simulation(rules, seed, sessions, done)
    elapsed = time.perf_counter() - started
    if out is not None:
        out.close()
    console.print(summary_table(summary, rules, elapsed))
    if record is not None:
        console.print(f"Records written to {record}.", highlight=False)


def summary_table(summary: Summary, rules: HouseRules, elapsed: float) -> Table:
    table = Table(
        title=f"{summary.sessions} random sessions · stake {rules.stake} · {rules.exchange.value} exchange"
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("sessions", f"{summary.sessions}")
    table.add_row("deals", f"{summary.deals}")
    table.add_row("tricks per deal", f"{summary.tricks_per_deal:.2f}")
    blocked_share = summary.blocked / summary.deals if summary.deals else 0.0
    table.add_row("blocked deals", f"{summary.blocked} ({blocked_share:.1%})")
    for seat in range(4):
        table.add_row(
            f"seat {seat + 1} net (mean ± sd)",
            f"{summary.mean(seat):+.2f} ± {summary.spread(seat):.2f} kop",
        )
    rate = summary.sessions / elapsed if elapsed > 0 else 0.0
    table.add_row("sessions/s", f"{rate:,.0f}")
    table.add_row("player actions/s", f"{summary.actions / elapsed if elapsed > 0 else 0.0:,.0f}")
    return table


@app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="A game record (.json) or many (JSON Lines).")],
) -> None:
    """Check that a game record replays under the rules, event by event."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        typer.echo(f"mushka: cannot read {file}: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
    stripped = text.strip()
    chunks = (
        [stripped] if stripped.startswith("{") and "\n{" not in stripped else stripped.splitlines()
    )
    checked = 0
    for number, chunk in enumerate(chunks, start=1):
        if not chunk.strip():
            continue
        try:
            session = loads(chunk)
        except RecordError as exc:
            where = f"record {number}: " if len(chunks) > 1 else ""
            typer.echo(f"mushka: {file}: {where}{exc}", err=True)
            raise typer.Exit(1) from None
        checked += 1
        net = " ".join(f"{n:+d}" for n in session.net)
        typer.echo(f"ok: {', '.join(session.players)} · {len(session.deals)} deals · net {net}")
    typer.echo(f"{checked} record(s) replay correctly.")


def main() -> None:
    app()
