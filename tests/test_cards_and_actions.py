"""Card codes, action text and house-rule parsing: what players type and what the record holds."""

from __future__ import annotations

import pickle

import pytest

from mushka.actions import DRAW, PASS, Kind, discard, parse_action, play, take
from mushka.cards import CARDS, MUSHKA, Card, Suit, parse_card
from mushka.errors import HouseRuleError, InvalidActionError, InvalidCardError
from mushka.house_rules import HouseRules, parse_prices


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("QH", "QH"),
        ("qh", "QH"),
        ("10S", "10S"),
        ("ts", "10S"),
        ("T♠", "10S"),
        ("10♠", "10S"),
        ("a♠", "AS"),
        ("7♦", "7D"),
        ("j♣", "JC"),
        (" 9h ", "9H"),
        ("K♡", "KH"),
    ],
)
def test_card_codes_are_read_in_any_reasonable_spelling(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("", "not a card"),
        ("1H", "unknown rank"),
        ("QX", "unknown suit"),
        ("ZH", "unknown rank"),
        ("6H", "unknown rank"),
    ],
)
def test_unreadable_cards_say_what_a_card_looks_like(text: str, word: str) -> None:
    with pytest.raises(InvalidCardError, match=word):
        parse_card(text)


def test_cards_are_small_immutable_singletons() -> None:
    queen = parse_card("QH")
    assert queen is CARDS[5] and Card(5) is queen and queen == 5
    assert (queen.suit, queen.rank, str(queen), repr(queen)) == (Suit.H, 5, "Q♥", "Card('QH')")
    assert queen.label(ascii_only=True) == "QH" and queen.name_words == "queen of hearts"
    assert pickle.loads(pickle.dumps(queen)) is queen
    assert MUSHKA.is_mushka and MUSHKA.code == "AS" and not queen.is_mushka
    with pytest.raises(InvalidCardError):
        Card(32)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("qh", play("QH")),
        ("play 10♠", play("10S")),
        ("d", DRAW),
        ("draw", DRAW),
        ("P", PASS),
        ("take 2", take(1)),
        ("t 1", take(0)),
        ("discard 7s", discard("7S")),
        ("x 7s", discard("7S")),
    ],
)
def test_actions_are_read_from_text(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["", "fold", "take 0", "take x", "discard", "play zz", "qh qh"])
def test_malformed_actions_are_invalid_not_illegal(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_actions_have_a_code_that_reads_back() -> None:
    for action in (play("QH"), DRAW, PASS, take(2), discard("7S")):
        assert parse_action(action.code) == action
    assert play("QH").kind is Kind.PLAY and str(take(0)) == "take #1"


@pytest.mark.parametrize(
    ("text", "prices"), [("4,3,2,1", (4, 3, 2, 1)), (" 8, 6 ,4,2", (8, 6, 4, 2))]
)
def test_prices_are_read_in_suit_order(text: str, prices: tuple[int, ...]) -> None:
    assert parse_prices(text) == prices


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4,3,2", "give four whole numbers"),
        ("4,3,x,1", "price of diamonds: must be a whole number"),
    ],
)
def test_bad_prices_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(HouseRuleError, match=message):
        parse_prices(text)


def test_house_rules_round_trip_through_json() -> None:
    rules = HouseRules(stake=10, remise=3, prices=(5, 4, 3, 2), deals=2, exchange="old")  # type: ignore[arg-type]
    assert HouseRules.from_json(rules.to_json()) == rules
    # unknown settings are ignored, as every unknown field of a record is (docs/record-format.md)
    assert HouseRules.from_json({"stake": 1, "ante": 2}) == HouseRules(stake=1)
    with pytest.raises(HouseRuleError, match="stake: must be a whole number"):
        HouseRules.from_json({"stake": "1"})
