"""Messages that can be said in any language: an English template and the values it names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it here (gettext's no-op marker)."""
    return message


class Wording:
    """A message as a template (English, the gettext msgid) and the values of its placeholders.

    The pure core words its errors this way and stays English and I/O-free; the terminal says a
    Wording in the reader's language with `mushka.i18n.say`, which translates the template and
    spells each value in that language (a card as 'Д♥', a suit as 'черви', a Wording inside it
    in turn). `str()` is the English sentence.
    """

    __slots__ = ("params", "template")

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template: Final = template
        self.params: Final[Mapping[str, Any]] = params

    def __str__(self) -> str:
        return self.template.format_map({k: english(v) for k, v in self.params.items()})

    def __repr__(self) -> str:
        return f"Wording({self.template!r}, ...)"


def english(value: object) -> str:
    """A value as an English message shows it (a suit by its noun, lists joined with commas)."""
    from mushka.cards import Suit  # here, not at the top: cards imports errors, which imports this

    if isinstance(value, Suit):
        return value.noun
    if isinstance(value, list | tuple):
        return ", ".join(english(v) for v in value)
    return str(value)
