"""The real `mushka play` explains the first exchange at an 80×24 terminal under tmux (issue 34:
on terminals too): the words in place of the table, the move prompt kept under them; Enter alone
shows the table; the session then plays to its end with no hand in the scrollback."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from drivers import TmuxTable

MUSHKA = Path(sys.executable).with_name("mushka")
TITLE = "The exchange (5.1)"


def last_line(screen: str) -> str:
    return ([line for line in screen.splitlines() if line.strip()] or [""])[-1]


def test_the_real_hot_seat_explains_the_first_exchange_then_shows_the_table(
    tmp_path: Path,
) -> None:
    # seed 1: Boris lays three cards face down in the first deal; Anna decides first after it
    args = ["play", "--seed", "1", "--deals", "1", "--player", "Anna", "--player", "Boris"]
    args += ["--bots", "2", "--bot-delay", "0"]
    with TmuxTable(tmp_path, MUSHKA, args) as tmux:
        screen = tmux.wait_for_change("")
        for _ in range(40):  # the news and the handoffs before Anna's first decision
            if TITLE in screen or tmux.dead():
                break
            assert not last_line(screen).startswith("Your move ["), screen  # not before it
            if "press Enter when only you can see the screen" in last_line(screen):
                tmux.send("")
            screen = tmux.wait_for_change(screen, 10.0)
        assert TITLE in screen, screen
        assert "These face-down cards are Boris's" in " ".join(screen.split())
        assert "Enter alone: your table and hand" in screen
        assert last_line(screen).startswith("Your move [")  # a move may be made at once
        assert "your hand" not in screen  # the words stand in place of the table
        tmux.send("")  # Enter alone: her table, no refusal
        screen = tmux.wait_for_change(screen, 10.0)
        assert "Anna, your hand" in screen and TITLE not in screen
        assert "Type your move" not in screen and last_line(screen).startswith("Your move [")
        tmux.play_to_the_end(random.Random(1))
        history = tmux.history()
        assert "Final score sheet" in history and "your hand" not in history
        assert history.count(TITLE) == 0  # the explanation was private, as the hand was
