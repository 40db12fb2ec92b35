"""On a Python without fcntl or termios (native Windows), the commands that need them say so in one
line and exit 1; those that do not (--version, --help, rules) still work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e  # every test runs the program in a process of its own

# The program as `mushka` runs it, after making the named modules unimportable, as on Windows.
WITHOUT = """
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None
sys.argv = ["mushka", *sys.argv[2:]]
from mushka.cli import main
main()
"""


def run_without(modules: str, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "MUSHKA_LANG": "en",
        "PAGER": "cat",
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
    }
    return subprocess.run(
        [sys.executable, "-c", WITHOUT, modules, *args],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["play"],
        ["play", "--resume"],
        ["resume"],
        ["play", "--bots", "4", "--seed", "1"],
        ["scores"],
        ["check", "game.json"],
        ["replay", "game.json"],
        ["simulate", "-n", "1"],
    ],
)
def test_without_fcntl_a_command_that_needs_it_says_so_in_one_line(
    tmp_path: Path, args: list[str]
) -> None:
    done = run_without("fcntl,termios", *args, home=tmp_path)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        f"mushka {args[0]} needs Linux, macOS or WSL (this Python has no fcntl module); "
        "on Windows, run it in WSL\n"
    )


def test_without_termios_play_is_refused_too(tmp_path: Path) -> None:
    done = run_without("termios", "play", home=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "mushka play needs Linux, macOS or WSL (this Python has no termios module); "
        "on Windows, run it in WSL"
    ]


def test_the_russian_line(tmp_path: Path) -> None:
    done = run_without("fcntl,termios", "--lang", "ru", "resume", home=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "mushka resume работает только в Linux, macOS и WSL (в этом Python нет модуля fcntl); "
        "в Windows запускайте mushka в WSL"
    ]


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["rules"]])
def test_without_fcntl_and_termios_what_needs_neither_still_works(
    tmp_path: Path, args: list[str]
) -> None:
    done = run_without("fcntl,termios", *args, home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout and done.stderr == ""
