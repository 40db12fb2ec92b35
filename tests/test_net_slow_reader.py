"""A seat whose client stops reading for a whole session (issue 27): the host's memory stays
bounded. In-process: the real `TableServer` and SSH seats at a `LiveTable`, real asyncssh
clients on loopback; one of them never reads its channel again once seated (its SSH window
closes, as a phone's app in the background or a frozen terminal does, while the connection
itself stays alive and answers keepalives). Its player still moves, typing blind (his moves go
in through the table, as his keys would), so the session runs to its end with his screen
redrawn at every move and never read."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import pytest
from fakeseat import first_move
from sshclient import join, run, table

from mushka.host.live import LiveTable
from mushka.host.offer import Answer, Play
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.net.seat import OUTPUT_HIGH
from mushka.net.sshseat import SshTable

pytestmark = pytest.mark.slow


pytestmark = pytest.mark.usefixtures("home")  # every test in its own home


def rss_kib() -> int:
    """This process's resident memory (the host's: the table runs in it), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_seat_that_never_reads_keeps_the_host_s_memory_bounded(home: Path) -> None:
    async def scenario() -> None:
        over = asyncio.Event()
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        live = LiveTable(HouseRules(), settings, seed=7, on_over=over.set)
        app = SshTable(live)
        async with table(home / "keys", app) as server:
            anna = await join(server.port, "Anna", size=(120, 40))
            # a window of 256 KiB (OpenSSH's is 2 MiB): the session fills it several times over
            boris = await join(server.port, "Boris", size=(120, 40), window=256 * 1024)
            await boris.wait_for("Everyone is here")
            boris.chan.pause_reading()  # ... and never again
            slow = next(link for link in app.links.values() if link.name == "Boris")
            channel = slow.seat._channel
            gc.collect()
            before = rss_kib()
            biggest = moves = frames = 0
            draw = slow.seat.draw

            def counted(frame: str, prompt: tuple[int, int] | None = None) -> None:
                nonlocal frames
                frames += 1
                draw(frame, prompt)

            slow.seat.draw = counted  # type: ignore[method-assign]
            written = paused = 0
            write = channel.write

            def sending(data: bytes) -> None:
                nonlocal written
                written += len(data)
                write(data)

            channel.write = sending  # type: ignore[method-assign]
            pause = slow.seat.pause_output

            def pausing() -> None:
                nonlocal paused
                paused += 1
                pause()

            slow.seat.pause_output = pausing  # type: ignore[method-assign]
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 600
            while not over.is_set():
                assert loop.time() < deadline, "the session never ended"
                await live.idle()
                biggest = max(biggest, channel.get_write_buffer_size())  # type: ignore[attr-defined]
                host = live.host
                assert host is not None
                turn = host.pending()
                if turn is None or turn.computer:
                    await asyncio.sleep(0.005)
                    continue
                link = next(lk for lk in app.links.values() if live.place_of(lk) == turn.seat)
                offer = live.offer(link)
                if not offer.moves:
                    await asyncio.sleep(0.005)
                    continue
                move = first_move(offer)
                live.act(link, Play(move.action))
                if move.asks:
                    await live.idle()
                    live.act(link, Answer(True))
                moves += 1
                await live.idle()
                if moves % 50 == 0:
                    anna.terminal.raw.clear()  # the reading seat's own copy: the test's, not the host's
            await asyncio.sleep(0.2)
            gc.collect()
            after = rss_kib()
            sent = len(boris.raw)
            print(
                f"\nslow reader: {moves} moves, {frames} frames drawn on his seat; "
                f"server-side buffer at most {biggest} B (cap {OUTPUT_HIGH} B + a frame); "
                f"{written} B written to his channel, which paused the seat {paused} times; "
                f"his client took in {sent} B; "
                f"RSS {before} KiB before, {after} KiB after (+{after - before} KiB)"
            )
            # every move drawn on his seat, and more (the computers' moves): each seat is drawn
            # once per change of its own screen, so not every change of the table
            assert moves > 40 and frames > 2 * moves and paused > 0
            assert biggest <= OUTPUT_HIGH + 256 * 1024
            assert after - before < 64 * 1024  # not a frame's worth per move kept

    run(scenario)
