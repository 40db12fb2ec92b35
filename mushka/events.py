"""The frozen records of everything that happens in a deal.

Each event is a small NamedTuple. Its name in the record is `EVENT_NAMES[type(event)]` (see
`event_name`); the six that stand for a seat's decision are in `DECISIONS` (see `is_decision`).
The JSON form lives in `mushka.codec`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from mushka.cards import Card, Suit


class Ante(NamedTuple):
    """A stake paid into the kitty at the start of a deal."""

    seat: int
    amount: int


class Expose(NamedTuple):
    """Cards laid face down for an exchange, in their face-down order (None where hidden)."""

    seat: int
    cards: tuple[Card | None, ...]


class Take(NamedTuple):
    """`seat` receives one face-down card (in the old variant, chosen by his neighbour)."""

    seat: int
    card: Card | None


class Discard(NamedTuple):
    """A card put out of play after a take (None where hidden)."""

    seat: int
    card: Card | None


class Replenish(NamedTuple):
    """The exposing player draws from the talon after an exchange."""

    seat: int
    cards: tuple[Card | None, ...]


class Lead(NamedTuple):
    """The first card of a trick."""

    seat: int
    card: Card


class Follow(NamedTuple):
    """A card played to the lead, the mushka included."""

    seat: int
    card: Card


class Draw(NamedTuple):
    """A draw from the talon; `played` when the card was of the led suit and went to the trick."""

    seat: int
    card: Card | None
    played: bool


class Pass(NamedTuple):
    """A pass; `remise` when the seat held the led suit (a revoke)."""

    seat: int
    remise: bool


class TakeBack(NamedTuple):
    """Nobody joined the lead: the leader takes his card back."""

    seat: int
    card: Card


class Trick(NamedTuple):
    """A settled trick: its winner, led suit, whether the mushka took it, worth, payment, and
    the winning card (None only when read from an old record that did not name it)."""

    winner: int
    suit: Suit
    doubled: bool
    value: int
    paid: int
    card: Card | None


class Remise(NamedTuple):
    """A remise paid into the kitty; `reason` is "revoke" or "no-trick"."""

    seat: int
    amount: int
    reason: str


class Out(NamedTuple):
    """The seat played its last card to the trick just settled."""

    seat: int


class End(NamedTuple):
    """The deal is over."""

    first_out: int
    blocked: bool


class Payout(NamedTuple):
    """The last deal's first out takes the kitty."""

    seat: int
    amount: int


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

EventClass = (
    type[Ante]
    | type[Expose]
    | type[Take]
    | type[Discard]
    | type[Replenish]
    | type[Lead]
    | type[Follow]
    | type[Draw]
    | type[Pass]
    | type[TakeBack]
    | type[Trick]
    | type[Remise]
    | type[Out]
    | type[End]
    | type[Payout]
)

# The record's name of each event class (its class name in lower case).
EVENT_CLASSES: Final[tuple[EventClass, ...]] = (
    Ante,
    Expose,
    Take,
    Discard,
    Replenish,
    Lead,
    Follow,
    Draw,
    Pass,
    TakeBack,
    Trick,
    Remise,
    Out,
    End,
    Payout,
)
EVENT_NAMES: Final[dict[type, str]] = {cls: cls.__name__.lower() for cls in EVENT_CLASSES}
EVENT_TYPES: Final[dict[str, EventClass]] = {cls.__name__.lower(): cls for cls in EVENT_CLASSES}

# The events that stand for one seat's decision (a take stands for the chooser's decision).
DECISIONS: Final = (Take, Discard, Lead, Follow, Draw, Pass)


def event_name(event: Event) -> str:
    """The record's name for an event: "lead", "takeback", ..."""
    return EVENT_NAMES[type(event)]


def is_decision(event: Event) -> bool:
    """Whether the event records a seat's decision (one player action)."""
    return isinstance(event, DECISIONS)
