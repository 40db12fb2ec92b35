"""The words a typed front end reads as yes, as back and as a take-back, by language: one table
each, the English words working in Russian too."""

from __future__ import annotations

from typing import Final

from mushka.i18n import ENGLISH, RUSSIAN, language

YES: Final = {ENGLISH: frozenset({"y", "yes"}), RUSSIAN: frozenset({"y", "yes", "д", "да"})}
BACK: Final = {
    ENGLISH: frozenset({"q"}),
    RUSSIAN: frozenset({"q", "у", "х"}),
}  # leave a pager (у as the game teaches)
# u takes a move back; no card is typed where it is asked (в alone names no card: it has no suit)
UNDO: Final = {ENGLISH: frozenset({"u"}), RUSSIAN: frozenset({"u", "в", "вернуть"})}


# A seat's choice of language, typed at its prompt: the language's code or its own name.
LANGUAGE_WORDS: Final = {"en": ENGLISH, "english": ENGLISH, "ru": RUSSIAN, "русский": RUSSIAN}


def language_named(text: str) -> str | None:
    """The language `text` names (a seat choosing its own), or None."""
    return LANGUAGE_WORDS.get(text.strip().lower())


def yes(text: str, lang: str | None = None) -> bool:
    """Whether `text`, typed at a yes-or-no question, says yes."""
    return text.strip().lower() in YES[lang or language()]


def back(text: str, lang: str | None = None) -> bool:
    """Whether `text`, typed at a pager, asks to go back."""
    return text.strip().lower() in BACK[lang or language()]


def undo(text: str, lang: str | None = None) -> bool:
    """Whether `text` asks to take the move just made back."""
    return text.strip().lower() in UNDO[lang or language()]
