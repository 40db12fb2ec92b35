"""The Russian rulebook, rules.ru.md: the same sections and figures as rules.md, in the game's own words."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console

from mushka.i18n import LanguageError, kopecks
from mushka.tui.rulebook import rulebook_text, show_rulebook

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path(__file__).resolve().parents[2] / "shared" / "seed" / "mushka-kopilka.ru.txt"
HEADING = re.compile(r"^(#{1,6}) (?:(\d+(?:\.\d+)*)\.? )?", re.MULTILINE)
NUMBER = re.compile(r"[−+]?\d+(?:[.,]\d+)?")  # 2.7 in English is 2,7 in Russian
CARD = {
    "en": re.compile(r"(10|[789JQKA])([♥♣♦♠])"),
    "ru": re.compile(r"(10|[789ВДКТ])([♥♣♦♠])"),
}
RANK_IN_ENGLISH = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}


def english() -> str:
    return rulebook_text("en")


def russian() -> str:
    return rulebook_text("ru")


def flat(text: str) -> str:
    return " ".join(text.split())


def sections(text: str) -> list[tuple[str, str]]:
    """(heading level and number, body) for each heading, the title's part first."""
    marks = list(HEADING.finditer(text))
    return [
        (f"{m.group(1)} {m.group(2) or ''}", text[m.end() : n.start() if n else None])
        for m, n in zip(marks, [*marks[1:], None], strict=True)
    ]


def figures(body: str) -> Counter[str]:
    return Counter(n.replace(",", ".") for n in NUMBER.findall(body))


def cards(body: str, lang: str) -> Counter[str]:
    return Counter(RANK_IN_ENGLISH.get(r, r) + s for r, s in CARD[lang].findall(body))


def test_both_rulebooks_have_the_same_sections_in_the_same_order() -> None:
    en, ru = sections(english()), sections(russian())
    assert [h for h, _ in ru] == [h for h, _ in en]
    assert len(en) >= 20 and "## 8" in [h.strip() for h, _ in en]
    assert russian().startswith("# Мушка-копилка") and "## 8. Разобранные примеры" in russian()


def test_each_section_has_the_same_figures_and_the_same_cards() -> None:
    """Every number and every card of each section (the worked examples included) is in both books."""
    for (heading, en), (_, ru) in zip(sections(english()), sections(russian()), strict=True):
        assert figures(ru) == figures(en), heading
        assert cards(ru, "ru") == cards(en, "en"), heading
        assert not re.search(r"[JQKA][♥♣♦♠]", ru), heading  # a Latin K looks like К but is not


def test_the_check_would_see_a_changed_figure_or_card() -> None:
    ru = russian()
    assert figures(ru.replace("131", "130")) != figures(ru)
    assert cards(ru.replace("Д♥", "К♥", 1), "ru") != cards(ru, "ru")


def test_the_worked_examples_name_the_figures_that_matter() -> None:
    book = flat(russian())
    for phrase in (
        "вдвое из-за мушки — **8 копеек**",
        "ремиз 5 копеек",
        "60 + 45 + 45 + 45 = 195",
        "Анна −47, Борис −34, Вера −3, Глеб +84",
        "Анна берёт из прикупки три карты: В♦ Т♦ 9♣",
        "**Борис берёт свою 8♥ обратно**",
    ):
        assert phrase in book, phrase


AMOUNT = re.compile(r"(\d+(?: \d{3})*) (копе\w+)")


def test_every_amount_in_kopecks_takes_its_plural_form() -> None:
    amounts = AMOUNT.findall(flat(russian()))
    assert len(amounts) >= 10
    forms = {word for _, word in amounts}
    assert forms == {"копейка", "копейки", "копеек"}
    for digits, word in amounts:
        n = int(digits.replace(" ", ""))
        assert kopecks(n, "ru").split(" ", 1)[1] == word, f"{digits} {word}"


def test_the_book_speaks_the_games_own_words() -> None:
    book = re.sub(r"`[^`]*`", "", russian()).lower()  # code spans are commands, in English
    for word in ("мушк", "взятк", "пас", "прикупк", "ремиз", "касс", "сдач", "сдающ", "крапом"):
        assert word in book, word
    for suit in ("черви", "трефы", "бубны", "пики", "валет", "дама", "король", "туз"):
        assert suit in book, suit
    for english_word in ("talon", "kitty", "trick", "remise", "kop "):
        assert english_word not in book, english_word


def test_every_russian_quotation_is_word_for_word_in_the_source() -> None:
    if not SOURCE.exists():
        pytest.skip("shared/ is not beside this checkout")
    source = flat(SOURCE.read_text(encoding="utf-8"))
    book = flat(russian())
    quotes = re.findall(r"«([^»]*)»", book)
    assert len(quotes) >= 6
    for quote in quotes:
        if quote in ("по часовой стрелке", "никто дважды"):  # ours, not quotations of the source
            continue
        assert quote in source, quote
    # the quotations of rules.md are in rules.ru.md too
    for quote in re.findall(r'"([^"]*[А-Яа-яЁё][^"]*)"', flat(english())):
        assert quote in book, quote


def test_the_rulebook_is_english_unless_asked_for_in_russian() -> None:
    assert rulebook_text() == english() and english().startswith("# Mushka-kopilka")
    with pytest.raises(LanguageError, match="en, ru"):
        rulebook_text("de")


def test_show_rulebook_prints_the_book_of_the_language_asked_for() -> None:
    for lang, title in (("ru", "Мушка-копилка — правила игры"), ("en", "Mushka-kopilka")):
        out = io.StringIO()
        show_rulebook(Console(file=out, width=100, color_system=None), lang=lang)
        assert title in out.getvalue()
    out = io.StringIO()
    show_rulebook(Console(file=out, width=100, color_system=None), ascii_only=True, lang="ru")
    assert "Mushka-kopilka - pravila igry" in out.getvalue()  # Cyrillic spelled in Latin letters
