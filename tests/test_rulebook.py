"""Each worked example of rules.md, played on the engine: the rulebook and the engine agree."""

from __future__ import annotations

from pathlib import Path

from conftest import act, cards, make_session

from mushka.cards import MUSHKA, Suit, parse_card
from mushka.engine import Step
from mushka.events import (
    Ante,
    Draw,
    End,
    Expose,
    Lead,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.record import loads
from mushka.rulebook import rulebook_text

EXAMPLE = Path(__file__).with_name("data") / "record-example.json"
HANDS_81 = ["QH 7C 8C 9C 10C", "KH JC QC KC AC", "9H AS 7D 8D 9D", "10D JD QD KD AD"]


def test_8_1_a_trick_priced_and_doubled() -> None:
    session = make_session(HANDS_81)
    act(session, "QH", "KH", "AS", "pass")
    assert session.events[-1] == Trick(2, Suit.H, True, 8, 8, MUSHKA)
    assert session.kitty == 60 - 8


def test_8_1_with_a_poorer_kitty_the_winner_gets_what_it_holds() -> None:
    session = make_session(HANDS_81, stake=1)
    act(session, "QH", "KH", "AS", "pass")
    assert session.events[-1] == Trick(2, Suit.H, True, 8, 4, MUSHKA) and session.kitty == 0


def test_8_1_gleb_passing_on_a_heart_he_holds_would_pay_at_once() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH JC QC KC AC", "9H AS 7D 8D 9D", "JH JD QD KD AD"]
    )
    act(session, "QH", "KH", "AS", "pass")
    assert session.events[-3:-1] == [Pass(3, True), Remise(3, 5, "revoke")]


def test_8_2_a_taken_back_lead() -> None:
    hands = ["7C 8C 9C 10C JC", "8H QC KC AC 7D", "8D 9D 10D JD QD", "KD AD 7S 8S 9S"]
    session = make_session(hands, talon="KS", dealer=0)
    act(session, "8H", "draw", "pass", "pass")
    assert session.events[-4] == Draw(2, parse_card("KS"), False)
    assert session.events[-1] == TakeBack(1, parse_card("8H"))
    assert (session.to_act, session.step) == (2, Step.LEAD)
    leads = {x.card.code for x in session.legal_actions() if x.card is not None}
    assert "KS" in leads and not any(code.endswith("H") for code in leads)


def test_8_3_an_exchange() -> None:
    hands = ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"]
    session = make_session(
        hands, talon="JD QD KD AD", exchange="modern", face_down={(0, 0): "9H 7H 8H"}
    )
    act(session, "take 1", "discard 7D", "take 2", "discard 8H", "take 1", "discard 8S")
    events = session.events
    assert [e for e in events if isinstance(e, Take)] == [Take(1, c) for c in cards("9H")] + [
        Take(2, parse_card("8H")),
        Take(3, parse_card("7H")),
    ]
    assert Replenish(0, tuple(cards("JD QD KD"))) in events
    assert isinstance(events[-1], Expose) and events[-1].seat == 1
    assert session.to_act == 2  # Vera is the first to take from Boris


def test_8_3_the_old_variant() -> None:
    hands = ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"]
    session = make_session(
        hands, talon="JD QD KD AD", exchange="old", face_down={(0, 0): "9H 7H 8H"}
    )
    assert session.to_act == 3  # Gleb picks
    act(session, "take 1", "discard 7D", "take 1", "discard 7S")
    assert [e for e in session.events if isinstance(e, Take)] == [
        Take(1, parse_card("9H")),
        Take(2, parse_card("7H")),
    ]
    assert Replenish(0, tuple(cards("JD QD"))) in session.events
    assert parse_card("8H") in session.hand(0)


def test_8_4_a_blocked_deal_from_the_example_record() -> None:
    deal = loads(EXAMPLE.read_text(encoding="utf-8")).deals[1]
    c = parse_card
    assert deal.events[-8:] == [
        Lead(0, c("8H")),
        Draw(1, c("8S"), False),
        TakeBack(0, c("8H")),
        Lead(1, c("8S")),
        Pass(0, False),
        TakeBack(1, c("8S")),
        End(2, True),
        Remise(2, 5, "no-trick"),
    ]
    assert not any(isinstance(e, Trick) and e.winner == 2 for e in deal.events)


def test_8_5_settling_the_session() -> None:
    session = loads(EXAMPLE.read_text(encoding="utf-8"))
    events = [e for deal in session.deals for e in deal.events]
    assert sum(e.amount for e in events if isinstance(e, Ante)) == 195
    assert sum(e.amount for e in events if isinstance(e, Remise)) == 15
    assert sum(e.paid for e in events if isinstance(e, Trick)) == 79
    assert events[-1] == Payout(3, 131)
    assert session.net == (-47, -34, -3, 84) and sum(session.net) == 0


def test_the_rulebook_is_available_to_the_program() -> None:
    text = rulebook_text()
    assert text.startswith("# Mushka-kopilka") and "## 8. Worked examples" in text
