"""Who paid and received what: per-seat money totals and per-deal summaries, from public events."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from mushka.cards import Suit
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


@dataclass(frozen=True, slots=True)
class SeatAccount:
    """One seat's money over a span of play (kopecks)."""

    antes: int = 0
    winnings: int = 0
    remises: int = 0
    payout: int = 0
    tricks: tuple[Suit, ...] = ()

    @property
    def net(self) -> int:
        return self.winnings + self.payout - self.antes - self.remises


def accounts(events: Iterable[Event]) -> tuple[SeatAccount, ...]:
    """Each seat's antes, trick winnings, remises and kitty payout over `events`."""
    antes = [0, 0, 0, 0]
    winnings = [0, 0, 0, 0]
    remises = [0, 0, 0, 0]
    payout = [0, 0, 0, 0]
    tricks: list[list[Suit]] = [[], [], [], []]
    for event in events:
        match event:
            case Ante(seat=seat, amount=amount):
                antes[seat] += amount
            case Trick(winner=winner, paid=paid, suit=suit):
                winnings[winner] += paid
                tricks[winner].append(suit)
            case Remise(seat=seat, amount=amount):
                remises[seat] += amount
            case Payout(seat=seat, amount=amount):
                payout[seat] += amount
            case Expose() | Take() | Discard() | Replenish() | Lead() | Follow() | Draw() | Pass():
                pass  # no money moves
            case TakeBack() | Out() | End():
                pass
            case _:
                assert_never(event)
    return tuple(
        SeatAccount(antes[s], winnings[s], remises[s], payout[s], tuple(tricks[s]))
        for s in range(4)
    )


def session_accounts(deals: Sequence[Sequence[Event]]) -> tuple[SeatAccount, ...]:
    return accounts(e for deal in deals for e in deal)


@dataclass(frozen=True, slots=True)
class DealSummary:
    """The public outcome of one deal."""

    number: int
    accounts: tuple[SeatAccount, ...]
    out_order: tuple[int, ...]
    first_out: int | None
    blocked: bool

    def place(self, seat: int) -> int | None:
        """1 for the first out, 2 for the second...; None if the seat did not go out."""
        return self.out_order.index(seat) + 1 if seat in self.out_order else None


def deal_summary(number: int, events: Sequence[Event]) -> DealSummary:
    end = next((e for e in events if isinstance(e, End)), None)
    return DealSummary(
        number=number,
        accounts=accounts(events),
        out_order=tuple(e.seat for e in events if isinstance(e, Out)),
        first_out=end.first_out if end else None,
        blocked=end.blocked if end else False,
    )


def ranking(nets: Sequence[int]) -> list[int]:
    """Seats from best to worst net result (ties keep seat order)."""
    return sorted(range(len(nets)), key=lambda s: -nets[s])
