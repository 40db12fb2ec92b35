"""The table's SSH server: who may connect and how, and that nothing but the table is served.

A player joins with a plain `ssh -p PORT NAME@HOST`. With a table code he types the code at the
prompt (keyboard-interactive, or the password method for clients that only have that); the
table's gate weighs it (`host.admission.Gate`, the same for the browser seats): compared in
constant time, after WRONG_CODES wrong ones in a row from one address that address is refused
for LOCKOUT_SECONDS, and many wrong ones from anywhere make the table code wait. With authorized keys instead, only those keys may join,
each as the name in its comment, and no code is asked.

Served: one session channel per connection, with a PTY, running the table (see `seat.Seat`).
Refused: exec, subsystems (SFTP), a second session, port, socket, agent and X11 forwarding, and
a session without a PTY (it is told why in one line). Logged-in connections are capped in all
and per address; those not logged in yet are capped apart and lower, and a newcomer always
finds room among them (the oldest of the most crowded address goes), so clients parked at the
code prompt never keep a player out; a client that has not logged in within the login timeout
is dropped, and keepalives
notice a dead link. asyncssh's log goes nowhere: the host's terminal is the public table, and
the user name is never written by the server.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import asyncssh
from asyncssh.auth import KbdIntChallenge, KbdIntResponse

from mushka import __version__
from mushka.host import lockout
from mushka.host.admission import Gate, Proof, WaitingRoom
from mushka.i18n import N_, gettext, language
from mushka.net import terminal
from mushka.net.hostkey import HostKey
from mushka.net.keys import AuthorizedKeys
from mushka.net.seat import OUTPUT_HIGH, Application, Seat

WINDOW: Final = 256 * 1024  # bytes a client may send before we read them: a seat's input bound


@dataclass(frozen=True)
class Limits:
    """The numbers a table server keeps to; tests make the times short."""

    login_timeout: float = 30.0  # seconds from connecting to having logged in
    keepalive_interval: float = 15.0  # seconds of silence before the client is asked if alive
    keepalive_count_max: int = 3  # unanswered keepalives before the link counts as dropped
    max_connections: int = 32  # logged in at once, in all (a table has four seats)
    max_connections_per_address: int = 8  # logged in at once, from one address
    # Connections that have not logged in (at the code prompt, or not even that far) are counted
    # apart, under lower caps, and never take a logged-in connection's place. A newcomer always
    # finds room among them: at a cap the oldest not-logged-in connection of the address that
    # holds the most of them makes room (one that has not finished its SSH handshake within
    # `evict_after` seconds first, then the oldest), so a flood from a few addresses evicts
    # itself and never the player typing the code from another.
    max_pending: int = 16  # not logged in, at once, in all
    max_pending_per_address: int = 4  # not logged in, at once, from one address
    evict_after: float = 2.0
    max_name_bytes: int = 256  # a longer user name is refused before the application sees it
    wrong_codes: int = lockout.WRONG_CODES
    lockout_seconds: float = lockout.LOCKOUT_SECONDS


class TableServer:
    """An SSH server for one table: `start` it, and `close` it when the table is over."""

    def __init__(
        self,
        app: Application,
        host_key: HostKey,
        *,
        code: str | None = None,
        authorized_keys: AuthorizedKeys | None = None,
        limits: Limits = Limits(),
        clock: Callable[[], float] = time.monotonic,
        lang: str | None = None,
    ) -> None:
        """`code` or `authorized_keys` (exactly one) says who may join; `lang` is the language
        of seats whose client sends no locale, and of what is said before a seat exists (the
        code's prompt), by default the process's."""
        if (code is None) == (authorized_keys is None):
            raise ValueError("a table takes either a code or authorized keys")
        self.app: Final = app
        self.host_key: Final = host_key
        self.code: Final = code
        self.authorized_keys: Final = authorized_keys
        self.limits: Final = limits
        self.lang: Final = lang or language()
        self.lockout: Final = lockout.Lockout(limits.wrong_codes, limits.lockout_seconds, clock)
        self.gate: Final = Gate(code, None, self.lockout, app.proves)
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._connections: set[_Connection] = set()  # every one, logged in or not
        self.waiting: Final[WaitingRoom[_Connection]] = WaitingRoom(
            limits.max_pending,
            limits.max_pending_per_address,
            clock,
            stalled=lambda connection: connection.stalled(limits.evict_after),
        )
        self._first_keys: dict[str, bytes] = {}  # under authorized keys: a name's first key

    async def start(self, bind: str | Sequence[str] = "", port: int = 2222) -> None:
        """Listen on `bind` ("" for every interface) and `port` (0 for a free one: see `port`).
        "::" listens on every interface in IPv6 and IPv4 both, on one dual-stack socket where
        the system has them (asyncio's own IPv6 sockets take IPv6 only, and the IPv4 addresses
        the host's screen lists would not answer); IPv4 clients then come as IPv4-mapped
        addresses, which count as their IPv4 form (see `lockout.plain_address`)."""
        _quiet(logging.getLogger("asyncssh"))
        where: dict[str, object] = {"host": bind, "port": port}
        if bind == "::" and socket.has_dualstack_ipv6():
            where = {
                "sock": socket.create_server(
                    ("::", port), family=socket.AF_INET6, dualstack_ipv6=True, backlog=100
                )
            }
        self._acceptor = await asyncssh.listen(
            **where,
            server_factory=lambda: _Connection(self),
            server_host_keys=[self.host_key.key],
            server_version=f"mushka_{__version__}",
            encoding=None,  # raw bytes both ways: the seat decodes and encodes
            line_editor=False,  # the seat has its own
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            host_based_auth=False,
            gss_host=None,  # no GSS (and no DNS look-up of our own name for it)
            password_auth=self.code is not None,
            kbdint_auth=self.code is not None,
            public_key_auth=self.authorized_keys is not None,
            login_timeout=self.limits.login_timeout,
            keepalive_interval=self.limits.keepalive_interval,
            keepalive_count_max=self.limits.keepalive_count_max,
            window=WINDOW,
        )

    @property
    def port(self) -> int:
        """The port listened on (the real one when started with port 0)."""
        assert self._acceptor is not None, "the server is not started"
        return self._acceptor.get_port()

    def close(self) -> None:
        """Stop listening and close every connection."""
        if self._acceptor is not None:
            self._acceptor.close()
        for connection in list(self._connections):
            connection.close()

    async def shutdown(self, grace: float) -> None:
        """Stop listening, give the connections up to `grace` seconds to deliver what they still
        have (a seat's last words, then its exit) and end from the client's side, then close what
        is left. Closing at once would drop output queued behind a slow link."""
        if self._acceptor is not None:
            self._acceptor.close()
        ending = [asyncio.ensure_future(c.wait_closed()) for c in self._connections]
        if ending:
            _done, late = await asyncio.wait(ending, timeout=grace)
            for waiting in late:
                waiting.cancel()
        self.close()
        await self.wait_closed()

    async def wait_closed(self) -> None:
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        for connection in list(self._connections):
            await connection.wait_closed()

    # ------------------------------------------------------------------ for the connections

    def say(self, message: str) -> str:
        return gettext(message, self.lang)

    @property
    def evicted(self) -> int:
        """Connections that made room for a newcomer (for the tests' figures)."""
        return self.waiting.evicted

    def take_place(self, connection: _Connection) -> bool:
        """Count a new connection in among those not logged in, making room for it if need be
        (see `Limits.max_pending` and `WaitingRoom`): a newcomer is always let in this far."""
        for gone in self.waiting.enter(connection, connection.address):
            gone.close()
            self._connections.discard(gone)
        self._connections.add(connection)
        return True

    def logged_in(self, connection: _Connection) -> None:
        """`connection` has logged in: it counts under the logged-in caps from now on."""
        connection.logged_in = True
        self.waiting.leave(connection)

    def room_to_log_in(self, connection: _Connection) -> bool:
        """Whether `connection` may log in: fewer logged-in connections than the caps allow,
        from its address and in all (one that is not logged in never takes their place)."""
        limits = self.limits
        logged_in = [c for c in self._connections if c.logged_in and c is not connection]
        if len(logged_in) >= limits.max_connections:
            return False
        same = [c for c in logged_in if c.address == connection.address]
        return len(same) < limits.max_connections_per_address

    def leave_place(self, connection: _Connection) -> None:
        self._connections.discard(connection)
        self.waiting.leave(connection)

    def check_code(self, address: str, attempt: str, name: str = "") -> Proof | None:
        """What `attempt` proves: the table's code (`Proof.CODE`), the seat's own code of the
        player `name` (`Proof.SEAT`, asked of the application), or nothing (None: a wrong code,
        counted against `address`; a locked-out address is refused unheard)."""
        if self.code is None:
            return None
        return self.gate.typed(address, attempt, name)

    def key_allowed(self, name: str, key: asyncssh.SSHKey, address: str) -> bool:
        """Whether `key` may log in as `name`: listed for that name in the authorized keys, and
        the key the name first logged in with, if it has (another listed key is refused then:
        the key proves who sits in that seat)."""
        assert self.authorized_keys is not None
        allowed = self.authorized_keys.for_name(name)
        if allowed is None or allowed.validate(key, "", address) is None:
            return False
        first = self._first_keys.get(name)
        return first is None or first == key.public_data

    def key_allowed_once(self, name: str, key: asyncssh.SSHKey, address: str) -> bool:
        """Whether `key` is listed for `name`, though another key of his sat down first."""
        assert self.authorized_keys is not None
        allowed = self.authorized_keys.for_name(name)
        return allowed is not None and allowed.validate(key, "", address) is not None

    def remember_key(self, name: str, key: asyncssh.SSHKey) -> None:
        self._first_keys.setdefault(name, key.public_data)


def _quiet(logger: logging.Logger) -> None:
    """Nothing asyncssh logs reaches the host's terminal (the public table) or the root logger."""
    logger.propagate = False
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())


class _Connection(asyncssh.SSHServer):
    """One client's connection: its place under the caps, its authentication, its one session."""

    def __init__(self, server: TableServer) -> None:
        self._server = server
        self._conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.since = asyncio.get_running_loop().time()
        self._logging_in = False  # its handshake is done: it is at the code prompt, or past it
        self.logged_in = False  # it has authenticated: counted under the logged-in caps
        self.proof: Proof | None = None  # what its login proved
        self._key: asyncssh.SSHKey | None = None  # the key it logs in with (authorized keys)
        self._session_opened = False
        self._no_session: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self.address = lockout.plain_address(str(peer[0])) if peer else ""
        if not self._server.take_place(self):
            self._too_many()

    def _too_many(self) -> None:
        assert self._conn is not None
        reason = self._server.say(N_("too many connections to this table: try again later"))
        asyncio.get_running_loop().call_soon(
            self._conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, reason
        )

    def stalled(self, seconds: float) -> bool:
        """Whether this connection has had `seconds` to finish its handshake, and has not."""
        return not self._logging_in and asyncio.get_running_loop().time() - self.since >= seconds

    def connection_lost(self, exc: Exception | None) -> None:
        if self._no_session is not None:
            self._no_session.cancel()
        self._server.leave_place(self)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()

    async def wait_closed(self) -> None:
        if self._conn is not None:
            await self._conn.wait_closed()

    # ------------------------------------------------------------------ authentication

    def begin_auth(self, username: str) -> bool:
        assert self._conn is not None
        self._logging_in = True
        if not self._server.room_to_log_in(self):  # no use asking for a code: no room after it
            self._too_many()
            return True
        keys = self._server.authorized_keys
        if keys is not None:
            if keys.for_name(username) is None:
                self._banner(N_("this table admits only the players in its list of keys"))
        else:
            refusal = self._server.gate.refusal(self.address)
            if refusal is not None:
                self._banner(refusal)
        return True  # everyone authenticates

    def auth_completed(self) -> None:
        if not self._server.room_to_log_in(self):  # the last place went while it logged in
            self._too_many()
            return
        self._server.logged_in(self)
        if self._key is not None:  # the key proves the name from now on
            assert self._conn is not None
            self._server.remember_key(str(self._conn.get_extra_info("username")), self._key)
        # A client that logs in and opens no session would hold its place for nothing.
        self._no_session = asyncio.get_running_loop().call_later(
            self._server.limits.login_timeout, self._close_unless_in_session
        )

    def _close_unless_in_session(self) -> None:
        if not self._session_opened:
            self.close()

    def _banner(self, message: str) -> None:
        assert self._conn is not None
        self._conn.send_auth_banner(self._server.say(message) + "\n")

    def password_auth_supported(self) -> bool:
        return self._server.code is not None

    def validate_password(self, username: str, password: str) -> bool:
        return self._proved(self._server.check_code(self.address, password, username))

    def _proved(self, proof: Proof | None) -> bool:
        self.proof = proof
        return proof is not None

    def kbdint_auth_supported(self) -> bool:
        return self._server.code is not None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> KbdIntChallenge:
        return "", "", "", ((self._server.say(N_("Table code (password): ")), False),)

    def validate_kbdint_response(self, username: str, responses: KbdIntResponse) -> KbdIntChallenge:
        if len(responses) != 1:
            return False
        return self._proved(self._server.check_code(self.address, responses[0], username))

    def public_key_auth_supported(self) -> bool:
        return self._server.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if not self._server.key_allowed(username, key, self.address):
            if self._server.key_allowed_once(username, key, self.address):
                self._banner(N_("this name sat down with another of its keys: join with that one"))
            return False
        self._key, self.proof = key, Proof.SEAT
        return True

    # ------------------------------------------------------------------ what is served

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        if self._session_opened:
            return False  # one session a connection: a second would be a second seat
        self._session_opened = True
        assert self._conn is not None
        name = str(self._conn.get_extra_info("username"))
        return _SeatSession(self._server, self, name, self.address, self.proof is Proof.SEAT)

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        return False  # ssh -L

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False  # ssh -R

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


class _SeatSession(asyncssh.SSHServerSession[bytes]):
    """The session channel of a connection: a terminal for the table, or nothing."""

    def __init__(
        self,
        server: TableServer,
        connection: _Connection,
        name: str,
        address: str,
        proven: bool = False,
    ) -> None:
        self._proven = proven
        self._server = server
        self._connection = connection
        self._name = name
        self._address = address
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._pty: tuple[str, tuple[int, int]] | None = None
        self._seat: Seat | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan
        # Keep only the environment variables a seat reads, each as it arrives (asyncssh would
        # keep every one a client sends).
        chan._env = terminal.ChosenEnvironment(chan._env.items())
        chan.set_write_buffer_limits(high=OUTPUT_HIGH)

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
    ) -> bool:
        self._pty = term_type, (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        assert self._chan is not None
        environment = self._chan.get_environment_bytes()
        if self._pty is None:
            lang = terminal.language(terminal.client_environment(environment), self._server.lang)
            self._chan.write_stderr(
                (gettext("mushka needs a terminal: ssh -t", lang) + "\r\n").encode()
            )
            self._chan.exit(1)
            return
        term_type, size = self._pty
        self._seat = Seat(
            self._chan,
            self._server.app,
            name=self._name,
            address=self._address,
            term_type=term_type,
            size=size,
            environment=environment,
            default_lang=self._server.lang,
            proven=self._proven,
        )
        self._seat.start(self._server.limits.max_name_bytes)

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self._seat is not None:
            self._seat.received(data)

    def eof_received(self) -> bool:
        if self._seat is not None:  # the client will send nothing more: the seat is done
            self._seat.close(0)
        return False

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self._seat is not None:
            self._seat.resized(width, height)
        elif self._pty is not None:
            self._pty = self._pty[0], (width, height)

    def pause_writing(self) -> None:
        if self._seat is not None:
            self._seat.pause_output()

    def resume_writing(self) -> None:
        if self._seat is not None:
            self._seat.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._seat is not None:
            self._seat.lost()
        self._connection.close()  # its one session is over: so is the connection
