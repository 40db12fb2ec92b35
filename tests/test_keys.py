"""What a typed line means: Unicode digits, huge numbers and escape sequences at the move prompt,
and the rule for names."""

from __future__ import annotations

import pytest
from conftest import make_session

from mushka.actions import play, take
from mushka.engine import Step
from mushka.names import name_problem
from mushka.present.keys import InputProblem, interpret
from mushka.view import SeatView


def lead_view() -> SeatView:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"]
    )
    return session.view(0)


def take_view() -> SeatView:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
    )
    view = session.view(1)
    assert view.step is Step.TAKE
    return view


@pytest.mark.parametrize(
    "typed",
    ["²", "①", "₃", "¹", "⑤", "2²", "Ⅲ", "take ²", "take ①", "t ₃", "discard ²", "play ①", "½"],
)
def test_digits_that_int_refuses_are_not_moves(typed: str) -> None:
    with pytest.raises(InputProblem):
        interpret(typed, lead_view())
    with pytest.raises(InputProblem):
        interpret(typed, take_view())


@pytest.mark.parametrize("typed", ["٣", "３", "३", "০৩"])
def test_decimal_digits_of_any_script_are_numbers(typed: str) -> None:
    assert interpret(typed, lead_view()) == play("9C")  # the third card: QH 10C 9C 8C 7C
    assert interpret(typed, take_view()) == take(2)


@pytest.mark.parametrize("typed", ["9" * 5000, "0" * 4000 + "1", "١" * 5000, "take " + "9" * 5000])
def test_huge_numbers_are_refused_in_plain_words(typed: str) -> None:
    with pytest.raises(InputProblem) as problem:
        interpret(typed, lead_view())
    assert len(str(problem.value)) < 200


@pytest.mark.parametrize(
    "typed", ["\x1b[2J\x1b[31mq", "q\x00", "\u202eq", "x" * 100_000, "\x1b]0;hi\x07"]
)
def test_what_is_quoted_back_is_short_and_cannot_steer_the_terminal(typed: str) -> None:
    with pytest.raises(InputProblem) as problem:
        interpret(typed, lead_view())
    message = str(problem.value)
    assert len(message) < 200
    assert all(c == " " or c.isprintable() for c in message)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        "Anna\x1b[31m",
        "An\nna",
        "Bo\u202eb",  # right-to-left override
        "Ve\u2066ra",  # left-to-right isolate
        "Ve\u200bra",  # zero-width space
        "Gl\u200deb",  # zero-width joiner
        "Gl\u00adeb",  # soft hyphen
        "\ufeffAnna",  # byte order mark
        "An\u00a0na",  # no-break space
        "An\tna",
        "An\u2028na",  # line separator
        "\u3164",  # Hangul filler: looks blank
        "Anna\ue000",  # private use
        "Anna\U000e0041",  # tag character
        " Anna",
        "x" * 17,
    ],
)
def test_names_that_are_refused(name: str) -> None:
    problem = name_problem(name, [])
    assert problem is not None
    assert "\x1b" not in str(problem) and "\u202e" not in str(problem)


@pytest.mark.parametrize(
    "name", ["Anna", "O'Neil", "Анна", "[red]Anna", "Bo[/]b", "José", "Zoë ♥", "李", "a b"]
)
def test_names_that_are_welcome(name: str) -> None:
    assert name_problem(name, []) is None
    assert name_problem(name, [name.upper()]) is not None  # taken, whatever the case
