"""The table's own settings beside the house rules: whether a move may be taken back, whether the coach may be asked."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableOptions:
    """What the table agreed on besides the rules of play; both are off unless agreed.

    `undo`: the player who has just moved may take the move back. `hints`: the `h` key shows
    the coach's advice. The screens list a key only where the table allows it.
    """

    undo: bool = False
    hints: bool = False
