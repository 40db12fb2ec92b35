"""A seat behind a real network link that the test makes itself: a network namespace joined to
this one by a veth pair, and `tc netem` to drop every packet. The table's keepalives notice the
dead link and show the seat away; the player logs in again from the far side and is back."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sshclient import CODE, join

from mushka.host.live import LiveTable
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.net.hostkey import load_or_create
from mushka.net.server import Limits, TableServer
from mushka.net.sshseat import SshTable

pytestmark = pytest.mark.e2e

NS = f"mushka-{os.getpid()}"
HOST_IF, FAR_IF = f"mkh{os.getpid() % 10000}", f"mkf{os.getpid() % 10000}"
HOST_IP, FAR_IP = "10.213.77.1", "10.213.77.2"

# The far player: an asyncssh client in the namespace that joins as Anna and keeps reading.
CLIENT = """
import asyncio, sys
import asyncssh

async def main():
    conn = await asyncssh.connect(sys.argv[1], int(sys.argv[2]), username="Anna",
        password=sys.argv[3], known_hosts=None, agent_path=None, config=None)
    chan, _ = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm",
        term_size=(80, 24), encoding=None)
    print("joined", flush=True)
    await chan.wait_closed()

asyncio.run(main())
"""


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


def _unavailable() -> str | None:
    if os.geteuid() != 0:
        return "needs root, to make a network namespace"
    if shutil.which("ip") is None or shutil.which("tc") is None:
        return "needs iproute2 (ip and tc)"
    try:
        _ip("netns", "add", f"{NS}-probe")
        _ip("netns", "del", f"{NS}-probe")
    except (subprocess.CalledProcessError, OSError) as exc:
        return f"cannot make a network namespace here ({exc})"
    return None


@contextlib.contextmanager
def far_side() -> Iterator[None]:
    """A namespace at FAR_IP, reachable from here at HOST_IP over a veth pair."""
    _ip("netns", "add", NS)
    try:
        _ip("link", "add", HOST_IF, "type", "veth", "peer", "name", FAR_IF)
        _ip("link", "set", FAR_IF, "netns", NS)
        _ip("addr", "add", f"{HOST_IP}/24", "dev", HOST_IF)
        _ip("link", "set", HOST_IF, "up")
        _ip("-n", NS, "addr", "add", f"{FAR_IP}/24", "dev", FAR_IF)
        _ip("-n", NS, "link", "set", FAR_IF, "up")
        _ip("-n", NS, "link", "set", "lo", "up")
        yield
    finally:
        subprocess.run(["ip", "link", "del", HOST_IF], capture_output=True, check=False)
        subprocess.run(["ip", "netns", "del", NS], capture_output=True, check=False)


def has_netem() -> bool:
    """Whether this kernel has netem (some, in containers or small VMs, lack the module)."""
    probe = subprocess.run(
        ["tc", "qdisc", "add", "dev", HOST_IF, "root", "netem", "loss", "0%"],
        capture_output=True,
        check=False,
    )
    if probe.returncode == 0:
        subprocess.run(["tc", "qdisc", "del", "dev", HOST_IF, "root"], capture_output=True)
    return probe.returncode == 0


def drop_link(dropped: bool) -> None:
    """Lose every packet between here and the far side: netem's loss where the kernel has it,
    else the far side's end of the link taken down (its packets go nowhere either way)."""
    if NETEM:
        verb = (
            ["add", "dev", HOST_IF, "root", "netem", "loss", "100%"]
            if dropped
            else ["del", "dev", HOST_IF, "root"]
        )
        subprocess.run(["tc", "qdisc", *verb], check=True, capture_output=True, timeout=20)
    else:
        _ip("-n", NS, "link", "set", FAR_IF, "down" if dropped else "up")


NETEM = False


async def far_player(port: int) -> asyncio.subprocess.Process:
    process = await asyncio.create_subprocess_exec(
        "ip",
        "netns",
        "exec",
        NS,
        sys.executable,
        "-c",
        CLIENT,
        HOST_IP,
        str(port),
        CODE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 30)
    assert line.strip() == b"joined"
    return process


async def ended(process: asyncio.subprocess.Process) -> None:
    """The far player killed and reaped on this loop: a process left to the garbage collector
    after the loop closed has its transport's error printed from inside whatever runs then (once
    an ast.parse of pytest's, which Python 3.11 then fails for every later file)."""
    process.kill()
    await process.wait()


@pytest.mark.skipif((why := _unavailable()) is not None, reason=why or "")
def test_a_dropped_link_shows_the_seat_away_and_a_new_login_gives_it_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(), settings, seed=7)
        limits = Limits(keepalive_interval=1.0, keepalive_count_max=2, login_timeout=20)
        server = TableServer(
            SshTable(table), load_or_create(tmp_path), code=CODE, limits=limits, lang="en"
        )
        await server.start("0.0.0.0", 0)
        try:
            first = await far_player(server.port)
            boris = await join(server.port, "Boris")
            await boris.wait_for("Boris, your hand")
            assert table.places[0].address == FAR_IP
            drop_link(True)
            try:
                await boris.wait_for("Anna is away", timeout=30)
            finally:
                drop_link(False)
            await ended(first)
            second = await far_player(server.port)
            await boris.wait_for(f"Anna is back (from {FAR_IP}).", timeout=30)
            await ended(second)
        finally:
            server.close()
            await server.wait_closed()
            table.stop()
            await table.closed()

    global NETEM
    with far_side():
        NETEM = has_netem()
        print("the link is dropped by", "tc netem" if NETEM else "taking the far interface down")
        asyncio.run(scenario())
