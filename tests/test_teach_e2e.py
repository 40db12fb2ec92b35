"""End to end: `mushka host --teach --bots 3` teaches the one person at the table over the real
OpenSSH client: the lesson's explanations drawn on his own screen in place of the table, each
rule once, dismissed by a key, the rules opened from one, and the game played on between them."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from test_host_e2e import Screen, answer, free_port, host, seat

pytestmark = pytest.mark.e2e

# an explanation's heading in the lesson's panel: its title, then its rulebook sections
TITLE = re.compile(r"^[│|] (\S.*?) \((?:[\d.]+(?:, [\d.]+)*|the game in brief)\)", re.MULTILINE)


def changed(screen: Screen, before: str, seconds: float = 20) -> None:
    """Wait until `screen` shows something else than `before` (a key's answer drawn)."""
    deadline = time.monotonic() + seconds
    while screen.text(0.2) == before:
        assert time.monotonic() < deadline, before


def test_mushka_host_teach_teaches_an_ssh_seat_each_rule_once(tmp_path: Path) -> None:
    port = free_port()
    table = host(
        tmp_path, port, "--teach", "--bots", "3", "--bot-delay", "0", "--seed", "7", "--deals", "1"
    )
    anna = Screen(seat(tmp_path, port, "Anna", rows=30, cols=100), 30, 100)
    shown = anna.wait_for(r"Enter: go on").string
    assert "Lesson" in shown and "A table that teaches" in shown
    titles: list[str] = []
    rules_opened = moves = 0
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        shown = anna.text(0.3)
        if "Final score sheet" in shown:
            # the last deal's end explained: read at a prompt, or (no time left) above the sheet
            assert "The end of the deal" in titles or "The end of the deal" in shown, shown
            break
        if re.search(r"Enter: (go on|let it stand)", shown):
            said = TITLE.findall(shown)
            assert said, shown
            titles += said  # one screen a Enter: a rule said again would show twice here
            if not rules_opened and "r: the rules" in shown:
                anna.child.sendline("r")  # the rules over the lesson, then back to it
                anna.wait_for(r"rules \d+/\d+ lines|end of the rules")
                anna.child.sendline("q")
                anna.wait_for(r"Enter: (go on|let it stand)")
                rules_opened += 1
            anna.child.sendline("")
            changed(anna, shown)
            continue
        if answer(anna, shown, tmp_path, "Anna"):
            moves += 1
            anna.text(0.5)
    assert moves >= 3 and rules_opened == 1, anna.text(0)
    # the welcome, then rules met at Anna's own decisions (the lead, the exchange or a follow)
    assert titles[0] == "A table that teaches" and len(titles) >= 4, titles
    assert len(set(titles)) == len(titles), titles
    table.expect("Anna wins|wins with")  # the session played to its end, the lesson in it
    table.close()
