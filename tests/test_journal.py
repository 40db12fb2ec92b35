"""The public log's lines on a narrow screen: broken between their parts, never a lone word."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from mushka.render.journal import LogLine

LINES = [
    "Trick 1 ♣ led by O'Neil: Q♣ · Anna passes · Boris A♣ · Vera 7♣ → Boris +3, kitty 57",
    "Trick 2 ♥ led by Boris: Q♥ · Vera passes · O'Neil revokes (remise 5) · Anna revokes "
    "(remise 5) → nobody joined: Boris takes it back",
    "Trick 6 ♦ led by O'Neil: Q♦ · Anna A♦ · Boris draws · Vera K♦ → Anna +2, kitty 68; "
    "O'Neil is out",
]


def rendered(line: LogLine, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    with console.capture() as captured:
        console.print(line)
    return captured.get().rstrip("\n").split("\n")


@pytest.mark.parametrize("text", LINES)
@pytest.mark.parametrize("width", [60, 80, 132])
def test_a_log_line_fits_and_leaves_no_word_alone(text: str, width: int) -> None:
    rows = rendered(LogLine(text), width)
    assert all(len(row) <= width for row in rows)
    assert all(len(row.split()) > 1 for row in rows), rows
    words = [w for w in " ".join(rows).split() if w != "·"]  # a break drops its separator
    assert words == [w for w in text.split() if w != "·"]
    if len(text) <= width:
        assert rows == [text]


def test_the_outcome_goes_to_its_own_line_when_the_line_is_too_long() -> None:
    rows = rendered(LogLine(LINES[0]), 80)
    assert rows == [
        "Trick 1 ♣ led by O'Neil: Q♣ · Anna passes · Boris A♣ · Vera 7♣",
        "  → Boris +3, kitty 57",
    ]


def test_ascii_separators_are_honoured() -> None:
    text = "Trick 1 C led by O'Neil: QC - Anna passes - Boris AC - Vera 7C -> Boris +3, kitty 57"
    rows = rendered(LogLine(text, " - ", " -> "), 70)
    assert rows == [
        "Trick 1 C led by O'Neil: QC - Anna passes - Boris AC - Vera 7C",
        "  -> Boris +3, kitty 57",
    ]
