"""Computer players: each sees only its seat's view and legal actions, exactly like a human."""

from __future__ import annotations

import random
from typing import Protocol

from mushka.actions import Action
from mushka.view import SeatView


class Bot(Protocol):
    """A computer player. `choose` gets the seat's view (legal actions included) and decides."""

    name: str

    def choose(self, view: SeatView) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)
