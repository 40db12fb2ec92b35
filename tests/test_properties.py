"""Property-based tests over thousands of random sessions with random house rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mushka.actions import DISCARDS, DRAW, PASS, PLAYS, TAKES, Action
from mushka.cards import CARDS
from mushka.engine import Session
from mushka.errors import GameOverError, MushkaError
from mushka.events import Discard, Draw, Expose, Replenish, Take
from mushka.house_rules import Exchange, HouseRules
from mushka.record import dumps_session, loads

ALL_ACTIONS: list[Action] = [*PLAYS, *DISCARDS, *TAKES, DRAW, PASS]
MAX_STEPS = 5_000  # far above any real session (a deal has at most a few dozen decisions)

house_rules = st.builds(
    HouseRules,
    stake=st.integers(0, 40),
    remise=st.integers(0, 15),
    prices=st.tuples(*[st.integers(0, 9)] * 4),
    deals=st.integers(1, 5),
    exchange=st.sampled_from(list(Exchange)),
)

settings.register_profile("sessions", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("sessions")


def fingerprint(session: Session) -> tuple[object, ...]:
    # events only ever grow, so their count and the last one stand for the whole history
    return (
        len(session.deals),
        len(session.events),
        session.events[-1],
        session.to_act,
        session.step,
        session.legal_actions(),
        session.kitty,
        session.net,
        tuple(tuple(v) for v in session.zones().values()),
    )


@settings(max_examples=examples(3000))
@given(rules=house_rules, seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_random_sessions_keep_every_invariant(rules: HouseRules, seed: int, choices: int) -> None:
    session = Session(rules=rules, seed=seed)
    rng = random.Random(choices)
    for _ in range(MAX_STEPS):
        # every card is in exactly one place
        places = Counter(c for zone in session.zones().values() for c in zone)
        assert sorted(places) == list(CARDS) and set(places.values()) == {1}
        # money is conserved
        assert sum(session.net) + session.kitty == 0
        if session.is_over:
            break
        legal = session.legal_actions()
        assert legal, "a state that is not over must offer a legal action"
        session.apply(rng.choice(legal))
    else:
        raise AssertionError("the session did not terminate")
    assert session.kitty == 0 and len(session.deals) == rules.deals
    assert session.legal_actions() == ()


@settings(max_examples=examples(300))
@given(rules=house_rules, seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_records_round_trip_and_replay_identically(
    rules: HouseRules, seed: int, choices: int
) -> None:
    session = Session(rules=rules, seed=seed)
    rng = random.Random(choices)
    while not session.is_over:
        session.apply(rng.choice(session.legal_actions()))
    text = dumps_session(session)
    replayed = loads(text)
    assert dumps_session(replayed) == text
    assert replayed.net == session.net


@settings(max_examples=examples(300))
@given(rules=house_rules, seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_illegal_actions_are_refused_and_change_nothing(
    rules: HouseRules, seed: int, choices: int
) -> None:
    session = Session(rules=rules, seed=seed)
    rng = random.Random(choices)
    while not session.is_over:
        legal = session.legal_actions()
        illegal = [x for x in ALL_ACTIONS if x not in legal]
        before = fingerprint(session)
        for bad in rng.sample(illegal, 3):
            try:
                session.apply(bad)
            except MushkaError as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{bad} was accepted")
            assert fingerprint(session) == before
        session.apply(rng.choice(legal))
    before = fingerprint(session)
    with pytest.raises(GameOverError, match="the session is over"):
        session.apply(PASS)
    assert fingerprint(session) == before


@settings(max_examples=examples(200))
@given(rules=house_rules, seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_a_seat_never_sees_another_hand(rules: HouseRules, seed: int, choices: int) -> None:
    session = Session(rules=rules, seed=seed)
    rng = random.Random(choices)
    while not session.is_over:
        for seat in range(4):
            view = session.view(seat)
            assert view.hand == tuple(sorted(session.hand(seat), key=lambda c: (c >> 3, -(c & 7))))
            for event in view.events:
                if isinstance(event, Take | Discard | Replenish | Expose) and event.seat != seat:
                    cards = event.cards if isinstance(event, Replenish | Expose) else (event.card,)
                    assert all(c is None for c in cards)
                if isinstance(event, Draw) and not event.played and event.seat != seat:
                    assert event.card is None
            assert bool(view.legal_actions) == (session.to_act == seat)
        session.apply(rng.choice(session.legal_actions()))


@settings(max_examples=examples(200))
@given(rules=house_rules, seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_the_public_facts_in_a_view_are_true(rules: HouseRules, seed: int, choices: int) -> None:
    session = Session(rules=rules, seed=seed)
    rng = random.Random(choices)
    at_start = len(session.events)
    returned: list[object] = []
    while not session.is_over:
        seat = rng.randrange(4)
        view = session.view(seat)
        # the incremental redacted log equals redacting the whole deal afresh
        assert list(view.events) == session.log(seat)[-1]
        for other in range(4):
            held = {c.suit for c in session.hand(other)}
            assert not held & view.voids[other], "a seat is said to lack a suit it holds"
        assert view.trick_plays == session.trick_plays
        assert view.followers == session.followers
        if view.followers:
            assert view.followers[0] == session.to_act
        returned.extend(session.apply(rng.choice(session.legal_actions())))
    # what apply returned is exactly every event after those of the session's creation
    assert returned == [e for deal in session.deals for e in deal.events][at_start:]


@settings(max_examples=examples(300))
@given(seed=st.integers(0, 2**63 - 1), size=st.integers(0, 70))
def test_the_fast_shuffle_draws_exactly_as_random_shuffle(seed: int, size: int) -> None:
    from mushka.chance import _shuffle

    theirs, ours = list(range(size)), list(range(size))
    their_rng, our_rng = random.Random(seed), random.Random(seed)
    their_rng.shuffle(theirs)
    _shuffle(our_rng, ours)
    assert ours == theirs and our_rng.getstate() == their_rng.getstate()
