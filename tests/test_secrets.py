"""Secrets at the real terminal: typed-ahead keys, scrollback without an alternate screen, unsafe
terminals, names as text, hidden cards in error messages."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from pathlib import Path

import pytest
from drivers import TmuxTable, cards_shown, public_cards
from test_e2e import MUSHKA, NAMES, Table, plain, start

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.skipif(
    not MUSHKA.exists() or not hasattr(os, "openpty"),
    reason="needs the installed mushka and a pseudo-terminal",
)


def nothing_more(table: Table, *patterns: str, seconds: float = 1.5) -> None:
    """Fail if any of `patterns` shows up within `seconds`."""
    seen = table.child.expect([*patterns, pexpect.TIMEOUT], timeout=seconds)
    assert seen == len(patterns), f"{patterns[seen]!r} appeared: {plain(table.child.after)!r}"


@pytest.mark.e2e
def test_enters_typed_ahead_do_not_open_the_next_hand(home: Path) -> None:
    table = start(home, "--exchange", "off")  # Anna leads first
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect("Anna, your hand")
    table.expect(Table.MOVE)
    table.child.send("1\r\r\r")  # a move and two extra Enters in one write
    table.expect("Pass the terminal to Boris")
    table.expect(Table.HANDOFF)
    nothing_more(table, "Boris, your hand", Table.MOVE)  # the handoff is still waiting
    table.child.sendline("")  # a key pressed after the handoff appeared
    table.expect("Boris, your hand")
    table.expect(Table.MOVE)
    table.child.sendcontrol("c")
    table.close()


@pytest.mark.e2e
def test_a_typed_ahead_yes_does_not_answer_the_revoke_question(home: Path) -> None:
    table = start(home)
    rng = random.Random(5)
    for _ in range(400):
        if table.expect(Table.HANDOFF, Table.MOVE) == 0:
            table.child.sendline("")
            continue
        if re.search(r"Follow \w+ \([\d, ]+\)[^\n]*pass \(p, costs", table.screen()[-600:]):
            break
        table.answer(rng)
    else:
        pytest.fail("no chance to revoke came up")
    before = table.saved_events()
    table.child.send("p\ry\r")
    table.expect(Table.CONFIRM)
    nothing_more(table, Table.HANDOFF, Table.MOVE, "Not passed")
    assert table.saved_events() == before
    table.child.sendline("n")
    table.expect("Not passed")
    table.expect(Table.MOVE)
    assert table.saved_events() == before
    table.child.sendcontrol("c")
    table.close()


def test_the_revoke_question_names_hearts(home: Path) -> None:
    from conftest import act, make_session
    from fakes import FakeTerminal, table

    from mushka.state import Step

    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"]
    )
    act(session, "QH")
    asked: list[str] = []

    def answering(prompt: str, terminal: FakeTerminal) -> str:
        if prompt.startswith("Your move ["):  # seat 1 passes, then stops the game
            return "q" if asked else "p"
        if prompt.startswith("You hold"):
            asked.append(prompt)
            return "n"
        return "y" if "[y/N]" in prompt else ""

    assert table(session, FakeTerminal(answering)).run() == 0
    assert asked[0].startswith("You hold hearts (K♥, 9♥): passing costs a 5 kop remise.")
    assert session.view(1).step is Step.FOLLOW  # not passed


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_no_hand_in_the_scrollback_even_without_an_alternate_screen(home: Path) -> None:
    args = ["play", "--seed", "4", "--deals", "2", *[a for n in NAMES for a in ("--player", n)]]
    with TmuxTable(home, MUSHKA, args, alternate_screen=False) as tmux:
        tmux.play_to_the_end(random.Random(3))
        history = tmux.history()
    record = json.loads((home / "game.json").read_text(encoding="utf-8"))
    public = public_cards(record)
    moves = sum(
        e["type"] in ("lead", "follow", "draw", "pass", "take", "discard")
        for d in record["deals"]
        for e in d["events"]
    )
    assert moves >= 60
    labels = cards_shown(history)
    assert "Final score sheet" in history
    assert labels <= public, f"cards never played were visible: {sorted(labels - public)}"
    assert "your hand" not in history


@pytest.mark.e2e
@pytest.mark.parametrize("term", ["dumb", "vt100", ""])
def test_a_terminal_without_an_alternate_screen_is_refused(home: Path, term: str) -> None:
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": term,
    }
    args = ["play", "--seed", "3", *[a for n in NAMES for a in ("--player", n)]]
    child = pexpect.spawn(str(MUSHKA), args, env=env, dimensions=(24, 80), encoding="utf-8")
    child.expect("no alternate screen")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "your hand" not in plain(child.before)
    assert not (home / "state" / "mushka" / "current-game.json").exists()  # refused before starting


@pytest.mark.e2e
def test_one_human_with_computers_may_play_on_a_plain_terminal(home: Path) -> None:
    env = {**os.environ, "XDG_STATE_HOME": str(home / "s"), "XDG_DATA_HOME": str(home / "d")}
    env["TERM"] = "dumb"
    args = ["play", "--player", "Anna", "--bots", "3", "--bot-delay", "0", "--seed", "2"]
    child = pexpect.spawn(str(MUSHKA), args, env=env, dimensions=(24, 80), encoding="utf-8")
    assert child.expect(["Your move \\[", "press Enter to go on", "no alternate screen"]) != 2
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


@pytest.mark.e2e
def test_names_are_text_not_markup(home: Path) -> None:
    names = ["[red]Anna", "Bo[/]b", "[b]Vera[/b]", ":smile: Gleb"]
    record = home / "game.json"
    args = ["play", "--seed", "5", "--deals", "1", "--record", str(record)]
    table = Table(home, [*args, *[a for n in names for a in ("--player", n)]])
    rng = random.Random(6)
    shown = ""
    for turn in range(12):
        seen = table.expect(Table.HANDOFF, Table.CONFIRM, Table.MOVE)
        shown += table.screen()
        if seen == 2 and turn == 3:
            table.child.sendline("s")  # the scores overlay lists every name
            table.expect("Press Enter to go back")
            shown += table.screen()
            table.child.sendline("")
            table.expect(Table.MOVE)
        if seen == 0:
            table.child.sendline("")
        elif seen == 1:
            table.child.sendline("y")
        else:
            table.answer(rng)
    for name in names:
        assert f"Pass the terminal to {name}" in shown or f"{name}, your hand" in shown
        assert f"│ {name}" in shown  # a cell of the scores table
    table.child.sendcontrol("c")
    table.expect("mushka resume")
    assert "MarkupError" not in plain(table.child.before)
    table.close()

    again = Table(home, ["resume"])
    again.expect(r"\[red\]Anna")
    assert again.play_to_the_end(random.Random(4)) > 0
    again.child.expect("mushka scores")
    sheet = plain(again.child.before)
    assert again.close() == 0
    for name in names:
        assert name in sheet
    scores = Table(home, ["scores"])
    scores.child.expect(pexpect.EOF)
    assert "Bo[/]b" in plain(scores.child.before) and ":smile:" in plain(scores.child.before)
    replay = Table(home, ["replay", str(record), "--no-pause"])
    replay.child.expect(pexpect.EOF)
    assert "[b]Vera[/b]" in plain(replay.child.before)
    assert "Traceback" not in plain(replay.child.before)


@pytest.mark.e2e
@pytest.mark.parametrize(
    "name", ["Anna\x1b[31m", "Bo\u202eb", "Ve\u200bra", "   ", "Gl\teb", "An\u00a0na", "\u3164"]
)
def test_names_with_invisible_or_control_characters_are_refused(home: Path, name: str) -> None:
    table = Table(home, ["play", "--player", name, "--player", "Boris"])
    table.child.expect(pexpect.EOF)
    table.child.close()
    assert table.child.exitstatus == 2
    out = plain(table.child.before)
    assert "name" in out and "Traceback" not in out


@pytest.mark.e2e
def test_ctrl_backslash_saves_and_leaves_no_hand_on_the_screen(home: Path) -> None:
    table = start(home)
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    table.child.sendcontrol("\\")  # SIGQUIT: by default a core dump with the hand still up
    table.expect("\x1b\\[3J")  # screen and scrollback wiped
    table.expect("\x1b\\[\\?1049l")  # and the alternate screen left
    table.expect("mushka resume")
    table.close()
    assert table.save_file.exists()
