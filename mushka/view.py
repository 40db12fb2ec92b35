"""What one seat may know (R14): its own hand and the public table, never another hand."""

from __future__ import annotations

from typing import Final, NamedTuple

from mushka.actions import Action
from mushka.cards import Card, Suit, sorted_hand
from mushka.events import Discard, Draw, Event, Expose, Lead, Replenish, Take, TakeBack, Trick
from mushka.house_rules import HouseRules
from mushka.state import Phase, Step

_PRIVATE: Final = (Take, Discard, Draw, Replenish, Expose)  # events that may hide a card
NOBODY: Final = -1  # the seat of no player: the table as a whole, which sees no hidden card


def redact(event: Event, seat: int) -> Event:
    """The event as `seat` may know it: cards he may not see become None."""
    if type(event) not in _PRIVATE:
        return event
    if isinstance(event, Take | Discard):
        return event if event.seat == seat else event._replace(card=None)
    if isinstance(event, Draw):
        return event if event.played or event.seat == seat else event._replace(card=None)
    if isinstance(event, Replenish):
        return event if event.seat == seat else event._replace(cards=(None,) * len(event.cards))
    if isinstance(event, Expose):
        if event.seat == seat:
            # he knows which cards he laid, not the order they were shuffled into
            return event._replace(cards=tuple(sorted_hand(c for c in event.cards if c is not None)))
        return event._replace(cards=(None,) * len(event.cards))
    return event


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
