"""The wall (the host's public screen) while seats fill: every address, the code, the key's
fingerprint, a command for each name still expected, and a placeholder the table refuses."""

from __future__ import annotations

import asyncio
import dataclasses

from fakeseat import FakeSeat, join

from mushka.host.live import LiveTable
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.render.look import Look
from mushka.render.seat_screen import plain
from mushka.render.wall import Joining, public_frame

JOINING = Joining(("192.168.1.20", "172.17.0.1", "10.8.0.2"), 2222, "k7m-p3x-w9d", "SHA256:abc")


def test_the_wall_shows_how_to_join_whole_while_the_seats_fill() -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={3: "basic"})
        table = LiveTable(HouseRules(), settings, reserved=["Anna", "Boris"])
        join(table, "Anna")
        await table.idle()
        shown = plain(public_frame(table, 100, 30, Look(), JOINING), 100)
        assert "ssh -p 2222 Boris@192.168.1.20" in shown  # the name still expected, as typed
        assert "Anna@" not in shown  # she is here
        assert "ssh -p 2222 YOUR-NAME@192.168.1.20" in shown and "in place of YOUR-NAME" in shown
        for address in JOINING.addresses[1:]:
            assert address in shown
        assert "k7m-p3x-w9d" in shown and "SHA256:abc" in shown
        table.stop()
        await table.closed()

    asyncio.run(scenario())


def test_the_placeholder_of_the_join_line_is_no_name_to_sit_down_with() -> None:
    async def scenario() -> None:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0, bots={3: "basic"}))
        for name in ("YOUR-NAME", "your-name", "NAME", "ВАШЕ-ИМЯ", "имя"):
            refusal = table.admit(FakeSeat(table, name))
            assert refusal is not None and "stands for your own name" in refusal, name
        ru = table.admit(FakeSeat(table, "ВАШЕ-ИМЯ", lang="ru"))
        assert ru is not None and "вашего имени" in ru
        assert table.admit(FakeSeat(table, "Nameless")) is None
        table.stop()
        await table.closed()

    asyncio.run(scenario())


def test_beside_the_qr_code_the_placeholder_s_explanation_keeps_its_indent() -> None:
    """At 100 columns with the QR code to the left, the free seat's line is two lines of their
    own, each indented, not one that wraps to the QR code's edge."""

    async def scenario() -> None:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0, bots={3: "basic"}))
        web = dataclasses.replace(JOINING, web_port=8080, token="t0ken")
        shown = plain(public_frame(table, 100, 40, Look(), web), 100).splitlines()
        command = next(line for line in shown if "YOUR-NAME@192.168.1.20" in line)
        words = next(line for line in shown if "(your own name in place of YOUR-NAME)" in line)
        assert words.index("(") >= command.index("ssh -p")  # under the command, off the QR code
        table.stop()
        await table.closed()

    asyncio.run(scenario())
