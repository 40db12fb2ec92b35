"""A soak of `mushka host --web` under every abusive client of issue 36, session after session.

A full table on the loopback: two SSH seats (asyncssh clients typing the keys that may be a move,
each timed to the frame it redraws), two phone seats (WebSocket clients speaking the page's
protocol, each tap timed to the state it brings), two wall pages reading the public table, and
one abusive client of each kind over and over: a wall page that pings and never reads, ping
frames never read, 30 sockets that never say hello from four addresses, JSON nested past the
parser's stack, methods other than GET and HEAD, a look-alike of a seated name. Every minute one
SSH seat and one phone seat drop and come back (the SSH seat from its own address, the phone with
its seat's secret). Each session is a `mushka host` process of its own at --bot-delay 0 (a
session ends the process); its record must pass `mushka check`. Prints the host's resident size
over time, moves answered and lost, seats refused, and p50/p99 of the latencies; writes them to
benchmarks/results/soak-<time>.json.

    nice .venv/bin/python benchmarks/soak.py [--minutes 10] [--deals 2]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
from host_latency import (  # noqa: E402
    MUSHKA,
    Client,
    free_port,
    percentile,
    resident_kib,
    wait_listening,
)
from test_door import PING, frame, raw_socket, request  # noqa: E402
from webclient import choose  # noqa: E402

CODE = "soak-kwx-479"
SSH_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "d", "p", "y"]


class Figures:
    """What the soak measured, over every session."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.rss: list[tuple[float, int, int]] = []  # (seconds, session, KiB)
        self.ssh: list[float] = []  # key to frame, seconds
        self.web: list[float] = []  # tap to state, seconds
        self.answered = 0
        self.lost = 0  # a key or a tap that got no answer at all within 10 s
        self.lost_by: dict[str, int] = {"ssh": 0, "web": 0}
        self.refused = 0  # a seat that should have sat down and was refused
        self.after_finish = 0  # a phone back at a table that had just finished: refused, rightly
        self.refusals: list[str] = []  # why, the first few
        self.sessions: list[dict[str, Any]] = []
        self.drops = 0
        self.abuses: dict[str, int] = {}

    def now(self) -> float:
        return time.monotonic() - self.started


def next_minute(figures: Figures) -> float:
    """When the next whole minute of the soak comes (a session may be shorter than one)."""
    return figures.started + 60 * (int(figures.now() / 60) + 1)


async def ssh_seat(port: int, name: str, figures: Figures, stop: asyncio.Event) -> None:
    """An SSH player who types the keys that may be a move, each as soon as the last redrew."""
    while not stop.is_set():
        try:
            conn = await asyncssh.connect(
                "127.0.0.1", port, username=name, password=CODE, known_hosts=None,
                agent_path=None, config=None,
            )  # fmt: skip
        except (OSError, asyncssh.Error) as refused:
            if not stop.is_set():
                figures.refused += 1
                figures.refusals.append(f"{name} (ssh): {refused}"[:200])
            await asyncio.sleep(0.5)
            continue
        chan, client = await conn.create_session(
            Client, term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        assert isinstance(client, Client)
        typed = 0
        left_at = next_minute(figures)  # at each minute of the soak this seat drops, and back
        try:
            while not stop.is_set() and not chan.is_closing():
                if time.monotonic() > left_at and name == "Sasha":
                    figures.drops += 1
                    break
                seen = client.frames
                client.framed.clear()
                began = time.perf_counter()
                chan.write((SSH_KEYS[typed % len(SSH_KEYS)] + "\r").encode())
                typed += 1
                try:
                    while client.frames == seen:
                        await asyncio.wait_for(client.framed.wait(), 10)
                        client.framed.clear()
                except TimeoutError:
                    if not chan.is_closing() and not stop.is_set():
                        figures.lost += 1
                        figures.lost_by["ssh"] += 1
                    continue
                figures.ssh.append(time.perf_counter() - began)
                figures.answered += 1
                await asyncio.sleep(0.01)
        finally:
            conn.close()
        await asyncio.sleep(0.2)


async def phone_seat(port: int, name: str, figures: Figures, stop: asyncio.Event) -> None:
    """A phone seat tapping what its state offers; it comes back with its seat's secret."""
    secret: str | None = None
    over = False  # its session finished: until the next one, a refusal is the right answer
    while not stop.is_set():
        hello: dict[str, Any] = {"t": "hello", "name": name, "code": CODE}
        if secret is not None:
            hello["secret"] = secret
        try:
            socket = await connect(
                f"ws://127.0.0.1:{port}/ws", origin=Origin(f"http://127.0.0.1:{port}"),
                ping_interval=None,
            )  # fmt: skip
        except OSError:
            await asyncio.sleep(0.5)
            continue
        left_at = next_minute(figures)
        try:
            await socket.send(json.dumps(hello))
            state: dict[str, Any] | None = None
            tapped: tuple[int, float] | None = None
            while not stop.is_set():
                if time.monotonic() > left_at and name == "Masha":
                    figures.drops += 1
                    break
                try:
                    data = await asyncio.wait_for(socket.recv(), 10)
                except TimeoutError:
                    if tapped is not None:
                        figures.lost += 1
                        figures.lost_by["web"] += 1
                        tapped = None
                    continue
                message = json.loads(data)
                kind = message.get("t")
                if kind == "welcome":
                    secret, over = message["secret"], False
                elif kind == "refused":
                    if over:  # the finished table, still saying goodbye: not a seat refused
                        figures.after_finish += 1
                        break
                    figures.refused += 1
                    figures.refusals.append(f"{name} (web): {message.get('text')}"[:200])
                    break
                elif kind == "bye":
                    over = message.get("why") == "finished"
                    break
                elif kind in ("state", "stale"):
                    if tapped is not None:
                        figures.web.append(time.perf_counter() - tapped[1])
                        figures.answered += 1
                        tapped = None
                    if kind == "state":
                        state = message
                if state is not None and tapped is None:
                    tap = choose(state)
                    if tap is not None:
                        await socket.send(json.dumps({"seq": state["seq"], **tap}))
                        tapped = (state["seq"], time.perf_counter())
                        state = None
        except Exception:
            pass
        finally:
            await socket.close()
        await asyncio.sleep(0.2)


async def wall_page(port: int, stop: asyncio.Event) -> None:
    while not stop.is_set():
        with contextlib.suppress(Exception):
            async with connect(
                f"ws://127.0.0.1:{port}/ws", origin=Origin(f"http://127.0.0.1:{port}"),
                ping_interval=None,
            ) as wall:  # fmt: skip
                await wall.send(json.dumps({"t": "hello", "wall": True, "code": CODE}))
                n = 0
                while not stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wall.recv(), 1)
                    n += 1
                    await wall.send(json.dumps({"t": "ping", "n": n}))
        await asyncio.sleep(0.5)


def abusers(port: int) -> dict[str, Callable[[], Awaitable[None]]]:
    """One abusive client of each kind (each call one round of it)."""
    parked: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    origin = Origin(f"http://127.0.0.1:{port}")

    async def walls() -> None:
        wall: ClientConnection = await connect(
            f"ws://127.0.0.1:{port}/ws",
            origin=origin,
            ping_interval=None,
            max_queue=2,
        )
        await wall.send(json.dumps({"t": "hello", "wall": True, "code": CODE}))
        with contextlib.suppress(Exception):
            for n in range(500):
                await wall.send(json.dumps({"t": "ping", "n": f"{n}" + "x" * 3000}))
        await asyncio.sleep(1)
        wall.transport.abort()

    async def pings() -> None:
        _reader, writer = await raw_socket(port, receive_buffer=4096)
        with contextlib.suppress(ConnectionError):
            for _ in range(20):
                writer.write(frame(PING, b"p" * 125) * 500)
                await writer.drain()
        writer.close()

    async def unproved() -> None:
        while len(parked) < 30:
            parked.append(await raw_socket(port, f"127.0.3.{len(parked) % 4 + 1}"))
        for reader, writer in list(parked):
            if reader.at_eof() or writer.is_closing():
                parked.remove((reader, writer))
        await asyncio.sleep(1)
        for _reader, writer in parked[:10]:  # some go, the rest are evicted by newcomers
            writer.close()
        del parked[:10]

    async def nesting() -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws", origin=origin) as client:
            await client.send("[" * 4000)
            with contextlib.suppress(Exception):
                await client.recv()

    async def methods() -> None:
        for method in ("OPTIONS", "PUT", "TRACE", "FOO", "POST"):
            await request(port, method)

    async def names() -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws", origin=origin) as client:
            await client.send(json.dumps({"t": "hello", "name": "Masha\ufe0f", "code": CODE}))
            with contextlib.suppress(Exception):
                await client.recv()

    return {
        "walls": walls,
        "pings": pings,
        "unproved": unproved,
        "nesting": nesting,
        "methods": methods,
        "names": names,
    }


async def abuse(port: int, figures: Figures, stop: asyncio.Event) -> None:
    kinds = abusers(port)

    async def again(kind: str, round_of: Callable[[], Awaitable[None]]) -> None:
        while not stop.is_set():
            with contextlib.suppress(Exception):
                await round_of()
            figures.abuses[kind] = figures.abuses.get(kind, 0) + 1
            await asyncio.sleep(0.5)

    await asyncio.gather(*(again(kind, round_of) for kind, round_of in kinds.items()))


async def session(number: int, args: argparse.Namespace, home: Path, figures: Figures) -> bool:
    """One session, its host a process of its own; False once the soak's time is up."""
    env = {**os.environ, "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "d")}
    port, web_port = free_port(), free_port()
    record = home / f"session-{number}.json"
    host = await asyncio.create_subprocess_exec(
        str(MUSHKA), "host", "--port", str(port), "--bind", "127.0.0.1", "--code", CODE,
        "--web", "--web-port", str(web_port), "--deals", str(args.deals), "--bots", "0",
        "--bot-delay", "0", "--seed", str(number), "--record", str(record),
        env=env, stdout=asyncio.subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    stop = asyncio.Event()
    began = figures.now()
    try:
        await wait_listening(host, b"SHA256:")
        assert host.stdout is not None
        drain = asyncio.create_task(host.stdout.read())  # the host's screen, unread otherwise
        tasks = [
            asyncio.create_task(ssh_seat(port, "Sasha", figures, stop)),
            asyncio.create_task(ssh_seat(port, "Pasha", figures, stop)),
            asyncio.create_task(phone_seat(web_port, "Masha", figures, stop)),
            asyncio.create_task(phone_seat(web_port, "Dasha", figures, stop)),
            asyncio.create_task(wall_page(web_port, stop)),
            asyncio.create_task(wall_page(web_port, stop)),
            asyncio.create_task(abuse(web_port, figures, stop)),
        ]
        deadline = figures.started + args.minutes * 60
        while host.returncode is None:
            figures.rss.append((round(figures.now(), 1), number, resident_kib(host.pid)))
            if time.monotonic() > deadline + 300:
                break  # a session that never ends: stopped below, and said
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(host.wait(), 5)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        drain.cancel()
    finally:
        if host.returncode is None:
            host.terminate()
        await host.wait()
    checked = subprocess.run(
        [str(MUSHKA), "check", str(record)], env=env, capture_output=True, text=True
    )
    figures.sessions.append(
        {
            "session": number,
            "seconds": round(figures.now() - began, 1),
            "exit": host.returncode,
            "record_valid": checked.returncode == 0,
            "check": checked.stdout.strip().splitlines()[-1:] or checked.stderr.strip()[-200:],
        }
    )
    print(
        f"session {number}: {figures.now() - began:.0f} s, exit {host.returncode}, "
        f"record {'valid' if checked.returncode == 0 else 'INVALID'}; "
        f"RSS {figures.rss[-1][2] if figures.rss else 0} KiB",
        flush=True,
    )
    minutes: float = args.minutes
    return time.monotonic() < figures.started + minutes * 60


async def run(args: argparse.Namespace) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="mushka-soak-"))
    figures = Figures()
    number = 1
    while await session(number, args, home, figures):
        number += 1
    by_session: dict[int, list[int]] = {}
    for _at, n, kib in figures.rss:
        by_session.setdefault(n, []).append(kib)
    warm = [kib for kibs in by_session.values() for kib in kibs[len(kibs) // 5 :]]
    ssh, web = figures.ssh or [0.0], figures.web or [0.0]
    result = {
        "minutes": args.minutes,
        "deals_a_session": args.deals,
        "sessions": figures.sessions,
        "records_valid": sum(s["record_valid"] for s in figures.sessions),
        "rss_kib_over_time": figures.rss,
        "rss_kib_after_warmup": {"min": min(warm or [0]), "max": max(warm or [0])},
        "answered": figures.answered,
        "lost": figures.lost,
        "lost_by": figures.lost_by,
        "refused": figures.refused,
        "refused_after_the_finish": figures.after_finish,
        "refusals": figures.refusals[:20],
        "drops": figures.drops,
        "abusive_rounds": figures.abuses,
        "ssh_key_to_frame_ms": {
            "p50": round(percentile(ssh, 0.5) * 1000, 1),
            "p99": round(percentile(ssh, 0.99) * 1000, 1),
            "n": len(figures.ssh),
        },
        "web_tap_to_state_ms": {
            "p50": round(percentile(web, 0.5) * 1000, 1),
            "p99": round(percentile(web, 0.99) * 1000, 1),
            "n": len(figures.web),
        },
    }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    result = asyncio.run(run(args))
    for at, session_number, kib in result["rss_kib_over_time"][
        :: max(1, len(result["rss_kib_over_time"]) // 40)
    ]:
        print(f"  {at:7.1f} s  session {session_number:3}  RSS {kib / 1024:6.1f} MiB")
    summary = {k: v for k, v in result.items() if k != "rss_kib_over_time"}
    print(json.dumps(summary, indent=1, ensure_ascii=False))
    stamp = time.strftime("%Y-%m-%dT%H%M", time.gmtime())
    out = args.out or HERE / "results" / f"soak-{stamp}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
