"""The learned lead policy: the fast playout leads as the policy does from a seat's view, and the
soft world weights read the others' moves as their model says."""

from __future__ import annotations

import random

import pytest

from mushka.actions import Action
from mushka.engine import Phase, Session, Step
from mushka.house_rules import Exchange, HouseRules
from mushka.players import policy
from mushka.players.bots import (
    BasicBot,
    PolicyBot,
    StrongBot,
    basic_move,
    position_session,
    rollout,
)
from mushka.players.determinize import knowledge, sample_position
from mushka.players.playout import playout
from mushka.players.weights import basic_violations, last_leads, policy_log_likelihood


def test_the_shipped_weights_fit_the_features() -> None:
    assert len(policy.weights()) == len(policy.FEATURES)


def test_the_playout_leads_as_the_policy_does_at_the_table() -> None:
    """From each deal's first lead (no exchange, so nothing is out of play that a seat's view
    would not show), the fast playout with every seat leading by the policy gives the money of
    the engine's rollout in which each lead is `PolicyBot`'s from the leader's view."""
    rules = HouseRules(exchange=Exchange.OFF)
    bot = PolicyBot()
    differ = 0

    def move(session: Session, hero: int) -> Action:
        seat = session.to_act
        assert seat is not None
        if session.step is Step.LEAD:
            return bot.choose(session.view(seat))
        return basic_move(session)

    for game in range(30):
        session = Session(rules=rules, seed=game)
        while not session.is_over:
            if (
                session.phase is Phase.PLAY
                and not session.trick_plays
                and session.step is Step.LEAD
            ):
                position = session.position()
                if all(len(h) == 5 for h in position.hands):
                    leader = position.to_act
                    imagined = position_session(position, 0)
                    expected = rollout(imagined, leader, move(imagined, leader), move)
                    got = playout(position, None, leader, 0, (0, 1, 2, 3))
                    assert got == expected, (game, position)
                    differ += got != playout(position, None, leader)
            actor = session.to_act
            assert actor is not None
            session.apply(BasicBot().choose(session.view(actor)))
    assert differ > 0  # the policy's leads are not all `basic`'s


def test_basic_weights_find_no_fault_with_the_real_deal_among_basic_players() -> None:
    """Everyone plays `basic`: the real hands break nothing `basic`'s moves imply, while some
    imagined hands do, and the policy gives the real leads a finite likelihood."""
    session = Session(rules=HouseRules(), seed=11)
    faulted = checked = 0
    rng = random.Random(1)
    while not session.is_over:
        seat = session.to_act
        assert seat is not None
        view = session.view(seat)
        if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
            known = knowledge(view)
            assert basic_violations(session.position(), seat, known) == 0
            leads = last_leads(view)
            loose = knowledge(view)
            loose.caps.clear()
            loose.lacks.clear()  # `strong`'s own dealing, which ignores what the moves imply
            imagined = sample_position(view, rng, loose)
            faulted += basic_violations(imagined, seat, known) > 0
            checked += 1
            assert policy_log_likelihood(session.position(), seat, leads, view.rules.prices) <= 0
        session.apply(BasicBot().choose(view))
    assert checked > 20 and faulted > 0


@pytest.mark.parametrize("options", [{"policy_leads": "all"}, {"world_weights": "policy"}])
def test_the_levers_keep_a_seeded_decision_the_same(options: dict[str, str]) -> None:
    session = Session(rules=HouseRules(), seed=3)
    for _ in range(12):
        seat = session.to_act
        assert seat is not None
        session.apply(BasicBot().choose(session.view(seat)))
    seat = session.to_act
    assert seat is not None
    view = session.view(seat)
    first = StrongBot(random.Random(5), worlds=8, **options).evaluate(view)  # type: ignore[arg-type]
    again = StrongBot(random.Random(5), worlds=8, **options).evaluate(view)  # type: ignore[arg-type]
    assert first == again
