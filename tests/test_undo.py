"""The --undo house rule at a real terminal: a move taken back exactly, and the refusals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from drivers import choose_move, saved_session
from test_e2e import MUSHKA, NAMES, Table

from mushka.engine import Step

pexpect = pytest.importorskip("pexpect")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not MUSHKA.exists(), reason="needs the installed mushka"),
]

OFFER = r"u: (\S+) takes back (\S+)"


def start(home: Path, *extra: str) -> Table:
    return Table(
        home, ["play", "--seed", "11", *[a for n in NAMES for a in ("--player", n)], *extra]
    )


def record(table: Table) -> object:
    return json.loads(table.save_file.read_text(encoding="utf-8"))["record"]


def test_a_lead_taken_back_leaves_the_game_exactly_as_before(tmp_path: Path) -> None:
    table = start(tmp_path, "--undo", "--exchange", "off")
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    before = record(table)
    table.child.sendline("1")
    table.expect(OFFER)
    mover, card = table.child.match.group(1), table.child.match.group(2)
    table.child.sendline("u")
    table.expect(f"{mover} takes back {card}")  # in public, card named
    table.expect(f"{mover} goes on")  # the hand goes back to its owner only, after a handoff
    table.expect(Table.HANDOFF)
    assert record(table) == before  # the save holds the state before the move
    table.child.sendline("")
    table.expect(Table.MOVE)
    table.child.sendline("2")
    table.expect(OFFER)
    table.child.sendcontrol("c")
    assert table.close() == 130


def test_without_the_house_rule_nothing_is_offered_or_taken_back(tmp_path: Path) -> None:
    table = start(tmp_path, "--exchange", "off")
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    table.child.sendline("1")
    table.expect(Table.HANDOFF)
    assert "takes back" not in table.screen()
    saved = record(table)
    table.child.sendline("u")  # just an Enter here
    table.expect(Table.MOVE)
    assert record(table) == saved
    table.child.sendcontrol("c")
    table.close()


def play_until_refused(table: Table, move: str, reason: str, rng: random.Random) -> None:
    """Play (preferring `move` when offered) until a handoff follows it; there u is refused."""
    last = ""
    for _ in range(400):
        seen = table.expect(Table.HANDOFF, Table.CONFIRM, Table.MOVE)
        if seen == 0 and last == move:
            assert "takes back" not in table.screen()
            saved = record(table)
            table.child.sendline("u")
            table.expect(f"Not taken back: {reason}")
            table.expect(Table.HANDOFF)
            assert record(table) == saved
            table.child.sendcontrol("c")
            return
        if seen == 0:
            table.child.sendline("")
            last = ""
        elif seen == 1:
            table.child.sendline("y")
        else:
            shown = table.screen()
            last = move if f"({move})" in shown[-600:] or move == "1" else ""
            table.child.sendline(move if last else choose_move(table.home, rng))
    pytest.fail(f"no handoff followed {move!r}")


def test_a_draw_is_not_taken_back(tmp_path: Path) -> None:
    table = start(tmp_path, "--undo", "--exchange", "off")
    play_until_refused(table, "d", "a card drawn from the talon has been seen", random.Random(4))
    table.close()


def test_a_blind_take_is_not_taken_back(tmp_path: Path) -> None:
    table = start(tmp_path, "--undo", "--exchange", "old")
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    for _ in range(8):
        table.expect(Table.MOVE)
        if saved_session(table.home).step is Step.TAKE:
            break
        table.child.sendline(choose_move(table.home, random.Random(1)))
        table.expect(Table.HANDOFF)
        table.child.sendline("")
    else:
        pytest.fail("no face-down card was offered")
    table.child.sendline("1")
    table.expect(Table.HANDOFF)
    assert "takes back" not in table.screen()
    table.child.sendline("u")
    table.expect("Not taken back: a face-down card taken has been seen")
    table.child.sendcontrol("c")
    table.close()
