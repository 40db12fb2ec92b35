"""One rule for a player's name, whichever way the name comes in: the rule itself, the engine,
a record, a save (`mushka resume`), the score history, `mushka check` and `mushka play`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mushka import cli
from mushka.engine import Session
from mushka.errors import RecordError, SetupError
from mushka.host.storage.history import append_score, read_scores
from mushka.host.storage.saves import save_game
from mushka.names import MAX_NAME, mixed_scripts, name_problem, names_problem, same_name
from mushka.record import loads, to_record

GOOD = ["Anna", "Boris", "Vera", "Gleb"]

# Four names that would leave two seats looking alike, or a seat with no visible name.
CONFUSING = [
    pytest.param(["Ann", "Ann", "Vera", "Gleb"], id="the same name twice"),
    pytest.param(["Ann", "ann", "Vera", "Gleb"], id="the same but for case"),
    pytest.param(["Ann", "\u0410nn", "Vera", "Gleb"], id="a Cyrillic A"),
    pytest.param(["Ann", "\uff21nn", "Vera", "Gleb"], id="a fullwidth A"),
    pytest.param(["\u3164", "Boris", "Vera", "Gleb"], id="a lone Hangul filler"),
    pytest.param([" Ann", "Boris", "Vera", "Gleb"], id="a leading space"),
    pytest.param(["Ann ", "Boris", "Vera", "Gleb"], id="a trailing space"),
    pytest.param(["Ann", "Bo\u200bris", "Vera", "Gleb"], id="a zero-width space"),
    pytest.param(["Ann", "Boris", "Ve\x1b[2Jra", "Gleb"], id="an escape sequence"),
    pytest.param(["Ann", "B" * (MAX_NAME + 1), "Vera", "Gleb"], id="too long"),
    pytest.param(["Ann", "Boris", "Vera", 7], id="not text"),
]


@pytest.mark.parametrize("players", CONFUSING)
def test_the_rule_refuses_names_that_could_send_a_hand_to_the_wrong_person(
    players: list[object],
) -> None:
    problem = names_problem(players)
    assert problem is not None
    assert "\x1b" not in str(problem) and "\u200b" not in str(problem)


def test_good_names_pass_and_look_alikes_are_the_same_name() -> None:
    assert names_problem(GOOD) is None
    assert names_problem(["Анна", "Борис", "[red]x[/]", "O'Neil"]) is None
    assert same_name("Вера", "ВЕРА") and not same_name("Вера", "Вира")
    assert name_problem("Gleb", ["GLEB"]) is not None and name_problem("Gleb", ["Glen"]) is None


@pytest.mark.parametrize("players", CONFUSING)
def test_the_engine_refuses_them(players: list[str]) -> None:
    with pytest.raises(SetupError):
        Session(players, seed=1)


def _record_with(players: list[object]) -> dict[str, object]:
    record = to_record(Session(GOOD, seed=3))
    record["players"] = players
    return record


@pytest.mark.parametrize("players", CONFUSING)
def test_a_record_naming_them_is_refused(players: list[object]) -> None:
    with pytest.raises(RecordError, match=r"^players: "):
        loads(json.dumps(_record_with(players)))


@pytest.mark.parametrize("players", CONFUSING)
def test_resume_refuses_a_save_naming_them_and_keeps_it_aside(
    players: list[object], home: Path
) -> None:
    save = home / "state" / "mushka" / "current-game.json"
    save_game(Session(GOOD, seed=3), {})
    data = json.loads(save.read_text(encoding="utf-8"))
    data["record"]["players"] = players
    save.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli.app, ["resume"])
    assert result.exit_code == 1
    assert "the saved game's players are not valid" in result.output
    assert "\x1b" not in result.output and "\u200b" not in result.output
    assert not save.exists()
    assert len(list(save.parent.glob("current-game.corrupt-*.json"))) == 1


@pytest.mark.parametrize("players", CONFUSING)
def test_a_history_line_naming_them_is_skipped_and_counted(
    players: list[object], home: Path
) -> None:
    path = home / "data" / "mushka" / "scores.jsonl"
    append_score(Session(GOOD, seed=3), "first")
    line = json.loads(path.read_text(encoding="utf-8"))
    line["players"] = line["record"]["players"] = players
    with path.open("a", encoding="utf-8") as history:
        history.write(json.dumps(line) + "\n")
    entries, bad = read_scores()
    assert [e.players for e in entries] == [tuple(GOOD)] and bad == 1


@pytest.mark.parametrize("players", CONFUSING)
def test_check_refuses_a_record_naming_them(players: list[object], tmp_path: Path) -> None:
    record = _record_with(players)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(cli.app, ["check", str(path)])
    assert result.exit_code == 1 and "players: " in result.output


@pytest.mark.parametrize(
    "given",
    [
        ["Ann", "ann"],
        ["Ann", "\u0410nn"],
        ["\u3164"],
        ["Ann", "Ann"],
        ["Ann", "Ꭺnn"],
        ["Ann", "Anո"],
    ],
)
def test_play_refuses_them_on_the_command_line(given: list[str]) -> None:
    options = [arg for name in given for arg in ("--player", name)]
    result = CliRunner().invoke(cli.app, ["play", *options])
    assert result.exit_code == 2 and "--player" in result.output


@pytest.mark.parametrize("spoof", ["Ꭺnn", "Anո", "ᎪNN", "Αnn"])
def test_look_alikes_from_other_scripts_are_refused(spoof: str) -> None:
    """Issue 27: with Ann seated, a Cherokee Ꭺ or an Armenian ո passed as another player. A word
    mixing scripts is refused even with nobody seated; a look-alike of a taken name as taken."""
    taken = name_problem(spoof, ["Ann"])
    assert taken is not None and "already taken" in str(taken)
    alone = name_problem(spoof)
    if len(mixed_scripts(spoof)) > 1:
        assert alone is not None and "different alphabets" in str(alone)


@pytest.mark.parametrize(
    "name", ["Анна", "Бот 3 (basic)", "山田たろう", "김민준", "Ann-Marie", "Ёж"]
)
def test_names_in_one_script_a_word_still_pass(name: str) -> None:
    assert name_problem(name, ["Ann"]) is None
