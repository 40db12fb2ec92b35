"""Where the engine's randomness comes from: the lot for the first dealer, shuffles, face-down order."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from mushka.cards import CARDS, HAND_SIZE, TALON_SIZE, Card

__all__ = ["HAND_SIZE", "TALON_SIZE", "Chance", "ScriptedChance", "SeededChance"]


class Chance(Protocol):
    """The engine asks this for every outcome of chance, in a fixed order."""

    def first_dealer(self) -> int: ...

    def deal(self, deal_index: int) -> tuple[list[list[Card]], list[Card]]:
        """Four hands of five cards and the talon (top card first)."""
        ...

    def face_down(self, deal_index: int, seat: int, cards: Sequence[Card]) -> list[Card]:
        """The order in which `seat` lays `cards` face down for an exchange."""
        ...


class SeededChance:
    """Chance from a `random.Random`: the same seed always gives the same session."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def first_dealer(self) -> int:
        return self.rng.randrange(4)

    def deal(self, deal_index: int) -> tuple[list[list[Card]], list[Card]]:
        deck = list(CARDS)
        self.rng.shuffle(deck)
        hands = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(4)]
        return hands, deck[4 * HAND_SIZE :]

    def face_down(self, deal_index: int, seat: int, cards: Sequence[Card]) -> list[Card]:
        laid = list(cards)
        self.rng.shuffle(laid)
        return laid


class ScriptedChance:
    """Chance fixed in advance: given deals and face-down orders (for records and hand-built tests).

    `face_downs` maps (deal_index, seat) to the face-down order; cards not listed keep hand order.
    """

    def __init__(
        self,
        first_dealer: int,
        deals: Sequence[tuple[Sequence[Sequence[Card]], Sequence[Card]]],
        face_downs: Mapping[tuple[int, int], Sequence[Card]] | None = None,
    ) -> None:
        self._first_dealer = first_dealer
        self._deals = deals
        self._face_downs = face_downs or {}

    def first_dealer(self) -> int:
        return self._first_dealer

    def deal(self, deal_index: int) -> tuple[list[list[Card]], list[Card]]:
        if deal_index >= len(self._deals):
            raise LookupError(f"no cards were given for deal {deal_index + 1}")
        hands, talon = self._deals[deal_index]
        return [list(h) for h in hands], list(talon)

    def face_down(self, deal_index: int, seat: int, cards: Sequence[Card]) -> list[Card]:
        order = self._face_downs.get((deal_index, seat))
        if order is not None and sorted(order) == sorted(cards):
            return list(order)
        return list(cards)
