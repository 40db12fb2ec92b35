"""Messages that can be said in any language: an English template and the values it names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol, runtime_checkable


@runtime_checkable
class Spelled(Protocol):
    """A value of a message that reads differently in each language (a computer player's name,
    a strategy's word): `i18n.say` spells it in the reader's."""

    def spelled(self, lang: str) -> str: ...


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it here (gettext's no-op marker)."""
    return message


class Wording:
    """A message as a template (English, the gettext msgid) and the values of its placeholders.

    The pure core words its errors this way and stays English and I/O-free; the terminal says a
    Wording in the reader's language with `mushka.i18n.say`, which translates the template and
    spells each value in that language (a card as 'Д♥', a suit as 'черви', a Wording inside it
    in turn). `str()` is the English sentence.

    A message about a number that Russian words in three forms gives the plural template and
    that number after the template: `Wording("{n} trick", "{n} tricks", n, n=n)` (gettext's
    ngettext; English takes the first form for 1 and the second otherwise).
    """

    __slots__ = ("count", "params", "plural", "template")

    def __init__(
        self, template: str, plural: str | None = None, count: int = 1, /, **params: Any
    ) -> None:
        self.template: Final = template
        self.plural: Final = plural
        self.count: Final = count
        self.params: Final[Mapping[str, Any]] = params

    def __str__(self) -> str:
        template = self.template if self.plural is None or self.count == 1 else self.plural
        return template.format_map({k: english(v) for k, v in self.params.items()})

    def __repr__(self) -> str:
        return f"Wording({self.template!r}, ...)"


def joined(parts: Sequence[Wording | str], separator: str) -> Wording:
    """`parts` said one after another with `separator` (punctuation: '. ', ': ') between them.

    The joining template is punctuation only, the same in every language, so it is not a
    catalog message (gettext gives it back as it is); each part is translated on its own.
    """
    escaped = separator.replace("{", "{{").replace("}", "}}")
    template = escaped.join(f"{{part{i}}}" for i in range(len(parts)))
    return Wording(template, **{f"part{i}": part for i, part in enumerate(parts)})


def english(value: object) -> str:
    """A value as an English message shows it (a suit by its noun, lists joined with commas)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return ", ".join([english(v) for v in value])
    if isinstance(value, Spelled):
        return value.spelled("en")
    noun = getattr(value, "noun", None)  # a value named by a noun of its own: a suit, 'hearts'
    return noun if isinstance(noun, str) else str(value)
