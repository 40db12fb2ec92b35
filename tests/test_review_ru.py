"""The native reader's review of the Russian interface (shared/reviews/ui-ru-turn4.md): each point
it found, as a check on the catalogue or on what the program says."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from mushka.cards import Suit
from mushka.cli import build_app
from mushka.events import Trick
from mushka.i18n import RUSSIAN, _, gettext, say, suit_noun, translations, use_language
from mushka.present.describe import Words
from mushka.present.keys import RUSSIAN_DRAW, help_rows
from mushka.table_options import TableOptions
from mushka.wording import Wording


def russian_texts() -> list[str]:
    """Every Russian translation in the catalogue (each plural form)."""
    catalog = translations(RUSSIAN)._catalog  # type: ignore[attr-defined]
    return [text for key, text in catalog.items() if key and text]


def test_a_suit_is_named_in_the_case_the_sentence_asks_for() -> None:
    hearts, diamonds = suit_noun(Suit.H, RUSSIAN), suit_noun(Suit.D, RUSSIAN)
    assert f"{hearts} {hearts:gen} {hearts:adj_acc} {diamonds:adj_gen}" == (
        "черви червей червонную бубновой"
    )
    english = suit_noun(Suit.H, "en")
    assert f"{english:gen} {english:adj_acc}" == "hearts hearts"  # English has the one form
    assert say(Wording("price of {suit}", suit=Suit.D), RUSSIAN) == "цена бубновой взятки"
    assert say(
        Wording("Lead any card but {suit} ({cards}).", suit=Suit.C, cards="7♥"), RUSSIAN
    ) == ("Выходите с любой карты, кроме треф (7♥).")


def test_a_trick_taken_is_a_suit_s_trick_not_a_trick_in_the_suit(russian: None) -> None:
    words = Words(["Анна", "Борис", "Вера", "Глеб"], me=0)
    doubled = words.event(Trick(2, Suit.H, True, 8, 8, None))  # Вера, with the mushka
    plain = words.event(Trick(0, Suit.C, False, 3, 3, None))
    assert doubled is not None and plain is not None
    assert doubled.startswith("Вера мушкой берёт червонную взятку — вдвойне"), doubled
    assert plain.startswith("Вы берёте трефовую взятку"), plain
    for text in russian_texts():
        assert "взятку в {suit}" not in text and "взятки в {suit}" not in text, text


def test_a_key_letter_is_followed_by_a_dash_not_read_as_a_preposition(russian: None) -> None:
    for key in ("o played", "s scores", "q leave", "q save & quit", "u take it back"):
        assert re.fullmatch(r"[оснуив] — \w.*", _(key)), _(key)


@pytest.mark.parametrize(
    "command", [["play", "--help"], ["host", "--help"], ["simulate", "--help"]]
)
def test_first_out_is_never_worded_as_leading(russian: None, command: list[str]) -> None:
    for text in russian_texts():
        for word in ("вышел первым", "вышедш", "никто не вышел", "за вышедшего"):
            assert word not in text, text
    assert gettext("out", RUSSIAN) == "без карт"
    shown = CliRunner().invoke(build_app(), command, env={"COLUMNS": "200"}).output
    assert "вышел" not in shown and "раньше всех" in shown


def test_the_program_is_mushka_not_the_ace_of_spades_and_nobody_is_male_by_default() -> None:
    for text in russian_texts():
        assert not re.search(r"\b(версия|сохранение) мушки\b|[Мм]ушка (остановилась|пробует)", text)
        assert "мушка не может" not in text and "отошёл" not in text, text
    assert gettext("away", RUSSIAN) == "нет на месте"


def test_the_draw_is_to_draw_and_house_rules_have_one_name(russian: None) -> None:
    assert gettext("draw", RUSSIAN) == "прикупить"  # the coach's line: «прикупить +9,2»
    assert "+, прикупить" in [key for key, _what in help_rows(TableOptions())]
    assert "прикуп" in RUSSIAN_DRAW  # typed, the short word still draws
    assert gettext("House rules:", RUSSIAN) == "Условия стола:"
    for text in russian_texts():
        assert "Правила стола" not in text and "правило стола" not in text, text
        assert not re.search(r"\(условие --", text), text
        assert "клавиша h" not in text, text


def test_the_lesson_says_its_sentences_grammatically_and_ends_each_with_one_stop(
    russian: None,
) -> None:
    prices = _("{prices} kop").format(prices="♥ 4, ♣ 3, ♦ 2, ♠ 1")
    sentence = _("The kitty pays the trick's taker at once, by the suit led: {prices}.")
    assert ".." not in sentence.format(prices=prices)
    assert _("Ctrl-C and Ctrl-D also leave. Nothing is saved.").startswith(
        "Ctrl-C и Ctrl-D тоже завершают урок"
    )
    clubs = suit_noun(Suit.C)
    assert (
        _(
            "A trick is worth the price of the suit led: in {suit}, {price}, paid from the kitty at once."
        )
        .format(suit=clubs, price="3")
        .startswith("Взятка оплачивается по цене масти выхода: при выходе с треф — 3")
    )
    listed = [
        _("· a card of the suit led, {suit};").format(suit=clubs),
        _("· the mushka, {mushka}, on any lead, even when you hold {suit};").format(
            mushka="Т♠", suit=clubs
        ),
        _(
            "· a pass ({pass_key}): free without the suit led; holding it, a revoke that costs a remise, {remise}."
        ).format(pass_key="-", remise="5"),
    ]
    assert [line.split()[1] for line in listed] == ["дать", "сыграть", "спасовать"]


def test_the_review_s_process_language_is_restored() -> None:
    use_language("en")
    assert _("draw") == "draw"


def test_a_face_down_card_has_a_number_not_a_seat() -> None:
    """«место» is a seat at the table everywhere else: a face-down card has a number."""
    for text in russian_texts():
        if "крапом вверх" in text:
            assert not re.search(r"\bмест[оаеу]\b|\bместа\b|по её месту", text), text
    take = Wording(
        "Take one face-down card by its position ({first} or {last}).", first="1, 2", last="3"
    )
    assert say(take, RUSSIAN) == "Возьмите одну из карт, лежащих крапом вверх (номер 1, 2 или 3)."
