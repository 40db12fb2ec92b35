"""The language mushka speaks: choosing it, and its messages from the gettext catalogs in the package."""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Final

from mushka.errors import MushkaError
from mushka.errors import short_repr as _short
from mushka.wording import N_, Spelled, Wording

if TYPE_CHECKING:  # the cards and the package's files are imported when first needed, so that
    from mushka.cards import Card, Suit  # `mushka --version` and `--help` start quickly

__all__ = ["N_", "Wording"]  # re-exported: the terminal marks its constants with i18n.N_ too

ENGLISH: Final = "en"
RUSSIAN: Final = "ru"
LANGUAGES: Final = (ENGLISH, RUSSIAN)
DOMAIN: Final = "mushka"  # the catalog is mushka/locale/<lang>/LC_MESSAGES/mushka.mo
# The .po sources are split by area (mushka.po, engine.po, table.po, commands.po, ...) so that
# each part of the program keeps its own messages; tools/compile_catalogs.py merges them into
# the one mushka.mo per language that gettext reads.
LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first set one wins


class LanguageError(MushkaError):
    """A language asked for by name that mushka does not speak."""


def unknown_language(value: object) -> LanguageError:
    """The refusal of a language mushka does not speak, naming those it does (said with `say`)."""
    return LanguageError(
        Wording(
            "unknown language {name}: choose one of {choices}",
            name=_short(value),
            choices=", ".join(LANGUAGES),
        )
    )


def choose_language(explicit: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to speak: `explicit` (as from --lang), else MUSHKA_LANG, else the locale, else English.

    An explicit name must be one of LANGUAGES, or LanguageError says which are. MUSHKA_LANG and the
    locale are read leniently ("ru_RU.UTF-8" is Russian), and an unreadable MUSHKA_LANG is passed
    over rather than stopping the game.
    """
    if explicit is not None:
        name = explicit.strip().lower()
        if name not in LANGUAGES:
            raise unknown_language(explicit)
        return name
    env = os.environ if env is None else env
    chosen = _language_of(env.get("MUSHKA_LANG", ""))
    if chosen is not None:
        return chosen
    for variable in LOCALE_VARIABLES:
        value = env.get(variable, "")
        if value:  # the first locale variable set decides, as in setlocale(3)
            return RUSSIAN if value.lower().startswith(RUSSIAN) else ENGLISH
    return ENGLISH


def _language_of(value: str) -> str | None:
    value = value.strip().lower()
    return next((lang for lang in LANGUAGES if value.startswith(lang)), None)


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog for `lang`; English is the messages' own language and needs none."""
    if lang == ENGLISH:
        return _gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise unknown_language(lang)
    from importlib import resources  # only a Russian run reads a catalog

    catalog = (
        resources.files("mushka").joinpath("locale").joinpath(lang).joinpath("LC_MESSAGES")
    ).joinpath(f"{DOMAIN}.mo")
    with catalog.open("rb") as file:
        return _gettext.GNUTranslations(file)


def gettext(message: str, lang: str) -> str:
    """`message` (English, as written in the code) in `lang`."""
    return translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str) -> str:
    """The form of a message for the number `n` in `lang` (Russian has three)."""
    return translations(lang).ngettext(singular, plural, n)


def kopecks(n: int, lang: str) -> str:
    """An amount with its unit: '5 kop' in English (as the table writes it), '5 копеек' in Russian.

    Russian picks one of three forms by the number: 1 копейка, 2 копейки, 5 копеек, 21 копейка.
    """
    return ngettext("{n} kop", "{n} kop", n, lang).format(n=n)


# ------------------------------------------------------------------ the language spoken now
#
# The pure core never calls these: it takes `lang` as an argument where it words anything. A
# front end marks its messages with `_` (and `N_` for texts kept in constants), spoken in the
# language of the context it runs in: the command line chooses it once at start-up
# (`use_language`); a table with many seats draws each seat inside `speaking(its language)`. A
# context variable, not a global: a seat's words never leak into another's, even on one loop.

_current: ContextVar[str] = ContextVar("mushka_language", default=ENGLISH)


def use_language(lang: str) -> None:
    """Speak `lang` from now on in this context (the command line calls this once at start-up)."""
    if lang not in LANGUAGES:
        raise unknown_language(lang)
    _current.set(lang)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak `lang` inside the block (one seat's draw), then whatever was spoken before."""
    if lang not in LANGUAGES:
        raise unknown_language(lang)
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def language() -> str:
    """The language spoken now."""
    return _current.get()


def _(message: str) -> str:
    """`message` in the language spoken now."""
    return translations(_current.get()).gettext(message)


def _n(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number `n` in the language spoken now."""
    return translations(_current.get()).ngettext(singular, plural, n)


def number(value: float, spec: str = "") -> str:
    """`value` formatted by `spec` ('.2f', ',.1f', '+.0f', '.1%') as the process language writes
    numbers: 1,509.6 and 66.7% in English, 1 509,6 and 66,7 % in Russian."""
    text = format(value, spec)
    if _current.get() == RUSSIAN:
        text = text.replace(",", " ").replace(".", ",").replace("%", " %")
    return text


# ------------------------------------------------------------------------------- cards in words

RANK_LETTERS: Final = {
    ENGLISH: ("7", "8", "9", "10", "J", "Q", "K", "A"),
    RUSSIAN: ("7", "8", "9", "10", "В", "Д", "К", "Т"),  # валет, дама, король, туз
}
SUIT_NOUNS: Final = {
    ENGLISH: ("hearts", "clubs", "diamonds", "spades"),
    RUSSIAN: ("черви", "трефы", "бубны", "пики"),
}
# The other forms a translation may ask of a suit's name, as a format spec: "{suit:gen}" (the
# genitive: «кроме треф»), "{suit:adj}", "{suit:adj_acc}", "{suit:adj_gen}" (the adjective, as
# a trick is: «трефовая взятка», «берёт трефовую взятку», «цена трефовой взятки»). English has
# the one form, the noun.
SUIT_FORMS: Final = {
    RUSSIAN: {
        "gen": ("червей", "треф", "бубён", "пик"),
        "adj": ("червонная", "трефовая", "бубновая", "пиковая"),
        "adj_acc": ("червонную", "трефовую", "бубновую", "пиковую"),
        "adj_gen": ("червонной", "трефовой", "бубновой", "пиковой"),
    },
}


class SuitName(str):
    """A suit's name (the plural noun) that a template may ask in another form: "{suit:gen}"
    (see SUIT_FORMS); a language without that form gives the noun."""

    def __new__(cls, suit: int, lang: str) -> SuitName:
        name = super().__new__(cls, SUIT_NOUNS[lang][suit])
        name.suit, name.lang = suit, lang
        return name

    suit: int
    lang: str

    def __format__(self, spec: str) -> str:
        forms = SUIT_FORMS.get(self.lang, {})
        if spec in forms:
            return forms[spec][self.suit]
        if spec in SUIT_FORMS[RUSSIAN]:  # a form this language does not have
            return str(self)
        return format(str(self), spec)


def card_label(card: Card, lang: str | None = None, ascii_only: bool = False) -> str:
    """A card as the table prints it: 'Q♥' in English, 'Д♥' in Russian; the record's code ('QH')
    when `ascii_only`, in either language (a Cyrillic rank letter has no ASCII spelling)."""
    if ascii_only:
        return card.code
    return RANK_LETTERS[lang or _current.get()][card.rank] + card.suit.symbol


def suit_noun(suit: Suit, lang: str | None = None) -> SuitName:
    """A suit's name as a plural noun: 'hearts', 'черви' (its other forms: see SuitName)."""
    return SuitName(int(suit), lang or _current.get())


def say(message: Wording | MushkaError | str, lang: str | None = None) -> str:
    """A message in `lang` (default: the process language): a Wording's template translated and
    its values spelled in that language; an error's own wording; a plain string translated."""
    lang = lang or _current.get()
    if isinstance(message, MushkaError):
        message = message.wording
    if isinstance(message, str):
        return gettext(message, lang)
    values = {name: _spelled(value, lang) for name, value in message.params.items()}
    if message.plural is None:
        return gettext(message.template, lang).format_map(values)
    return ngettext(message.template, message.plural, message.count, lang).format_map(values)


def _spelled(value: object, lang: str) -> str:
    from mushka.cards import Card, Suit

    if isinstance(value, Card):
        return card_label(value, lang)
    if isinstance(value, Suit):
        return suit_noun(value, lang)  # a SuitName: "{suit:gen}" works
    if isinstance(value, Wording):
        return say(value, lang)
    if isinstance(value, list | tuple):
        return ", ".join(_spelled(v, lang) for v in value)
    if isinstance(value, Spelled):
        return value.spelled(lang)
    return str(value)  # names, numbers and quoted input are data: never translated
