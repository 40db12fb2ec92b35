"""Plain-words sentences for events, as the table, the public screens and replays show them."""

from __future__ import annotations

from collections.abc import Sequence

from mushka.cards import CARDS, HAND_SIZE, SUITS, Card, Suit
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


class Words:
    """Turns events into sentences for given player names; `ascii` writes QH instead of Q♥."""

    def __init__(
        self, players: Sequence[str], ascii_only: bool = False, me: int | None = None
    ) -> None:
        self.players = players
        self.ascii_only = ascii_only
        self.me = me

    def card(self, card: Card | int) -> str:
        return CARDS[card].label(self.ascii_only)

    def suit(self, suit: int) -> str:
        return SUITS[suit].noun

    def symbol(self, suit: int) -> str:
        s = SUITS[suit]
        return s.code if self.ascii_only else s.symbol

    def who(self, seat: int) -> str:
        return "you" if seat == self.me else self.players[seat]

    def Who(self, seat: int) -> str:
        name = self.who(seat)
        return name[0].upper() + name[1:]

    def cards(self, cards: Sequence[Card | None]) -> str:
        if any(c is None for c in cards):
            return f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        return " ".join(self.card(c) for c in cards if c is not None)

    def is_me(self, seat: int) -> bool:
        return seat == self.me

    def verb(self, seat: int, third: str, second: str) -> str:
        """'Vera is' or 'You are': the subject and the verb that agrees with it."""
        return f"{self.who(seat)} {second if self.is_me(seat) else third}"

    def event(
        self, event: Event, led_suit: int | None = None, left: Sequence[int] | None = None
    ) -> str | None:
        """One sentence for `event`; None for bookkeeping not worth a line. `left` is the cards
        each seat held when the deal ended, when known (a blocked deal's End names the count)."""
        w = self.Who
        if isinstance(event, Ante):
            return None
        if isinstance(event, Expose):
            cards = event.cards
            if self.is_me(event.seat) and cards and all(c is not None for c in cards):
                return f"You laid {self.cards(cards)} face down"  # his own view names them
            return f"{w(event.seat)} laid {len(cards)} cards of one suit face down"
        if isinstance(event, Take):
            got = f" ({self.card(event.card)})" if event.card is not None else ""
            return f"{w(event.seat)} got a face-down card{got}"
        if isinstance(event, Discard):
            what = self.card(event.card) if event.card is not None else "a card"
            return f"{w(event.seat)} discarded {what}"
        if isinstance(event, Replenish):
            return f"{w(event.seat)} drew {self.cards(event.cards)} from the talon"
        if isinstance(event, Lead):
            return f"{w(event.seat)} led {self.card(event.card)}"
        if isinstance(event, Follow):
            extra = (
                " (the mushka)"
                if CARDS[event.card].is_mushka and led_suit is not None and led_suit != Suit.S
                else ""
            )
            return f"{w(event.seat)} played {self.card(event.card)}{extra}"
        if isinstance(event, Draw):
            if event.played and event.card is not None:
                return f"{w(event.seat)} drew {self.card(event.card)} and played it"
            suit = f", not {self.suit(led_suit)}" if led_suit is not None else ""
            got = f" ({self.card(event.card)})" if event.card is not None else ""
            return f"{w(event.seat)} drew a card{got}{suit}"
        if isinstance(event, Pass):
            return (
                f"{w(event.seat)} passed holding the suit"
                if event.remise
                else f"{w(event.seat)} passed"
            )
        if isinstance(event, TakeBack):
            return f"nobody joined: {self.who(event.seat)} took {self.card(event.card)} back"
        if isinstance(event, Trick):
            took = f"{w(event.winner)} took the {self.suit(event.suit)} trick"
            if event.doubled:
                took += " (doubled by the mushka)"
            if event.paid == event.value:
                return f"{took}, +{event.paid} kop"
            if event.paid == 0:
                return f"{took}, worth {event.value} kop, but the kitty was empty"
            return f"{took}, +{event.paid} kop, all the kitty had (it was worth {event.value})"
        if isinstance(event, Remise):
            why = "revoke" if event.reason == "revoke" else "no trick this deal"
            return f"{w(event.seat)} paid a {event.amount} kop remise ({why})"
        if isinstance(event, Out):
            return f"{self.verb(event.seat, 'is', 'are')} out"
        if isinstance(event, End):
            first = event.first_out
            if not event.blocked:
                return f"The deal is over: {self.verb(first, 'was', 'were')} first out"
            if left is None:
                return f"The deal is blocked (first out: {self.who(first)})"
            if left[first] == 0:
                return f"The deal is blocked: {self.verb(first, 'was', 'were')} first out"
            return (
                f"The deal is blocked and nobody went out; {self.who(first)}, with the fewest "
                f"cards ({left[first]}), {'count' if self.is_me(first) else 'counts'} as first out"
            )
        if isinstance(event, Payout):
            return f"{w(event.seat)} took the kitty: {event.amount} kop"
        return None

    def events(
        self, events: Sequence[Event], led: int | None = None, before: Sequence[Event] | None = None
    ) -> list[str]:
        """Sentences for a run of events; `led` is the suit of a trick already open before them.
        With `before`, the deal's earlier events, a blocked deal's end can say how many cards
        its counted first out held."""
        lines = []
        left = cards_left([*before, *events]) if before is not None else None
        for event in events:
            if isinstance(event, Lead):
                led = CARDS[event.card].suit
            line = self.event(event, led, left)
            if line:
                lines.append(line[0].upper() + line[1:])
            if isinstance(event, Trick | TakeBack):
                led = None
        return lines


def cards_left(events: Sequence[Event]) -> list[int]:
    """How many cards each seat holds after `events`, the whole deal's from its start."""
    left = [HAND_SIZE] * 4
    exposer, face_down = 0, 0  # the cards not taken go back to the exposer when he replenishes
    for event in events:
        if isinstance(event, Expose):
            left[exposer] += face_down
            exposer, face_down = event.seat, len(event.cards)
            left[exposer] -= face_down
        elif isinstance(event, Take):
            face_down -= 1
            left[event.seat] += 1
        elif isinstance(event, Replenish):
            left[event.seat] += len(event.cards) + face_down
            face_down = 0
        elif isinstance(event, TakeBack) or (isinstance(event, Draw) and not event.played):
            left[event.seat] += 1
        elif isinstance(event, Discard | Lead | Follow):
            left[event.seat] -= 1
    return left
