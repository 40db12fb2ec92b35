"""Where the engine's randomness comes from: the lot for the first dealer, shuffles, face-down order."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from mushka.cards import CARDS, HAND_SIZE, Card


class Chance(Protocol):
    """The engine asks this for every outcome of chance, in a fixed order."""

    def first_dealer(self) -> int: ...

    def deal(self, deal_index: int) -> tuple[list[list[Card]], list[Card]]:
        """Four hands of five cards and the talon (top card first)."""
        ...

    def face_down(self, deal_index: int, seat: int, cards: Sequence[Card]) -> list[Card]:
        """The order in which `seat` lays `cards` face down for an exchange."""
        ...


_Item = TypeVar("_Item")  # a shuffle never looks at what it moves


def _shuffle(rng: random.Random, items: list[_Item]) -> None:
    """`rng.shuffle(items)`, exactly (the same draws from the generator, the same order), only
    faster: CPython's shuffle with its `_randbelow` written out, for a plain random.Random."""
    if type(rng) is not random.Random or not _PLAIN_SHUFFLE:
        rng.shuffle(items)
        return
    size = len(items)
    getrandbits = rng.getrandbits
    # (i, i + 1, its bit length) for each swap, the divisions and look-ups made once per size
    for i, n, k in _STEPS[size] if size < len(_STEPS) else _steps(size):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def _plain_shuffle_is_ours() -> bool:
    """Whether this Python's random.shuffle draws as `_shuffle` does (checked, not assumed)."""
    for seed in range(20):
        theirs, ours = list(range(32)), list(range(32))
        random.Random(seed).shuffle(theirs)
        rng = random.Random(seed)
        getrandbits = rng.getrandbits
        for i in range(len(ours) - 1, 0, -1):
            n, k = i + 1, (i + 1).bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            ours[i], ours[j] = ours[j], ours[i]
        if ours != theirs:
            return False
    return True


_PLAIN_SHUFFLE = _plain_shuffle_is_ours()
_STEPS = tuple(_steps(size) for size in range(64))


class SeededChance:
    """Chance from a `random.Random`: the same seed always gives the same session."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def first_dealer(self) -> int:
        return self.rng.randrange(4)

    def deal(self, deal_index: int) -> tuple[list[list[Card]], list[Card]]:
        deck = list(CARDS)
        _shuffle(self.rng, deck)
        n = HAND_SIZE
        return [deck[:n], deck[n : 2 * n], deck[2 * n : 3 * n], deck[3 * n : 4 * n]], deck[4 * n :]

    def face_down(self, deal_index: int, seat: int, cards: Sequence[Card]) -> list[Card]:
        laid = list(cards)
        _shuffle(self.rng, laid)
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
