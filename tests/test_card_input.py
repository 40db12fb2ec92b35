"""Cards typed in Russian: rank then suit, any case, Т a rank first and a suit last, м the mushka."""

from __future__ import annotations

import pytest

from mushka.card_input import parse_card_ru
from mushka.cards import CARDS, MUSHKA, parse_card
from mushka.errors import InvalidCardError

READS = [
    ("дч", "QH"),
    ("Дч", "QH"),
    ("ДЧ", "QH"),
    ("дЧ", "QH"),
    ("10б", "10D"),
    ("10Б", "10D"),
    ("тп", "AS"),
    ("тт", "AC"),  # туз треф: Т is the rank first, the suit last
    ("7т", "7C"),
    ("Тч", "AH"),
    ("тб", "AD"),
    ("вп", "JS"),
    ("кт", "KC"),
    ("8ч", "8H"),
    ("9б", "9D"),
    ("  дч  ", "QH"),
    ("Д♥", "QH"),
    ("10♠", "10S"),
    ("Т♠", "AS"),
    ("в♣", "JC"),
    ("м", "AS"),
    ("М", "AS"),
    ("m", "AS"),  # Latin m: the same key whichever layout is on
    ("M", "AS"),
]


@pytest.mark.parametrize(("typed", "code"), READS)
def test_a_russian_code_names_its_card(typed: str, code: str) -> None:
    assert parse_card_ru(typed) == parse_card(code)


def test_every_card_has_exactly_one_russian_code_of_letters() -> None:
    ranks = ["7", "8", "9", "10", "в", "д", "к", "т"]
    suits = "чтбп"  # черви трефы бубны пики
    typed = {parse_card_ru(r + s) for s in suits for r in ranks}
    assert typed == set(CARDS) and parse_card_ru("м") is MUSHKA


REFUSALS = [
    ("", "write rank then suit"),
    ("д", "write rank then suit"),
    ("т", "write rank then suit"),  # not the ace of anything: a suit is needed
    ("   ", "write rank then suit"),
    ("мм", "unknown rank"),
    ("хч", "unknown rank"),
    ("1ч", "unknown rank"),
    ("11ч", "unknown rank"),
    ("QH", "unknown rank"),  # English codes are the English parser's
    ("Kч", "unknown rank"),  # a Latin K looks like К but is not it
    ("дх", "unknown suit"),
    ("10", "write rank then suit"),
    ("дм", "unknown suit"),
    ("тч ", None),  # spaces around are fine ...
    ("т ч", "unknown rank"),  # ... inside are not
    ("１０б", "unknown rank"),  # fullwidth digits are not 10
    ("\x1b[2Jдч", "unknown rank"),
    ("д" * 100_000, "write rank then suit"),
]


@pytest.mark.parametrize(("typed", "problem"), REFUSALS)
def test_what_is_not_a_card_is_refused_with_a_reason(typed: str, problem: str | None) -> None:
    if problem is None:
        parse_card_ru(typed)
        return
    with pytest.raises(InvalidCardError) as refused:
        parse_card_ru(typed, lang="en")
    message = str(refused.value)
    assert problem in message and "ranks 7 8 9 10 В Д К Т" in message
    assert len(message) < 200 and "\x1b" not in message.replace("\\x1b", "")


def test_the_refusal_is_in_russian_by_default() -> None:
    with pytest.raises(InvalidCardError, match=r"нет такой масти.*достоинства 7 8 9 10 В Д К Т"):
        parse_card_ru("дх")
    with pytest.raises(InvalidCardError, match="не обозначение карты"):
        parse_card_ru(12)  # type: ignore[arg-type]
