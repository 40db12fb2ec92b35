"""The hostile-file table: saves, records and score histories that are valid JSON but hostile (or not
files at all), against every command that reads them. Each row: the exit code, one short line on
stderr, no traceback, and a save kept aside (renamed, never deleted) so that `play` starts anew."""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from mushka import cli
from mushka.commands import play as play_command
from mushka.engine import Session
from mushka.host.settings import TableSettings
from mushka.host.storage.history import read_scores
from mushka.host.storage.saves import load_game
from mushka.house_rules import HouseRules
from mushka.record import dumps, to_record
from mushka.study.simulate import play_random_session
from mushka.tui import terminal

pytestmark = pytest.mark.slow  # every hostile file against every command: seconds

NAMES = ("Anna", "Boris", "Vera", "Gleb")
PLAYERS = [arg for name in NAMES for arg in ("--player", name)]
DEEP = "[" * 100_000 + "]" * 100_000
runner = CliRunner()


def partial_record() -> dict[str, Any]:
    session = Session(list(NAMES), seed=2)
    rng = random.Random(2)
    for _ in range(12):
        session.apply(rng.choice(session.legal_actions()))
    return to_record(session)


FINISHED = to_record(play_random_session(HouseRules(), 1, NAMES))
PARTIAL = partial_record()
UI = TableSettings().to_json() | {"session": "0123abcd"}


def save_text(record: object = None, ui: object = None, **extra: object) -> str:
    data = {"format": "mushka-save", "version": 1, "saved": "2026-01-01T00:00:00+00:00"}
    data |= {"ui": UI if ui is None else ui, "record": PARTIAL if record is None else record}
    return json.dumps(data | extra)


def history_line(record: object = None, **fields: object) -> str:
    entry = {
        "finished": "2026-01-02T00:00:00+00:00",
        "session": "feed",
        "players": list(NAMES),
        "net": FINISHED["result"]["net"],
        "record": FINISHED if record is None else record,
    }
    return json.dumps(entry | fields)


VALID_HISTORY = history_line(session="good")


def with_record(kind: str, change: Callable[[dict[str, Any]], None], raw: str = "") -> str:
    """The file of `kind` (save, record or history) around a record changed by `change`; `raw`
    replaces the placeholder "@RAW@" with text that json.dumps could not write (a deep nest)."""
    record = json.loads(json.dumps(PARTIAL if kind == "save" else FINISHED))
    change(record)
    if kind == "save":
        text = save_text(record)
    elif kind == "record":
        text = json.dumps(record)
    else:
        text = VALID_HISTORY + "\n" + history_line(record) + "\n"
    return text.replace('"@RAW@"', raw) if raw else text


def set_path(*path: object, value: object) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target: Any = record
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


Maker = Callable[[str, Path], None]  # (kind, path) → writes the hostile thing at path


def text_case(build: Callable[[str], str]) -> Maker:
    def make(kind: str, path: Path) -> None:
        path.write_text(build(kind), encoding="utf-8")

    return make


def bytes_case(build: Callable[[str], bytes]) -> Maker:
    def make(kind: str, path: Path) -> None:
        path.write_bytes(build(kind))

    return make


def directory(kind: str, path: Path) -> None:
    path.mkdir()
    (path / "inside.json").write_text("{}", encoding="utf-8")


def fifo(kind: str, path: Path) -> None:
    os.mkfifo(path)


def huge(kind: str, path: Path) -> None:
    """200 MB (sparse: no disk is used), after a valid first line for the history."""
    with path.open("wb") as handle:
        if kind == "history":
            handle.write(VALID_HISTORY.encode() + b"\n")
        handle.truncate(200 * 1024 * 1024)


UNREADABLE: set[str] = set()


def unreadable(kind: str, path: Path) -> None:
    path.write_text(save_text() if kind == "save" else json.dumps(FINISHED), encoding="utf-8")
    UNREADABLE.add(str(path))  # root reads any file: the test's os.open says "permission denied"


def not_utf8(kind: str) -> bytes:
    body = {"save": save_text(), "record": json.dumps(FINISHED), "history": VALID_HISTORY}[kind]
    return b"\xff\xfe\x00" + body.encode() if kind != "history" else body.encode() + b"\n\xff{\n"


CASES: dict[str, Maker] = {
    "nested 100,000 deep": text_case(
        lambda k: with_record(k, set_path("deals", value="@RAW@"), DEEP)
    ),
    "a 5,000-digit integer": text_case(
        lambda k: with_record(k, set_path("seed", value="@RAW@"), "9" * 5000)
    ),
    "a 10 MB card field": text_case(
        lambda k: with_record(k, set_path("deals", 0, "hands", 0, 0, value="Q" * 10_000_000))
    ),
    "a 1 MB player name": text_case(
        lambda k: with_record(k, set_path("players", 0, value="A" * 1_000_000))
    ),
    "a name with terminal escapes": text_case(
        lambda k: with_record(k, set_path("players", 1, value="\x1b[2J\x1b]0;pwned\x07Bo"))
    ),
    "three nets": text_case(
        lambda k: (
            VALID_HISTORY + "\n" + history_line(net=[1, 2, -3]) + "\n"
            if k == "history"
            else with_record(k, set_path("players", value=["Anna", "Boris", "Vera"]))
            if k == "save"
            else with_record(
                k, set_path("result", value={"kitty_to": 0, "kitty_amount": 9, "net": [1, 2, -3]})
            )
        )
    ),
    "a record that does not replay": text_case(
        lambda k: with_record(k, set_path("deals", 0, "hands", 0, 0, value="ZZ"))
    ),
    "nested in the history's fields": text_case(
        lambda k: (
            VALID_HISTORY + "\n" + history_line(session="good").replace('"good"', DEEP) + "\n"
            if k == "history"
            else with_record(k, set_path("rules", value="@RAW@"), DEEP)
        )
    ),
    "JSON that is a list": text_case(
        lambda k: VALID_HISTORY + "\n[1, 2]\n" if k == "history" else "[1, 2]"
    ),
    "an empty file": text_case(lambda k: ""),
    "not UTF-8": bytes_case(not_utf8),
    "a directory": directory,
    "a named pipe": fifo,
    "unreadable": unreadable,
    "200 MB": huge,
}

SAVE_ONLY: dict[str, object] = {
    'bot_delay "abc"': {"bot_delay": "abc"},
    "bot_delay null": {"bot_delay": None},
    'bot_delay "inf"': {"bot_delay": "inf"},
    "bot_delay -1": {"bot_delay": -1},
    "bot_delay 1e308": {"bot_delay": 1e308},
    "an unknown bot strategy": {"bots": {"2": "genius"}},
    "a bot at seat 9": {"bots": {"9": "strong"}},
    "a bot seat in Unicode digits": {"bots": {"٣": "basic"}},
    "bots a list": {"bots": [1, 2]},
    "ascii a list": {"ascii": [1]},
    "record path not a string": {"record": 5},
    "a session id that is a path": {"session": "../../etc"},
    "settings not an object": "fast",
    "a newer save version": None,
}

SAVE_ROWS = [*CASES, *SAVE_ONLY]
RECORD_ROWS = list(CASES)
HISTORY_ROWS = list(CASES)


@pytest.fixture(autouse=True)
def in_process(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Play in-process, input from EOF, some files unreadable as a test asks."""
    monkeypatch.setattr(play_command, "require_terminal", lambda: None)
    monkeypatch.setattr(terminal, "_no_echo", contextlib.nullcontext)  # no termios on a pipe
    real_open = os.open

    def guarded_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path) in UNREADABLE and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded_open)
    UNREADABLE.clear()
    yield home
    UNREADABLE.clear()


def make_save(row: str, home: Path) -> Path:
    save = home / "state" / "mushka" / "current-game.json"
    save.parent.mkdir(parents=True)
    if row in CASES:
        CASES[row]("save", save)
    elif row == "a newer save version":
        save.write_text(save_text(version=2), encoding="utf-8")
    else:
        settings = SAVE_ONLY[row]
        ui = UI | settings if isinstance(settings, dict) else settings
        save.write_text(save_text(ui=ui), encoding="utf-8")
    return save


def one_clear_line(result: Result) -> str:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert len(result.output) < 100_000  # never a file's megabytes (a replay may show a few frames)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mushka: ") and len(lines[0]) < 700, lines
    return lines[0]


def kept_aside(save: Path) -> Path:
    assert not os.path.lexists(save)
    kept = [
        p for p in save.parent.iterdir() if p.name.startswith("current-game.") and "-" in p.name
    ]
    kept = [p for p in kept if not p.name.endswith(".lock")]
    assert len(kept) == 1, kept
    return kept[0]


@pytest.mark.parametrize("row", SAVE_ROWS)
def test_resume_with_a_hostile_save(row: str, home: Path) -> None:
    save = make_save(row, home)
    result = runner.invoke(cli.app, ["resume"])
    assert result.exit_code == 1
    line = one_clear_line(result)
    kept = kept_aside(save)
    assert f"kept, unchanged, as {kept}" in line and "mushka play" in line


@pytest.mark.parametrize("row", SAVE_ROWS)
def test_play_with_a_hostile_save_keeps_it_aside_and_starts_a_new_game(
    row: str, home: Path
) -> None:
    save = make_save(row, home)
    result = runner.invoke(cli.app, ["play", *PLAYERS, "--seed", "3"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and len(result.output) < 20_000
    assert "kept, unchanged" in " ".join(result.output.split())
    kept_aside_now = [
        p for p in save.parent.iterdir() if ".corrupt-" in p.name or ".newer-" in p.name
    ]
    assert len(kept_aside_now) == 1
    assert result.exit_code == 0 and "Game saved after the last move" in result.output, (
        result.output[-3000:]
    )
    UNREADABLE.clear()
    fresh = load_game()  # the new game's save, usable
    assert fresh is not None and fresh.session.players == NAMES


@pytest.mark.parametrize("command", ["check", "replay"])
@pytest.mark.parametrize("row", RECORD_ROWS)
def test_a_hostile_record(row: str, command: str, home: Path) -> None:
    path = home / "record.json"
    CASES[row]("record", path)
    args = [command, str(path)] + (["--no-pause"] if command == "replay" else [])
    result = runner.invoke(cli.app, args)
    assert result.exit_code in (1, 2)
    line = one_clear_line(result)
    assert str(path) in line
    assert os.path.lexists(path)  # a file given by the user is only read


# Histories: a bad line is skipped with a note (the good ones still count); a history that cannot
# be read at all is one clear line and exit 1; --last fails only when the latest entry is unusable.
HISTORY_FAILS = {"a directory", "a named pipe", "unreadable"}
LAST_FAILS = HISTORY_FAILS | {"a record that does not replay"}


@pytest.mark.parametrize("last", [False, True], ids=["scores", "scores --last"])
@pytest.mark.parametrize("row", HISTORY_ROWS)
def test_a_hostile_score_history(row: str, last: bool, home: Path) -> None:
    path = home / "data" / "mushka" / "scores.jsonl"
    path.parent.mkdir(parents=True)
    CASES[row]("history", path)
    result = runner.invoke(cli.app, ["scores", *(["--last"] if last else [])])
    if row in (LAST_FAILS if last else HISTORY_FAILS):
        assert result.exit_code == 1
        one_clear_line(result)
        return
    assert result.exit_code == 0 and result.exception is None and len(result.output) < 20_000
    assert "Traceback" not in result.output
    if row == "an empty file":
        assert "No finished sessions yet" in result.output
    elif not last:
        assert "Anna" in result.output
        assert ("unreadable line" in result.output) == (row != "a record that does not replay")


def test_check_on_an_empty_file_fails(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("\n\n", encoding="utf-8")
    result = runner.invoke(cli.app, ["check", str(empty)])
    assert result.exit_code == 1 and "there is no game record in it" in result.stderr


def test_a_valid_history_after_the_hostile_rows_still_reads(home: Path) -> None:
    path = home / "data" / "mushka" / "scores.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text(dumps({"junk": True}) + "\n" + VALID_HISTORY + "\n", encoding="utf-8")
    entries, bad = read_scores()
    assert bad == 1 and len(entries) == 1 and entries[0].record == FINISHED


def test_names_that_look_like_markup_are_shown_as_typed(home: Path) -> None:
    """Not hostile, just names: the history and the records show them letter for letter."""
    record = json.loads(json.dumps(FINISHED).replace('"Vera"', '"Ve[/]ra[red]"'))
    path = home / "data" / "mushka" / "scores.jsonl"
    path.parent.mkdir(parents=True)
    names = ["Anna", "Boris", "Ve[/]ra[red]", "Gleb"]
    path.write_text(history_line(record, players=names) + "\n", encoding="utf-8")
    for args in (["scores"], ["scores", "--last"]):
        result = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 0 and result.exception is None, result.output
        assert "Ve[/]ra[red]" in result.output
    record_file = home / "record.json"
    record_file.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(cli.app, ["check", str(record_file)])
    assert result.exit_code == 0 and "Ve[/]ra[red]" in result.output
