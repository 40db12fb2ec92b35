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


@pytest.mark.e2e
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
        "20 sessions · 4 × random",
        "deals played",
        "tricks per deal",
        "remises per deal",
        "blocked deals",
        "first leader",
        "p50",
        "players who recoup their antes",
        "sessions/s",
    ):
        assert label in result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20 and all(
        json.loads(line)["rules"]["exchange"] == "old" for line in lines
    )
    check = runner.invoke(app, ["check", str(out)])
    assert check.exit_code == 0 and "20 records replay correctly" in check.output


def test_simulate_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    reports = []
    for name in ("a", "b", "c"):
        seed = "7" if name == "c" else "42"
        path = tmp_path / f"{name}.jsonl"
        args = ["simulate", "-n", "5", "--seed", seed, "--record", str(path), "--json"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        records = path.read_text(encoding="utf-8").splitlines()
        assert len(records) == 5 and all(json.loads(line)["players"] for line in records)
        reports.append((_without_timing(json.loads(result.stdout)), records))
    assert reports[0] == reports[1]
    assert reports[0][1] != reports[2][1]  # the seed matters: another one deals other games


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
        (["--record", "/nonexistent-dir/x.jsonl"], "does not exist"),
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


# ---------------------------------------------------------------- play, resume, scores, rules, replay


@pytest.fixture
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stake", "-1"], "stake: must be from 0"),
        (["--remise", "x"], "--remise"),
        (["--prices", "1,2,3"], "give four whole numbers"),
        (["--deals", "0"], "deals: must be from 1"),
        (["--exchange", "sideways"], "--exchange"),
        (
            ["--player", "A", "--player", "B", "--player", "C", "--player", "D", "--player", "E"],
            "at most four players",
        ),
        (["--player", "Anna", "--player", "anna"], "already taken"),
        (["--player", " "], "cannot be empty"),
        (["--player", "A" * 17], "too long"),
        (["--seed", "-4"], "--seed"),
        (["--seed", "soon"], "--seed"),
        (["--record", "/no/such/dir/game.json"], "does not exist"),
    ],
)
def test_play_bad_options_exit_2_with_a_message(args: list[str], message: str, dirs: Path) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split()).replace("│", "")


def test_play_help_explains_the_options_and_house_rules() -> None:
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "120"})
    text = " ".join(result.output.split())
    for option in (
        "--stake",
        "--remise",
        "--prices",
        "--deals",
        "--exchange",
        "--player",
        "--seed",
        "--record",
        "--ascii",
        "--resume",
    ):
        assert option in text
    assert "first out of the last deal takes the kitty" in text


def test_play_without_a_terminal_says_so(dirs: Path) -> None:
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 1 and "needs an interactive terminal" in result.output


def test_resume_without_a_save_says_how_to_start(dirs: Path) -> None:
    result = runner.invoke(app, ["resume"])
    assert result.exit_code == 1 and "there is no saved game" in result.output


def test_resume_with_a_corrupt_save_keeps_it_aside(dirs: Path) -> None:
    save = dirs / "state" / "mushka" / "current-game.json"
    save.parent.mkdir(parents=True)
    save.write_text("not json", encoding="utf-8")
    result = runner.invoke(app, ["resume"])
    assert (
        result.exit_code == 1
        and "could not be read" in result.output
        and "kept, unchanged" in result.output
    )
    assert not save.exists() and len(list(save.parent.glob("*.corrupt-*"))) == 1


def test_scores_lists_past_sessions_and_the_last_sheet(dirs: Path) -> None:
    from mushka.host.storage.history import append_score
    from mushka.house_rules import HouseRules
    from mushka.study.simulate import play_random_session

    assert "No finished sessions yet" in runner.invoke(app, ["scores"]).output
    for seed in (1, 2):
        append_score(play_random_session(HouseRules(), seed, ("Anna", "Boris", "Vera", "Gleb")))
    listing = runner.invoke(app, ["scores"], env={"COLUMNS": "120"})
    assert (
        listing.exit_code == 0
        and "2 finished sessions" in listing.output
        and "Anna" in listing.output
    )
    last = runner.invoke(app, ["scores", "--last"], env={"COLUMNS": "100"})
    assert (
        last.exit_code == 0 and "Final score sheet" in last.output and " wins with " in last.output
    )


def test_rules_shows_the_rulebook() -> None:
    result = runner.invoke(app, ["rules"])
    assert (
        result.exit_code == 0
        and "Worked examples" in result.output
        and "mushka" in result.output.lower()
    )


def test_replay_tells_the_example_trick_by_trick_with_all_hands_open() -> None:
    result = runner.invoke(app, ["replay", str(EXAMPLE), "--no-pause"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    out = result.output
    assert (
        "Deal 1 of 4 · Boris deals" in out
        and "deal 4 · trick" in out
        and "Gleb wins with +84 kop." in out
    )
    assert "Vera got a face-down card (8♥)" in out  # everything is open in a replay


def test_replay_bad_files(tmp_path: Path) -> None:
    assert runner.invoke(app, ["replay", "/no/file.json"]).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    assert runner.invoke(app, ["replay", str(bad)]).exit_code == 1
    assert runner.invoke(app, ["replay", str(EXAMPLE), "--session", "3"]).exit_code == 2


# ---------------------------------------------------------------- computer players


def _without_timing(report: dict[str, object]) -> dict[str, object]:
    return {
        k: v
        for k, v in report.items()
        if k not in ("seconds", "sessions_per_second", "actions_per_second")
    }


@pytest.mark.e2e  # worker processes
def test_simulate_with_jobs_gives_the_same_result_as_one_process(tmp_path: Path) -> None:
    outputs = []
    for jobs in ("1", "2"):
        record = tmp_path / f"r{jobs}.jsonl"
        result = runner.invoke(
            app,
            [
                "simulate",
                "-n",
                "24",
                "--seed",
                "5",
                "--bot",
                "basic",
                "--jobs",
                jobs,
                "--json",
                "--record",
                str(record),
            ],
        )
        assert result.exit_code == 0, result.output
        outputs.append((_without_timing(json.loads(result.output)), record.read_bytes()))
    assert outputs[0] == outputs[1]


def test_simulate_json_answers_what_players_ask() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "-n",
            "30",
            "--bot",
            "basic",
            "--bot",
            "random",
            "--bot",
            "basic",
            "--bot",
            "random",
            "--json",
        ],
    )
    report = json.loads(result.output)
    assert report["strategies"] == ["basic", "random", "basic", "random"]
    for key in (
        "net_percentiles",
        "net_histogram",
        "position_net",
        "final_kitty",
        "kitty_share_of_winner_net",
        "player_recoup_rate",
        "all_four_recoup_rate",
        "tricks_per_deal",
        "remises_per_deal",
        "blocked_deal_rate",
        "dry_kitty_session_rate",
        "sessions_per_second",
    ):
        assert key in report
    assert set(report["position_net"]) == {
        "first dealer",
        "first leader",
        "third seat",
        "fourth seat",
    }
    assert result.exit_code == 0 and report["sessions"] == 30
    assert sum(b["count"] for b in report["net_histogram"]) == 4 * 30
    percentiles = list(report["net_percentiles"].values())
    assert percentiles == sorted(percentiles) and percentiles[0] < 0 < percentiles[-1]
    # money is conserved: the kitty is paid out at the end, so the seats' results sum to nothing
    assert abs(sum(seat["mean"] for seat in report["seat_net"])) < 1e-6
    assert abs(sum(p["mean"] for p in report["position_net"].values())) < 1e-6
    for rate in ("player_recoup_rate", "all_four_recoup_rate", "blocked_deal_rate"):
        assert 0 <= report[rate] <= 1
    assert report["all_four_recoup_rate"] <= report["player_recoup_rate"]


def test_simulate_sweeps_the_stake() -> None:
    result = runner.invoke(
        app, ["simulate", "-n", "10", "--stake", "5,10,15,25"], env={"COLUMNS": "120"}
    )
    assert result.exit_code == 0
    assert "How the stake changes the game" in result.output
    sweep = json.loads(
        runner.invoke(app, ["simulate", "-n", "10", "--stake", "5,25", "--json"]).output
    )["sweep"]
    assert [r["rules"]["stake"] for r in sweep] == [5, 25]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "clever"], "unknown strategy 'clever'"),
        (["--bot", "basic", "--bot", "random"], "one strategy for all seats or four"),
        (["--stake", "5,x"], "--stake"),
        (["--jobs", "-1"], "--jobs"),
    ],
)
def test_simulate_bad_bot_options(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2 and message in " ".join(result.output.split()).replace("│", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "5"], "the seat must be a number from 1 to 4"),
        (["--bot", "2:genius"], "unknown strategy 'genius'"),
        (["--bot", "2", "--bot", "2:basic"], "seat 2 is given twice"),
        (["--bot", "1", "--bots", "4"], "only 3 seats are left"),
        (["--bots", "5"], "--bots"),
        (["--strategy", "x", "--bots", "1"], "unknown strategy 'x'"),
        (["--bot-delay", "-1"], "--bot-delay"),
    ],
)
def test_play_bad_bot_options(args: list[str], message: str, dirs: Path) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2 and message in " ".join(result.output.split()).replace("│", "")


def test_a_table_of_computers_plays_unattended_to_the_final_sheet(dirs: Path) -> None:
    record = dirs / "bots.json"
    result = runner.invoke(
        app,
        [
            "play",
            "--bots",
            "4",
            "--strategy",
            "basic",
            "--bot-delay",
            "0",
            "--seed",
            "2",
            "--record",
            str(record),
        ],
        env={"COLUMNS": "100"},
    )
    assert result.exit_code == 0, result.output
    assert "Final score sheet" in result.output and " wins with " in result.output
    assert json.loads(record.read_text(encoding="utf-8"))["players"] == [
        f"Bot {s}" for s in range(1, 5)
    ]
    assert not (dirs / "state" / "mushka" / "current-game.json").exists()  # nothing to resume
    assert not (dirs / "data" / "mushka" / "scores.jsonl").exists()  # and no history of bots
