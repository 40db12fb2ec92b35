"""Cards, suits and ranks of the 32-card deck, with parsing and formatting of card codes."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from mushka.errors import InvalidCardError
from mushka.errors import short_repr as _short
from mushka.wording import N_, Wording


class Suit(IntEnum):
    """A suit; the value is its place in the suit order, hearts highest (R1)."""

    H = 0
    C = 1
    D = 2
    S = 3

    @property
    def code(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The plural English name: 'hearts'."""
        return _SUIT_NOUNS[self]


_SUIT_SYMBOLS: Final = ("♥", "♣", "♦", "♠")
_SUIT_NOUNS: Final = ("hearts", "clubs", "diamonds", "spades")
SUITS: Final = (Suit.H, Suit.C, Suit.D, Suit.S)

RANK_CODES: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_NAMES: Final = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


class Card(int):
    """One of the 32 cards, an immutable small integer: suit * 8 + rank (rank 0 is the seven).

    There is exactly one instance per card (see `CARDS`), so cards compare and hash as ints.
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < DECK_SIZE:
            raise InvalidCardError(
                Wording(
                    "no card has index {value}; indices are whole numbers from 0 to 31",
                    value=_short(index),
                )
            )
        return CARDS[index]

    @property
    def suit(self) -> Suit:
        return SUITS[self >> 3]

    @property
    def rank(self) -> int:
        """0 for the seven up to 7 for the ace."""
        return self & 7

    @property
    def code(self) -> str:
        """The record's code: '10H', 'QS'."""
        return CODES[self]

    @property
    def is_mushka(self) -> bool:
        return self == MUSHKA_INDEX

    def label(self, ascii_only: bool = False) -> str:
        """The printed form: 'Q♥', or 'QH' when `ascii_only`."""
        return CODES[self] if ascii_only else LABELS[self]

    @property
    def name_words(self) -> str:
        return f"{_RANK_NAMES[self & 7]} of {_SUIT_NOUNS[self >> 3]}"

    def __repr__(self) -> str:
        return f"Card({CODES[self]!r})"

    def __str__(self) -> str:
        return LABELS[self]

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


DECK_SIZE: Final = 32  # cards in the deck
HAND_SIZE: Final = 5  # cards dealt to each seat
TALON_SIZE: Final = DECK_SIZE - 4 * HAND_SIZE  # the twelve undealt cards
MUSHKA_INDEX: Final = 31  # the ace of spades
CODES: Final = tuple(r + s.code for s in SUITS for r in RANK_CODES)
LABELS: Final = tuple(r + s.symbol for s in SUITS for r in RANK_CODES)
CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))
MUSHKA: Final = CARDS[MUSHKA_INDEX]

_SUIT_INPUT: Final = {
    "H": Suit.H,
    "C": Suit.C,
    "D": Suit.D,
    "S": Suit.S,
    "♥": Suit.H,
    "♣": Suit.C,
    "♦": Suit.D,
    "♠": Suit.S,
    "♡": Suit.H,
    "♧": Suit.C,
    "♢": Suit.D,
    "♤": Suit.S,
}
_RANK_INPUT: Final = {code: i for i, code in enumerate(RANK_CODES)} | {"T": 3}


def parse_card(text: str) -> Card:
    """Read a card code such as 'QH', 'qh', '10♠', 'TS' or 'ts'; raise InvalidCardError if unreadable."""
    if not isinstance(text, str):
        raise InvalidCardError(
            Wording(
                "{value} is not a card code: a card code is text such as QH", value=_short(text)
            )
        )
    raw = text.strip().upper() if len(text) <= 16 else ""
    if len(raw) < 2:
        raise InvalidCardError(
            Wording(
                "{value} is not a card: write rank then suit, e.g. QH, 10S, T♠ "
                "(ranks 7 8 9 10 J Q K A, suits H C D S or ♥ ♣ ♦ ♠)",
                value=_short(text),
            )
        )
    rank = _RANK_INPUT.get(raw[:-1])
    suit = _SUIT_INPUT.get(raw[-1])
    if rank is None or suit is None:
        problem = (
            N_(
                "{value} is not a card (unknown rank): ranks are 7 8 9 10 (or T) J Q K A, "
                "suits H C D S (or ♥ ♣ ♦ ♠)"
            )
            if rank is None
            else N_(
                "{value} is not a card (unknown suit): ranks are 7 8 9 10 (or T) J Q K A, "
                "suits H C D S (or ♥ ♣ ♦ ♠)"
            )
        )
        raise InvalidCardError(Wording(problem, value=_short(text)))
    return CARDS[suit * 8 + rank]


def sort_key(card: Card) -> tuple[int, int]:
    """Hand order: by suit (hearts first), then by rank, highest first."""
    return (card >> 3, -(card & 7))


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)
