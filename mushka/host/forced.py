"""When a seat's pass is forced and says nothing the table does not already know."""

from __future__ import annotations

from mushka.actions import PASS
from mushka.cards import MUSHKA_INDEX, SUITS
from mushka.events import Draw, Follow, Lead
from mushka.view import SeatView

SPADES = SUITS[3]


def public_forced_pass(view: SeatView) -> bool:
    """True when `view`'s seat may be passed for, without a handoff, revealing nothing.

    The seat's only move is to pass (no card of the led suit, no mushka, an empty talon). An
    ordinary pass already shows "no card of the led suit" (a revoke would pay a remise) and the
    talon's size is public; passing for him also shows "no mushka", so it is done only when that
    is public too: the mushka was played openly this deal (the open trick included), or spades
    were led (the mushka is a spade).
    """
    if view.legal_actions != (PASS,) or view.led_suit is None or view.talon_count:
        return False
    if view.led_suit == SPADES:
        return True
    if any(card == MUSHKA_INDEX for _, card in view.trick_plays):
        return True
    return any(
        (isinstance(e, Lead | Follow) and e.card == MUSHKA_INDEX)
        or (isinstance(e, Draw) and e.played and e.card == MUSHKA_INDEX)
        for e in view.events
    )
