"""How the command line reads: help in play order and in plain words, one-line errors, light start-up."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from mushka import __version__
from mushka.cli import app
from mushka.commands import play as play_command
from mushka.host.settings import SettingsError, TableSettings

runner = CliRunner()
COMMANDS = ["play", "host", "learn", "resume", "scores", "rules", "replay", "check", "simulate"]


def mushka(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The real program in a fresh interpreter, with `env` added to this one's environment."""
    return subprocess.run(
        [str(Path(sys.executable).with_name("mushka")), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        env={**os.environ, **env},
        check=False,
        timeout=60,
    )


def test_help_lists_play_first_then_the_other_commands_in_playing_order() -> None:
    result = runner.invoke(app, ["--help"])
    listed = re.findall(r"^  (\w+) ", result.output.split("Commands:")[1], flags=re.MULTILINE)
    assert result.exit_code == 0 and listed == COMMANDS


@pytest.mark.e2e
def test_help_rewraps_a_paragraph_to_the_console_instead_of_keeping_line_breaks() -> None:
    def about(columns: int) -> list[str]:
        help_text = mushka("play", "--help", COLUMNS=str(columns)).stdout
        return help_text.split("\n\n")[1].splitlines()  # the paragraph under "Usage:"

    narrow, wide = about(50), about(80)
    assert max(map(len, narrow)) <= 50 < max(map(len, wide)) <= 80
    assert " ".join(" ".join(narrow).split()) == " ".join(" ".join(wide).split())
    assert len(narrow) > len(wide) >= 5


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_metavars_read_like_a_person_wrote_them(command: list[str]) -> None:
    text = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"}).output
    for machine_word in ("<bool>", "<int", "<str>", "<list", "<path>", "<float", "{file}", "RANGE"):
        assert machine_word not in text, machine_word
    assert "INTEGER" not in text and "TEXT" not in text


def test_play_help_shows_the_person_shaped_metavars_and_the_house_settings() -> None:
    text = " ".join(runner.invoke(app, ["play", "--help"], env={"COLUMNS": "100"}).output.split())
    for shown in (
        "--player NAME",
        "--bot SEAT[:STRATEGY]",
        "--prices H,C,D,S",
        "--stake KOP",
        "--seed N",
        "--record FILE",
        "--exchange modern|old|off",
        "--undo / --no-undo",
        "--hints / --no-hints",
    ):
        assert shown in text, shown
    assert text.count("Off by default") == 2


@pytest.mark.e2e
@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_help_of_every_command_fits_an_ascii_console_of_80_columns(command: list[str]) -> None:
    done = mushka(*command, "--help", PYTHONIOENCODING="ascii", COLUMNS="80")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.isascii() and "Usage: mushka" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= 80
    assert not re.search(r"\[default:\s*\n", done.stdout)  # a default is never cut in two


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("args", "option", "words"),
    [
        (["simulate", "--sessions", "many"], "--sessions", "give a whole number, not 'many'"),
        (["simulate", "--sessions", "0"], "--sessions", "must be at least 1, not 0"),
        (["play", "--stake", "-1"], "--stake", "must be from 0 to 100000, not -1"),
        (["play", "--exchange", "sideways"], "--exchange", "choose modern, old or off"),
        (["play", "--bots", "5"], "--bots", "must be from 0 to 4, not 5"),
        (["play", "--seed", "-4"], "--seed", "must be at least 0, not -4"),
        (["play", "--bot-delay", "soon"], "--bot-delay", "give a number of seconds"),
        (["play", "--bot-delay", "61", "--bots", "4"], "--bot-delay", "from 0 to 60"),
        (["play", "--strategy", "x", "--bots", "1"], "--strategy", "unknown strategy 'x'"),
        (["simulate", "--bot", "clever"], "--bot", "unknown strategy 'clever'"),
        (["replay", "--session", "x", "f.json"], "--session", "give a whole number"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_option_once(
    args: list[str], option: str, words: str
) -> None:
    done = mushka(*args)
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line == f"mushka {args[0]} {option}: {line.split(': ', 1)[1]}"
    assert words in line and line.count(option) == 1 + (f"for {option}" in line)
    for noise in ("Invalid value", "Value error", "Input should", "Usage:", "Traceback"):
        assert noise not in line


@pytest.mark.e2e
def test_other_usage_errors_are_one_line_pointing_at_help() -> None:
    done = mushka("check")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "mushka check: Missing argument 'FILE'. (see: mushka check --help)"
    ]
    done = mushka("plya")
    assert done.returncode == 2 and "Did you mean 'play'" in done.stderr
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.e2e
def test_importing_the_command_line_loads_no_command_s_machinery() -> None:
    heavy = ["rich", "rich.markdown", "mushka.engine", "mushka.players", "mushka.study", "pydantic"]
    heavy += ["mushka.host"]  # the table host, for the commands that seat a table
    heavy += ["asyncssh", "mushka.net", "cryptography"]  # the network table's, for `host` alone
    code = f"import sys, mushka.cli; print([m for m in {heavy!r} if m in sys.modules] or 'light')"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "light"


@pytest.mark.e2e
def test_the_version_loads_no_command_s_machinery_either() -> None:
    code = (
        "import sys; sys.argv = ['mushka', '--version']; import mushka.cli\n"
        "try:\n    mushka.cli.main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('rich', 'mushka.'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    # the language is chosen before the help is built: i18n and the small modules its errors
    # need; and the plain values the help shows as defaults
    light = [
        "mushka.cli",
        "mushka.cli.help",
        "mushka.cli.options",
        "mushka.cli.tree",
        "mushka.defaults",
        "mushka.errors",
        "mushka.i18n",
        "mushka.wording",
    ]
    assert done.stdout.splitlines() == [f"mushka {__version__}", repr(light)]


# ---------------------------------------------------------------- house settings reach the table


class _Table:
    """Stands in for the hot seat: keeps the settings it was given, plays nothing."""

    seen: ClassVar[list[TableSettings]] = []

    def __init__(self, host: Any, terminal: Any) -> None:
        self.seen.append(host.settings)

    def run(self) -> int:
        return 0


@pytest.mark.parametrize(
    ("flags", "undo", "hints"),
    [
        ([], False, False),
        (["--undo"], True, False),
        (["--hints"], False, True),
        (["--undo", "--hints"], True, True),
        (["--undo", "--no-undo", "--no-hints"], False, False),
    ],
)
def test_undo_and_hints_are_off_unless_asked_for_and_reach_the_table(
    flags: list[str], undo: bool, hints: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(play_command, "HotSeat", _Table)
    _Table.seen.clear()
    result = runner.invoke(app, ["play", "--bots", "4", "--bot-delay", "0", *flags])
    assert result.exit_code == 0, result.output
    (settings,) = _Table.seen
    assert (settings.undo, settings.hints) == (undo, hints)


def test_undo_and_hints_survive_the_save_and_refuse_hostile_values() -> None:
    settings = TableSettings(undo=True, hints=True)
    again = TableSettings.from_json(settings.to_json())
    assert (again.undo, again.hints) == (True, True)
    old_save = {k: v for k, v in settings.to_json().items() if k not in ("undo", "hints")}
    assert (TableSettings.from_json(old_save).undo, TableSettings.from_json(old_save).hints) == (
        False,
        False,
    )
    hostile: object  # anything a save file could hold
    for key in ("undo", "hints"):
        for hostile in ("yes", 1, None, [], {"a": 1}, "x" * 10_000):
            with pytest.raises(SettingsError, match=f"{key} must be true or false"):
                TableSettings.from_json({**settings.to_json(), key: hostile})


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_that_prints_offers_ascii(command: str) -> None:
    assert "--ascii" in runner.invoke(app, [command, "--help"]).output


@pytest.mark.e2e
@pytest.mark.parametrize("option", ["--bot", "--player", "--stake", "--prices", "--exchange"])
def test_a_megabyte_value_gives_a_short_line(option: str) -> None:
    done = mushka("play", option, "9" * 100_000 + "\x1b[31m")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert len(done.stderr) < 450 and "\x1b" not in done.stderr


def test_the_command_line_and_make_bot_refuse_a_strategy_in_the_same_words() -> None:
    import random

    from mushka.players.bots import STRATEGIES, make_bot
    from mushka.players.strategies import STRATEGY_NAMES, UnknownStrategyError

    assert tuple(STRATEGIES) == STRATEGY_NAMES
    with pytest.raises(UnknownStrategyError) as refused:
        make_bot("clever", random.Random(1))
    said = runner.invoke(app, ["simulate", "--bot", "clever"]).output
    assert str(refused.value) in said and said.count("choose from random, basic, strong") == 1


@pytest.mark.parametrize("weak", ["abcd", "table-42", "1234567890123"])
def test_host_refuses_a_code_weaker_than_a_generated_one_in_one_line(weak: str) -> None:
    """Issue 27: a host's own `--code` of 4 characters was guessed through the lock-out from a
    few addresses in minutes. It is refused before anything listens, saying why."""
    result = CliRunner().invoke(app, ["host", "--port", "2299", "--code", weak])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "easier to guess than a generated one" in said
    assert "about" in said and "bits against 41" in said
