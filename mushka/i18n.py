"""The language mushka speaks: choosing it, and its messages from the gettext catalogs in the package."""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Final

from mushka.errors import MushkaError
from mushka.errors import short_repr as _short

ENGLISH: Final = "en"
RUSSIAN: Final = "ru"
LANGUAGES: Final = (ENGLISH, RUSSIAN)
DOMAIN: Final = "mushka"  # the catalogs are mushka/locale/<lang>/LC_MESSAGES/mushka.mo
LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first set one wins


class LanguageError(MushkaError):
    """A language asked for by name that mushka does not speak."""


def choose_language(explicit: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to speak: `explicit` (as from --lang), else MUSHKA_LANG, else the locale, else English.

    An explicit name must be one of LANGUAGES, or LanguageError says which are. MUSHKA_LANG and the
    locale are read leniently ("ru_RU.UTF-8" is Russian), and an unreadable MUSHKA_LANG is passed
    over rather than stopping the game.
    """
    if explicit is not None:
        name = explicit.strip().lower()
        if name not in LANGUAGES:
            raise LanguageError(
                gettext("unknown language {name}: choose one of {choices}", ENGLISH).format(
                    name=_short(explicit), choices=", ".join(LANGUAGES)
                )
            )
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
        raise LanguageError(
            f"unknown language {_short(lang)}: choose one of {', '.join(LANGUAGES)}"
        )
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
