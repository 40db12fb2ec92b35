"""The Russian rulebook, rules.ru.md: the same sections and figures as rules.md, in the game's own words."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console
from rich.markdown import Markdown

from mushka.house_rules import HouseRules
from mushka.i18n import LanguageError, kopecks
from mushka.render.rulebook import rulebook_text, show_rulebook

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
        if quote in ("по часовой стрелке", "никто дважды", "Справка", "Правила"):
            continue  # ours, not quotations of the source (the last two: the phone's buttons)
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


# ---------------------------------------------------------------- issue 19: the summary first, the rest after

SUMMARY = {"en": "The game in brief", "ru": "Коротко об игре"}
FIRST_RULES = {"en": "1. What you need", "ru": "1. Что нужно для игры"}
SCREEN = 22  # the rows the table's pager shows at 80x24 (the terminal's height less two)
LANGS = ("en", "ru")


def book(lang: str) -> str:
    return rulebook_text(lang)


def section_body(lang: str, heading: str) -> str:
    """The flattened body of the section whose level and number are `heading` ("## 9")."""
    return flat(dict(sections(book(lang)))[heading])


def rendered(lang: str) -> list[str]:
    """The book as `mushka rules` and the table's `r` show it at 80 columns, line by line."""
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(Markdown(book(lang)))
    return [line.rstrip() for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_screen_is_the_summary_card_whole(lang: str) -> None:
    headings = re.findall(r"^## (.*)$", book(lang), re.MULTILINE)
    assert headings[:2] == [SUMMARY[lang], FIRST_RULES[lang]]
    lines = rendered(lang)
    assert SUMMARY[lang] in lines[:4]
    rules = lines.index(FIRST_RULES[lang])
    assert not any(lines[SCREEN:rules])  # everything before the rules fits on the first screen


SUMMARY_TERMS = {
    "en": ("talon", "lead", "mushka", "draw", "pass", "remise", "trick", "kitty", "stake"),
    "ru": ("прикупк", "выход", "мушк", "обращается к прикупке", "пас", "ремиз", "взятк", "касс"),
}
FIRST_OUT = {"en": "first out** of the deal before (the first to play his last card)",
             "ru": "первым **снёс карты** (раньше всех остался без карт)"}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_names_what_a_turn_offers_and_how_money_moves(lang: str) -> None:
    summary = section_body(lang, "## ").lower()
    for term in SUMMARY_TERMS[lang]:
        assert term in summary, term
    assert FIRST_OUT[lang].lower() in summary  # the word is explained where it is first used
    prices = ", ".join(f"{s} {p}" for s, p in zip("♥♣♦♠", HouseRules().prices, strict=True))
    assert prices in summary  # the default prices, as the program has them


@pytest.mark.parametrize(("lang", "study"), [("en", "2.7%"), ("ru", "2,7%")])
def test_the_rulings_and_the_study_come_after_the_rules(lang: str, study: str) -> None:
    text = book(lang)
    examples, rulings = text.index("\n## 8. "), text.index("\n## 9. ")
    assert examples < rulings < text.index(study) and text.index("mushka simulate") > rulings
    assert text.count(study) == 1


RULING = re.compile(r"\bR(\d+)\b")
LABEL = re.compile(r"^- \*\*(R\d+(?:, R\d+)*) · ", re.MULTILINE)


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruling_the_book_names_is_a_point_of_section_9(lang: str) -> None:
    disputes = dict(sections(book(lang)))["## 9"]
    labelled = {n for m in LABEL.finditer(disputes) for n in RULING.findall(m.group(1))}
    assert {"8", "10"} <= labelled
    opening = flat(disputes.split("\n- ", 1)[0])
    assert re.search(r"\bR1\b", opening) and re.search(r"\bR14\b", opening)  # the numbering told
    assert set(RULING.findall(book(lang))) - {"1", "14"} <= labelled


def test_both_lists_of_disputed_points_are_the_same_list() -> None:
    en, ru = (LABEL.findall(dict(sections(book(lang)))["## 9"]) for lang in LANGS)
    assert en == ru and len(en) >= 10


def test_both_lists_name_the_exchange_rulings_in_the_source_s_own_words() -> None:
    en, ru = section_body("en", "## 9"), section_body("ru", "## 9")
    for words in ("четыре или три", "могут воспользоваться"):  # the source: four or three; may use
        assert f'"{words}"' in en and f"«{words}»" in ru, words


REFERENCE = {
    "en": re.compile(r"\bsections? (\d+)|(?<![\d.,])(\d+\.\d+)(?![\d%])", re.IGNORECASE),
    "ru": re.compile(r"\bраздел\w* (\d+)|(?<![\d.,])(\d+\.\d+)(?![\d%])", re.IGNORECASE),
}


def references(body: str, lang: str) -> Counter[str]:
    """The sections (5) and subsections (4.6) a section's text points to."""
    return Counter(whole or sub for whole, sub in REFERENCE[lang].findall(body))


def test_each_section_points_to_the_same_sections_in_both_books() -> None:
    numbers = {h.split()[1] for h, _ in sections(english()) if len(h.split()) > 1}
    found = Counter[str]()
    for (heading, en), (_, ru) in zip(sections(english()), sections(russian()), strict=True):
        assert references(ru, "ru") == references(en, "en"), heading
        assert set(references(en, "en")) <= numbers, heading
        found += references(en, "en")
    assert {"5", "9", "10", "4.6", "5.1"} <= set(found)  # the check sees the references there are


CARD_KEY = {
    "en": ("J for the jack", "Q for the queen", "K for the king", "A for the ace"),
    "ru": ("В — валет", "Д — дама", "К — король", "Т — туз"),
}
TIES = {"en": "if two or more share the best result, they share the win",
        "ru": "если лучший итог у нескольких, они делят победу"}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_letters_are_keyed_before_the_first_card_and_ties_are_settled(lang: str) -> None:
    text = flat(book(lang))
    first_card = CARD[lang].search(text)
    assert first_card is not None
    for key in CARD_KEY[lang]:
        assert 0 <= text.find(key) < first_card.start(), key
    assert TIES[lang] in section_body(lang, "## 6")  # as the final score sheet says (test_look)


@pytest.mark.parametrize(
    ("lang", "guide", "own", "claim"),
    [
        ("en", "quotes an older guide", "adds, in its own words", "even the unluckiest"),
        ("ru", "приводит слова более старого", "от себя составитель добавляет", "самый невезучий"),
    ],
    ids=LANGS,
)
def test_the_recoup_claim_is_the_compiler_s_not_the_old_guide_s(
    lang: str, guide: str, own: str, claim: str
) -> None:
    study = section_body(lang, "## 11")
    assert 0 <= study.index(guide) < study.index(own) < study.index(claim)


def test_the_russian_book_keeps_out_the_review_s_calques() -> None:
    """What the native reader's review (issue 19) marked as translated, not written, stays out."""
    text = flat(russian()).lower()
    for calque in (
        "штрафы возвращаются",
        "стол договаривается",
        "стол узнаёт",
        "отказывает в неверном",
        "сдавать переходит",
        "кончается как пас",
        "стоит цену",
        "три и больше карты",
        "три или больше карты",
        "открывш",
        "открывающ",
        "взыскивает",
        "никто не меняется",
        "записи-примера",
        "самом старинном примере",
        "выбирает место",
        "ряда карт, взятых обратно",
        "собственное исследование",
        "то, как играет мушка",
        "каждый другой",
    ):
        assert calque not in text, calque
    assert not re.search(r"\bприкуп(?!к)", text)  # the source's прикупка, not the преферанс прикуп
    assert "он обязан в свой черёд выложить их" in text  # 8.3: rules.md's "must"
