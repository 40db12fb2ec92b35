"""What a place's presence is called, on every kind of seat and on the public screens."""

from __future__ import annotations

from typing import assert_never

from mushka.host.offer import PlaceInfo, Presence
from mushka.host.seating import strategy_word
from mushka.i18n import _


def presence_words(place: PlaceInfo) -> str:
    """Who is in `place`, in a word or two: the same word on every seat and the wall."""
    match place.presence:
        case Presence.COMPUTER:
            return _("computer")  # its strength only in the seat list (seat_words)
        case Presence.FREE:
            return _("free")
        case Presence.HERE:
            return _("here, in a browser") if place.via == "web" else _("here")
        case Presence.AWAITED:
            return _("awaited")
        case Presence.RECONNECTING:  # the table's grace: he reads as coming back
            return _("reconnecting…")
        case Presence.AWAY:
            return _("away")
        case Presence.STAND_IN:  # a computer player plays for him: away, whatever his connection
            return _("away")
        case _:
            assert_never(place.presence)


def seat_words(place: PlaceInfo) -> str:
    """Who is in `place` as the list of seats says it: a computer player's strength too
    («компьютер, сильный»), said there once rather than on every tile and line."""
    if place.presence is Presence.COMPUTER and place.computer is not None:
        return _("computer, {strength}").format(strength=strategy_word(place.computer))
    return presence_words(place)
