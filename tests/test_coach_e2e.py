"""End to end: the coach under a pseudo-terminal, with `mushka play --hints` and without."""

from __future__ import annotations

import re
from pathlib import Path

from test_e2e import NAMES, Table, pytestmark

__all__ = ["pytestmark"]  # skipped, like test_e2e, without the installed mushka or a pty

HAND = re.compile(r"(?<!\S)([1-5]) ((?:10|[7-9JQKA])[♥♣♦♠])")


def _start(home: Path, *extra: str) -> Table:
    args = ["play", "--seed", "7", "--exchange", "off"]  # the first decision is a lead
    for name in NAMES:
        args += ["--player", name]
    return Table(home, [*args, *extra])


def _to_the_first_move(table: Table) -> str:
    table.expect(Table.HANDOFF)
    table.child.sendline("")
    table.expect(Table.MOVE)
    return table.screen()


def test_h_shows_every_legal_move_with_its_worth_and_the_table_hears_of_it(
    tmp_path: Path,
) -> None:
    table = _start(tmp_path, "--hints")
    screen = _to_the_first_move(table)
    assert "hints on" in screen
    assert "Lead any card" in screen  # every card in the hand is legal
    hand = {card for _, card in HAND.findall(screen.split("your hand")[-1])}
    assert len(hand) == 5
    table.child.sendline("h")
    table.expect("Press Enter to go back")
    shown = table.screen()
    assert "would play" in shown
    values = shown.split("best first:")[-1].strip()
    assert values.endswith("kop")
    items = values.removesuffix("kop").split(" · ")
    named = {item.split()[0] for item in items}
    assert named == hand
    assert all(re.fullmatch(r"[+−]\d+\.\d|0\.0", item.split()[1]) for item in items)
    table.child.sendline("")
    table.expect(Table.MOVE)
    table.child.sendline("1")
    table.expect(Table.HANDOFF)
    public = table.screen()
    assert re.search(r"\w+ asked the coach\.", public)
    assert "would play" not in public and "best first" not in public
    table.child.sendcontrol("c")
    table.close()


def test_without_hints_h_says_they_are_off(tmp_path: Path) -> None:
    table = _start(tmp_path)
    screen = _to_the_first_move(table)
    assert "hints on" not in screen
    table.child.sendline("h")
    table.expect(r"Hints are off at this table \(house rule --hints\)")
    table.expect(Table.MOVE)
    table.child.sendline("q")
    table.expect("Save and stop the game")
    table.child.sendline("y")
    assert table.close() == 0
