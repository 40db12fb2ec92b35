"""Every command's whole output on an ASCII-only console: only ASCII, never a UnicodeEncodeError."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mushka.engine import Session
from mushka.names import printable
from mushka.render.look import Look, transliterate

MUSHKA = Path(sys.executable).with_name("mushka")
EXAMPLE = Path(__file__).with_name("data") / "record-example.json"

pytestmark = pytest.mark.skipif(not MUSHKA.exists(), reason="needs the installed mushka")


def run(home: Path, *args: str, encoding: str = "ascii") -> str:
    env = {
        **os.environ,
        "PYTHONIOENCODING": encoding,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "COLUMNS": "80",
    }
    done = subprocess.run([str(MUSHKA), *args], capture_output=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]
    assert b"Traceback" not in done.stderr
    done.stderr.decode("ascii")  # the progress display and any note are ASCII too
    return done.stdout.decode("ascii")  # raises if one byte is not ASCII


@pytest.mark.e2e
def test_play_with_four_computers_prints_only_ascii(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    out = run(
        tmp_path,
        *("play", "--bots", "4", "--bot-delay", "0", "--seed", "1", "--deals", "2"),
        *("--record", str(record)),
    )
    assert "Final score sheet" in out and "Deal 2 of 2 - " in out
    assert json.loads(record.read_text(encoding="utf-8"))["seed"] == 1


@pytest.mark.e2e
def test_replay_prints_only_ascii(tmp_path: Path) -> None:
    out = run(tmp_path, "replay", str(EXAMPLE), "--no-pause")
    assert "Final score sheet" in out and "trick 1" in out


@pytest.mark.e2e
def test_simulate_and_a_stake_sweep_print_only_ascii(tmp_path: Path) -> None:
    out = run(tmp_path, "simulate", "--sessions", "12", "--stake", "5,15", "--seed", "2")
    assert "4 x random" in out and "+/-" in out and "#" in out  # histogram bars
    assert "How the stake changes the game" in out


@pytest.mark.e2e
def test_the_rulebook_is_transliterated(tmp_path: Path) -> None:
    out = run(tmp_path, "rules")
    assert "hearts H, then clubs C, then diamonds D, then spades S" in out
    assert "The mushka is the ace of spades, AS." in out


@pytest.mark.e2e
def test_scores_print_names_in_ascii(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from mushka.host.storage.history import append_score

    session = Session(["Анна", "[red]Bo", "Vera♥", "Gleb"], seed=3)
    while not session.is_over:
        session.apply(session.legal_actions()[0])
    append_score(session)
    out = run(tmp_path, "scores")
    assert "Anna" in out and "[red]Bo" in out and "VeraH" in out
    assert "Final score sheet" in run(tmp_path, "scores", "--last")


@pytest.mark.e2e
def test_latin_1_consoles_keep_what_they_can_show(tmp_path: Path) -> None:
    out = subprocess.run(
        [str(MUSHKA), "replay", str(EXAMPLE), "--no-pause"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "latin-1"},
        timeout=60,
        check=True,
    ).stdout.decode("latin-1")
    assert "♥" not in out and "QH" in out  # suits as letters: latin-1 has no suit symbols


def test_transliteration_spells_every_glyph_in_ascii() -> None:
    assert transliterate("Q♥ · 10♠ – “Анна” … −5 ×2 █▒") == 'QH - 10S - "Anna" ... -5 x2 ##'
    assert transliterate("Éva Łukasz 漢").isascii()
    look = Look(ascii_only=True)
    for glyph in (look.dot, look.dash, look.minus, look.pointer, look.ellipsis, look.times):
        assert glyph.isascii()


def test_user_text_cannot_steer_the_terminal() -> None:
    assert printable("Anna\x1b[2J\u202eevil\u200b") == "Anna?[2J?evil?"
    assert printable("x" * 100, limit=10) == "x" * 9 + "…"


@pytest.mark.e2e
def test_the_table_on_an_ascii_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {
        **os.environ,
        "PYTHONIOENCODING": "ascii",
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "TERM": "xterm-256color",
    }
    names = ["Анна", "Boris", "Vera", "Gleb"]
    args = [
        "play",
        "--seed",
        "3",
        "--exchange",
        "off",
        *[a for n in names for a in ("--player", n)],
    ]
    child = pexpect.spawn(str(MUSHKA), args, env=env, dimensions=(24, 80), timeout=15)
    child.expect(rb"press Enter when only you can see the screen")
    output = child.before + child.after
    for typed, then in (
        ("", rb"Your move \["),
        ("q\u2665", rb"is not a move"),  # a suit symbol the console cannot even read
        ("s", rb"Press Enter to go back"),
        ("", rb"Your move \["),
        ("q", rb"Save and stop the game"),
        ("y", rb"mushka resume"),
    ):
        child.send(typed.encode("utf-8") + b"\r")
        child.expect(then)
        output += child.before + child.after
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    output = (output + (child.before or b"")).replace("q\u2665".encode(), b"")  # the tty's echo
    text = output.decode("ascii")  # raises on one non-ASCII byte the program wrote
    assert "Anna" in text and "Traceback" not in text
