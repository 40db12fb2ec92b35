"""A bounded garbage campaign at the real prompt (the full one: tests/fuzz_prompt.py --lines 10000)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fuzz_prompt import MUSHKA, campaign, garbage, meaningful
from test_e2e import Table, start

pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(
    not MUSHKA.exists() or not hasattr(os, "openpty"),
    reason="needs the installed mushka and a pseudo-terminal",
)


@pytest.mark.e2e
@pytest.mark.parametrize("seed", [1, 2])
def test_garbage_at_the_prompt_never_crashes_nor_changes_the_game(
    tmp_path: Path, seed: int
) -> None:
    figures = campaign(300, seed, tmp_path)
    assert figures["crashes"] == 0, figures["crashed_on"]
    assert figures["lines"] == 300
    assert figures["state_changed"] is False


def test_the_generator_sends_garbage_only() -> None:
    import random

    rng = random.Random(0)
    kinds = set()
    for _ in range(2000):
        line, kind = garbage(rng)
        kinds.add(kind)
        if not meaningful(line):
            assert "\r" not in line and "\n" not in line and "\x03" not in line
    assert meaningful("1") and meaningful("qh") and meaningful("٣") and meaningful("?")
    assert not meaningful("²") and not meaningful("9" * 5000) and not meaningful("\x00")
    assert kinds == {"unicode", "controls", "escapes", "digits", "near", "long", "blank"}


@pytest.mark.e2e
@pytest.mark.parametrize("typed", ["\x00", "\x00q", "a\x00b", "\x1b[2J", "²"])
def test_a_nul_or_an_escape_at_the_prompt_is_just_not_a_move(tmp_path: Path, typed: str) -> None:
    table = start(tmp_path, "--exchange", "off")
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    before = table.saved_events()
    table.child.send(typed + "\r")
    table.expect("is not a move")
    table.expect(Table.MOVE)
    assert table.saved_events() == before
    table.child.sendline("q")
    table.expect("Save and stop the game")
    table.child.sendline("y")
    table.expect("mushka resume")
    assert table.close() == 0
