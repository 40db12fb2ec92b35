"""Player decisions as small immutable values, and parsing them from text."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any, Final, NamedTuple

from mushka.cards import CARDS, DECK_SIZE, Card, parse_card
from mushka.errors import InvalidActionError, InvalidCardError, short_repr
from mushka.wording import Wording


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
        if self.kind is Kind.TAKE and self.position is not None:
            return f"take #{self.position + 1}"
        return str(self.kind)

    @property
    def code(self) -> str:
        """A compact text form that `parse_action` reads back: 'QH', 'draw', 'take 2', 'discard 7S'."""
        if self.kind is Kind.PLAY and self.card is not None:
            return CARDS[self.card].code
        if self.kind is Kind.DISCARD and self.card is not None:
            return f"discard {CARDS[self.card].code}"
        if self.kind is Kind.TAKE and self.position is not None:
            return f"take {self.position + 1}"
        return str(self.kind)


class Interned(Action):
    """The class of the one instance of each action (DRAW, PASS, PLAYS, DISCARDS, TAKES).

    `type(action) is Interned` is the engine's fast check that an action is well-formed;
    anything else is checked field by field by `canonical` and replaced by its instance.
    No other instance of this class is ever made: it cannot be constructed, and copying or
    changing one gives the instance or a plain Action.
    """

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> Interned:
        raise TypeError("actions are built with play(), discard(), take(), DRAW and PASS")

    def __repr__(self) -> str:
        return repr(Action(*self))

    def __reduce__(self) -> tuple[object, tuple[Action]]:
        return (canonical, (Action(*self),))

    def _replace(self, **changes: Any) -> Action:  # type: ignore[override]
        return Action(*self)._replace(**changes)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Action:  # type: ignore[override]
        return Action._make(iterable)


Interned.__name__ = Interned.__qualname__ = "Action"  # it shows, and reads, as an Action


def _intern(kind: Kind, card: Card | None = None, position: int | None = None) -> Action:
    made: Action = tuple.__new__(Interned, (kind, card, position))
    return made


DRAW: Final = _intern(Kind.DRAW)
PASS: Final = _intern(Kind.PASS)
PLAYS: Final = tuple(_intern(Kind.PLAY, c) for c in CARDS)
DISCARDS: Final = tuple(_intern(Kind.DISCARD, c) for c in CARDS)
MAX_FACE_DOWN = 8
TAKES: Final = tuple(_intern(Kind.TAKE, None, i) for i in range(MAX_FACE_DOWN))


def canonical(action: object) -> Action:
    """The one instance of a well-formed action; InvalidActionError for anything malformed.

    An Action's kind must be a Kind, its card a card index 0-31 (a Card or an int, never a bool
    or a float), its position an int from 0, each given exactly where its kind needs one.
    """
    if type(action) is Interned:
        return action
    if type(action) is not Action:
        raise InvalidActionError(
            Wording(
                "{value} is not an action: "
                "build one with play(card), discard(card), take(position), DRAW or PASS",
                value=short_repr(action),
            )
        )
    kind, card, position = action
    if type(kind) is not Kind:
        raise InvalidActionError(
            Wording(
                "an action's kind must be a Kind (Kind.PLAY, Kind.DRAW, ...), not {value}",
                value=short_repr(kind),
            )
        )
    if kind is Kind.PLAY or kind is Kind.DISCARD:
        if position is not None:
            raise InvalidActionError(
                Wording(
                    "a {kind} has a card, not a position: "
                    "build one with play(card), discard(card), take(position), DRAW or PASS",
                    kind=kind.value,
                )
            )
        if type(card) is not Card and (type(card) is not int or not 0 <= card < DECK_SIZE):
            raise InvalidActionError(
                Wording(
                    "a {kind} needs a card (an index 0-31), not {value}",
                    kind=kind.value,
                    value=short_repr(card),
                )
            )
        return (PLAYS if kind is Kind.PLAY else DISCARDS)[card]
    if card is not None:
        raise InvalidActionError(
            Wording("a {kind} names no card, not {value}", kind=kind.value, value=short_repr(card))
        )
    if kind is Kind.TAKE:
        if type(position) is not int or not 0 <= position < MAX_FACE_DOWN:
            raise InvalidActionError(
                Wording(
                    "a take needs a face-down position 0-{last}, not {value}",
                    last=MAX_FACE_DOWN - 1,
                    value=short_repr(position),
                )
            )
        return TAKES[position]
    if position is not None:
        raise InvalidActionError(
            Wording(
                "a {kind} names no position, not {value}",
                kind=kind.value,
                value=short_repr(position),
            )
        )
    return DRAW if kind is Kind.DRAW else PASS


def play(card: Card | str) -> Action:
    """Play (lead or follow with) `card`, a Card, a card index or a card code such as 'QH'."""
    return canonical(Action(Kind.PLAY, parse_card(card) if isinstance(card, str) else card))


def discard(card: Card | str) -> Action:
    return canonical(Action(Kind.DISCARD, parse_card(card) if isinstance(card, str) else card))


def take(position: int) -> Action:
    """Take the face-down card at `position` (0-based)."""
    if type(position) is int and not 0 <= position < MAX_FACE_DOWN:
        raise InvalidActionError(
            Wording(
                "there is no face-down position {position}; positions are 1-{last}",
                position=position + 1,
                last=MAX_FACE_DOWN,
            )
        )
    return canonical(Action(Kind.TAKE, None, position))


def parse_action(text: str) -> Action:
    """Read 'QH', 'play qh', 'draw', 'd', 'pass', 'p', 'take 2', 'discard 7s'."""
    if not isinstance(text, str):
        raise InvalidActionError(Wording("{value} is not text", value=short_repr(text)))
    words = text.strip().lower().split()
    if not words:
        raise InvalidActionError(
            Wording("empty input: give a card such as QH, or draw, pass, take N, discard CARD")
        )
    head, rest = words[0], words[1:]
    try:
        if head in ("draw", "d") and not rest:
            return DRAW
        if head in ("pass", "p") and not rest:
            return PASS
        if head in ("take", "t") and len(rest) == 1:
            digits = rest[0]
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 3) or int(digits) < 1:
                raise InvalidActionError(
                    Wording(
                        "take needs a position number from 1, not {value}", value=short_repr(digits)
                    )
                )
            return take(int(rest[0]) - 1)
        if head in ("discard", "x") and len(rest) == 1:
            return discard(rest[0])
        if head in ("play", "lead", "follow") and len(rest) == 1:
            return play(rest[0])
        if not rest:
            return play(head)
    except InvalidCardError as exc:
        raise InvalidActionError(exc.wording) from None
    raise InvalidActionError(
        Wording(
            "{value} is not an action: give a card such as QH or 10♠, "
            "or draw, pass, take N, discard CARD",
            value=short_repr(text.strip()),
        )
    )
