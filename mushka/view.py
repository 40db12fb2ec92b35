"""What one seat may know (R14): its own hand and the public table, never another hand."""

from __future__ import annotations

from typing import Final, NamedTuple, assert_never

from mushka.actions import Action
from mushka.cards import Card, Suit, sorted_hand
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
    Event,
    Expose,
    Follow,
    Lead,
    Out,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.house_rules import HouseRules
from mushka.state import Phase, Step

# The events that may hide a card (the match in `redact` names every event, for mypy; this lets
# the many public ones through without trying each case).
_PRIVATE: Final = (Take, Discard, Draw, Replenish, Expose)
NOBODY: Final = -1  # the seat of no player: the table as a whole, which sees no hidden card


def redact(event: Event, seat: int) -> Event:
    """The event as `seat` may know it: cards he may not see become None."""
    if type(event) not in _PRIVATE:
        return event
    match event:
        case Take(seat=owner) | Discard(seat=owner):
            return event if owner == seat else event._replace(card=None)
        case Draw(seat=owner, played=played):
            return event if played or owner == seat else event._replace(card=None)
        case Replenish(seat=owner, cards=drawn):
            return event if owner == seat else event._replace(cards=(None,) * len(drawn))
        case Expose(seat=owner, cards=laid):
            if owner == seat:
                # he knows which cards he laid, not the order they were shuffled into
                return event._replace(cards=tuple(sorted_hand(c for c in laid if c is not None)))
            return event._replace(cards=(None,) * len(laid))
        case Ante() | Lead() | Follow() | Pass() | TakeBack() | Trick() | Remise() | Out():
            return event  # public: no card in it is hidden from anyone (see _PRIVATE)
        case End() | Payout():
            return event
        case _:
            assert_never(event)


class SeatView(NamedTuple):
    """Everything one seat may see at one moment; the UI and computer players read only this.

    Besides the seat's hand and the redacted events of the deal, it carries the public facts
    the engine keeps, so nobody re-derives them from the events: the open trick's plays, the
    seats still to answer, the run of taken-back leads, the suit led last, and the suits each
    seat is known to lack (see `Session.known_voids`).
    """

    seat: int
    players: tuple[str, ...]
    rules: HouseRules
    deal_number: int
    dealer: int
    phase: Phase
    step: Step
    to_act: int | None
    kitty: int
    net: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    talon_count: int
    tricks: tuple[tuple[Suit, ...], ...]
    out_order: tuple[int, ...]
    first_outs: tuple[int, ...]
    led_suit: Suit | None
    barred_suit: Suit | None
    face_down_count: int
    exchange: tuple[int, int, int] | None
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...]
    trick_plays: tuple[tuple[int, Card], ...] = ()
    followers: tuple[int, ...] = ()
    takebacks: int = 0
    last_lead_suit: Suit | None = None
    voids: tuple[frozenset[Suit], ...] = (frozenset(),) * 4

    @property
    def is_my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def trick(self) -> tuple[Event, ...]:
        """The events of the trick on the table (lead, follows, draws, passes), if one is open."""
        if self.led_suit is None:
            return ()
        start = _last_index(self.events, Lead)
        return self.events[start:] if start >= 0 else ()

    @property
    def last_trick(self) -> tuple[Event, ...]:
        """The last finished trick or taken-back lead: its plays and the closing event."""
        events = self.events
        end = len(events) - 1
        while end >= 0 and not isinstance(events[end], Trick | TakeBack):
            end -= 1
        if end < 0:
            return ()
        start = _last_index(events[:end], Lead)
        return events[start : end + 1]


def _last_index(events: tuple[Event, ...], kind: type[Lead]) -> int:
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], kind):
            return i
    return -1
