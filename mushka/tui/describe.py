"""Plain-words sentences for events, as the table, the public screens and replays show them."""

from __future__ import annotations

from collections.abc import Sequence

from mushka.cards import CARDS, SUITS, Card
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

    def event(self, event: Event, led_suit: int | None = None) -> str | None:
        """One sentence for `event`; None for bookkeeping not worth a line."""
        w = self.Who
        if isinstance(event, Ante):
            return None
        if isinstance(event, Expose):
            return f"{w(event.seat)} laid {len(event.cards)} cards of one suit face down"
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
                " (the mushka)" if CARDS[event.card].is_mushka and led_suit not in (None, 3) else ""
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
            how = " (doubled by the mushka)" if event.doubled else ""
            paid = f"only {event.paid}, all it had" if event.paid < event.value else f"{event.paid}"
            return f"{w(event.winner)} took the {self.suit(event.suit)} trick, worth {event.value} kop{how}: the kitty paid {paid}"
        if isinstance(event, Remise):
            why = "revoke" if event.reason == "revoke" else "no trick this deal"
            return f"{w(event.seat)} paid a {event.amount} kop remise ({why})"
        if isinstance(event, Out):
            return f"{w(event.seat)} is out"
        if isinstance(event, End):
            how = "blocked" if event.blocked else "over"
            return f"the deal is {how}: {self.who(event.first_out)} is first out"
        if isinstance(event, Payout):
            return f"{w(event.seat)} took the kitty: {event.amount} kop"
        return None

    def events(self, events: Sequence[Event], led: int | None = None) -> list[str]:
        """Sentences for a run of events; `led` is the suit of a trick already open before them."""
        lines = []
        for event in events:
            if isinstance(event, Lead):
                led = CARDS[event.card].suit
            line = self.event(event, led)
            if line:
                lines.append(line[0].upper() + line[1:])
            if isinstance(event, Trick | TakeBack):
                led = None
        return lines
