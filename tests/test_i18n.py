"""The language and its messages: choosing it, the catalog complete and compiled, kopecks in Russian."""

from __future__ import annotations

import ast
import gettext
import importlib.util
import re
import string
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from mushka.i18n import (
    ENGLISH,
    RUSSIAN,
    LanguageError,
    choose_language,
    kopecks,
    ngettext,
    translations,
)

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "mushka" / "locale" / "ru" / "LC_MESSAGES"
PARTS = sorted(FOLDER.glob("*.po"), key=lambda p: (p.name != "mushka.po", p.name))
MARKERS = (
    "_",
    "N_",
    "_n",
    "gettext",
    "ngettext",
    "Wording",
)  # the functions whose literals are messages


@cache
def compiler() -> ModuleType:
    """tools/compile_catalogs.py, the script that writes the committed .mo files."""
    path = ROOT / "tools" / "compile_catalogs.py"
    spec = importlib.util.spec_from_file_location("compile_catalogs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------------------ choosing the language

CHOICES = [
    # (explicit, environment, chosen)
    (None, {}, ENGLISH),
    ("ru", {}, RUSSIAN),
    ("RU", {}, RUSSIAN),
    ("en", {"MUSHKA_LANG": "ru", "LANG": "ru_RU.UTF-8"}, ENGLISH),  # the option beats everything
    (None, {"MUSHKA_LANG": "ru"}, RUSSIAN),
    (
        None,
        {"MUSHKA_LANG": "en", "LC_ALL": "ru_RU.UTF-8"},
        ENGLISH,
    ),  # the variable beats the locale
    (None, {"MUSHKA_LANG": "ru_RU.UTF-8"}, RUSSIAN),
    (None, {"MUSHKA_LANG": "klingon", "LANG": "ru_RU.UTF-8"}, RUSSIAN),  # unreadable: passed over
    (None, {"MUSHKA_LANG": "", "LANG": "ru_RU.UTF-8"}, RUSSIAN),
    (None, {"LANG": "ru_RU.UTF-8"}, RUSSIAN),
    (None, {"LANG": "ru"}, RUSSIAN),
    (None, {"LC_MESSAGES": "ru_UA.UTF-8", "LANG": "en_US.UTF-8"}, RUSSIAN),
    (None, {"LC_ALL": "C", "LC_MESSAGES": "ru_RU.UTF-8"}, ENGLISH),  # LC_ALL set wins, as in POSIX
    (None, {"LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8"}, RUSSIAN),  # an empty one is unset
    (None, {"LANG": "en_GB.UTF-8"}, ENGLISH),
    (None, {"LANG": "de_DE.UTF-8"}, ENGLISH),
    (None, {"LANG": "C.UTF-8"}, ENGLISH),
    (None, {"LANG": "POSIX"}, ENGLISH),
]


@pytest.mark.parametrize(("explicit", "env", "chosen"), CHOICES)
def test_the_language_is_the_option_else_the_variable_else_the_locale_else_english(
    explicit: str | None, env: dict[str, str], chosen: str
) -> None:
    assert choose_language(explicit, env) == chosen


@pytest.mark.parametrize("bad", ["de", "", "russian", "r", "ru\x1b[2J", "x" * 10_000])
def test_an_unknown_language_asked_for_by_name_is_refused_naming_the_choices(bad: str) -> None:
    with pytest.raises(LanguageError, match="choose one of en, ru") as refused:
        choose_language(bad, {})
    assert len(str(refused.value)) < 120 and "\x1b" not in str(refused.value)


def test_the_environment_is_read_when_none_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("MUSHKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert choose_language() == ENGLISH
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert choose_language() == RUSSIAN


# ------------------------------------------------------------------------------------------ kopecks

KOPECKS = [
    (0, "0 копеек"),
    (1, "1 копейка"),
    (2, "2 копейки"),
    (3, "3 копейки"),
    (4, "4 копейки"),
    (5, "5 копеек"),
    (10, "10 копеек"),
    (11, "11 копеек"),
    (12, "12 копеек"),
    (14, "14 копеек"),
    (15, "15 копеек"),
    (21, "21 копейка"),
    (22, "22 копейки"),
    (25, "25 копеек"),
    (101, "101 копейка"),
    (111, "111 копеек"),
    (112, "112 копеек"),
    (114, "114 копеек"),
    (131, "131 копейка"),
    (1000, "1000 копеек"),
    (100_001, "100001 копейка"),
]


@pytest.mark.parametrize(("n", "russian"), KOPECKS)
def test_an_amount_takes_the_russian_form_its_number_asks_for(n: int, russian: str) -> None:
    assert kopecks(n, RUSSIAN) == russian
    assert kopecks(n, ENGLISH) == f"{n} kop"  # English stays as the table writes it today


# ------------------------------------------------------------------------------------- the catalog


def fields(text: str) -> list[str]:
    """The placeholders of a message: named ones in any order and as often as its language
    needs them ("only {suit} or the mushka" may say «только картой в масть»), unnamed %s/%d ones
    in their order.

    Python-brace fields ({n}, {text!r}) and percent conversions (%(n)d, %s) both count.
    """
    brace = {f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    percent = re.findall(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]", text)
    named = {p for p in percent if p.startswith("%(")}
    return sorted(brace) + sorted(named) + [p for p in percent if not p.startswith("%(")]


def entries() -> list[tuple[str, str | None, list[str]]]:
    return [
        (m.msgid, m.msgid_plural, m.translations)
        for m in compiler().merge([po.read_text(encoding="utf-8") for po in PARTS])
        if m.msgid
    ]


@cache
def asked_for() -> frozenset[str]:
    """Every literal message in mushka/: the first argument of `_`, `N_`, `gettext`, and both
    forms of `_n`/`ngettext`."""
    asked: set[str] = set()
    for path in (ROOT / "mushka").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in MARKERS
            ):
                continue
            forms = node.args[:2] if node.func.id in ("_n", "ngettext") else node.args[:1]
            for form in forms:
                if isinstance(form, ast.Constant) and isinstance(form.value, str):
                    asked.add(form.value)
    return frozenset(asked)


def test_the_catalog_is_not_empty_and_its_plural_rule_is_russian() -> None:
    assert len(entries()) >= 5
    catalog = translations(RUSSIAN)
    assert isinstance(catalog, gettext.GNUTranslations) and catalog.info()["language"] == "ru"
    assert [ngettext("{n} kop", "{n} kop", n, RUSSIAN) for n in (1, 2, 5)] == [
        "{n} копейка",
        "{n} копейки",
        "{n} копеек",
    ]


def test_every_message_has_a_russian_translation_with_the_same_placeholders() -> None:
    for msgid, plural, translated in entries():
        assert translated and all(t.strip() for t in translated), f"untranslated: {msgid!r}"
        assert len(translated) == (3 if plural is not None else 1), msgid
        wanted = fields(msgid)
        assert plural is None or fields(plural) == wanted, msgid
        for text in translated:
            assert fields(text) == wanted, f"{msgid!r} -> {text!r}"
            assert any("а" <= c.lower() <= "я" for c in text), f"not Russian: {text!r}"


def test_every_message_the_code_asks_for_is_in_the_catalog() -> None:
    """Each literal passed to gettext/ngettext in mushka/ has a catalog entry (none falls back to English)."""
    known = {msgid for msgid, _, _ in entries()} | {p for _, p, _ in entries() if p is not None}
    asked = asked_for()
    assert len(asked) >= 5 and asked <= known, sorted(asked - known)


def test_the_catalog_holds_no_message_the_code_no_longer_asks_for() -> None:
    stale = [msgid for msgid, _, _ in entries() if msgid not in asked_for()]
    assert not stale, stale


def test_the_placeholder_check_catches_a_dropped_or_changed_placeholder() -> None:
    assert fields("{text} is not a card") != fields("не карта")
    assert fields("{n} kop") != fields("{m} копеек")
    assert fields("%(n)d kop") != fields("%(n)s копеек")
    assert fields("%d of %s") != fields("%s из %d")  # unnamed: the order is the meaning
    assert fields("%(a)d of %(b)s") == fields("%(b)s из %(a)d")
    assert fields("{a} of {b}") == fields("{b} из {a}")
    assert fields("{suit} or only {suit}") == fields("только {suit}")  # said once is said


def test_the_committed_mo_is_the_po_parts_compiled() -> None:
    tool = compiler()
    merged = tool.merge([po.read_text(encoding="utf-8") for po in PARTS])
    assert (FOLDER / "mushka.mo").read_bytes() == tool.mo_bytes(merged), (
        "run python tools/compile_catalogs.py"
    )


def test_parts_that_translate_one_message_two_ways_are_refused() -> None:
    head = 'msgid ""\nmsgstr "Language: ru\\n"\n\n'
    one = head + 'msgid "pass"\nmsgstr "пас"\n'
    other = head + 'msgid "pass"\nmsgstr "пасую"\n'
    assert len(compiler().merge([one, one])) == 2  # the header and the message, once
    with pytest.raises(ValueError, match="two ways"):
        compiler().merge([one, other])


def test_the_process_language_translates_marked_messages() -> None:
    from mushka.cards import CARDS, Suit
    from mushka.i18n import N_, _, _n, card_label, language, suit_noun, use_language

    before = language()
    try:
        use_language(RUSSIAN)
        assert _("{n} kop") != "{n} kop" or _n("{n} kop", "{n} kop", 5) == "{n} копеек"
        assert N_("anything") == "anything"
        assert card_label(CARDS[13]) == "Д♣" and suit_noun(Suit.D) == "бубны"
        use_language(ENGLISH)
        assert card_label(CARDS[13]) == "Q♣" and suit_noun(Suit.D) == "diamonds"
        assert card_label(CARDS[13], RUSSIAN, ascii_only=True) == "QC"
        with pytest.raises(LanguageError):
            use_language("xx")
    finally:
        use_language(before)


def test_a_wording_is_english_as_a_string_and_spelled_in_the_language_asked_for() -> None:
    from mushka.cards import CARDS, Suit
    from mushka.errors import IllegalActionError
    from mushka.i18n import Wording, say

    # a message of the catalog stands in for an engine template
    template = "unknown language {name}: choose one of {choices}"
    wording = Wording(template, name=CARDS[13], choices=[Suit.H, Suit.D])
    english = "unknown language Q♣: choose one of hearts, diamonds"
    assert str(wording) == english
    error = IllegalActionError(wording)
    assert str(error) == english and error.wording is wording
    assert say(error, ENGLISH) == english
    assert say(error, RUSSIAN) == "неизвестный язык Д♣: выберите один из черви, бубны"
    assert say(IllegalActionError("plain words"), RUSSIAN) == "plain words"


def test_the_compiler_reads_what_gettext_reads(tmp_path: Path) -> None:
    tool = compiler()
    po = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "a \\"quoted\\" line"\nmsgstr ""\n"две "\n"строки"\n\n'
        '#, fuzzy\nmsgid "unsure"\nmsgstr "не уверен"\n\n'
        'msgid "untranslated"\nmsgstr ""\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} карта"\nmsgstr[1] "{n} карт"\n'
    )
    mo = tmp_path / "x.mo"
    mo.write_bytes(tool.mo_bytes(tool.read_po(po)))
    with mo.open("rb") as file:
        catalog = gettext.GNUTranslations(file)
    assert catalog.gettext('a "quoted" line') == "две строки"
    assert (
        catalog.gettext("unsure") == "unsure" and catalog.gettext("untranslated") == "untranslated"
    )
    assert [catalog.ngettext("{n} card", "{n} cards", n) for n in (1, 2)] == [
        "{n} карта",
        "{n} карт",
    ]
    with pytest.raises(ValueError, match="line 1"):
        tool.read_po('msgstr "orphan"\n')
