"""Reading a card typed in Russian: rank then suit ('дч', '10б', 'тп'), or 'м' for the mushka."""

from __future__ import annotations

from typing import Final

from mushka.cards import CARDS, MUSHKA, Card, Suit
from mushka.errors import InvalidCardError
from mushka.errors import short_repr as _short
from mushka.i18n import RUSSIAN, say
from mushka.wording import Wording, joined

MAX_INPUT: Final = 16  # longer input is refused unread: no card code is near this long

# Ranks 7 8 9 10 В(алет) Д(ама) К(ороль) Т(уз); the value is the rank's place, the seven being 0.
RANKS: Final = {"7": 0, "8": 1, "9": 2, "10": 3, "В": 4, "Д": 5, "К": 6, "Т": 7}
# Suits by the first letter of their names: Ч(ерви), Т(рефы), Б(убны), П(ики); the symbols too.
SUITS: Final = {
    "Ч": Suit.H,
    "Т": Suit.C,
    "Б": Suit.D,
    "П": Suit.S,
    "♥": Suit.H,
    "♣": Suit.C,
    "♦": Suit.D,
    "♠": Suit.S,
}
MUSHKA_KEYS: Final = frozenset(
    {"М", "M"}
)  # Cyrillic and Latin: the key is the same on both layouts


def parse_card_ru(text: str, lang: str = RUSSIAN) -> Card:
    """The card `text` names in Russian, or InvalidCardError (its message in `lang`) saying why not.

    The suit is always the last character and the rank everything before it, which settles the
    letter Т: туз as a rank, трефы as a suit. So 'тт' is the ace of clubs, 'тп' the ace of spades
    and '7т' the seven of clubs. Case and surrounding spaces do not matter.
    """
    if not isinstance(text, str):
        raise _refused(
            Wording("{text} is not a card code: a card code is text such as дч", text=_short(text)),
            lang,
        )
    raw = text.strip().upper() if len(text) <= MAX_INPUT else ""
    if raw in MUSHKA_KEYS:
        return MUSHKA
    rank = RANKS.get(raw[:-1]) if len(raw) >= 2 else None
    suit = SUITS.get(raw[-1]) if len(raw) >= 2 else None
    if rank is None or suit is None:
        if len(raw) < 2 or raw in RANKS:  # a rank alone: the suit is missing
            problem = Wording("{text} is not a card: write rank then suit", text=_short(text))
        elif rank is None:
            problem = Wording("{text} is not a card (unknown rank)", text=_short(text))
        else:
            problem = Wording("{text} is not a card (unknown suit)", text=_short(text))
        help_ = Wording(
            "ranks 7 8 9 10 В Д К Т, suits ч т б п (черви трефы бубны пики), e.g. дч, 10б, тп; "
            "м plays the mushka"
        )
        raise _refused(joined([problem, help_], ": "), lang)
    return CARDS[suit * 8 + rank]


def _refused(wording: Wording, lang: str) -> InvalidCardError:
    """The refusal worded in `lang`, carrying its Wording to be said in any other language."""
    error = InvalidCardError(say(wording, lang))
    error.wording = wording
    return error
