"""The moves the table makes for a seat by itself: those it has no choice about that tell nobody
anything new (a forced pass, a last card to lead, the one face-down card left to take)."""

from __future__ import annotations

from mushka.actions import PASS, Action
from mushka.cards import MUSHKA_INDEX, SUITS
from mushka.events import Draw, Follow, Lead
from mushka.state import Step
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


def table_move(view: SeatView) -> Action | None:
    """The move the table makes for `view`'s seat without asking it, or None to ask.

    A pass as `public_forced_pass` allows; a lead of the seat's last card (its one card is no
    secret: every hand's size is public); the take of the one face-down card left (a take is
    blind anyway). A lone lead from a larger hand is asked for: playing it would show that the
    rest of the hand is of the barred suit.
    """
    if public_forced_pass(view):
        return PASS
    if len(view.legal_actions) != 1:
        return None
    if view.step is Step.LEAD and len(view.hand) == 1:
        return view.legal_actions[0]
    if view.step is Step.TAKE and view.face_down_count == 1:
        return view.legal_actions[0]
    return None
