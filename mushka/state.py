"""The shapes of a session's state that the engine and the views share: phases, steps, positions."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from mushka.cards import Card
from mushka.events import Event
from mushka.house_rules import HouseRules

SEATS: Final = (0, 1, 2, 3)
NO_SUIT: Final = -1  # "no suit" where an int suit is stored (no trick open, nothing led yet)


class Phase(StrEnum):
    """Where the session stands."""

    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


class Step(StrEnum):
    """What kind of decision the seat to act faces."""

    LEAD = "lead"
    FOLLOW = "follow"
    TAKE = "take"
    DISCARD = "discard"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Position:
    """A point in the play phase of a deal, everything spelled out (see `Session.at_position`)."""

    players: tuple[str, ...]
    rules: HouseRules
    deal_index: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    kitty: int
    net: tuple[int, ...]
    first_outs: tuple[int, ...]
    tricks_won: tuple[tuple[int, ...], ...]
    out_order: tuple[int, ...]
    last_lead_suit: int
    takebacks: int
    to_act: int
    trick: tuple[tuple[int, Card], ...] = ()
    followers: tuple[int, ...] = ()
    out_of_play: tuple[Card, ...] = ()


@dataclass(slots=True)
class DealLog:
    """One deal as the record keeps it: the dealer, the cards as dealt, and every event."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    events: list[Event] = field(default_factory=list)
