"""The move prompt in Russian: Russian card codes, м, + / прикуп, - / пас, Russian command words
that no card letter can be mistaken for, and every problem said in Russian; English unchanged."""

from __future__ import annotations

import re

import pytest
from conftest import act, make_session
from drivers import cyrillic_share
from test_table import render

from mushka.actions import DRAW, PASS, discard, play, take
from mushka.cards import CARDS, MUSHKA_INDEX
from mushka.engine import Step
from mushka.house_rules import HouseRules
from mushka.i18n import RUSSIAN
from mushka.present.command import command
from mushka.present.keys import (
    CARD_LETTERS,
    COMMANDS,
    RUSSIAN_DRAW,
    RUSSIAN_PASS,
    InputProblem,
    commands,
    interpret,
    move_keys,
    prompt_keys,
)
from mushka.render.help import help_screen
from mushka.render.look import Look
from mushka.table_options import TableOptions
from mushka.view import SeatView


def help_text() -> str:
    """The `?` help at 80 columns, at a table with hints on."""
    return render(help_screen(HouseRules(), Look(), TableOptions(hints=True)), 80)


def lead_view() -> SeatView:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"]
    )
    return session.view(0)


def follow_view() -> SeatView:
    """Boris after Anna's Q♥: K♥ 9♥ to follow, the mushka, a talon to draw from, a pass."""
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"],
        talon="JC QC KC",
    )
    act(session, "QH")
    return session.view(1)


def draw_view() -> SeatView:
    """Vera after Anna's 7♣ holds no club: she may draw or pass (no remise)."""
    session = make_session(
        ["7C QH 8C 9C 10C", "JC 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"],
        talon="KC 7H 8H",
    )
    act(session, "7C", "JC")
    return session.view(2)


def discard_view() -> SeatView:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
    )
    act(session, "take 1")
    view = session.view(1)
    assert view.step is Step.DISCARD
    return view


# ---------------------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("дч", "QH"),
        ("Дч", "QH"),
        ("ДЧ", "QH"),
        (" дч ", "QH"),
        ("10т", "10C"),
        ("10Т", "10C"),
        ("7т", "7C"),
        ("тп", "AS"),
        ("м", "AS"),
        ("М", "AS"),
        ("m", "AS"),  # the Latin m looks like м: in Russian it is the mushka too
        ("д♥", "QH"),
        ("QH", "QH"),  # the English codes keep working
        ("10c", "10C"),
        ("1", "QH"),  # and the numbers
    ],
)
def test_a_card_is_played_by_its_russian_code(russian: None, typed: str, card: str) -> None:
    assert interpret(typed, lead_view()) == play(card)


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("+", DRAW),
        ("прикуп", DRAW),
        ("Прикупить", DRAW),
        ("d", DRAW),
        ("draw", DRAW),
        ("-", PASS),
        ("−", PASS),  # the minus sign the Russian prompt's sentence prints
        ("пас", PASS),
        ("ПАС", PASS),
        ("p", PASS),
        ("pass", PASS),
    ],
)
def test_draw_and_pass_by_the_russian_keys_and_the_english_ones(
    russian: None, typed: str, action: object
) -> None:
    assert interpret(typed, draw_view()) == action


def test_a_card_named_while_discarding_is_discarded(russian: None) -> None:
    view = discard_view()
    assert interpret("10б", view) != play("10D")
    code = {"7D": "7б", "10C": "10т", "9C": "9т"}
    for english, russian_code in code.items():
        if any(c.code == english for c in view.hand):
            assert interpret(russian_code, view) == discard(english)


def test_a_face_down_card_is_taken_by_its_number_in_russian_too(russian: None) -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
    )
    view = session.view(1)
    assert view.step is Step.TAKE
    assert interpret("2", view) == take(1)
    with pytest.raises(InputProblem, match="крапом вверх"):
        interpret("дч", view)


# ------------------------------------------------------------------------------- commands

RUSSIAN_WORDS = {
    "?": "help",
    "помощь": "help",
    "совет": "hint",
    "подсказка": "hint",
    "правила": "rules",
    "с": "scores",
    "счёт": "scores",
    "о": "memory",
    "обзор": "memory",
    "у": "quit",
    "уйти": "quit",
    "выйти": "quit",
    "отбой": "memory",  # the keys shown before keep working
    "х": "quit",
}


@pytest.mark.parametrize(("typed", "command"), RUSSIAN_WORDS.items())
def test_the_russian_command_words(russian: None, typed: str, command: str) -> None:
    assert interpret(typed, lead_view()) == command
    assert interpret(typed.upper(), lead_view()) == command


@pytest.mark.parametrize("typed", ["?", "h", "r", "s", "q", "help", "scores", "quit", "memory"])
def test_the_english_commands_keep_working_in_russian(russian: None, typed: str) -> None:
    assert interpret(typed, lead_view()) == COMMANDS[typed]


def test_no_single_letter_command_is_a_card_letter() -> None:
    """п is пики, в валет, д дама, к король, т туз or трефы, ч черви, б бубны, м the mushka."""
    assert set("вдктчбпм") == CARD_LETTERS
    russian_keys = commands(RUSSIAN)
    for key in russian_keys:
        if len(key) == 1 and not key.isascii():
            assert key not in CARD_LETTERS, key
    for letter in CARD_LETTERS:
        assert letter not in russian_keys and letter.upper() not in russian_keys
    assert not (RUSSIAN_DRAW | RUSSIAN_PASS) & set(russian_keys)  # nor a draw or a pass


@pytest.mark.parametrize("letter", sorted("вдктчбп"))
def test_a_card_letter_alone_is_no_move_and_no_command(russian: None, letter: str) -> None:
    with pytest.raises(InputProblem) as problem:
        interpret(letter, draw_view())
    assert cyrillic_share(str(problem.value)) > 0.8


def test_p_alone_is_spades_and_the_problem_says_how_to_pass(russian: None) -> None:
    with pytest.raises(InputProblem, match=r"пики, а не пас.*- или пас"):
        interpret("п", draw_view())


# ------------------------------------------------------------------------- problems in Russian


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("xyz", "не ход"),
        ("9", "Карты с номером 9 нет: ваши карты пронумерованы от 1 до 5"),
        ("дz", "не карта"),
        ("жч", "неизвестное достоинство|не карта"),
        ("дщ", "неизвестная масть|не карта"),
        ("", "Напишите ход"),
        ("x" * 100, "100 знаков"),
        ("x" * 101, "101 знак\\)"),
        ("x" * 102, "102 знака\\)"),
    ],
)
def test_every_problem_is_said_in_russian(russian: None, typed: str, said: str) -> None:
    with pytest.raises(InputProblem) as problem:
        interpret(typed, lead_view())
    message = str(problem.value)
    assert re.search(said, message), message
    assert cyrillic_share(message) > 0.6, message


@pytest.mark.parametrize(
    "typed",
    ["д\x1b[2J\x1b[31mч", "ч\x00", "\u202eдч", "д" * 64, "пас\x1b]0;hi\x07", "ж" * 100_000],
)
def test_what_is_quoted_back_in_russian_is_short_and_cannot_steer_the_terminal(
    russian: None, typed: str
) -> None:
    with pytest.raises(InputProblem) as problem:
        interpret(typed, lead_view())
    message = str(problem.value)
    assert len(message) < 300
    assert all(c == " " or c.isprintable() for c in message)


# ------------------------------------------------------------------------- the prompt and help


def test_the_russian_prompt_names_the_russian_keys_that_are_legal_now(russian: None) -> None:
    assert move_keys() == ("+", "-")
    keys = prompt_keys(draw_view())
    # a dash after each key: "о обзор", "с счёт" read as broken prepositional phrases
    assert keys.startswith("Ваш ход [+, -, ? — справка, о — обзор, с — счёт, у — сохранить и уйти]")
    follow = prompt_keys(follow_view())  # K♥ 9♥ and the mushka; no draw while holding hearts
    assert follow.startswith("Ваш ход [1, 2, 5, -, ? — справка,")  # K♥ 9♥ 8♦ 7♦ A♠
    named = keys.split("[", 1)[1].split("]")[0].split(", ")
    for shown in [part.split()[0] for part in named if " " in part]:
        assert shown == "?" or part_dashed(named, shown), shown
        assert isinstance(interpret(shown, draw_view()), str), shown  # each one a command


def part_dashed(named: list[str], key: str) -> bool:
    """Whether the prompt's part for `key` has a dash after the key."""
    return any(part.startswith(key + " — ") for part in named)


def test_the_english_prompt_is_unchanged() -> None:
    assert move_keys() == ("d", "p")
    assert prompt_keys(draw_view()) == (
        "Your move [d, p, ? help, o played, s scores, q save & quit]: "
    )


def test_the_russian_help_lists_the_russian_keys_and_each_one_works(russian: None) -> None:
    text = help_text()
    assert cyrillic_share(text, data=("mushka resume", "Ctrl-C", "Ctrl-D")) > 0.8
    for key in ("дч", "10б", "тп", "м", "+, прикуп", "-, пас", "о, обзор", "с, счёт", "\n  у  "):
        assert key in text, key
    assert "\n  совет  " in text and "подсказка сильного бота" in text
    assert "взять карту из прикупки" in text
    # no durak word, no word said twice over, no key shown that its words do not begin with
    for word in ("отбой", "прикупить из прикупки", "\n  х  "):
        assert word not in text, word
    # and no Latin word but the resume command, Ctrl-C, --hints and the English keys' own line
    lines = text.replace(command("resume"), "").splitlines()
    body = [line for line in lines if not line.startswith("Английские клавиши")]
    latin = set(re.findall(r"[A-Za-z]+", "\n".join(body))) - {"Ctrl", "C", "D", "hints"}
    assert not latin, latin
    view = draw_view()
    for key, meaning in (("прикуп", DRAW), ("пас", PASS), ("тп", play("AS"))):
        assert interpret(key, view) == meaning
    for key in ("помощь", "правила", "обзор", "счёт", "совет", "у"):
        assert isinstance(interpret(key, view), str)
    assert max(len(line) for line in text.splitlines()) <= 80  # as in an 80-column terminal


def test_russian_input_means_nothing_in_english() -> None:
    """English is as it was: a Russian code or key is not a move there; m is the mushka, o the memory."""
    for typed in ("дч", "+", "пас", "м", "о"):
        with pytest.raises(InputProblem, match="is not a move"):
            interpret(typed, draw_view())
    assert interpret("o", lead_view()) == "memory"
    assert interpret("m", lead_view()) == play(CARDS[MUSHKA_INDEX])
    assert "How to answer" in help_text()
