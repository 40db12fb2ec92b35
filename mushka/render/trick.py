"""A trick as players follow it: who laid what, who takes it so far, and how the last one ended."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from mushka.cards import Card, Suit
from mushka.events import Draw, Event, Follow, Lead, Pass, TakeBack, Trick
from mushka.i18n import _, suit_noun
from mushka.render.look import MUSHKA_STYLE, SECONDARY, Look, assemble
from mushka.view import SeatView

Play = Lead | Follow | Draw | Pass  # one seat's part in a trick


def winning_play(plays: Sequence[tuple[int, Card]], led: Suit) -> tuple[int, Card] | None:
    """The seat and card that take a trick of these cards (seat, card, in the order laid) if
    nobody else joins, as the engine decides it: the highest card of the led suit, unless the
    mushka, the highest card of all, was played. None while the lead lies alone: a lead nobody
    joins goes back to its owner."""
    if len(plays) < 2:
        return None
    seat, best = plays[0]
    for other, card in plays[1:]:
        if card > best and (card.suit == led or card.is_mushka):
            seat, best = other, card
    return seat, best


def open_winner(view: SeatView) -> tuple[int, Card] | None:
    """Who takes the open trick so far, from the view's public plays (see winning_play)."""
    if view.led_suit is None:
        return None
    return winning_play(view.trick_plays, view.led_suit)


def plays_of(events: Sequence[Event]) -> list[Play]:
    """The leads, follows, draws and passes among a trick's events, in order."""
    return [e for e in events if isinstance(e, Lead | Follow | Draw | Pass)]


def laid(play: Play) -> Card | None:
    """The card a play put on the table, if it put one there."""
    if isinstance(play, Lead | Follow):
        return play.card
    if isinstance(play, Draw) and play.played:
        return play.card
    return None


def play_words(play: Play, led: Suit, look: Look) -> Text:
    """What a seat did in the trick: the card he laid, or that he drew or passed."""
    card = laid(play)
    if card is not None:
        if isinstance(play, Draw):
            return assemble(_("drew {card}"), card=look.card(card, "bold"))
        text = look.card(card, "bold")
        if card.is_mushka and led is not Suit.S:
            text.append(" " + _("mushka"), style=MUSHKA_STYLE)
        return text
    if isinstance(play, Draw):
        return Text(_("drew, not {suit}").format(suit=suit_noun(led)), style=SECONDARY)
    assert isinstance(play, Pass)  # a lead or a follow always lays a card
    return Text(_("passed (remise)") if play.remise else _("passed"), style=SECONDARY)


def outcome(closing: Trick | TakeBack, look: Look) -> str:
    """How a finished trick ended, after the marker that points at its winning (or returned)
    card: who took it is on that card's row."""
    if isinstance(closing, TakeBack):
        return _("{marker} came back: nobody joined").format(marker=look.marker)
    values = {"marker": look.marker, "paid": closing.paid, "value": closing.value}
    if closing.paid == 0:
        return _("{marker} took it: the kitty was empty").format(**values)
    if closing.paid < closing.value:
        if closing.doubled:
            return _("{marker} took it: +{paid} of {value} kop, doubled").format(**values)
        return _("{marker} took it: +{paid} of {value} kop").format(**values)
    if closing.doubled:
        return _("{marker} took it: +{paid} kop, doubled").format(**values)
    return _("{marker} took it: +{paid} kop").format(**values)


def so_far(look: Look) -> str:
    """The legend of the marker on the open trick's winning card."""
    return _("{marker} winning so far").format(marker=look.marker)


def closing_seat(closing: Trick | TakeBack) -> int:
    """The seat whose row a finished trick's marker points at: its winner, or the leader whose
    card came back."""
    return closing.winner if isinstance(closing, Trick) else closing.seat
