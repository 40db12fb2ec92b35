"""The study: streaming statistics, the duplicate ladder, and results that follow from the seed."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mushka.cli import app
from mushka.house_rules import HouseRules
from mushka.study.ladder import compare, duplicate
from mushka.study.simulate import TIMING_KEYS, Estimate, Report, RunConfig, Tally, run_sessions

runner = CliRunner()


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(-300, 900), min_size=2, max_size=200))
def test_streaming_statistics_equal_the_textbook_ones(values: list[int]) -> None:
    tally = Tally()
    for v in values:
        tally.add(v)
    exact, textbook = tally.estimate(), Estimate.of([float(v) for v in values])
    assert exact.n == textbook.n and abs(exact.mean - textbook.mean) < 1e-9
    assert abs(exact.ci95 - textbook.ci95) < 1e-6 * (1 + textbook.ci95)
    report = Report({}, ("random",) * 4)
    report.net_counts.update(values)
    cuts = statistics.quantiles(values, n=20, method="inclusive")
    expected = {"p5": cuts[0], "p25": cuts[4], "p50": cuts[9], "p75": cuts[14], "p95": cuts[18]}
    assert report.percentiles() == expected
    assert sum(c for _, _, c in report.histogram()) == len(values)


def test_a_report_keeps_no_per_session_lists() -> None:
    config = RunConfig(HouseRules(), 3)
    small, large = Report({}, config.strategies), Report({}, config.strategies)
    for outcome in run_sessions(config, 50):
        small.add(outcome)
    for outcome in run_sessions(config, 400):
        large.add(outcome)
    grown = [
        name
        for name, value in vars(large).items()
        if isinstance(value, list) and len(value) != len(vars(small)[name])
    ]
    assert grown == []
    assert len(large.net_counts) < 1000  # bounded by the range of nets, not by the sessions


def test_outcomes_take_their_money_from_the_ledger_and_it_balances() -> None:
    for outcome in run_sessions(RunConfig(HouseRules(), 5, ("basic",) * 4), 20):
        assert sum(outcome.net) == 0  # the kitty is empty after the final payout
        for net, received, antes in zip(outcome.net, outcome.received, outcome.antes, strict=True):
            assert net <= received - antes  # remises are the rest
        assert outcome.final_kitty > 0


def test_the_duplicate_ladder_rotates_the_hero_over_the_same_deals() -> None:
    match = duplicate("basic", "random", 6, master_seed=1)
    assert match.sessions == 24 and len(match.per_seed) == 6
    by_hand = [0.0] * 6
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "basic"
        config = RunConfig(HouseRules(), 1, (names[0], names[1], names[2], names[3]))
        for outcome in run_sessions(config, 6):
            by_hand[outcome.index] += outcome.net[seat] / 4
    assert list(match.per_seed) == by_hand
    same = duplicate("random", "random", 4, master_seed=1)
    assert same.estimate.n == 4
    matches = compare(["basic", "random"], 2, master_seed=2, rules=HouseRules(deals=1))
    assert [(m.hero, m.field) for m in matches] == [("basic", "random"), ("random", "basic")]


def test_simulate_compare_prints_the_table_and_checks_its_names() -> None:
    result = runner.invoke(
        app,
        ["simulate", "--compare", "basic,random", "-n", "8", "--json"],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["compare"]
    assert [(r["hero"], r["field"], r["sessions"]) for r in rows] == [
        ("basic", "random", 8),
        ("random", "basic", 8),
    ]
    assert rows[0]["net"]["mean"] > 0 > rows[1]["net"]["mean"]
    shown = runner.invoke(
        app, ["simulate", "--compare", "basic,random", "-n", "4"], env={"COLUMNS": "120"}
    )
    assert shown.exit_code == 0 and "against 3" in shown.output and "± " in shown.output
    bad = runner.invoke(app, ["simulate", "--compare", "basic,genius"])
    assert bad.exit_code == 2 and "unknown strategy 'genius'" in bad.output
    alone = runner.invoke(app, ["simulate", "--compare", "basic"])
    assert alone.exit_code == 2 and "two or more" in alone.output


@pytest.mark.e2e
def test_strong_simulations_are_the_same_for_any_jobs_on_a_busy_machine() -> None:
    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)
    ]  # keep both cores busy: a search with a clock would now stop early
    try:
        outputs = []
        for jobs in ("1", "2"):
            result = runner.invoke(
                app,
                [
                    "simulate",
                    "-n",
                    "3",
                    "--deals",
                    "1",
                    "--seed",
                    "8",
                    "--bot",
                    "strong",
                    "--jobs",
                    jobs,
                    "--json",
                ],
            )
            assert result.exit_code == 0, result.output
            report = json.loads(result.output)
            outputs.append({k: v for k, v in report.items() if k not in TIMING_KEYS})
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert outputs[0] == outputs[1]
    assert outputs[0]["strategies"] == ["strong"] * 4 and outputs[0]["sessions"] == 3
