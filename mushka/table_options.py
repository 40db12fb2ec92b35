"""The table's own settings beside the house rules: whether a move may be taken back, whether the
coach may be asked, whether the game is saved."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableOptions:
    """What the table agreed on besides the rules of play; both are off unless agreed.

    `undo`: the player who has just moved may take the move back. `hints`: the `h` key shows
    the coach's advice. The screens list a key only where the table allows it. `saved`: every
    move is saved, so q saves and quits; a guided deal (`mushka learn`) is not, and q leaves.
    """

    undo: bool = False
    hints: bool = False
    saved: bool = True
