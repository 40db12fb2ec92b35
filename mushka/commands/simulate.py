"""`mushka simulate`: play many sessions with computer players and report on them."""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from mushka.commands.exits import bad_option, checked_record_target, fail
from mushka.commands.house import HouseOptions
from mushka.errors import MushkaError
from mushka.host.storage.files import FileProblem, one_line, os_reason
from mushka.host.storage.records import record_stream
from mushka.house_rules import HouseRules
from mushka.i18n import _, say
from mushka.players.strategies import check_strategy
from mushka.render.look import Look, make_console
from mushka.render.report_view import report_view, sweep_view
from mushka.study.simulate import Report, RunConfig, SessionResult
from mushka.study.simulate import simulate as run_simulation


@dataclass(frozen=True)
class SimulateOptions:
    """Everything `mushka simulate` was asked for, as typed."""

    sessions: int
    seed: int
    record: Path | None
    bot: list[str]
    jobs: int
    json_output: bool
    stakes: str  # --stake: one stake, or a list to compare (each in turn replaces house.stake)
    house: HouseOptions
    ascii_only: bool
    compare: str | None = None


def simulate_sessions(options: SimulateOptions) -> None:
    """Play the sessions asked for at every stake asked for, then print the report (or JSON)."""
    runs = [replace(options.house, stake=stake).rules() for stake in stakes(options.stakes)]
    strategies = seat_strategies(options.bot or ["random"])
    sessions, seed, json_output = options.sessions, options.seed, options.json_output
    workers = options.jobs or os.cpu_count() or 1
    if options.compare is not None:
        compare_strategies(
            options.compare, runs[0], sessions, seed, workers, json_output, options.ascii_only
        )
        return
    target = checked_record_target(options.record)
    console, ascii_table = make_console(options.ascii_only)
    progress = Progress(
        TextColumn(_("simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(_("ETA")),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    reports: list[Report] = []
    try:
        with progress, record_stream(target) if target else contextlib.nullcontext() as out:
            task = progress.add_task("sessions", total=sessions * len(runs))
            for rules in runs:
                config = RunConfig(rules, seed, strategies, keep_records=out is not None)

                def done(outcome: SessionResult) -> None:
                    if out is not None and outcome.record is not None:
                        out.write(outcome.record + "\n")
                    progress.advance(task)

                reports.append(run_simulation(config, sessions, workers, done))
    except (OSError, FileProblem) as exc:
        reason = say(exc) if isinstance(exc, FileProblem) else os_reason(exc)
        fail(_("cannot write {file}: {reason}").format(file=target, reason=reason), 1)
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
    if target is not None:
        console.print(Text(_("Records written to {file}.").format(file=target)))


def stakes(text: str) -> list[int]:
    """One stake, or a comma-separated list of stakes to sweep."""
    parts = [part.strip() for part in text.split(",")]
    if not all(re.fullmatch("[+-]?[0-9]{1,9}", part) for part in parts):  # ASCII digits only
        bad_option(
            "--stake",
            _("give a whole number or a list like 5,10,15,25, not {text}").format(
                text=one_line(repr(text), 40)
            ),
        )
    return [int(part) for part in parts]


def seat_strategies(names: list[str]) -> tuple[str, str, str, str]:
    """One strategy for every seat, or four, one per seat."""
    for name in names:
        try:
            check_strategy(name)
        except MushkaError as exc:
            bad_option("--bot", say(exc))
    if len(names) == 1:
        return (names[0], names[0], names[0], names[0])
    if len(names) == 4:
        return (names[0], names[1], names[2], names[3])
    bad_option(
        "--bot",
        _("give one strategy for all seats or four, one per seat, not {n}").format(n=len(names)),
    )


def compare_strategies(
    text: str,
    rules: HouseRules,
    sessions: int,
    seed: int,
    workers: int,
    as_json: bool,
    ascii_only: bool,
) -> None:
    """`simulate --compare`: the duplicate ladder of the listed strategies."""
    from mushka.render.report_view import compare_json, compare_view
    from mushka.study.ladder import compare

    names = [name.strip() for name in text.split(",")]
    for name in names:
        try:
            check_strategy(name)
        except MushkaError as exc:
            bad_option("--compare", say(exc))
    if len(set(names)) < 2:
        bad_option(
            "--compare", _("give two or more different strategies, e.g. strong,basic,random")
        )
    matches = compare(names, -(-sessions // 4), jobs=workers, master_seed=seed, rules=rules)
    if as_json:
        typer.echo(json.dumps(compare_json(matches), indent=1))
    else:
        console, _ascii = make_console(ascii_only)
        console.print(compare_view(names, matches))
