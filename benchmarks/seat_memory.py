"""Memory of one SSH seat at the live table, traced (tracemalloc) in the host's own process.

A host process of its own (the live table, its SSH server, two `strong` computer players) traces
its allocations while two SSH seats (asyncssh clients of this process, 80x24) play: a snapshot
with Boris away (his connection closed, the table past its grace) and one with him back and his
frames drawn. The difference is one seat's memory, warm (the modules a first seat imports and
the session itself are the table's, not a seat's), listed by where it was allocated; the first
seat's cost, imports and all, and the process's resident size are printed beside it.

    .venv/bin/python benchmarks/seat_memory.py [--seats 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from host_latency import CODE, free_port, seat  # noqa: E402

HOST = """
import asyncio, gc, json, sys, tracemalloc
tracemalloc.start(1)
from mushka.host.live import LiveTable
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.net.hostkey import load_or_create
from mushka.net.server import TableServer
from mushka.net.sshseat import SshTable
from pathlib import Path

def resident():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0

async def main():
    seats = int(sys.argv[3])
    bots = {i: "strong" for i in range(seats, 4)}
    table = LiveTable(HouseRules(deals=1), TableSettings(bot_delay=0.0, bots=bots), seed=7)
    server = TableServer(SshTable(table), load_or_create(Path(sys.argv[2])), code=sys.argv[4])
    await server.start("127.0.0.1", int(sys.argv[1]))
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    snapshots = []
    rss = []
    print("listening", flush=True)
    while line := await reader.readline():
        gc.collect()
        snapshots.append(tracemalloc.take_snapshot())
        rss.append(resident())
        if len(snapshots) == 4:
            break
        print("taken", flush=True)
    first = sum(s.size_diff for s in snapshots[1].compare_to(snapshots[0], "filename"))
    top = snapshots[3].compare_to(snapshots[2], "filename")
    total = sum(s.size_diff for s in top)
    files = [(s.traceback[0].filename, s.size_diff) for s in top[:12]]
    result = {"total": total, "files": files, "rss": rss, "seats": 1, "first_two": first}
    print(json.dumps(result), flush=True)

asyncio.run(main())
"""


async def run(seats: int) -> dict[str, object]:
    home = Path(tempfile.mkdtemp(prefix="mushka-memory-"))
    env = {**os.environ, "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "d")}
    port = free_port()
    host = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOST, str(port), str(home / "key"), str(seats), CODE,
        env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    assert host.stdin is not None and host.stdout is not None
    try:
        assert b"listening" in await host.stdout.readline()
        await asyncio.sleep(0.5)
        host.stdin.write(b"before\n")
        assert b"taken" in await host.stdout.readline()
        names = ["Anna", "Boris", "Vera", "Gleb"][:seats]
        channels = [await seat(port, name) for name in names]
        for chan, _client in channels:  # a key each, so that every seat drew a few frames
            await asyncio.sleep(1.0)
            chan.write(b"?\r")
        await asyncio.sleep(2.0)
        host.stdin.write(b"seated\n")
        assert b"taken" in await host.stdout.readline()
        channels[-1][0].close()  # Boris goes: away once the grace is over
        await asyncio.sleep(6.0)
        host.stdin.write(b"away\n")
        assert b"taken" in await host.stdout.readline()
        channels[-1] = await seat(port, names[-1])
        await asyncio.sleep(1.0)
        channels[-1][0].write(b"?\r")
        await asyncio.sleep(2.0)
        host.stdin.write(b"back\n")
        result: dict[str, object] = json.loads(await host.stdout.readline())
        for chan, _client in channels:
            chan.close()
    finally:
        if host.returncode is None:
            host.terminate()
        await host.wait()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    result = asyncio.run(run(args.seats))
    seats = int(str(result["seats"]))
    total = int(str(result["total"]))
    rss = result["rss"]
    assert isinstance(rss, list)
    first = int(str(result["first_two"]))
    print(f"traced, one SSH seat coming back to a table in play: {total / 1024:.0f} KiB")
    print(f"traced, the first two seats, imports and the session's start: {first / 1024:.0f} KiB")
    print(f"resident size: {rss[0]} KiB alone, {rss[1]} KiB with two seats, {rss[2]} KiB")
    print(f"  with one away, {rss[3]} KiB with him back")
    files = result["files"]
    assert isinstance(files, list)
    for filename, size in files:
        print(f"  {size / seats / 1024:8.1f} KiB a seat  {filename}")
    if args.out is not None:
        args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
