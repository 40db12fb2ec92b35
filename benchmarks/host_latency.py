"""Key-to-screen latency of `mushka host` on loopback, and memory per seat.

Two people and two `strong` computer players sit at a network table over real SSH connections
(asyncssh clients on 127.0.0.1). While the session is played out, a probe on one person's seat
types `?` (the help) and Enter (back) again and again and times each key until its screen has
changed; probes that land while a computer player is thinking are counted apart. As a
reference, measured interleaved in the same run (probe for probe), the same transport serves a
trivial echo table: the ratio says what the game's drawing adds to the SSH round trip.

    .venv/bin/python benchmarks/host_latency.py [--probes N] [--seed S]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from sshclient import Echo, Player, join, table

from mushka.actions import PASS
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.net.table import NetTable


async def probe(player: Player, key: str) -> float:
    """Seconds from sending `key` and Enter until the seat's screen has changed."""
    before = player.screen_text()
    started = time.perf_counter()
    await player.send(key + "\r")
    await player.wait_until(lambda: player.screen_text() != before, "the screen to change", 30)
    return time.perf_counter() - started


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(probes: int, seed: int) -> None:
    state = Path(tempfile.mkdtemp(prefix="mushka-latency-"))
    os.environ["XDG_STATE_HOME"] = str(state / "state")
    os.environ["XDG_DATA_HOME"] = str(state / "data")
    over = asyncio.Event()
    settings = TableSettings(bot_delay=0, bots={2: "strong", 3: "strong"})
    game = NetTable(HouseRules(), settings, seed=seed, on_over=over.set)
    echo = Echo()
    tracemalloc.start()
    async with table(state / "keys", game) as server, table(state / "echo-keys", echo) as other:
        quiet = tracemalloc.take_snapshot()
        anna = await join(server.port, "Anna")
        boris = await join(server.port, "Boris")
        await anna.wait_for("Anna")
        echoed = await join(other.port, "Eve")
        await echoed.wait_for("Eve")
        seated = tracemalloc.take_snapshot()
        per_seat = sum(s.size_diff for s in seated.compare_to(quiet, "filename")) / 3

        async def play() -> None:
            while not over.is_set():
                host = game.host
                turn = host.pending() if host is not None else None
                if turn is None or turn.computer or turn.seat != 1:
                    await asyncio.sleep(0.005)
                    continue
                await boris.wait_for("Your move [")
                if host is not None and host.pending() == turn:
                    action = turn.view.legal_actions[0]
                    await boris.send(("p" if action == PASS else action.code) + "\r")
                    if "Pass anyway" in boris.screen_text():
                        await boris.send("y\r")
                await asyncio.sleep(0.02)

        player = asyncio.create_task(play())
        mushka: list[float] = []
        thinking: list[float] = []
        reference: list[float] = []
        for i in range(probes):
            bots_busy = game.thinking is not None
            for key in ("?", ""):
                took = await probe(anna, key)
                mushka.append(took)
                if bots_busy:
                    thinking.append(took)
                reference.append(await probe(echoed, f"probe {i}{key}"))
            if over.is_set():
                break
        player.cancel()
    tracemalloc.stop()
    p50, p99 = percentile(mushka, 0.5), percentile(mushka, 0.99)
    r50, r99 = percentile(reference, 0.5), percentile(reference, 0.99)
    print(
        f"key to screen, mushka table: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms ({len(mushka)} keys)"
    )
    if thinking:
        t50, t99 = percentile(thinking, 0.5), percentile(thinking, 0.99)
        print(
            f"  while a strong player thought: p50 {t50 * 1000:.1f} ms, p99 {t99 * 1000:.1f} ms ({len(thinking)} keys)"
        )
    print(f"key to screen, echo reference: p50 {r50 * 1000:.1f} ms, p99 {r99 * 1000:.1f} ms")
    print(f"ratio (mushka / echo): p50 {p50 / r50:.2f}x, p99 {p99 / r99:.2f}x")
    print(f"memory per seat (Python allocations): {per_seat / 1024:.0f} KiB")
    print(f"mean key to screen: {statistics.mean(mushka) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probes", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    asyncio.run(run(options.probes, options.seed))


if __name__ == "__main__":
    main()
