"""The fast playout agrees with the engine: `playout` against `rollout` on `Session.at_position`."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import spread

from mushka.actions import DRAW, PASS, Action
from mushka.engine import Phase, Position, Session
from mushka.events import Remise, Trick
from mushka.house_rules import Exchange, HouseRules
from mushka.players.bots import (
    position_session,
    rollout,
    rollout_move,
)
from mushka.players.playout import playout

RULES = [
    HouseRules(),
    HouseRules(prices=(2, 2, 1, 1), remise=3, stake=7),  # equal prices: ties broken by hand order
    HouseRules(prices=(0, 0, 0, 0), remise=0, stake=0),
    HouseRules(prices=(9, 1, 5, 9), remise=20, deals=1, exchange=Exchange.OLD),
    HouseRules(deals=2, exchange=Exchange.OFF, stake=1, remise=1),
    HouseRules(prices=(8, 6, 4, 2), stake=2, remise=1),  # a kitty too poor to pay some tricks
]


# each case takes more than a second: --quick runs three of them
@pytest.mark.parametrize(
    "rules", spread(RULES, 3), ids=lambda r: f"{r.prices}-{r.deals}-{r.exchange.value}"
)
def test_playout_matches_the_engine_for_every_move_of_random_sessions(rules: HouseRules) -> None:
    """From every play-phase position of random sessions, each legal first move (and `basic`'s
    own) played out: the same money for the seat as the engine's rollout."""
    rng = random.Random(repr(rules))
    seen: Counter[str] = Counter()
    for game in range(12):
        session = Session(rules=rules, seed=rng.getrandbits(32))
        while not session.is_over:
            legal = session.legal_actions()
            if session.phase is Phase.PLAY:
                position = session.position()
                seat = position.to_act
                for first in (None, *legal):
                    imagined = position_session(position, 0)
                    move = first or rollout_move(imagined, seat)
                    expected = rollout(imagined, seat, move, rollout_move)
                    assert playout(position, first, seat) == expected, (game, position, first)
                    events = [e for deal in imagined.deals[-1:] for e in deal.events]
                    seen["moves"] += 1
                    seen["draws"] += move == DRAW
                    seen["revokes"] += any(
                        isinstance(e, Remise) and e.reason == "revoke" for e in events
                    )
                    seen["blocked"] += not imagined.out_order
                    seen["short kitty"] += any(
                        isinstance(e, Trick) and e.paid < e.value for e in events
                    )
                    seen["passes"] += move == PASS
            session.apply(rng.choice(legal))
    assert seen["moves"] > 1000
    for case in ("draws", "revokes", "passes", "blocked"):
        assert seen[case] > 0, (case, seen)
    if 2 * max(rules.prices) > 4 * rules.stake:
        assert seen["short kitty"] > 0, seen


def _best_next_decision(position: Position, first: Action, seat: int) -> int:
    """Through the engine: `first`, then `basic` for all, except the seat's next decision with a
    choice, which takes whichever move then gains the most."""
    session = position_session(position, 0)
    start = session.net[seat]
    session.apply(first)
    while not session.is_over:
        legal = session.legal_actions()
        if session.to_act == seat and len(legal) > 1:
            here = session.position()
            gained = session.net[seat] - start
            return gained + max(
                int(rollout(position_session(here, 0), seat, a, rollout_move)) for a in legal
            )
        session.apply(rollout_move(session, seat))
    return int(rollout(position_session(position, 0), seat, first, rollout_move))


def test_lookahead_takes_the_seats_best_next_move_as_the_engine_finds_it() -> None:
    rng = random.Random(11)
    compared = improved = 0
    for _ in range(10):
        session = Session(rules=HouseRules(), seed=rng.getrandbits(32))
        while not session.is_over:
            legal = session.legal_actions()
            if session.phase is Phase.PLAY:
                position = session.position()
                seat = position.to_act
                for first in legal:
                    plain = playout(position, first, seat)
                    one = playout(position, first, seat, 1)
                    two = playout(position, first, seat, 2)
                    assert one == _best_next_decision(position, first, seat)
                    assert plain <= one <= two
                    compared += 1
                    improved += plain < one
            session.apply(rng.choice(legal))
    assert compared > 500 and improved > 50
