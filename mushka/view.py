"""What one seat may know (R14): its own hand and the public table, never another hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from mushka.actions import Action
from mushka.cards import DECK_SIZE, SUITS, Card, Suit, sorted_hand
from mushka.events import Discard, Draw, Event, Expose, Lead, Replenish, Take, TakeBack, Trick
from mushka.house_rules import HouseRules
from mushka.state import NO_SUIT, Phase, Step

if TYPE_CHECKING:
    from mushka.engine import Session

# The suits of each 4-bit mask (1 << suit), as the views hand them out.
_SUIT_SETS: Final = tuple(frozenset(s for s in SUITS if mask >> s & 1) for mask in range(16))
# cards.sort_key as one int per card: by suit, hearts first, then highest rank first (a list's
# __getitem__, a plain method, is called faster than a tuple's slot wrapper)
_HAND_ORDER: Final = [c >> 3 << 3 | 7 - (c & 7) for c in range(DECK_SIZE)].__getitem__
_SUIT_OF: Final = list(SUITS).__getitem__
_PRIVATE: Final = (Take, Discard, Draw, Replenish, Expose)  # events that may hide a card
_new = tuple.__new__
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


def build_view(session: Session, seat: int) -> SeatView:
    """The view of `seat` (a checked seat number), read from the session's state."""
    to_act = session._to_act
    led = session._led_suit
    last = session._last_lead_suit
    hand = session._hands[seat]
    only_barred = bool(hand) and all(c >> 3 == last for c in hand)
    step = session._step
    following = step is Step.FOLLOW
    values = (
        seat,
        session.players,
        session.rules,
        session._deal_index + 1,
        session._dealer,
        session._phase,
        step,
        to_act if to_act >= 0 else None,
        session._kitty,
        tuple(session._net),
        tuple(sorted(hand, key=_HAND_ORDER)),
        tuple(map(len, session._hands)),
        len(session._talon) - session._talon_pos,
        tuple([tuple(map(_SUIT_OF, won)) for won in session._tricks_won]),
        tuple(session._out),
        tuple(session._first_outs),
        SUITS[led] if led != NO_SUIT else None,
        SUITS[last] if last != NO_SUIT and not only_barred else None,
        len(session._face_down),
        session.exchange_pair,
        session._legal if to_act == seat else (),
        session.seen_events(seat),
        tuple(session._plays),
        (to_act, *reversed(session._followers)) if following else (),
        session._takebacks,
        SUITS[last] if last != NO_SUIT else None,
        tuple([_SUIT_SETS[mask] for mask in session._voids]),
    )
    view: SeatView = _new(SeatView, values)
    return view
