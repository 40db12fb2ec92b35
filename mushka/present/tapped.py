"""A tap on a browser seat's page read as an intent, against the offer the page was drawn from
(as `typed` reads a line typed at a terminal): the tap's message is a peer's data, trusted in
nothing but what it names of that offer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mushka.host.offer import Answer, Intent, Offer, Page, Play


def read_tap(message: Mapping[str, Any], offer: Offer) -> Intent | None:
    """The intent a tap on `offer`'s screen means, or None for a tap on nothing offered."""
    kind = message.get("t")
    if kind == "move":
        index = message.get("move")
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(offer.moves):
            return Play(offer.moves[index].action)
    elif kind == "command":
        wanted = message.get("command")
        for command in offer.commands:
            if command.value == wanted:  # the offer lists only what works now
                return command
    elif kind == "answer" and offer.question is not None:
        return Answer(message.get("yes") is True)
    elif kind == "back" and offer.overlay is not None:
        return Page.BACK
    elif kind == "read" and offer.explain and offer.overlay is None:
        return Page.NEXT  # the lesson's explanation read (see LiveTable's reading)
    return None
