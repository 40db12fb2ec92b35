"""The table's SSH server in-process on 127.0.0.1: who gets in, and that nothing but the table
is served."""

from __future__ import annotations

import asyncio
import hmac
from pathlib import Path

import asyncssh
import pytest
from sshclient import CODE, Echo, Terminal, connect, join, run, table

from mushka.net.keys import AuthorizedKeys
from mushka.net.server import Limits


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


def test_a_player_with_the_right_code_joins_and_sees_his_own_screen(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            assert anna.lines()[:2] == ["name Anna", "size 80x24"]
            assert app.admitted == ["Anna"] and [s.address for s in app.seats] == ["127.0.0.1"]
            seen = anna.conn.get_server_host_key()
            assert seen is not None and seen.get_fingerprint() == server.host_key.fingerprint
            await anna.send("  qh \r")
            await anna.wait_for("last   qh")
            await anna.close()
            await app.wait_until(lambda: ("left", "Anna") in app.events, "Anna to leave")
            assert [what for what, _ in app.events] == ["joined", "line", "left"]

    run(scenario)


def test_the_code_works_by_either_method_in_any_case_and_spacing(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with table(tmp_path) as server:
            for method, typed in (
                ("keyboard-interactive", "K7M P3X W9D"),
                ("password", "k7mp3xw9d"),
            ):
                conn = await connect(server.port, "Anna", password=typed, preferred_auth=method)
                conn.close()

    run(scenario)


def test_a_wrong_code_is_refused_and_the_application_never_hears_of_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            for method in ("keyboard-interactive", "password"):
                with pytest.raises(asyncssh.PermissionDenied):
                    await connect(
                        server.port, "Anna", password="k7m-p3x-w9x", preferred_auth=method
                    )
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "Anna", password=None)
            assert app.admitted == []

    run(scenario)


def test_five_wrong_codes_lock_the_address_out_for_a_minute(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        banners: list[str] = []

        class Client(asyncssh.SSHClient):
            def auth_banner_received(self, msg: str, lang: str) -> None:
                banners.append(msg)

        async with table(tmp_path, clock=clock) as server:
            for _ in range(5):
                with pytest.raises(asyncssh.PermissionDenied):
                    await connect(server.port, "Anna", password="wrong", preferred_auth="password")
            with pytest.raises(asyncssh.PermissionDenied):  # even the right code, now
                await connect(server.port, "Anna", client_factory=Client)
            assert banners == ["too many wrong codes from your address: try again in a minute\n"]
            other = await connect(server.port, "Boris", local_addr=("127.0.0.2", 0))
            other.close()  # another address is not locked out
            clock.now += 59
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "Anna")
            clock.now += 2
            anna = await connect(server.port, "Anna")
            anna.close()

    run(scenario)


def test_the_server_compares_codes_with_compare_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)  # as mushka.host.codes calls it

    async def scenario() -> None:
        async with table(tmp_path) as server:
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "Anna", password="abc-def", preferred_auth="password")
            conn = await connect(server.port, "Anna", password=CODE.upper())
            conn.close()

    run(scenario)
    assert compared == [(b"abcdef", b"k7mp3xw9d"), (b"k7mp3xw9d", b"k7mp3xw9d")]


def public_line(key: asyncssh.SSHKey, name: str) -> str:
    kind, blob = key.export_public_key().decode().split()[:2]
    return f"{kind} {blob} {name}"


def test_with_authorized_keys_only_a_key_joins_and_only_as_its_own_name(tmp_path: Path) -> None:
    anna, boris, stranger = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    keys = AuthorizedKeys(public_line(anna, "Anna") + "\n" + public_line(boris, "Boris"), "keys")

    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app, authorized_keys=keys) as server:
            player = await join(server.port, "Anna", password=None, client_key=anna)
            await player.wait_for("name Anna")
            for name, key in (("Boris", anna), ("Gleb", anna), ("Anna", stranger)):
                with pytest.raises(asyncssh.PermissionDenied):
                    await connect(server.port, name, password=None, client_key=key)
            with pytest.raises(asyncssh.PermissionDenied):  # no code is asked at all
                await connect(server.port, "Anna", password=CODE)
            assert app.admitted == ["Anna"]

    run(scenario)


def test_under_authorized_keys_the_key_a_name_first_used_proves_it(tmp_path: Path) -> None:
    """The key is the proof of who sits in a seat: the first key a name logs in with is
    remembered, and another key listed for that name is refused from then on, saying why."""
    laptop, phone = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = AuthorizedKeys(public_line(laptop, "Anna") + "\n" + public_line(phone, "Anna"), "k")

    async def scenario() -> None:
        async with table(tmp_path, authorized_keys=keys) as server:
            first = await join(server.port, "Anna", password=None, client_key=phone)
            await first.wait_for("name Anna proven")  # the seat takes the key as proof
            await first.close()
            banners: list[str] = []

            class Told(asyncssh.SSHClient):
                def auth_banner_received(self, msg: str, lang: str) -> None:
                    banners.append(msg)

            with pytest.raises(asyncssh.PermissionDenied):
                await connect(
                    server.port, "Anna", password=None, client_key=laptop, client_factory=Told
                )
            assert any("another of its keys" in banner for banner in banners)
            again = await join(server.port, "Anna", password=None, client_key=phone)
            await again.wait_for("name Anna proven")

    run(scenario)


def test_the_seat_s_own_code_logs_in_as_that_seat_only(tmp_path: Path) -> None:
    """The seat's own code is an answer at the code prompt for its own name (the seat is then
    `proven`), by either method; for another name it is a wrong code like any other."""

    async def scenario() -> None:
        app = Echo(seat_codes={"Anna": "x9f-k2m-q7w"})
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna", password="x9f-k2m-q7w")
            await anna.wait_for("name Anna proven")
            plain_ = await join(server.port, "Boris")
            await plain_.wait_for("name Boris")
            assert "proven" not in plain_.screen_text()
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "Boris", password="x9f-k2m-q7w")
            kbd = await connect(
                server.port, "Anna", password="x9f-k2m-q7w", preferred_auth="keyboard-interactive"
            )
            kbd.close()

    run(scenario)


def test_exec_subsystems_and_forwarding_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with table(tmp_path) as server:
            for command in ("ls", "mushka play"):
                conn = await connect(server.port, "Anna")
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.create_session(asyncssh.SSHClientSession, command)
                conn.close()
            for pty in (False, True):
                conn = await connect(server.port, "Anna")
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.create_session(
                        asyncssh.SSHClientSession, subsystem="sftp", request_pty=pty
                    )
                conn.close()
            conn = await connect(server.port, "Anna")
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await conn.start_sftp_client()
            conn.close()
            conn = await connect(server.port, "Anna")
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/run/anything")
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_path("/tmp/mushka-forwarded", "/run/anything")
            conn.close()
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            assert not await anna.request("auth-agent-req@openssh.com")
            x11 = (b"\x00", b"\x00\x00\x00\x12MIT-MAGIC-COOKIE-1", b"\x00\x00\x00\x0200", bytes(4))
            assert not await anna.request("x11-req", *x11)
            assert not await anna.request("exec", b"\x00\x00\x00\x02ls")  # not even after a shell
            await anna.send("still here\r")
            await anna.wait_for("last still here")

    run(scenario)


def test_a_session_without_a_terminal_is_told_so_in_one_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            for env, said in (
                ({}, "mushka needs a terminal: ssh -t\r\n"),
                ({"LANG": "ru_RU.UTF-8"}, "программе mushka нужен терминал: ssh -t\r\n"),
            ):
                player = await join(server.port, "Anna", pty=False, env=env)
                assert await player.wait_closed() == 1
                assert player.terminal.stderr.decode() == said and player.raw == b""
            assert app.admitted == []

    run(scenario)


def test_a_second_session_on_one_connection_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            for _ in range(20):
                with pytest.raises(asyncssh.ChannelOpenError):
                    await anna.conn.create_session(
                        lambda: Terminal(80, 24), term_type="xterm", term_size=(80, 24)
                    )
            await anna.send("one seat\r")
            await anna.wait_for("last one seat")
            assert app.admitted == ["Anna"]

    run(scenario)


def test_a_client_that_never_finishes_its_handshake_is_dropped(tmp_path: Path) -> None:
    async def scenario() -> None:
        limits = Limits(login_timeout=0.5, max_pending_per_address=3)
        async with table(tmp_path, limits=limits) as server:
            silent = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(2)]
            for reader, _ in silent:
                assert (await reader.readline()).startswith(b"SSH-2.0-mushka")
            halfway = await asyncio.open_connection("127.0.0.1", server.port)
            for reader, writer in [*silent, halfway]:
                writer.write(b"SSH-2.0-OpenSSH_9.9\r\n")  # a version, then nothing
                assert await asyncio.wait_for(reader.read(), 30) is not None
                assert reader.at_eof()  # the server hung up: the login timeout
                writer.close()
            anna = await join(server.port, "Anna")  # the places are free again
            await anna.wait_for("name Anna")

    run(scenario)


class Parked(asyncssh.SSHClient):
    """A client that finishes its handshake and then sits at the code prompt for good."""

    async def password_auth_requested(self) -> str:
        await asyncio.Event().wait()
        raise AssertionError("never")


def park(port: int, address: str) -> asyncio.Future[asyncssh.SSHClientConnection]:
    return asyncio.ensure_future(
        connect(
            port,
            "x",
            password=None,
            client_factory=Parked,
            preferred_auth="password",
            local_addr=(address, 0),
        )
    )


def test_connections_parked_at_the_code_prompt_never_shut_the_door(tmp_path: Path) -> None:
    """The attack of issue 27: clients from four addresses finish the handshake and wait at the
    code prompt, reconnecting as fast as they are dropped. A seated player who dropped comes
    back, and newcomers with the code sit down, from any address, throughout; no seat that has
    logged in is ever the one to make room."""

    async def scenario() -> None:
        limits = Limits()  # 16 not logged in at once in all, 4 from one address
        attackers = [f"127.0.2.{n}" for n in range(1, 5)]
        async with table(tmp_path, limits=limits) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            vera = await connect(server.port, "Vera", local_addr=("127.0.2.1", 0))
            parked = [park(server.port, a) for a in attackers for _ in range(9)]

            def waiting() -> int:
                return sum(1 for c in server._connections if not c.logged_in and c._logging_in)

            loop = asyncio.get_running_loop()
            deadline = loop.time() + 30
            while waiting() < limits.max_pending:  # every not-logged-in place is held by the flood
                assert loop.time() < deadline, f"only {waiting()} parked"
                await asyncio.sleep(0.05)
            stop = asyncio.Event()

            async def flood() -> None:  # the attacker reconnects as fast as he is dropped
                while not stop.is_set():
                    parked.extend(park(server.port, a) for a in attackers)
                    await asyncio.sleep(0.05)

            flooding = asyncio.ensure_future(flood())
            await anna.close()
            times = []
            for name, address in [
                ("Anna", "127.0.0.1"),  # a seated player comes back
                ("Boris", "127.0.0.2"),  # a newcomer from another address
                ("Gleb", "127.0.2.3"),  # ... and from an attacker's own address
                ("Dasha", "127.0.2.9"),
            ]:
                started = loop.time()
                conn = await connect(server.port, name, local_addr=(address, 0))
                times.append(loop.time() - started)
                _, session = await conn.create_session(
                    lambda: Terminal(80, 24), term_type="xterm", term_size=(80, 24), encoding=None
                )
                assert isinstance(session, Terminal)
                while b"name " + name.encode() not in session.raw:
                    await asyncio.sleep(0.02)
                conn.close()
            stop.set()
            await flooding
            print(f"logins under the flood took {', '.join(f'{t:.2f}' for t in times)} s;")
            print(f"{server.evicted} parked connections evicted, {waiting()} parked now")
            assert waiting() <= limits.max_pending
            assert not vera.is_closed()  # a logged-in connection never made room
            vera.close()
            for task in parked:
                task.cancel()
            await asyncio.gather(*parked, return_exceptions=True)

    run(scenario)


def test_logged_in_connections_are_capped_apart(tmp_path: Path) -> None:
    """Not-logged-in clients never count against the players' places, nor players against
    theirs: at the logged-in cap from one address a newcomer is told why before typing a code."""

    async def scenario() -> None:
        limits = Limits(max_connections_per_address=2, max_pending_per_address=1)
        async with table(tmp_path, limits=limits) as server:
            first = [await connect(server.port, name) for name in ("A", "B")]
            with pytest.raises(asyncssh.DisconnectError, match="too many connections"):
                await connect(server.port, "C")
            other = await connect(server.port, "C", local_addr=("127.0.0.3", 0))
            for conn in [*first, other]:
                assert not conn.is_closed()
                conn.close()

    run(scenario)


def test_connections_are_capped_in_all(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with table(tmp_path, limits=Limits(max_connections=3)) as server:
            open_ones = [await connect(server.port, name) for name in ("A", "B", "C")]
            with pytest.raises(asyncssh.DisconnectError, match="too many connections"):
                await connect(server.port, "D", local_addr=("127.0.0.9", 0))
            open_ones[0].close()
            await open_ones[0].wait_closed()
            late = await connect(server.port, "D")
            late.close()

    run(scenario)


def test_idle_sockets_cannot_lock_an_address_out(tmp_path: Path) -> None:
    """Connections that never log in hold their places only until a newcomer needs one: then the
    oldest makes room (a player joining from localhost, where eight idle sockets from a
    prankster used to turn everyone away for 30 s)."""

    async def scenario() -> None:
        limits = Limits(max_connections_per_address=3, max_pending_per_address=3)
        async with table(tmp_path, limits=limits) as server:
            idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
            for reader, _ in idle:
                assert (await reader.readline()).startswith(b"SSH-2.0-mushka")
            anna = await join(server.port, "Anna")  # the oldest idle socket made room
            await anna.wait_for("name Anna")
            await asyncio.wait_for(idle[0][0].read(), 5)  # to the end of what it was sent
            assert idle[0][0].at_eof()  # ...and was hung up on
            boris = await join(server.port, "Boris")
            await boris.wait_for("name Boris")
            vera = await join(server.port, "Vera")
            await vera.wait_for("name Vera")
            # three seats from this address: the logged-in cap, which idle sockets never fill
            with pytest.raises(asyncssh.DisconnectError, match="too many connections"):
                await connect(server.port, "Gleb")
            for _, writer in idle:
                writer.close()

    run(scenario)


def test_a_player_typing_the_code_is_not_the_one_to_make_room(tmp_path: Path) -> None:
    """A client at the code prompt has finished its handshake: however long its player takes
    to type, an idle socket from the same address makes room before it does."""

    class Typing(asyncssh.SSHClient):
        async def password_auth_requested(self) -> str:
            await asyncio.sleep(1.2)  # a person reading the code off the host's screen
            return CODE

    async def scenario() -> None:
        limits = Limits(max_pending_per_address=2, evict_after=0.2)
        async with table(tmp_path, limits=limits) as server:
            typing = asyncio.ensure_future(
                connect(server.port, "Vera", password=None, client_factory=Typing)
            )
            await asyncio.sleep(0.3)
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            await asyncio.sleep(0.4)  # both are past evict_after: only the idle socket is stalled
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            await asyncio.wait_for(reader.read(), 5)
            assert reader.at_eof()  # the idle socket made room
            vera = await asyncio.wait_for(typing, 10)  # Vera's login went through
            vera.close()
            writer.close()

    run(scenario)
