"""The host's own terminal: a digit lets a computer play for an away seat, Tab flips between the
wall and the host's own seat, and what the host types at his seat reaches the table as intents."""

from __future__ import annotations

import asyncio
import io

import pytest
from fakeseat import join
from rich.console import Console
from rich.text import Text

from mushka.host.live import LiveTable
from mushka.host.offer import Presence
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.render.wall import Joining
from mushka.tui.host_terminal import HostTerminal, Mode

pytestmark = pytest.mark.usefixtures("home")  # every test in its own home


def terminal(table: LiveTable) -> HostTerminal:
    console = Console(file=io.StringIO(), width=100, height=30, force_terminal=True)
    joining = Joining(("127.0.0.1",), 2222, "k7m-p3x-w9d", "SHA256:x")
    return HostTerminal(table, console, joining, lambda: Text("header"))


def test_the_host_sits_at_his_own_table_and_plays_from_his_terminal() -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(), settings, seed=7, reserved=["Anna"])
        wall = terminal(table)
        assert wall.sit("Anna") is None
        await table.idle()
        seat = wall.seat
        assert seat is not None and seat.shown is not None and table.host is not None
        assert wall.mode.value == "wall"  # the wall first: the hand only on Tab
        wall.keys(b"\t")
        assert wall.mode is Mode.SEAT
        for _ in range(200):  # until it is Anna's turn
            await table.idle()
            if seat.shown.my_turn:
                break
            await asyncio.sleep(0.01)
        assert seat.shown.my_turn
        events = sum(len(d) for d in table.host.public_events())
        move = seat.shown.moves[0]
        typed = str(move.number) if move.number is not None else move.action.kind.value[0]
        wall.keys(typed.encode() + b"\r")
        await table.idle()
        assert sum(len(d) for d in table.host.public_events()) > events
        wall.keys(b"\t")
        assert wall.mode.value == "wall"
        wall.close()
        table.stop()
        await table.closed()

    asyncio.run(scenario())


def test_a_digit_on_the_wall_lets_a_computer_play_for_an_away_seat() -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(), settings, seed=7, stand_in="basic")
        wall = terminal(table)
        anna, boris = join(table, "Anna"), join(table, "Boris")
        await table.idle()
        wall.keys(b"2")  # Boris is here: refused, and said on the wall
        assert wall.flash is not None and "away" in wall.flash
        table.left(boris)
        await table.idle()
        wall.keys(b"2")
        await table.idle()
        assert anna.shown.places[1].presence is Presence.STAND_IN
        assert table.host is not None and table.host.stood_in(1)
        wall.close()
        table.stop()
        await table.closed()

    asyncio.run(scenario())


def test_the_host_who_leaves_his_own_seat_is_told_so_on_the_wall() -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(), settings, seed=7, reserved=["Anna"])
        wall = terminal(table)
        assert wall.sit("Anna") is None
        await table.idle()
        wall.keys(b"\t")
        wall.keys(b"q\r")  # leave? asked first
        await table.idle()
        assert wall.mode is Mode.SEAT and wall.flash is None
        wall.keys(b"y\r")
        await table.idle()
        assert wall.mode.value == "wall"
        assert wall.flash is not None and "You left the table" in wall.flash
        wall.close()
        table.stop()
        await table.closed()

    asyncio.run(scenario())
