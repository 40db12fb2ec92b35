"""Key-to-screen latency of `mushka host` on loopback, and memory per seat.

The real `mushka host` runs in a process of its own with two people's seats and two `strong`
computer players (who think in the host's worker processes). Two plain asyncssh clients sit at
it: Boris plays his moves as soon as he is asked, so that the computer players think most of
the time, and Anna's seat is probed: it types `?` (the help) or Enter (back), and between those a
card number she does not have, new each time (a frame never drawn before: the table under a new
notice), and times each key until the whole redrawn frame has arrived (a frame ends with the end of synchronized output).
As a reference, measured interleaved probe for probe, an echo table on the same SSH transport
(in a process of its own too) answers the same keys: the ratio says what the game adds to the
round trip. Memory per seat is the host process's resident size with the seats, less without,
per seat.

    .venv/bin/python benchmarks/host_latency.py [--probes N] [--seed S]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

MUSHKA = Path(sys.executable).with_name("mushka")
CODE = "lat-ncy-777"
FRAME_END = b"\x1b[?2026l"  # the seat closes every frame with the end of synchronized output

ECHO_SERVER = """
import asyncio, sys
sys.path.insert(0, sys.argv[3])
from sshclient import Echo
from mushka.net.hostkey import load_or_create
from mushka.net.server import TableServer
from pathlib import Path

async def main():
    server = TableServer(Echo(), load_or_create(Path(sys.argv[2])), code=sys.argv[4], lang="en")
    await server.start("127.0.0.1", int(sys.argv[1]))
    print("listening", flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


class Client(asyncssh.SSHClientSession[bytes]):
    """A raw terminal client: what arrived, and an event for each whole frame."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.frames = 0
        self.framed = asyncio.Event()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.data += data
        if FRAME_END in data:
            self.frames += data.count(FRAME_END)
            self.framed.set()


async def seat(port: int, name: str) -> tuple[asyncssh.SSHClientChannel[bytes], Client]:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        password=CODE,
        known_hosts=None,
        agent_path=None,
        config=None,
    )
    chan, client = await conn.create_session(
        Client, term_type="xterm-256color", term_size=(80, 24), encoding=None
    )
    assert isinstance(client, Client)
    return chan, client


async def probe(chan: asyncssh.SSHClientChannel[bytes], client: Client, key: str) -> float:
    """Seconds from the key to the whole frame it redraws."""
    client.framed.clear()
    seen = client.frames
    started = time.perf_counter()
    chan.write((key + "\r").encode())
    while client.frames == seen:
        await asyncio.wait_for(client.framed.wait(), 30)
        client.framed.clear()
    return time.perf_counter() - started


def free_port() -> int:
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        port: int = probe_socket.getsockname()[1]
        return port


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def wait_listening(process: asyncio.subprocess.Process, marker: bytes) -> None:
    assert process.stdout is not None
    while marker not in await asyncio.wait_for(process.stdout.readline(), 60):
        pass


async def run(probes: int, seed: int) -> None:
    home = Path(tempfile.mkdtemp(prefix="mushka-latency-"))
    env = {**os.environ, "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "d")}
    port, echo_port = free_port(), free_port()
    host = await asyncio.create_subprocess_exec(
        str(MUSHKA), "host", "--port", str(port), "--bind", "127.0.0.1", "--code", CODE,
        "--bots", "2", "--strategy", "strong", "--bot-delay", "0", "--seed", str(seed),
        env=env, stdout=asyncio.subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    tests = Path(__file__).resolve().parent.parent / "tests"
    echo = await asyncio.create_subprocess_exec(
        sys.executable, "-c", ECHO_SERVER, str(echo_port), str(home / "echo"), str(tests), CODE,
        env=env, stdout=asyncio.subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        await wait_listening(host, b"SHA256:")
        await wait_listening(echo, b"listening")
        alone = resident_kib(host.pid)
        anna_chan, anna = await seat(port, "Anna")
        boris_chan, _boris = await seat(port, "Boris")
        eve_chan, eve = await seat(echo_port, "Eve")
        await asyncio.sleep(1.0)
        per_seat = (resident_kib(host.pid) - alone) / 2
        moves = 0

        async def play() -> None:
            """Boris keeps the game going: every 50 ms he types the next of the keys that may be
            a move (a card's number, a draw, a pass and its yes); those that are not are refused,
            so the computer players think whenever their turn comes round."""
            nonlocal moves
            keys = ["1", "2", "3", "4", "5", "d", "p", "y"]
            while True:
                await asyncio.sleep(0.05)
                boris_chan.write((keys[moves % len(keys)] + "\r").encode())
                moves += 1

        player = asyncio.create_task(play())
        table: list[float] = []
        fresh: list[float] = []
        reference: list[float] = []
        for i in range(probes):
            key = "?" if i % 2 == 0 else ""
            table.append(await probe(anna_chan, anna, key))
            reference.append(await probe(eve_chan, eve, f"probe {i}"))
            # a card number she does not have, new each time: the table redrawn under a notice
            # never shown before ("There is no card number 137"), a frame no seat has kept
            fresh.append(await probe(anna_chan, anna, str(100 + i)))
            reference.append(await probe(eve_chan, eve, f"probe {i}."))
        player.cancel()
        save = home / "state" / "mushka" / "current-game.json"
        record = json.loads(save.read_text(encoding="utf-8"))["record"]
        played = sum(len(deal["events"]) for deal in record["deals"])
        for chan in (anna_chan, boris_chan, eve_chan):
            chan.close()
    finally:
        for process in (host, echo):
            process.terminate()
            await process.wait()
    t50, t99 = percentile(table, 0.5), percentile(table, 0.99)
    r50, r99 = percentile(reference, 0.5), percentile(reference, 0.99)
    print(
        f"key to screen, mushka host: p50 {t50 * 1000:.1f} ms, p99 {t99 * 1000:.1f} ms ({len(table)} keys,"
    )
    print(f"  while another seat typed {moves} keys and {played} events were played, two strong")
    print("  computer players thinking on each of their turns)")
    print(f"key to screen, echo reference: p50 {r50 * 1000:.1f} ms, p99 {r99 * 1000:.1f} ms")
    print(f"ratio (mushka / echo): p50 {t50 / r50:.2f}x, p99 {t99 / r99:.2f}x")
    f50, f99 = percentile(fresh, 0.5), percentile(fresh, 0.99)
    print(
        f"a new frame each key (a refused card number, new each time): p50 {f50 * 1000:.1f} ms,"
        f" p99 {f99 * 1000:.1f} ms; ratio p50 {f50 / r50:.2f}x, p99 {f99 / r99:.2f}x"
    )
    print(f"mean key to screen: {statistics.mean(table) * 1000:.1f} ms")
    print(f"memory per seat (the host's resident size): {per_seat:.0f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    asyncio.run(run(options.probes, options.seed))


if __name__ == "__main__":
    main()
