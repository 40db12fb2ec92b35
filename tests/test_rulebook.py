"""Each worked example of rules.md, played on the engine: the rulebook and the engine agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import act, cards, make_session

from mushka.actions import Kind
from mushka.cards import MUSHKA, Suit, parse_card
from mushka.engine import Step
from mushka.events import (
    Ante,
    Discard,
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
from mushka.render.rulebook import rulebook_text

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


# ---------------------------------------------------------------- issue 11: the book quotes its source

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path(__file__).resolve().parents[2] / "shared" / "seed" / "mushka-kopilka.ru.txt"
HANDS_54 = ["AS 9S 7S 8H 10C", "10H JC QD KD 7C", "JH QC 8D 10S KH", "QH KC 9D JS 8C"]


def flat(text: str) -> str:
    """Text with every run of whitespace made one space, so line wrapping does not matter."""
    return " ".join(text.split())


def section(heading: str) -> str:
    """The flattened text of rules.md from `heading` to the next heading."""
    text = rulebook_text()
    start = text.index(heading) + len(heading)
    end = text.find("\n#", start)
    return flat(text[start : end if end != -1 else None])


def labels(codes: str) -> str:
    return " ".join(c.label() for c in cards(codes))


def test_5_4_the_mushka_is_laid_face_down_with_the_spades_and_a_taker_gets_it() -> None:
    session = make_session(
        HANDS_54, talon="JD AD 9C", exchange="modern", face_down={(0, 0): "AS 9S 7S"}
    )
    act(session, "take 1", "discard 7C", "take 1", "discard 9S", "take 1", "discard 8C")
    exchange = session.events[4:]
    assert exchange == [
        Expose(0, tuple(cards("AS 9S 7S"))),
        Take(1, parse_card("AS")),
        Discard(1, parse_card("7C")),
        Take(2, parse_card("9S")),
        Discard(2, parse_card("9S")),
        Take(3, parse_card("7S")),
        Discard(3, parse_card("8C")),
        Replenish(0, tuple(cards("JD AD 9C"))),
    ]
    assert session.log(2)[0][5] == Take(1, None)  # Vera does not learn where the mushka went
    assert (session.step, session.to_act) == (Step.LEAD, 0)  # nobody else exchanges
    act(session, "8H")
    assert {x.card.code for x in session.legal_actions() if x.card is not None} == {"10H", "AS"}
    act(session, "AS", "JH", "QH")
    assert session.events[-1] == Trick(1, Suit.H, True, 8, 8, MUSHKA)


def test_5_4_the_example_says_exactly_what_the_engine_did() -> None:
    text = section("### 5.4 The mushka is exchanged too")
    for phrase in (
        "the mushka is laid face down with the other spades",
        "Gleb deals",
        f"holds {labels(HANDS_54[0])}",
        "Boris takes one blind: it is the mushka, and he discards 7♣",
        "Vera takes one (9♠) and discards it at once",
        "Gleb takes the last (7♠) and discards 8♣",
        f"draws three cards from the talon: {labels('JD AD 9C')}",
        "Anna leads: 8♥",
        "Boris holds 10♥ but plays the mushka",
        "Vera follows with J♥ and Gleb with Q♥",
        "doubled: 8 kop",
    ):
        assert phrase in text, phrase


def test_5_4_the_old_variant_the_mushka_picked_or_left() -> None:
    picked = make_session(
        HANDS_54, talon="JD AD 9C", exchange="old", face_down={(0, 0): "AS 9S 7S"}
    )
    act(picked, "take 1", "discard 7C", "take 1", "discard 9S")
    assert Take(1, parse_card("AS")) in picked.events and parse_card("AS") in picked.hand(1)
    missed = make_session(
        HANDS_54, talon="JD AD 9C", exchange="old", face_down={(0, 0): "9S 7S AS"}
    )
    assert missed.to_act == 3  # Gleb picks
    act(missed, "take 1", "discard 7C", "take 1", "discard 7S")
    assert [e for e in missed.events if isinstance(e, Take)] == [
        Take(1, parse_card("9S")),
        Take(2, parse_card("7S")),
    ]
    assert Replenish(0, tuple(cards("JD AD"))) in missed.events
    assert sorted(missed.hand(0)) == sorted(cards("AS 8H 10C JD AD"))


def test_4_2_a_drawn_card_that_does_not_fit_is_seen_by_the_drawer_alone() -> None:
    hands = ["7C 8C 9C 10C JC", "8H QC KC AC 7D", "8D 9D 10D JD QD", "KD AD 7S 8S 9S"]
    session = make_session(hands, talon="KS", dealer=0)
    act(session, "8H", "draw")
    assert session.log(2)[0][-1] == Draw(2, parse_card("KS"), False)
    for other in (0, 1, 3):
        assert session.log(other)[0][-1] == Draw(2, None, False)
    text = rulebook_text()
    assert "takes the top card of the talon and looks at it" in flat(text)
    assert "turns up" not in text and "unseen by the others" not in text
    assert "she takes the top card of the talon and looks at it" in section("### 8.2")


def test_4_7_the_first_out_skips_the_next_ante_but_pays_the_no_trick_remise() -> None:
    deals = loads(EXAMPLE.read_text(encoding="utf-8")).deals
    end = next(e for e in deals[1].events if isinstance(e, End))
    assert end.first_out == 2 and Remise(2, 5, "no-trick") in deals[1].events
    assert [e.seat for e in deals[2].events if isinstance(e, Ante)] == [0, 1, 3]
    for heading in ("### 4.7", "## 9."):
        text = section(heading)
        assert '"в кассу не вносит ничего"' in text and "R8" in text
        assert "exempts nobody" not in text


def test_the_recoup_claim_is_quoted_as_can_with_the_study_beside_it() -> None:
    book = flat(rulebook_text())
    readme = flat((ROOT / "README.md").read_text(encoding="utf-8"))
    assert '"even the unluckiest can at least recoup his stakes"' in book
    assert '"может окупить"' in book and "2.7%" in book
    assert "even the unluckiest *can* at least recoup his stakes" in readme and "0–2.7%" in readme
    assert "recoups his stakes" not in book + readme


def test_every_russian_quotation_in_the_rulebook_is_word_for_word_in_the_source() -> None:
    if not SOURCE.exists():
        pytest.skip("shared/ is not beside this checkout")
    source = flat(SOURCE.read_text(encoding="utf-8"))
    quotes = re.findall(r'"([^"]*[А-Яа-яЁё][^"]*)"', flat(rulebook_text()))
    assert len(quotes) >= 6
    for quote in quotes:
        assert quote in source, quote
    assert "Это правило соблюдается и при пиковой масти с тузом" in section("### 5.4")


# ---------------------------------------------------------------- issue 19: what the summary and section 9 add

HANDS_43 = ["QH 7C 8C 9C 10C", "JC QC KC AC 7D", "AS 8D 9D 10D JD", "QD KD AD 7S 8S"]


def test_4_3_one_card_joining_the_lead_makes_a_trick_the_mushka_or_a_drawn_card() -> None:
    mushka = make_session(HANDS_43)
    act(mushka, "QH", "pass", "AS", "pass")
    assert mushka.events[-1] == Trick(2, Suit.H, True, 8, 8, MUSHKA)
    drawn = make_session(
        ["QH 7C 8C 9C 10C", "JC QC KC AC 7D", "8D 9D 10D JD QD", "KD AD 7S 8S 9S"], talon="KH"
    )
    act(drawn, "QH", "draw", "pass", "pass")
    assert drawn.events[-1] == Trick(1, Suit.H, False, 4, 4, parse_card("KH"))
    alone = make_session(["AS 7C 8C 9C 10C", "JC QC KC AC 7D", "8D 9D 10D JD QD", "KD AD 7H 8H 9H"])
    act(alone, "AS", "pass", "pass", "pass")  # the mushka led, and nobody joins it
    assert alone.events[-1] == TakeBack(0, MUSHKA)
    assert (
        "One card joining the lead is enough for a trick to count: a card of the led suit, played"
        " or drawn, or the mushka" in section("### 4.3")
    )


@pytest.mark.parametrize("exchange", ["modern", "old"])
@pytest.mark.parametrize("suited", ["7H 8H 9H 10H", "7H 8H 9H 10H JH"])
def test_r10_four_or_five_of_a_suit_go_face_down_whole_and_taking_is_compulsory(
    exchange: str, suited: str
) -> None:
    anna = " ".join((suited + " 7C").split()[:5])
    others = ["JC QC 8D 9D 7S", "KC AC 10D JD 8S", "9C 10C QD 9S 10S"]
    session = make_session([anna, *others], exchange=exchange, face_down={(0, 0): suited})
    assert session.events[-1] == Expose(0, tuple(cards(suited)))
    takes = 0
    while not isinstance(session.events[-1], Replenish):
        if session.step is Step.TAKE:  # a blind take offers nothing but the face-down cards
            assert {x.kind for x in session.legal_actions()} == {Kind.TAKE}
            takes += 1
        session.apply(session.legal_actions()[0])
    assert takes == (3 if exchange == "modern" else 2)
    rulings = section("## 9.")
    assert '"четыре или три"' in rulings and '"могут воспользоваться"' in rulings
    assert "Taking is not optional (ruling R10, section 9)" in section("### 5.1")
