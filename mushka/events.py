"""The frozen records of everything that happens in a deal, and their JSON form."""

from __future__ import annotations

from typing import Any, NamedTuple

from mushka.cards import CARDS, SUITS, Card, Suit


class Ante(NamedTuple):
    seat: int
    amount: int

    @property
    def type(self) -> str:
        return "ante"


class Expose(NamedTuple):
    """Cards laid face down for an exchange, in their face-down order (None where hidden)."""

    seat: int
    cards: tuple[Card | None, ...]

    @property
    def type(self) -> str:
        return "expose"


class Take(NamedTuple):
    """`seat` receives one face-down card (in the old variant, chosen by his neighbour)."""

    seat: int
    card: Card | None

    @property
    def type(self) -> str:
        return "take"


class Discard(NamedTuple):
    seat: int
    card: Card | None

    @property
    def type(self) -> str:
        return "discard"


class Replenish(NamedTuple):
    """The exposing player draws from the talon after an exchange."""

    seat: int
    cards: tuple[Card | None, ...]

    @property
    def type(self) -> str:
        return "replenish"


class Lead(NamedTuple):
    seat: int
    card: Card

    @property
    def type(self) -> str:
        return "lead"


class Follow(NamedTuple):
    seat: int
    card: Card

    @property
    def type(self) -> str:
        return "follow"


class Draw(NamedTuple):
    """A draw from the talon; `played` when the card was of the led suit and went to the trick."""

    seat: int
    card: Card | None
    played: bool

    @property
    def type(self) -> str:
        return "draw"


class Pass(NamedTuple):
    """A pass; `remise` when the seat held the led suit (a revoke)."""

    seat: int
    remise: bool

    @property
    def type(self) -> str:
        return "pass"


class TakeBack(NamedTuple):
    seat: int
    card: Card

    @property
    def type(self) -> str:
        return "takeback"


class Trick(NamedTuple):
    winner: int
    suit: Suit
    doubled: bool
    value: int
    paid: int

    @property
    def type(self) -> str:
        return "trick"


class Remise(NamedTuple):
    seat: int
    amount: int
    reason: str  # "revoke" or "no-trick"

    @property
    def type(self) -> str:
        return "remise"


class Out(NamedTuple):
    seat: int

    @property
    def type(self) -> str:
        return "out"


class End(NamedTuple):
    first_out: int
    blocked: bool

    @property
    def type(self) -> str:
        return "end"


class Payout(NamedTuple):
    seat: int
    amount: int

    @property
    def type(self) -> str:
        return "payout"


Event = (
    Ante
    | Expose
    | Take
    | Discard
    | Replenish
    | Lead
    | Follow
    | Draw
    | Pass
    | TakeBack
    | Trick
    | Remise
    | Out
    | End
    | Payout
)

EVENT_TYPES: dict[str, type[Any]] = {
    "ante": Ante,
    "expose": Expose,
    "take": Take,
    "discard": Discard,
    "replenish": Replenish,
    "lead": Lead,
    "follow": Follow,
    "draw": Draw,
    "pass": Pass,
    "takeback": TakeBack,
    "trick": Trick,
    "remise": Remise,
    "out": Out,
    "end": End,
    "payout": Payout,
}

# Fields holding one card, several cards, or a suit: everything else is a plain JSON value.
_CARD_FIELDS = frozenset({"card"})
_CARDS_FIELDS = frozenset({"cards"})


def _code(card: Card | None) -> str | None:
    return None if card is None else CARDS[card].code


def event_to_json(event: Event) -> dict[str, Any]:
    """The record's object for one event: {"type": ..., fields...}; hidden cards become null."""
    out: dict[str, Any] = {"type": event.type}
    values: tuple[Any, ...] = tuple(event)
    for name, value in zip(event._fields, values, strict=True):
        if name in _CARD_FIELDS:
            out[name] = _code(value)
        elif name in _CARDS_FIELDS:
            out[name] = [_code(c) for c in value]
        elif name == "suit":
            out[name] = SUITS[value].code
        else:
            out[name] = value
    return out
