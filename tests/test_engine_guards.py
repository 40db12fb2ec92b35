"""The engine's promise: whatever it refuses raises a MushkaError and changes nothing."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import make_session

from mushka.actions import DRAW, PASS, PLAYS, Action, Kind, parse_action, play, take
from mushka.cards import CARDS, Card, parse_card
from mushka.chance import ScriptedChance, SeededChance
from mushka.engine import Session
from mushka.errors import (
    ChanceError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidInputError,
    MushkaError,
    SetupError,
)
from mushka.events import Draw, Follow, Pass
from mushka.house_rules import Exchange, HouseRules
from mushka.record import dumps_session

FUZZ_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "engine_fuzz.py"


def load_fuzz() -> Any:
    spec = importlib.util.spec_from_file_location("engine_fuzz", FUZZ_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["engine_fuzz"] = module
    spec.loader.exec_module(module)
    return module


def following_session() -> Session:
    """Anna led Q♥; Boris (no hearts, talon full) is to answer: he may draw or pass."""
    session = make_session(
        ["QH 7C 8C 9C 10C", "KC JS 8D 9D 10D", "KH 7S 8S 9S 10S", "JD QD KD AD AH"]
    )
    session.apply(play("QH"))
    assert session.legal_actions() == (DRAW, PASS)
    return session


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (Action("draw"), InvalidActionError),  # type: ignore[arg-type]
        (Action("pass"), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, 99), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, 32), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, -1), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, -33), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, 10**30), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, 5.0), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, "QH"), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY, True), InvalidActionError),  # type: ignore[arg-type]
        (Action(Kind.PLAY), InvalidActionError),
        (Action(Kind.DRAW, CARDS[0]), InvalidActionError),
        (Action(Kind.PASS, None, 0), InvalidActionError),
        (Action(Kind.TAKE, None, -1), InvalidActionError),
        (Action(Kind.TAKE, None, 1.0), InvalidActionError),  # type: ignore[arg-type]
        ((Kind.DRAW, None, None), InvalidActionError),
        (("draw", None, None), InvalidActionError),
        ("draw", InvalidActionError),
        (None, InvalidActionError),
        (Kind.DRAW, InvalidActionError),
        (play("KH"), IllegalActionError),
        (take(0), IllegalActionError),
    ],
)
def test_malformed_or_illegal_actions_are_refused_and_change_nothing(
    bad: Any, error: type[MushkaError]
) -> None:
    session = following_session()
    before = dumps_session(session)
    with pytest.raises(error):
        session.apply(bad)
    assert dumps_session(session) == before and session.legal_actions() == (DRAW, PASS)
    drawn = session.apply(DRAW)[0]
    assert isinstance(drawn, Draw) and (drawn.seat, drawn.card) == (1, session.deals[0].talon[0])


def test_a_hand_built_action_equal_to_a_legal_one_is_accepted() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH JS 8D 9D 10D", "7S 8S 9S 10S JC", "JD QD KD AD AH"]
    )
    session.apply(Action(Kind.PLAY, CARDS[parse_card("QH")]))
    assert session.apply(Action(Kind("play"), 6)) == (Follow(1, parse_card("KH")),)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [4, -1, 9, 10**40, "1", 1.0, True, [1]])
def test_bad_seats_are_refused_everywhere(seat: Any) -> None:
    session = following_session()
    before = dumps_session(session)
    with pytest.raises(InvalidActionError, match="a seat is a whole number from 0 to 3"):
        session.apply(DRAW, seat=seat)
    for ask in (session.view, session.hand, session.log, session.tricks_won):
        with pytest.raises(InvalidInputError, match="a seat is a whole number from 0 to 3"):
            ask(seat)
    assert dumps_session(session) == before


def test_apply_returns_the_events_it_caused_across_a_deal_boundary() -> None:
    session = Session(rules=HouseRules(deals=2, exchange=Exchange.OFF), seed=3)
    rng = random.Random(3)
    seen: list[object] = []
    while not session.is_over:
        seen.extend(session.apply(rng.choice(session.legal_actions())))
    everything = [e for deal in session.deals for e in deal.events]
    assert seen == everything[4:]  # all but the first deal's four antes, paid on creation


def test_two_sources_of_chance_are_refused() -> None:
    with pytest.raises(SetupError, match="at most one source of chance"):
        Session(seed=1, chance=SeededChance(random.Random(1)))
    with pytest.raises(SetupError, match="seed and rng"):
        Session(seed=1, rng=random.Random(1))


@pytest.mark.parametrize(
    "players",
    [
        ["A", "B", "C"],
        "ABCD",
        ["A", "B", "C", 4],
        ["A"] * 5,
        ["A", "B", "C", "D" * 17],
        ["A", "B", "C", ""],
        ["A", "B", "C", "Bo\x1b[2Jb"],
    ],
)
def test_a_wrong_table_is_a_setup_error(players: Any) -> None:
    with pytest.raises(SetupError):
        Session(players)


def test_wrong_player_count_is_not_an_invalid_action() -> None:
    with pytest.raises(SetupError) as err:
        Session(["A", "B", "C"])
    assert not isinstance(err.value, InvalidActionError)


def test_a_scripted_chance_that_runs_out_of_deals_refuses_the_last_move_atomically() -> None:
    dealt = SeededChance(random.Random(5)).deal(0)
    rules = HouseRules(deals=2, exchange=Exchange.OFF)
    session = Session(rules=rules, chance=ScriptedChance(0, [dealt]))
    rng = random.Random(0)
    while True:
        before = dumps_session(session)
        action = rng.choice(session.legal_actions())
        try:
            session.apply(action)
        except ChanceError as exc:
            assert "no cards for deal 2" in str(exc)
            break
    assert dumps_session(session) == before
    assert session.deal_index == 0 and not session.is_over
    with pytest.raises(ChanceError):  # and again: still nothing changed
        session.apply(action)
    assert dumps_session(session) == before


@pytest.mark.parametrize("text", ["take ²", "take ①", "take ₃", "take " + "9" * 5000, "x" * 10**6])
def test_odd_digits_and_huge_input_are_invalid_actions_with_short_messages(text: str) -> None:
    with pytest.raises(InvalidActionError) as err:
        parse_action(text)
    assert len(str(err.value)) < 200


@pytest.mark.parametrize("value", [32, -1, 5.0, "5", True, None])
def test_card_indices_must_be_whole_numbers_in_range(value: Any) -> None:
    with pytest.raises(InvalidCardError):
        Card(value)
    with pytest.raises(InvalidCardError):
        parse_card(value)


def test_a_pass_of_a_void_seat_is_recorded_as_a_pass_never_a_draw() -> None:
    session = following_session()
    assert session.apply(PASS) == (Pass(1, False),)
    assert session.talon_count == 12


def test_the_fuzz_campaign_finds_nothing() -> None:
    fuzz = load_fuzz()
    report = fuzz.campaign(20_000, seed=11)
    assert report.inputs >= 20_000 and report.sessions > 10
    assert not report.foreign and report.changed == 0 and report.accepted == 0, report.examples
    assert report.refused == report.inputs


def test_the_fuzz_campaign_would_see_a_broken_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    import mushka.engine

    def leading() -> tuple[Session, Action]:
        session = Session(rules=HouseRules(exchange=Exchange.OFF), seed=1)
        return session, session.legal_actions()[0]

    # What the guard stops: an action equal to a legal one (its card 10.0 == 10) but not the
    # interned instance the engine compares against.
    session, legal = leading()
    assert legal.card is not None
    forged = Action(legal.kind, float(legal.card), None)  # type: ignore[arg-type]
    assert forged == legal and forged is not legal
    with pytest.raises(InvalidActionError):
        session.apply(forged)
    monkeypatch.setattr(mushka.engine, "canonical", lambda action: action)
    report = load_fuzz().campaign(3_000, seed=11)
    assert report.foreign or report.accepted
    session, legal = leading()
    with pytest.raises(TypeError):  # taken for that card, it breaks the engine's bit arithmetic
        session.apply(forged)


def test_the_one_instance_of_an_action_cannot_be_forged_or_changed() -> None:
    import copy
    import pickle

    interned = type(PLAYS[5])
    with pytest.raises(TypeError):
        interned(Kind.PLAY, 5.0)  # type: ignore[arg-type]
    changed = PLAYS[5]._replace(card=6.0)  # type: ignore[arg-type]
    made = interned._make([Kind.PLAY, 6.0, None])
    assert type(changed) is Action and type(made) is Action
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH JS 8D 9D 10D", "7S 8S 9S 10S JC", "JD QD KD AD AH"]
    )
    for forged in (changed, made):
        with pytest.raises(InvalidActionError):
            session.apply(forged)
    assert pickle.loads(pickle.dumps(PLAYS[5])) is PLAYS[5] and copy.deepcopy(DRAW) is DRAW
    assert repr(PASS) == "Action(kind=<Kind.PASS: 'pass'>, card=None, position=None)"
