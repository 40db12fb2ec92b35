"""The coach: what `strong` would play from a seat's view, and the expected money of each move."""

from __future__ import annotations

import random
from dataclasses import dataclass

from mushka.actions import Action
from mushka.players.bots import StrongBot
from mushka.view import SeatView


@dataclass(frozen=True)
class Hint:
    """`strong`'s choice and, for each legal move, the money (kop) it expects the seat to make
    from now to the end of the deal — the next deal's ante saved by going out first and, in the
    last deal, the final kitty included. Moves are listed best first; `values` is empty when there
    is nothing to weigh (a single legal move, or a blind take where every position is alike)."""

    best: Action
    values: tuple[tuple[Action, float], ...]


def hint(view: SeatView, seed: int = 0, worlds: int = 48) -> Hint:
    """The hint for the seat whose turn it is, from its view alone; the same seed gives the same
    hint. Raises ValueError when it is not the seat's turn."""
    if not view.legal_actions:
        raise ValueError("a hint is given only to the seat whose turn it is")
    bot = StrongBot(random.Random(f"coach:{seed}"), worlds=worlds)
    values = bot.evaluate(view)
    best = bot.choose_from(view, values)
    ranked = sorted(values.items(), key=lambda item: (item[0] != best, -item[1]))
    return Hint(best, tuple(ranked))
