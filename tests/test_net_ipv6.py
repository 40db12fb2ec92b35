"""The table's SSH server on IPv6: bound to ::1, and dual-stack on ::, where an IPv4 client comes
as an IPv4-mapped address that the lock-out and the seat count as its IPv4 form."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import asyncssh
import pytest
from sshclient import CODE, Echo, Terminal, run

from mushka.host.lockout import plain_address
from mushka.net.hostkey import load_or_create
from mushka.net.server import Limits, TableServer


def _can_bind(host: str, **options: bool) -> str | None:
    """Why `host` cannot be listened on here (None if it can)."""
    if not socket.has_ipv6:
        return "no IPv6 in this Python"
    try:
        socket.create_server((host, 0), family=socket.AF_INET6, **options).close()
    except OSError as exc:
        return f"cannot listen on {host}: {exc}"
    return None


LOOPBACK6 = _can_bind("::1")
DUAL = "no dual-stack sockets here" if not socket.has_dualstack_ipv6() else _can_bind("::")


def test_an_ipv4_mapped_address_is_its_ipv4_form() -> None:
    assert plain_address("::ffff:127.0.0.1") == "127.0.0.1"
    assert plain_address("::FFFF:192.168.1.20") == "192.168.1.20"
    assert plain_address("fe80::1%eth0") == "fe80::1"
    assert plain_address("::1") == "::1"


async def _try(host: str, port: int, name: str, password: str, **options: object) -> None:
    conn = await asyncssh.connect(
        host,
        port,
        username=name,
        password=password,
        known_hosts=None,
        agent_path=None,
        config=None,
        client_keys=None,
        **options,
    )
    conn.close()
    await conn.wait_closed()


@pytest.mark.skipif(LOOPBACK6 is not None, reason=str(LOOPBACK6))
def test_a_table_bound_to_ipv6_loopback_takes_a_player_and_locks_out_guessers(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        app = Echo()
        server = TableServer(app, load_or_create(tmp_path), code=CODE, lang="en")
        await server.start("::1", 0)
        try:
            conn = await asyncssh.connect(
                "::1", server.port, username="Anna", password=CODE, known_hosts=None,
                agent_path=None, config=None, client_keys=None,
            )  # fmt: skip
            await conn.create_session(
                lambda: Terminal(80, 24), term_type="xterm", term_size=(80, 24), encoding=None
            )
            await app.wait_until(lambda: bool(app.seats), "Anna to sit down")
            assert app.seats[0].address == "::1"
            conn.close()
            for _ in range(Limits().wrong_codes):
                with pytest.raises(asyncssh.PermissionDenied):
                    await _try("::1", server.port, "Boris", "wrong-code-here")
            assert server.lockout.locked("::1")
            with pytest.raises(asyncssh.PermissionDenied):  # even the right code, for a minute
                await _try("::1", server.port, "Boris", CODE)
        finally:
            server.close()
            await server.wait_closed()

    run(scenario)


@pytest.mark.skipif(DUAL is not None, reason=str(DUAL))
def test_a_dual_stack_table_counts_an_ipv4_client_by_its_ipv4_address(tmp_path: Path) -> None:
    """Bound to "::", the table answers IPv4 too (as `mushka host --bind ::` lists the machine's
    IPv4 addresses); an IPv4 client arrives as ::ffff:127.0.0.1, and its wrong codes lock out
    127.0.0.1 whichever way it comes, by IPv4 or by the mapped IPv6 address."""

    async def scenario() -> None:
        app = Echo()
        server = TableServer(app, load_or_create(tmp_path), code=CODE, lang="en")
        await server.start("::", 0)
        try:
            conn = await asyncssh.connect(
                "127.0.0.1", server.port, username="Anna", password=CODE, known_hosts=None,
                agent_path=None, config=None, client_keys=None,
            )  # fmt: skip
            await conn.create_session(
                lambda: Terminal(80, 24), term_type="xterm", term_size=(80, 24), encoding=None
            )
            await app.wait_until(lambda: bool(app.seats), "Anna to sit down")
            assert app.seats[0].address == "127.0.0.1"  # not ::ffff:127.0.0.1
            conn.close()
            for _ in range(Limits().wrong_codes - 1):
                with pytest.raises(asyncssh.PermissionDenied):
                    await _try("127.0.0.1", server.port, "Boris", "wrong-code-here")
            with pytest.raises(asyncssh.PermissionDenied):  # the last one, by the mapped form
                await _try("::ffff:127.0.0.1", server.port, "Boris", "wrong-code-here")
            assert server.lockout.locked("127.0.0.1")
            assert not server.lockout.locked("::ffff:127.0.0.1")  # one key, the IPv4 one
            for host in ("127.0.0.1", "::ffff:127.0.0.1"):
                with pytest.raises(asyncssh.PermissionDenied):
                    await _try(host, server.port, "Boris", CODE)
            await _try("::1", server.port, "Boris", CODE)  # another address is not locked out
        finally:
            server.close()
            await server.wait_closed()
        await asyncio.sleep(0)

    run(scenario)
