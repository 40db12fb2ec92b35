"""The command line, through typer's CliRunner: every command and every bad option."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mushka import __version__
from mushka.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).with_name("data") / "record-example.json"


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"mushka {__version__}"


def test_python_dash_m_runs_the_same_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mushka", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stdout.strip() == f"mushka {__version__}"


def test_simulate_prints_a_summary_and_writes_records(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    result = runner.invoke(
        app,
        ["simulate", "--sessions", "20", "--seed", "3", "--record", str(out), "--exchange", "old"],
    )
    assert result.exit_code == 0, result.output
    for label in (
        "sessions",
        "deals",
        "tricks per deal",
        "blocked deals",
        "seat 1 net (mean ± sd)",
        "sessions/s",
    ):
        assert label in result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20 and all(
        json.loads(line)["rules"]["exchange"] == "old" for line in lines
    )
    check = runner.invoke(app, ["check", str(out)])
    assert check.exit_code == 0 and "20 record(s) replay correctly" in check.output


def test_simulate_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (a, b):
        runner.invoke(app, ["simulate", "-n", "5", "--seed", "42", "--record", str(path)])
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sessions", "0"], "--sessions"),
        (["--sessions", "many"], "--sessions"),
        (["--seed", "x"], "--seed"),
        (["--stake", "-1"], "stake: must be from 0"),
        (["--remise", "-2"], "remise: must be from 0"),
        (["--deals", "0"], "deals: must be from 1"),
        (["--prices", "4,3,2"], "give four whole numbers"),
        (["--prices", "4,3,a,1"], "price of diamonds"),
        (["--exchange", "new"], "--exchange"),
        (["--record", "/nonexistent-dir/x.jsonl"], "cannot write"),
    ],
)
def test_simulate_bad_arguments_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split()).replace("│", "")


def test_check_accepts_the_shared_example() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLE)])
    assert result.exit_code == 0 and "net -47 -34 -3 +84" in result.output


def test_check_reports_a_tampered_record(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["deals"][0]["events"][16]["paid"] = 9
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 1
    assert "deal 1, event 16" in result.output and "Traceback" not in result.output


def test_check_of_a_missing_file_exits_2() -> None:
    result = runner.invoke(app, ["check", "/no/such/file.json"])
    assert result.exit_code == 2 and "cannot read" in result.output
