"""A terminal that the people in several places share (the hot seat): whose hand it may show, when
it must be handed over first, and the news that one person alone with computer players reads
before play goes on. The live table asks it after every move; it touches no terminal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mushka.events import End, Event, Expose, Out, Payout, Remise, TakeBack, Trick
from mushka.host.offer import Hold, HoldKind
from mushka.host.table import Outcome, TableHost, TakeBackOffer, Turn

# What all must have seen before the next hand shows, even when the same player goes on.
IMPORTANT: Final = (Expose, Trick, TakeBack, Remise, Out, End, Payout)


@dataclass
class Shared:
    """The state of one shared terminal: `places` are the people at it, in seat order."""

    places: tuple[int, ...]
    viewer: int | None = None  # whose hand may be up: he took the terminal with a fresh key
    last_private: int | None = None  # whose hand was up last
    shown: tuple[int, int] = (0, 0)  # (deal, event) of the first public event not yet seen
    deal_news: bool = False  # a deal began or ended, or a note came, since the news was seen
    hold: Hold | None = None
    refused: str | None = None  # why the take-back asked for at the handoff was refused

    @property
    def alone(self) -> bool:
        """One person with computer players: no secret to keep from anyone, so no handoffs."""
        return len(self.places) == 1

    def sees(self, place: int) -> bool:
        """Whether the terminal may show `place`'s hand now."""
        return self.hold is None and self.viewer == place

    def holding(self) -> Hold | None:
        """The hold as offered, with the refusal of a take-back asked for there."""
        if self.hold is None or self.refused is None:
            return self.hold
        return Hold(
            self.hold.kind, self.hold.to, self.hold.goes_on, self.hold.take_back, self.refused
        )

    def noted(self) -> None:
        """A note went into the log (the coach asked, a move taken back): news to see."""
        self.deal_news = True

    def after(self, host: TableHost, outcome: Outcome, turn: Turn | None) -> None:
        """After a move (or the start): what the terminal shows before `turn`, the next decision."""
        fresh = self._collect(host.public_events())
        if outcome.notes:
            self.deal_news = True  # a player on his own with computers must see these too
        if turn is None:
            return
        if self.alone:
            if self.deal_news:
                self.hold, self.deal_news = Hold(HoldKind.NEWS, self.places[0]), False
            self.viewer = self.last_private = self.places[0]
            return
        important = any(isinstance(e, IMPORTANT) for e in fresh)
        if turn.computer:
            self._news()
            return
        if turn.seat == self.viewer and not important:
            return  # the same player goes on, and nothing happened that all must see first
        self.hand_to(turn.seat, host.take_back_offer())

    def hand_to(self, place: int, offer: TakeBackOffer | None) -> None:
        """The terminal goes to `place`, through a handoff (`offer`: the move that may go back on
        it, if its maker is someone else)."""
        self._news()
        take_back = offer if offer is not None and offer.seat != place else None
        self.hold = Hold(HoldKind.HANDOFF, place, place == self.last_private, take_back)
        self.refused = None

    def lost_sight(self, place: int) -> None:
        """The terminal was stopped and continued (Ctrl-Z, fg): whoever sits there now is
        unknown, so `place`'s hand shows again only after a handoff (with no take-back)."""
        if self.alone:
            return
        self.last_private = None
        self.hand_to(place, None)

    def taken(self) -> int:
        """The hold is dismissed by a key typed after it appeared: the place whose turn it is."""
        assert self.hold is not None
        place = self.hold.to
        self.hold, self.refused = None, None
        self.viewer = self.last_private = place
        return place

    def taken_back(self, host: TableHost, news: bool = True) -> None:
        """A move went back: what went back is no news (`news`: the take-back itself is, on a
        handoff; a lesson's player alone sees it on his own table)."""
        log = host.public_events()
        self.shown = (len(log) - 1, len(log[-1]))
        self.deal_news = news

    def _news(self) -> None:
        self.viewer, self.deal_news = None, False

    def _collect(self, log: list[list[Event]]) -> list[Event]:
        """The public events since the last look; notes whether a deal began or ended."""
        deal, index = self.shown
        fresh: list[Event] = []
        while deal < len(log):
            events = log[deal]
            batch = events[index:]
            if index == 0 or any(isinstance(e, End) for e in batch):
                self.deal_news = True
            fresh.extend(batch)
            if deal + 1 < len(log):
                deal, index = deal + 1, 0
            else:
                index = len(events)
                break
        self.shown = (deal, index)
        return fresh
