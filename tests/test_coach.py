"""The coach sees only the seat's view: hints are the same however the unseen cards lie."""

from __future__ import annotations

import random

import pytest

from mushka.actions import PLAYS
from mushka.cards import CARDS, Card
from mushka.chance import ScriptedChance
from mushka.engine import Session, Step
from mushka.house_rules import Exchange, HouseRules
from mushka.players.coach import hint

RULES = HouseRules(deals=2, exchange=Exchange.OFF)


def _session(hands: list[list[Card]], talon: list[Card]) -> Session:
    return Session(None, RULES, chance=ScriptedChance(3, [(hands, talon)]))  # seat 0 leads


def _redeal(
    hands: list[list[Card]], talon: list[Card], keep: dict[int, list[Card]], seed: int
) -> tuple[list[list[Card]], list[Card]]:
    """The same deal with every card not in `keep` (seat -> cards) shuffled among the other
    places: what a seat that knows only `keep` cannot tell apart."""
    kept = {c for cards in keep.values() for c in cards}
    unseen = [c for h in hands for c in h if c not in kept] + [c for c in talon if c not in kept]
    random.Random(seed).shuffle(unseen)
    new_hands = []
    for seat, hand in enumerate(hands):
        mine = list(keep.get(seat, []))
        while len(mine) < len(hand):
            mine.append(unseen.pop())
        new_hands.append(mine)
    return new_hands, unseen


def _deal(seed: int) -> tuple[list[list[Card]], list[Card]]:
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    return [deck[i * 5 : (i + 1) * 5] for i in range(4)], deck[20:]


@pytest.mark.parametrize("seed", range(3))
def test_the_leaders_hint_does_not_depend_on_the_unseen_cards(seed: int) -> None:
    hands, talon = _deal(seed)
    real = _session(hands, talon)
    other_hands, other_talon = _redeal(hands, talon, {0: hands[0]}, seed + 100)
    assert other_hands[1:] != hands[1:]
    twin = _session(other_hands, other_talon)
    view, twin_view = real.view(0), twin.view(0)
    assert view == twin_view
    first = hint(view, seed=seed, worlds=12)
    assert first == hint(twin_view, seed=seed, worlds=12)
    assert first.best in view.legal_actions
    assert {a for a, _ in first.values} == set(view.legal_actions)
    assert first.values[0][0] == first.best


@pytest.mark.parametrize("seed", range(3))
def test_a_followers_hint_does_not_depend_on_the_unseen_cards(seed: int) -> None:
    hands, talon = _deal(seed + 10)
    lead = hands[0][0]
    real = _session(hands, talon)
    other_hands, other_talon = _redeal(hands, talon, {0: [lead], 1: hands[1]}, seed)
    twin = _session(other_hands, other_talon)
    for session in (real, twin):
        session.apply(PLAYS[lead])
    view, twin_view = real.view(1), twin.view(1)
    assert view == twin_view
    assert hint(view, seed=seed, worlds=12) == hint(twin_view, seed=seed, worlds=12)


def test_hints_are_reproducible_from_the_seed_and_refused_out_of_turn() -> None:
    hands, talon = _deal(7)
    view = _session(hands, talon).view(0)
    assert hint(view, seed=1, worlds=8) == hint(view, seed=1, worlds=8)
    with pytest.raises(ValueError, match="whose turn"):
        hint(_session(hands, talon).view(2))


def _to_the_discard(hands: list[list[Card]], talon: list[Card]) -> Session:
    """The session at the first exchange's discard, the receiver having taken the first card."""
    session = Session(None, HouseRules(deals=2), chance=ScriptedChance(3, [(hands, talon)]))
    session.apply(session.legal_actions()[0])  # take the first face-down card
    return session


@pytest.mark.parametrize("seed", [31, 34])
def test_an_exchange_discard_hint_does_not_depend_on_the_unseen_cards(seed: int) -> None:
    hands, talon = _deal(seed)
    real = _to_the_discard(hands, talon)
    assert real.exchange_pair is not None
    exposer, _, receiver = real.exchange_pair
    keep = {
        exposer: hands[exposer],
        receiver: hands[receiver],
    }  # the two others' and the talon vary
    other_hands, other_talon = _redeal(hands, talon, keep, seed)
    assert other_hands != hands
    twin = _to_the_discard(other_hands, other_talon)
    view, twin_view = real.view(receiver), twin.view(receiver)
    assert view == twin_view and view.step is Step.DISCARD
    first = hint(view, seed=seed, worlds=12)
    assert first == hint(twin_view, seed=seed, worlds=12)
    assert {a for a, _ in first.values} == set(view.legal_actions)
