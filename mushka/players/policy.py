"""A learned lead policy: a linear score of each card a seat may lead, fitted to `strong`'s leads.

The weights are data (policy.json beside this module, written by tools/train_policy.py) read once
on first use. The features are those of the seat's view only: its hand, the suits' prices, the
cards out of play, the hand sizes, the kitty and whether this is the last deal. The same function
scores a lead at the table (`PolicyBot`) and inside `strong`'s playouts (mushka.players.playout).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from importlib import resources
from typing import Final

from mushka.actions import PLAYS, Action
from mushka.engine import Step
from mushka.players.determinize import knowledge
from mushka.view import SeatView

MUSHKA: Final = 31
_SPADES: Final = 3
FEATURES: Final = (
    "basic's lead",
    "price",
    "rank",
    "price × rank",
    "boss",
    "boss × price",
    "higher unseen",
    "own in suit",
    "unseen in suit",
    "nobody can follow",
    "the mushka",
    "singleton",
    "lowest of its suit",
    "cards over the shortest other × price",
    "last deal × boss × price",
    "kitty × boss",
    "last deal × rank",
    "price × higher unseen",
)


@functools.cache
def weights() -> tuple[float, ...]:
    """The fitted weights, one per feature (read once)."""
    text = resources.files("mushka.players").joinpath("policy.json").read_text()
    data = json.loads(text)
    if tuple(data["features"]) != FEATURES:
        raise ValueError("mushka/players/policy.json was fitted to other features: retrain it")
    return tuple(float(w) for w in data["weights"])


def lead_features(
    card: int,
    hand: Sequence[int],
    prices: Sequence[int],
    seen: int,
    sizes: Sequence[int],
    actor: int,
    kitty: int,
    last: bool,
    basic_card: int,
) -> list[float]:
    """The features of leading `card` from `hand`; `seen`: a bit per card out of play or on the
    table (not the hand's own), `sizes`: every seat's number of cards."""
    suit = card >> 3
    rank = card & 7
    top = max(prices) or 1
    price = prices[suit] / top
    own = 0
    for c in hand:
        if c >> 3 == suit:
            own |= 1 << (c & 7)
    mine = 0
    for c in hand:
        mine |= 1 << c
    unseen = ~(seen | mine)
    unseen_suit = (unseen >> (suit * 8)) & 0xFF
    higher = (unseen_suit >> (rank + 1)).bit_count()
    mushka_elsewhere = bool(unseen >> MUSHKA & 1)
    boss = 1.0 if higher == 0 and (suit == _SPADES or not mushka_elsewhere) else 0.0
    count = own.bit_count()
    others = [n for s, n in enumerate(sizes) if s != actor and n > 0]
    over = (len(hand) - min(others)) / 8 if others else 0.0
    return [
        1.0 if card == basic_card else 0.0,
        price,
        rank / 7,
        price * rank / 7,
        boss,
        boss * price,
        higher / 7,
        count / 8,
        unseen_suit.bit_count() / 8,
        1.0 if unseen_suit == 0 else 0.0,
        1.0 if card == MUSHKA else 0.0,
        1.0 if count == 1 else 0.0,
        1.0 if own & ((1 << rank) - 1) == 0 else 0.0,
        over * price,
        boss * price if last else 0.0,
        boss * kitty / 100,
        rank / 7 if last else 0.0,
        price * higher / 7,
    ]


def best_lead(
    legal: Sequence[int],
    hand: Sequence[int],
    prices: Sequence[int],
    seen: int,
    sizes: Sequence[int],
    actor: int,
    kitty: int,
    last: bool,
    basic_card: int,
) -> int:
    """The legal lead with the highest score (`basic`'s among equals, then the lowest card)."""
    w = weights()
    best, best_score = basic_card, float("-inf")
    for card in sorted(legal, key=lambda c: c != basic_card):
        f = lead_features(card, hand, prices, seen, sizes, actor, kitty, last, basic_card)
        score = sum(a * b for a, b in zip(w, f, strict=True))
        if score > best_score:
            best, best_score = card, score
    return best


def view_seen(view: SeatView) -> int:
    """The cards a seat knows are out of play or on the table, as `lead_features` takes them."""
    seen = 0
    for c in knowledge(view).gone:
        seen |= 1 << c
    return seen


def view_lead(view: SeatView, basic: Action) -> Action | None:
    """The policy's lead from a seat's view (None when it is not a lead with a choice)."""
    cards = [a.card for a in view.legal_actions if a.card is not None]
    if view.step is not Step.LEAD or len(cards) < 2 or basic.card is None:
        return None
    card = best_lead(
        [int(c) for c in cards],
        [int(c) for c in view.hand],
        view.rules.prices,
        view_seen(view),
        view.hand_sizes,
        view.seat,
        view.kitty,
        view.deal_number == view.rules.deals,
        int(basic.card),
    )
    return PLAYS[card]
