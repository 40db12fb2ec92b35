"""Player decisions as small immutable values, and parsing them from text."""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from mushka.cards import CARDS, Card, parse_card
from mushka.errors import InvalidActionError, InvalidCardError


class Kind(StrEnum):
    """What a decision does."""

    PLAY = "play"  # lead, follow, or the mushka
    DRAW = "draw"  # take the talon's top card
    PASS = "pass"
    TAKE = "take"  # choose a face-down card by position during an exchange
    DISCARD = "discard"  # discard a card after receiving an exchanged one


class Action(NamedTuple):
    """One decision of the seat to act. Build them with `play`, `take`, `discard`, DRAW, PASS."""

    kind: Kind
    card: Card | None = None
    position: int | None = None

    def __str__(self) -> str:
        if self.kind is Kind.PLAY or self.kind is Kind.DISCARD:
            return f"{self.kind} {self.card}"
        if self.kind is Kind.TAKE:
            return f"take #{(self.position or 0) + 1}"
        return str(self.kind)

    @property
    def code(self) -> str:
        """A compact text form that `parse_action` reads back: 'QH', 'draw', 'take 2', 'discard 7S'."""
        if self.kind is Kind.PLAY:
            return CARDS[self.card or 0].code
        if self.kind is Kind.DISCARD:
            return f"discard {CARDS[self.card or 0].code}"
        if self.kind is Kind.TAKE:
            return f"take {(self.position or 0) + 1}"
        return str(self.kind)


DRAW: Final = Action(Kind.DRAW)
PASS: Final = Action(Kind.PASS)
PLAYS: Final = tuple(Action(Kind.PLAY, c) for c in CARDS)
DISCARDS: Final = tuple(Action(Kind.DISCARD, c) for c in CARDS)
MAX_FACE_DOWN = 8
TAKES: Final = tuple(Action(Kind.TAKE, None, i) for i in range(MAX_FACE_DOWN))


def play(card: Card | str) -> Action:
    return PLAYS[parse_card(card) if isinstance(card, str) else card]


def discard(card: Card | str) -> Action:
    return DISCARDS[parse_card(card) if isinstance(card, str) else card]


def take(position: int) -> Action:
    """Take the face-down card at `position` (0-based)."""
    if not 0 <= position < MAX_FACE_DOWN:
        raise InvalidActionError(
            f"there is no face-down position {position + 1}; positions start at 1"
        )
    return TAKES[position]


def parse_action(text: str) -> Action:
    """Read 'QH', 'play qh', 'draw', 'd', 'pass', 'p', 'take 2', 'discard 7s'."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidActionError(
            "empty input: give a card such as QH, or draw, pass, take N, discard CARD"
        )
    head, rest = words[0], words[1:]
    try:
        if head in ("draw", "d") and not rest:
            return DRAW
        if head in ("pass", "p") and not rest:
            return PASS
        if head in ("take", "t") and len(rest) == 1:
            if not rest[0].isdigit() or int(rest[0]) < 1:
                raise InvalidActionError(f"take needs a position number from 1, not {rest[0]!r}")
            return take(int(rest[0]) - 1)
        if head in ("discard", "x") and len(rest) == 1:
            return discard(rest[0])
        if head in ("play", "lead", "follow") and len(rest) == 1:
            return play(rest[0])
        if not rest:
            return play(head)
    except InvalidCardError as exc:
        raise InvalidActionError(str(exc)) from None
    raise InvalidActionError(
        f"{text.strip()!r} is not an action: give a card such as QH or 10♠, "
        "or draw, pass, take N, discard CARD"
    )
