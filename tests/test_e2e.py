"""End to end: the installed `mushka` under a pseudo-terminal, driven like players at the keyboard."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
from pathlib import Path

import pytest
from drivers import TmuxTable, cards_shown, choose_move, public_cards

pexpect = pytest.importorskip("pexpect")

MUSHKA = Path(sys.executable).with_name("mushka")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
NAMES = ["Anna", "Boris", "Vera", "Gleb"]

pytestmark = pytest.mark.skipif(
    not MUSHKA.exists() or not hasattr(os, "openpty"),
    reason="needs the installed mushka and a pseudo-terminal",
)


def plain(text: str) -> str:
    return ANSI.sub("", text)


class Table:
    """One `mushka` process at a pseudo-terminal, with helpers to answer its prompts."""

    HANDOFF = r"press Enter when only you can see the screen"
    CONFIRM = r"Pass anyway\? \[y/N\]"
    MOVE = r"Your move \["
    FINAL = r"Final score sheet"
    SIZE = r"Enlarge the window, then press Enter"

    def __init__(self, home: Path, args: list[str], rows: int = 24, cols: int = 80) -> None:
        env = {
            **os.environ,
            "XDG_STATE_HOME": str(home / "state"),
            "XDG_DATA_HOME": str(home / "data"),
            "TERM": "xterm-256color",
        }
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(
            str(MUSHKA), args, env=env, dimensions=(rows, cols), encoding="utf-8", timeout=15
        )
        self.child.delaybeforesend = None
        self.home = home

    @property
    def save_file(self) -> Path:
        return self.home / "state" / "mushka" / "current-game.json"

    def saved_events(self) -> int:
        record = json.loads(self.save_file.read_text(encoding="utf-8"))["record"]
        return sum(len(d["events"]) for d in record["deals"])

    def expect(self, *patterns: str) -> int:
        index: int = self.child.expect(list(patterns))
        return index

    def screen(self) -> str:
        return plain(self.child.before or "")

    def answer(self, rng: random.Random) -> None:
        """Answer the move prompt just seen with a random choice from those the screen offers."""
        self.child.sendline(choose_move(self.home, rng))

    def play_to_the_end(self, rng: random.Random, limit: int = 3000) -> int:
        """Answer every prompt until the final sheet; returns how many moves were made."""
        moves = 0
        for _ in range(limit):
            seen = self.expect(self.HANDOFF, self.CONFIRM, self.MOVE, self.FINAL)
            if seen == 0:
                self.child.sendline("")
            elif seen == 1:
                self.child.sendline("y")
            elif seen == 2:
                self.answer(rng)
                moves += 1
            else:
                return moves
        raise AssertionError("the session did not end")

    def close(self) -> int:
        self.child.expect(pexpect.EOF)
        self.child.close()
        status: int = self.child.exitstatus
        return status


def start(home: Path, *extra: str, rows: int = 24, cols: int = 80) -> Table:
    args = ["play", "--seed", "11"]
    for name in NAMES:
        args += ["--player", name]
    return Table(home, [*args, *extra], rows, cols)


def test_a_whole_seeded_session_to_the_final_sheet(home: Path) -> None:
    record = home / "game.json"
    table = start(home, "--record", str(record))
    moves = table.play_to_the_end(random.Random(1))
    table.child.expect("mushka scores")
    sheet = plain(table.child.before)
    assert table.close() == 0
    assert moves > 20
    for name in NAMES:
        assert name in sheet
    assert re.search(r"(\w+) wins with \+\d+ kop|share the win", sheet)
    assert not table.save_file.exists()  # a finished game leaves no save behind
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["seed"] == 11 and len(data["deals"]) == 4 and data["players"] == NAMES
    history = (home / "data" / "mushka" / "scores.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(history) == 1 and json.loads(history[0])["net"] == data["result"]["net"]


def test_bad_input_gets_a_plain_explanation_and_changes_nothing(home: Path) -> None:
    table = start(home, "--exchange", "off")  # so the first decision is a lead
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    before = table.saved_events()
    for typed, reply in (
        ("xyz", "is not a move"),
        ("9", "There is no card number 9"),
        ("take 7", "not possible"),
        ("?", "How to answer"),
    ):
        table.child.sendline(typed)
        table.expect(reply)
        if typed == "?":
            table.expect("Press Enter to go back")
            table.child.sendline("")
        table.expect(Table.MOVE)
    table.child.sendline("s")
    table.expect("Scores of this deal")
    table.child.sendline("")
    table.expect(Table.MOVE)
    assert table.saved_events() == before
    table.child.sendline("q")
    table.expect("Save and stop the game")  # asked first: it stops the game for everyone
    table.child.sendline("y")
    table.expect("mushka resume")
    assert table.close() == 0


def test_passing_while_holding_the_led_suit_asks_for_confirmation(home: Path) -> None:
    table = start(home)
    rng = random.Random(5)
    for _ in range(400):
        seen = table.expect(Table.HANDOFF, Table.MOVE)
        if seen == 0:
            table.child.sendline("")
            continue
        shown = table.screen()
        if re.search(r"Follow \w+ \([\d, ]+\)[^\n]*pass \(p, costs", shown[-600:]):
            break
        table.answer(rng)
    else:
        pytest.fail("no chance to revoke came up")
    before = table.saved_events()
    table.child.sendline("p")
    table.expect(Table.CONFIRM)
    table.child.sendline("n")
    table.expect("Not passed")
    table.expect(Table.MOVE)
    assert table.saved_events() == before
    table.child.sendline("p")
    table.expect(Table.CONFIRM)
    table.child.sendline("y")
    table.expect(Table.HANDOFF, Table.MOVE)
    record = json.loads(table.save_file.read_text(encoding="utf-8"))["record"]
    events = record["deals"][-1]["events"]
    passes = [i for i, e in enumerate(events) if e["type"] == "pass" and e["remise"]]
    assert (
        passes
        and events[passes[-1] + 1]["type"] == "remise"
        and events[passes[-1] + 1]["reason"] == "revoke"
    )
    table.child.sendcontrol("c")
    table.expect("mushka resume")
    table.close()


def test_quit_and_resume_lose_nothing(home: Path) -> None:
    """Ctrl-D at a handoff and q at a move prompt both save the last move; resuming loses nothing."""
    table = start(home)
    rng = random.Random(9)
    for _ in range(25):
        seen = table.expect(Table.HANDOFF, Table.CONFIRM, Table.MOVE)
        if seen == 0:
            table.child.sendline("")
        elif seen == 1:
            table.child.sendline("y")
        else:
            table.answer(rng)
    while (seen := table.expect(Table.HANDOFF, Table.CONFIRM, Table.MOVE)) != 0:
        table.child.sendline("y" if seen == 1 else choose_move(table.home, rng))
    saved = table.save_file.read_text(encoding="utf-8")
    table.child.sendcontrol("d")  # Ctrl-D at a handoff quits
    table.expect("mushka resume")
    table.close()
    assert (
        json.loads(table.save_file.read_text(encoding="utf-8"))["record"]
        == json.loads(saved)["record"]
    )

    again = Table(home, ["resume"])
    again.expect("Resuming the saved game")
    again.expect(Table.HANDOFF)
    again.child.sendline("")
    again.expect(Table.MOVE)
    again.child.sendline("q")  # q at a move prompt quits, once confirmed
    again.expect("Save and stop the game")
    again.child.sendline("y")
    again.expect("mushka resume")
    assert again.close() == 0
    assert (
        json.loads(again.save_file.read_text(encoding="utf-8"))["record"]
        == json.loads(saved)["record"]
    )

    last = Table(home, ["resume"])
    last.expect("Resuming the saved game")
    assert last.play_to_the_end(rng) > 0
    assert last.close() == 0
    assert not last.save_file.exists()


def test_ctrl_c_saves_and_says_how_to_resume(home: Path) -> None:
    table = start(home)
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    table.child.sendcontrol("c")
    table.expect(r"Game saved after the last move. Continue it with:  \S*mushka resume")
    assert table.close() == 130
    assert table.save_file.exists()


def test_a_corrupt_save_is_kept_aside_with_a_clear_message(home: Path) -> None:
    save = home / "state" / "mushka" / "current-game.json"
    save.parent.mkdir(parents=True)
    save.write_text(
        '{"format": "mushka-save", "version": 1, "record": {"deals": [', encoding="utf-8"
    )
    table = Table(home, ["resume"])
    table.expect("the saved game could not be read")
    table.expect("kept, unchanged, as")
    assert table.close() == 1
    kept = list(save.parent.glob("current-game.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8").startswith('{"format"')
    newer = {"format": "mushka-save", "version": 99, "record": {}}
    save.write_text(json.dumps(newer), encoding="utf-8")
    table = start(home)
    table.expect("written by a newer mushka")
    table.expect(Table.HANDOFF)  # and a new game starts
    table.child.sendcontrol("c")
    table.close()
    assert list(save.parent.glob("current-game.newer-*.json"))


def test_a_small_terminal_is_told_the_size_it_needs(home: Path) -> None:
    table = start(home, rows=20, cols=60)
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect("needs a terminal of at least 80×24 characters")
    table.expect("60×20")
    table.child.setwinsize(24, 80)
    table.child.sendline("")
    table.expect(Table.MOVE)
    table.child.sendcontrol("c")
    table.close()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_no_hidden_card_is_left_in_the_scrollback(home: Path) -> None:
    with TmuxTable(
        home,
        MUSHKA,
        ["play", "--seed", "4", "--deals", "1", *[arg for n in NAMES for arg in ("--player", n)]],
    ) as tmux:
        tmux.play_to_the_end(random.Random(3))
        history = tmux.history()
    record = json.loads((home / "game.json").read_text(encoding="utf-8"))
    public = public_cards(record)
    labels = cards_shown(history)
    assert "Final score sheet" in history
    assert labels <= public, f"cards never played were visible: {sorted(labels - public)}"


def test_missing_names_are_asked_for_and_duplicates_refused(home: Path) -> None:
    table = Table(home, ["play", "--seed", "3"])
    for prompt, answer in (
        ("player 1", "Anna"),
        ("player 2", "anna"),
        ("already taken", None),
        ("player 2", ""),
        ("player 3", "Vera"),
        ("player 4", ""),
    ):
        table.expect(prompt)
        if answer is not None:
            table.child.sendline(answer)
    table.expect("Pass the terminal to")
    record = json.loads(table.save_file.read_text(encoding="utf-8"))["record"]
    assert record["players"] == ["Anna", "Player 2", "Vera", "Player 4"]
    table.child.sendcontrol("c")
    table.close()


def test_a_terminal_that_cannot_show_suits_gets_ascii(home: Path) -> None:
    table = Table(home, ["play", "--seed", "3", *[a for n in NAMES for a in ("--player", n)]])
    table.child.close()  # started again below, in a terminal whose encoding has no suit symbols
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm",
        "PYTHONIOENCODING": "latin-1",
    }
    args = ["play", "--seed", "3", *[a for n in NAMES for a in ("--player", n)]]
    table.child = pexpect.spawn(
        str(MUSHKA),
        args,
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        codec_errors="replace",
        timeout=15,
    )
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    screen = plain(table.child.before)
    assert screen.isascii()
    if "Enter alone: your table" in screen:  # the first exchange explained in its place
        assert "+- How it works" in screen
        table.child.sendline("")
        table.expect(Table.MOVE)
        screen = plain(table.child.before)
        assert screen.isascii()
    assert "+- players" in screen
    table.child.sendcontrol("c")
    table.close()


def test_no_color_is_honoured(home: Path) -> None:
    args = ["play", "--seed", "3", *[a for n in NAMES for a in ("--player", n)]]
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
        "NO_COLOR": "1",
    }
    child = pexpect.spawn(
        str(MUSHKA), args, env=env, dimensions=(24, 80), encoding="utf-8", timeout=15
    )
    child.expect(Table.HANDOFF)
    child.sendline("")
    child.expect(Table.MOVE)
    assert not re.search(r"\x1b\[[0-9;]*(3[0-9]|4[0-9]|9[0-7])m", child.before)  # no colour codes
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


def test_one_human_with_three_computers_needs_no_handoffs(home: Path) -> None:
    table = Table(
        home,
        [
            "play",
            "--seed",
            "6",
            "--player",
            "Anna",
            "--bots",
            "3",
            "--strategy",
            "basic",
            "--bot-delay",
            "0",
            "--deals",
            "2",
        ],
    )
    rng = random.Random(2)
    for _ in range(500):
        seen = table.expect(
            "press Enter to go on", Table.CONFIRM, Table.MOVE, Table.FINAL, Table.HANDOFF
        )
        assert seen != 4, "a lone human is never asked to pass the terminal"
        if seen == 3:
            log = table.screen()  # printed whole when play ends: every deal is in the scrollback
            assert "Deal 1 of 2" in log and "Deal 2 of 2" in log and "Trick 1 " in log
            break
        table.child.sendline(
            "" if seen == 0 else "y" if seen == 1 else choose_move(table.home, rng)
        )
    else:
        pytest.fail("the session did not end")
    table.expect("mushka scores")
    assert table.close() == 0
