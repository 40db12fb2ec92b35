"""The cards played this deal as plain values, worded for one reader: which cards of each suit
lie face up, and who is known to hold none of a suit. The terminal draws them in a panel
(render/panels.memory_panel), the page as a grid (web/state.py's JSON); no Rich here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, assert_never

from mushka.cards import CARDS, RANK_CODES, SUITS, Card, Suit
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
from mushka.i18n import _, card_label
from mushka.names import printable
from mushka.view import SeatView

RED = frozenset({Suit.H, Suit.D})


def played_cards(events: Sequence[Event]) -> set[Card]:
    """The cards played face up this deal (leads, follows, drawn cards played); a lead taken
    back has returned to its owner's hand. Discards and unplayed draws are never included."""
    played: set[Card] = set()
    for event in events:
        match event:
            case Lead(card=card) | Follow(card=card) | Draw(card=card, played=True):
                if card is not None:
                    played.add(card)
            case TakeBack(card=card):
                played.discard(card)
            case Draw() | Ante() | Expose() | Take() | Discard() | Replenish() | Pass():
                pass  # no card laid face up
            case Trick() | Remise() | Out() | Payout() | End():
                pass
            case _:
                assert_never(event)
    return played


@dataclass(frozen=True)
class SuitRow:
    """One suit: its symbol, whether it is red, and whether each rank (highest first) is played."""

    suit: Suit
    played: tuple[bool, ...]


@dataclass(frozen=True)
class Void:
    """Who holds none of some suits, in words: `before` the suits, the suits, `after` them (a
    front end draws the suits in their colours); `me` when it is the reader."""

    seat: int
    suits: tuple[Suit, ...]
    before: str
    after: str
    me: bool

    @property
    def text(self) -> str:
        return self.before + " ".join(SUITS[s].symbol for s in self.suits) + self.after


@dataclass(frozen=True)
class Played:
    """The cards played this deal: the title, the ranks' labels (highest first), a row a suit,
    and who is known to hold none of a suit."""

    title: str
    ranks: tuple[str, ...]
    suits: tuple[SuitRow, ...]
    voids: tuple[Void, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "ranks": list(self.ranks),
            "suits": [
                {"suit": SUITS[r.suit].symbol, "red": r.suit in RED, "played": list(r.played)}
                for r in self.suits
            ],
            "voids": [{"seat": v.seat, "text": v.text, "me": v.me} for v in self.voids],
        }


def played_view(view: SeatView, ascii_only: bool = False) -> Played:
    """What `view`'s reader knows was played this deal, in the language spoken now."""
    played = played_cards(view.events)
    top = len(RANK_CODES) - 1
    ranks = tuple(
        card_label(CARDS[rank], ascii_only=ascii_only)[:-1] for rank in range(top, -1, -1)
    )
    rows = tuple(
        SuitRow(
            suit,
            tuple(CARDS[suit * len(RANK_CODES) + rank] in played for rank in range(top, -1, -1)),
        )
        for suit in SUITS
    )
    voids: list[Void] = []
    for seat, name in enumerate(view.players):
        if view.voids[seat]:
            suits = tuple(s for s in SUITS if s in view.voids[seat])
            me = seat == view.seat
            template = _("You have no {suits}") if me else _("{name} has no {suits}")
            before, _suits, after = template.partition("{suits}")
            voids.append(
                Void(
                    seat,
                    suits,
                    before.format(name=printable(name)),
                    after.format(name=printable(name)),
                    me,
                )
            )
    return Played(_("played this deal"), ranks, rows, tuple(voids))
