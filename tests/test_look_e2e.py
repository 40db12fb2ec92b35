"""The real `mushka` at a pseudo-terminal: house rules at the start and in `?`, the table memory
on `m` and, on a large terminal, beside the trick."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # at run time pexpect is imported by importorskip below, or the module skipped
    from pexpect import spawn as Child

pexpect = pytest.importorskip("pexpect")

MUSHKA = Path(sys.executable).with_name("mushka")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
HANDOFF = r"press Enter when only you can see the screen"
MOVE = r"Your move \["

pytestmark = pytest.mark.skipif(
    not MUSHKA.exists() or not hasattr(os, "openpty"),
    reason="needs the installed mushka and a pseudo-terminal",
)


def spawn(home: Path, rows: int, cols: int, *extra: str) -> Child:
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
    }
    args = ["play", "--seed", "7", "--stake", "20", *extra]
    for name in ("Anna", "Boris", "Vera", "Gleb"):
        args += ["--player", name]
    child = pexpect.spawn(
        str(MUSHKA), args, env=env, dimensions=(rows, cols), encoding="utf-8", timeout=20
    )
    child.delaybeforesend = None
    return child


def seen(child: Child) -> str:
    return ANSI.sub("", child.before or "")


def test_house_rules_show_at_the_start_on_the_table_and_in_help_and_o_shows_the_memory(
    tmp_path: Path,
) -> None:
    child = spawn(tmp_path, 24, 80)
    try:
        child.expect(HANDOFF)
        assert re.search(r"House rules: stake 20 · remise 5 · ♥4 ♣3 ♦2 ♠1 · 4 deals", seen(child))
        child.sendline("")
        child.expect(MOVE)
        screen = seen(child)
        assert "stake 20 · remise 5 · ♥4 ♣3 ♦2 ♠1" in screen
        assert "played this deal" not in screen  # 80x24 has no room for the side panel
        child.sendline("o")
        child.expect("Press Enter to go back")
        memory = seen(child)
        assert "played this deal" in memory and re.search(r"♠ +· +· +·", memory)
        child.sendline("")
        child.expect(MOVE)
        child.sendline("?")
        child.expect("Press Enter to go back")
        shown = seen(child)
        assert "House rules:" in shown and re.search(r"\n  o +the cards played", shown)
        assert re.search(r"\n  m +play the mushka", shown)
        assert not re.search(r"\n  (h|u)\b", shown)  # no hints, no take-backs at this table
        child.sendline("")
        child.expect(MOVE)
    finally:
        child.terminate(force=True)


def test_a_large_terminal_shows_the_memory_beside_the_trick(tmp_path: Path) -> None:
    child = spawn(tmp_path, 43, 132)
    try:
        child.expect(HANDOFF)
        child.sendline("")
        child.expect(MOVE)
        assert "played this deal" in seen(child)
    finally:
        child.terminate(force=True)


def test_a_large_terminal_draws_the_cards_as_cards_and_the_trick_round_the_table(
    tmp_path: Path,
) -> None:
    child = spawn(tmp_path, 30, 120)
    try:
        child.expect(HANDOFF)
        child.sendline("")
        child.expect(MOVE)
        first = seen(child)
        assert "╰─1─╯" in first and "╰─5─╯" in first and "your hand" in first
        child.sendline("1")  # the first card led; the next player sees it on the table
        child.expect(HANDOFF)
        child.sendline("")
        child.expect(MOVE)
        assert re.search(r"│(10|[7-9JQKA])[♥♣♦♠] +│", seen(child))
    finally:
        child.terminate(force=True)


def test_the_prompt_and_the_header_name_the_tables_undo_and_hints(tmp_path: Path) -> None:
    child = spawn(tmp_path, 24, 80, "--undo", "--hints")
    try:
        child.expect(HANDOFF)
        child.sendline("")
        child.expect(MOVE)
        screen = seen(child)
        child.expect(r"\]: ")
        assert seen(child).endswith("s scores, h hint, q save & quit")
        assert "undo on" in screen and "hints on" in screen and "hint…" not in screen
        child.sendline("?")
        child.expect("Press Enter to go back")
        assert re.search(r"\n  h, hint +the coach", seen(child))
        assert re.search(r"\n  u +on the handoff", seen(child))
    finally:
        child.terminate(force=True)
