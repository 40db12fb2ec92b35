"""A browser seat's tap read against the offer its page was drawn from: only what that offer
holds comes out as an intent; anything else, however a hostile page spells it, is nothing."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest
from fakeseat import join

from mushka.host.live import LiveTable
from mushka.host.offer import (
    Answer,
    Ask,
    Command,
    Offer,
    Overlay,
    Page,
    Play,
    Question,
    Told,
)
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.present.tapped import read_tap

pytestmark = pytest.mark.usefixtures("home")


def my_turn() -> Offer:
    """The offer of the seat whose turn it is, at a seeded table of four fake seats."""

    async def scenario() -> Offer:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0), seed=7)
        seats = [join(table, name) for name in ("Anna", "Boris", "Vera", "Gleb")]
        await table.idle()
        offer = next(s.shown for s in seats if s.shown.my_turn)
        table.stop()
        await table.closed()
        return offer

    return asyncio.run(scenario())


OFFER = my_turn()
TOLD = (Told("The lead", ("Lead any card.",), ("4.1",)),)
NOTHING: list[dict[str, Any]] = [
    {"t": "move", "move": len(OFFER.moves)},  # past the last move
    {"t": "move", "move": -1},
    {"t": "move", "move": True},  # a bool is no index
    {"t": "move", "move": "0"},
    {"t": "move"},
    {"t": "command", "command": "no such command"},
    {"t": "command", "command": ["help"]},
    {"t": "answer", "yes": True},  # no question is asked
    {"t": "back"},  # no overlay is open
    {"t": "read"},  # nothing is explained
    {"t": "leave"},  # leaving is a command, asked first
    {"t": "MOVE", "move": 0},
    {},
]


@pytest.mark.parametrize("message", NOTHING, ids=repr)
def test_a_tap_on_nothing_offered_is_nothing(message: dict[str, Any]) -> None:
    assert read_tap(message, OFFER) is None


def test_a_tap_means_what_the_offer_holds() -> None:
    assert read_tap({"t": "move", "move": 0}, OFFER) == Play(OFFER.moves[0].action)
    assert read_tap({"t": "command", "command": "help"}, OFFER) is Command.HELP
    asked = replace(OFFER, question=Question(Ask.LEAVE))
    assert read_tap({"t": "answer", "yes": True}, asked) == Answer(True)
    assert read_tap({"t": "answer", "yes": "yes"}, asked) == Answer(False)  # only true is yes
    assert read_tap({"t": "back"}, replace(OFFER, overlay=Overlay.HELP)) is Page.BACK
    assert read_tap({"t": "read"}, replace(OFFER, explain=TOLD)) is Page.NEXT
    no_undo = replace(OFFER, commands=tuple(c for c in OFFER.commands if c is not Command.UNDO))
    assert read_tap({"t": "command", "command": "undo"}, no_undo) is None
