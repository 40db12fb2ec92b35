"""The browser seats' server: a few plain GETs (the page, its script, its style, the wall page)
and one WebSocket, on the live table's own event loop (websockets' asyncio server).

Who may join: a page opened from the QR brings the table's join token (the path of the QR's
address, so that the code stays small: the page takes it off the address bar and sends it in its
hello, and every path of its shape gets the same page, so a request tells nothing of a guess); a page opened by hand brings the table code,
under the SSH seats' lock-out and compared in constant time; a seat that has joined once
brings its seat's secret (kept in the page's storage) and sits down again with no questions,
taking the seat over from a connection that still holds it.

What is refused: a Host or an Origin that is not one of this machine's own addresses (DNS
rebinding, another site's page), every path but the few the page needs, a message over
MAX_MESSAGE bytes, a first message later than `hello_timeout`, more than a few messages a
second (on every socket: seat, wall or not yet proved), JSON nested too deep, any method but
GET and HEAD. Sockets that have proved nothing yet (no hello) are counted apart under low caps,
per address and in all, and the oldest make room for a newcomer (`host.admission.WaitingRoom`),
so they never keep out a seated player or one who brings the code. Bounded by construction:
each socket's outbound queue holds at most `WebLimits.queue` messages and one whole state (a
newer state replaces an older one: states are whole), and a reader that falls further behind,
or whose unread bytes pass `WebLimits.unread`, is closed. websockets' own log goes nowhere: the
host's terminal is the public table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from mushka.host.admission import Gate, Proof, WaitingRoom
from mushka.host.codes import JOIN_PATH, join_url, new_join_token
from mushka.host.link import FAREWELLS, Farewell, Why
from mushka.host.live import LiveTable
from mushka.host.lockout import Lockout, plain_address
from mushka.host.offer import Offer, Speak
from mushka.i18n import LANGUAGES, _, language, say, speaking
from mushka.present.seat import final_view
from mushka.present.tapped import read_tap
from mushka.render.look import Look
from mushka.render.seat_screen import plain
from mushka.render.wall import public_frame, public_lines
from mushka.web.outbox import BoundedConnection, Outbox, TokenBucket, hang_up
from mushka.web.page import expected_names, page_language, render_page, static_file
from mushka.web.rulebook import rules_html
from mushka.web.state import seat_state, told_json

DEFAULT_PORT: Final = 8765
MAX_MESSAGE: Final = 4096  # bytes of one inbound message; a longer one closes the socket
SOCKET_PATH: Final = "/ws"
STATIC: Final = {"/app.js": "text/javascript", "/app.css": "text/css"}
PAGES: Final = {"/": "seat", "/wall": "wall"}
WALL_SIZE: Final = (100, 34)  # the wall page's text, in characters
WALL_EVERY: Final = 0.25  # seconds between two drawings of the wall page (each takes ~30 ms)
METHODS: Final = ("GET", "HEAD")  # a HEAD is answered as its GET, without the body
NORMAL_CLOSURE: Final = 1000
NOT_JSON: Final = 1007  # a message that is not the JSON object the protocol speaks
POLICY_VIOLATION: Final = 1008
TOO_BIG: Final = 1009
TRY_LATER: Final = 1013


@dataclass(frozen=True)
class WebLimits:
    """The numbers the browser seats' server keeps to; tests make the times short."""

    hello_timeout: float = 5.0  # seconds from the socket opening to its first message
    idle_timeout: float = 30.0  # seconds a socket may send nothing (the page pings every second)
    rate: float = 10.0  # messages a second a socket may send, on average
    burst: int = 30  # and at once
    # Sockets that have not said hello yet, counted apart (see `WaitingRoom`): a newcomer always
    # finds room among them, the oldest of the most crowded address going.
    max_unproved: int = 16  # in all
    max_unproved_per_address: int = 4  # from one address
    max_walls: int = 8  # wall pages open at once (each is drawn at every change)
    queue: int = 32  # messages waiting for one socket (besides its newest state): more, closed
    unread: int = 256 * 1024  # bytes sent to a socket and not yet read by it: more, closed
    ping_interval: float = 10.0  # websockets' own pings: a socket that stopped answering goes
    ping_timeout: float = 10.0
    # seconds a closing socket has to answer (a flood's answer waits behind the messages it sent,
    # which nothing reads any more)
    close_timeout: float = 2.0


def _quiet(logger: logging.Logger) -> logging.Logger:
    logger.propagate = False
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())
    return logger


def host_part(address: str) -> str:
    """`address` as it stands in a URL's authority (an IPv6 address in brackets)."""
    return f"[{address}]" if ":" in address else address


class WebSeat:
    """One browser seat as the live table sees it (a `host.live.Link`)."""

    via = "web"

    def __init__(self, server: WebServer, name: str, lang: str, address: str) -> None:
        self.server, self.name, self.lang, self.address = server, name, lang, address
        self.outbox = Outbox(server.limits.queue, server.limits.close_timeout)
        self.seq = 0
        self.shown: Offer | None = None
        self.sent: str | None = None  # the last state sent, its sequence number apart
        self.drawn: object = None  # what the last state was made from (see `changed`)
        self.closed = False  # the table let it go
        self.dropped = False  # its socket is gone

    def changed(self) -> None:
        if self.closed or self.dropped:
            return
        table = self.server.table
        with speaking(table.lang_of(self)):
            offer = table.offer(self)
            host = table.host
            drawn = (offer, host.changes if host is not None else -1)
            if drawn == self.drawn and self.sent is not None:
                return  # the same offer at the same moment of the game: the same state
            self.drawn = drawn
            state = seat_state(offer, host, self.server.log())
        self.shown = offer
        body = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        if body == self.sent:
            return  # nothing this seat sees has changed
        self.sent = body
        self.seq += 1
        state["seq"] = self.seq
        self.outbox.put_state(json.dumps(state, ensure_ascii=False, separators=(",", ":")))

    def close(self, farewell: Farewell) -> None:
        if self.closed:
            return
        self.closed = True
        table = self.server.table
        lang = self.shown.lang if self.shown is not None else self.lang
        with speaking(lang):
            message: dict[str, Any] = {"t": "bye", "text": say(farewell.words)}
            if farewell.why is Why.FINISHED and table.host is not None:
                place = table.place_of(self)
                message["final"] = final_view(table.host, place).to_json()  # as data
                message["explain"] = told_json(farewell.told)  # read above the final sheet
        # the page keeps its secret only where the seat waits for it
        message["keep"] = farewell.why in (Why.LEFT, Why.STOPPED)
        message["why"] = farewell.why.value  # the page offers to sit down again after a leave
        message["again"] = farewell.why is Why.STOPPED
        self.outbox.put(json.dumps(message, ensure_ascii=False))
        self.outbox.close(1000, "")
        table.left(self)

    def act(self, message: dict[str, Any]) -> None:
        """A tap, read against the screen it was made on: a stale one is refused."""
        kind = message.get("t")
        if kind == "lang":
            lang = message.get("lang")
            if lang in LANGUAGES:
                self.server.table.act(self, Speak(str(lang)))
            return
        offer, seq = self.shown, message.get("seq")
        if offer is None:
            return
        if seq != self.seq:
            self.outbox.put(json.dumps({"t": "stale", "seq": self.seq}))
            if self.sent is not None:
                self.sent = None  # sent again, so the page has the newest
                self.changed()
            return
        intent = read_tap(message, offer)
        self.sent = None  # whatever the tap does, the page is sent a state again (its buttons)
        if intent is not None:
            self.server.table.act(self, intent)
        else:
            self.changed()


class WebServer:
    """The browser seats of one live table: `start` it, `close` it when the table is over."""

    def __init__(
        self,
        table: LiveTable,
        *,
        code: str | None,
        addresses: Sequence[str],
        token: str | None = None,
        lockout: Lockout | None = None,
        limits: WebLimits = WebLimits(),
        clock: Callable[[], float] = time.monotonic,
        lang: str | None = None,
        wall: Callable[[], str] | None = None,
    ) -> None:
        """`code` is the table code (None: only the token and seats' secrets let anyone in),
        `addresses` this machine's own (besides the loopback ones), `lockout` the SSH seats'
        (wrong codes count together), `wall` the public screen's text for the wall page."""
        self.table = table
        self.code = code
        self.token = token or new_join_token()
        self.addresses = tuple(addresses)
        self.limits = limits
        self.clock = clock
        self.lang = lang or language()
        self.lockout = lockout or Lockout(clock=clock)
        self.gate = Gate(code, self.token, self.lockout, table.proves)
        self.wall_text = wall or self._wall_text
        self._server: Server | None = None
        self._sockets: dict[ServerConnection, str] = {}  # open sockets and their addresses
        self.unproved: WaitingRoom[ServerConnection] = WaitingRoom(
            limits.max_unproved, limits.max_unproved_per_address, clock
        )
        self._closing: set[asyncio.Task[None]] = set()
        self._walls: set[Outbox] = set()
        self._log: tuple[int, list[str]] | None = None
        self._wall_at = -WALL_EVERY  # when the wall page was last drawn
        self._wall_later: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.logger = _quiet(logging.getLogger("mushka.web"))
        _quiet(logging.getLogger("websockets"))
        table.watchers.append(self._walls_changed)

    # ---------------------------------------------------------------- listening

    async def start(self, bind: str | Sequence[str] = "", port: int = DEFAULT_PORT) -> None:
        hosts: Any = bind or None
        unread = self.limits.unread

        class Connection(BoundedConnection):
            pass

        Connection.unread = unread
        self._server = await serve(
            self._handler,
            hosts,
            port,
            create_connection=Connection,
            process_request=self._process_request,
            server_header=None,
            compression=None,
            max_size=MAX_MESSAGE,
            max_queue=4,
            open_timeout=self.limits.hello_timeout,
            ping_interval=self.limits.ping_interval,
            ping_timeout=self.limits.ping_timeout,
            close_timeout=self.limits.close_timeout,
            logger=self.logger,
        )

    @property
    def port(self) -> int:
        assert self._server is not None, "the server is not started"
        return int(self._server.sockets[0].getsockname()[1])

    def url(self, address: str) -> str:
        """The address a phone opens from the QR: the join token its path."""
        return join_url(self.plain_url(address), self.token)

    def plain_url(self, address: str) -> str:
        """The address typed by hand (the page then asks for the table code)."""
        return f"http://{host_part(address)}:{self.port}/"

    def close(self) -> None:
        if self._wall_later is not None:
            self._wall_later.cancel()
        if self._server is not None:
            self._server.close()

    async def wait_closed(self) -> None:
        if self._server is not None:
            await self._server.wait_closed()

    # ---------------------------------------------------------------- plain HTTP

    def allowed_hosts(self) -> frozenset[str]:
        """The Host headers this server answers: its own addresses with its port."""
        port = self.port
        names = {*self.addresses, "127.0.0.1", "::1", "localhost"}
        hosts = {f"{host_part(name)}:{port}".lower() for name in names}
        if port == 80:  # a browser leaves the default port out
            hosts |= {host_part(name).lower() for name in names}
        return frozenset(hosts)

    def _response(
        self,
        status: int,
        reason: str,
        body: bytes,
        kind: str,
        host: str | None = None,
        extra: Sequence[tuple[str, str]] = (),
    ) -> Response:
        connect = f" ws://{host}" if host else ""
        headers = Headers(
            [
                ("Content-Type", kind),
                ("Content-Length", str(len(body))),
                *extra,
                (
                    "Content-Security-Policy",
                    "default-src 'none'; script-src 'self'; style-src 'self'; "
                    f"connect-src{connect or ' ' + chr(39) + 'none' + chr(39)}; img-src 'self'; "
                    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                ),
                ("Referrer-Policy", "no-referrer"),
                ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff"),
                ("X-Frame-Options", "DENY"),
                ("Cross-Origin-Opener-Policy", "same-origin"),
                ("Cross-Origin-Resource-Policy", "same-origin"),
            ]
        )
        return Response(status, reason, headers, body)

    def _refuse(self, status: int, reason: str, extra: Sequence[tuple[str, str]] = ()) -> Response:
        body = f"{status} {reason}\n".encode()
        return self._response(status, reason, body, "text/plain", extra=extra)

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.method not in METHODS:
            return self._refuse(405, "Method Not Allowed", [("Allow", ", ".join(METHODS))])
        response = self._answer(connection, request)
        if response is not None and request.method == "HEAD":
            response.body = b""  # its headers as the GET's, its Content-Length the GET's body's
        return response

    def _answer(self, connection: ServerConnection, request: Request) -> Response | None:
        hosts, origins = request.headers.get_all("Host"), request.headers.get_all("Origin")
        allowed = self.allowed_hosts()
        if len(hosts) != 1 or hosts[0].lower() not in allowed:
            return self._refuse(403, "Forbidden")  # DNS rebinding: a name that is not ours
        host = hosts[0].lower()
        if len(origins) > 1 or (
            origins and origins[0].lower() not in {f"http://{h}" for h in allowed}
        ):
            return self._refuse(403, "Forbidden")  # another site's page
        origin = origins[0] if origins else None
        path = request.path.split("?", 1)[0]
        if path == SOCKET_PATH:
            if request.headers.get("Upgrade", "").lower() != "websocket":
                return self._refuse(426, "Upgrade Required")
            if request.method != "GET":
                return self._refuse(405, "Method Not Allowed", [("Allow", "GET")])
            if origin is None:
                return self._refuse(403, "Forbidden")  # a browser always sends one
            return None  # the handshake goes on; the socket waits among the unproved
        if path in PAGES or JOIN_PATH.fullmatch(path):
            lang = page_language(request.headers.get("Accept-Language"), self.lang)
            body = render_page(PAGES.get(path, "seat"), lang, expected_names(self.table))
            return self._response(200, "OK", body, "text/html; charset=utf-8", host)
        if path in STATIC:
            body = static_file(path.removeprefix("/"))
            return self._response(200, "OK", body, STATIC[path] + "; charset=utf-8", host)
        return self._refuse(404, "Not Found")

    # ---------------------------------------------------------------- the socket

    async def _handler(self, socket: ServerConnection) -> None:
        address = _peer(socket)
        self._sockets[socket] = address
        for gone in self.unproved.enter(socket, address):
            self._close_later(gone, POLICY_VIOLATION, "room for a newcomer")
        try:
            await self._serve(socket, address)
        except ConnectionClosed:
            pass
        finally:
            self.unproved.leave(socket)
            self._sockets.pop(socket, None)

    async def _hang_up(self, socket: ServerConnection, code: int, reason: str) -> None:
        await hang_up(socket, code, reason, self.limits.close_timeout)

    def _close_later(self, socket: ServerConnection, code: int, reason: str) -> None:
        task = asyncio.get_running_loop().create_task(self._hang_up(socket, code, reason))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _serve(self, socket: ServerConnection, address: str) -> None:
        try:
            first = await asyncio.wait_for(socket.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await self._hang_up(socket, POLICY_VIOLATION, "hello is due")
            return
        hello = _message(first)
        if hello is None:
            await self._hang_up(socket, NOT_JSON, "not a JSON object")
            return
        if hello.get("t") != "hello":
            await self._hang_up(socket, POLICY_VIOLATION, "hello first")
            return
        self.unproved.leave(socket)  # counted as what it asks for now: a seat or a wall
        lang = hello.get("lang")
        lang = lang if isinstance(lang, str) and lang in LANGUAGES else self.lang
        if hello.get("wall") is True:
            await self._wall(socket, address, hello, lang)
            return
        name = hello.get("name")
        secret = hello.get("secret")
        secret = secret if isinstance(secret, str) and len(secret) <= 256 else None
        if not isinstance(name, str) or len(name) > 256:
            await self._refused(socket, lang, _("Type your name to sit down."), forget=True)
            return
        proof = self._proof(address, hello, name, secret)
        if proof is not None:
            await self._refused(socket, lang, proof, forget=True)
            return
        seat = WebSeat(self, name, lang, address)
        code = hello.get("code")
        if isinstance(code, str) and code and self.table.proves(name, code):
            secret = code  # a seat's own code typed by hand proves it as its secret does
        refusal = self.table.admit(seat, secret)
        if refusal is not None:
            await self._refused(socket, lang, refusal, forget=False)
            return
        writer = asyncio.get_running_loop().create_task(seat.outbox.run(socket))
        try:
            self.table.joined(seat)
            secret = self.table.secret(seat)
            seat.outbox.put(json.dumps({"t": "welcome", "name": name, "secret": secret}))
            await self._read(socket, seat)
        finally:
            seat.dropped = True
            if not seat.closed:  # a phone that slept, a reload: the table holds it a grace
                self.table.dropped(seat)
            if not writer.done():
                seat.outbox.close(1000)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 2)
                writer.cancel()

    def _proof(
        self, address: str, hello: dict[str, Any], name: str, secret: str | None
    ) -> str | None:
        """None where `hello` proves its right to a seat (the token, the code, or the secret of
        `name`'s seat: the table's gate weighs it), else why not, in the language spoken now."""
        proof = self.gate.hello(
            address, name=name, secret=secret, token=hello.get("token"), code=hello.get("code")
        )
        return None if isinstance(proof, Proof) else _(proof)

    async def _refused(self, socket: ServerConnection, lang: str, text: str, forget: bool) -> None:
        await socket.send(json.dumps({"t": "refused", "text": text, "forget": forget}))
        await self._hang_up(socket, POLICY_VIOLATION, "refused")

    async def _read(self, socket: ServerConnection, seat: WebSeat) -> None:
        bucket = TokenBucket(self.limits.rate, self.limits.burst, self.clock)
        while not seat.closed:
            try:
                data = await asyncio.wait_for(socket.recv(), self.limits.idle_timeout)
            except TimeoutError:
                await self._hang_up(socket, POLICY_VIOLATION, "silent")
                return
            if not bucket.take():
                await self._hang_up(socket, POLICY_VIOLATION, "too many messages")
                return
            message = _message(data)
            if message is None:
                await self._hang_up(socket, NOT_JSON, "not a JSON object")
                return
            if message.get("t") == "ping":
                seat.outbox.put(json.dumps({"t": "pong", "n": message.get("n")}))
                continue
            if message.get("t") == "rules":  # the rulebook, on request: not in every state
                lang = self.table.lang_of(seat)
                html_text = rules_html(lang)
                seat.outbox.put(json.dumps({"t": "rules", "lang": lang, "html": html_text}))
                continue
            seat.act(message)

    # ---------------------------------------------------------------- the wall page

    async def _wall(
        self, socket: ServerConnection, address: str, hello: dict[str, Any], lang: str
    ) -> None:
        proof = self._proof(address, hello, "", None)
        if proof is not None:
            await self._refused(socket, lang, proof, forget=True)
            return
        if len(self._walls) >= self.limits.max_walls:
            with speaking(lang):
                text = _("This table shows as many wall pages as it can: close one first.")
            await self._refused(socket, lang, text, forget=False)
            return
        outbox = Outbox(self.limits.queue, self.limits.close_timeout)
        self._walls.add(outbox)
        writer = asyncio.get_running_loop().create_task(outbox.run(socket))
        outbox.put(json.dumps({"t": "welcome", "wall": True}))
        outbox.put_state(self._wall_message())
        bucket = TokenBucket(self.limits.rate, self.limits.burst, self.clock)
        try:
            while outbox.closing is None:
                try:
                    data = await asyncio.wait_for(socket.recv(), self.limits.idle_timeout)
                except TimeoutError:
                    await self._hang_up(socket, POLICY_VIOLATION, "silent")
                    return
                if not bucket.take():
                    await self._hang_up(socket, POLICY_VIOLATION, "too many messages")
                    return
                message = _message(data)
                if message is None:
                    await self._hang_up(socket, NOT_JSON, "not a JSON object")
                    return
                if message.get("t") == "ping":
                    outbox.put(json.dumps({"t": "pong", "n": message.get("n")}))
            await outbox.overflow_closed()  # not back to websockets (which closes with 1000)
        except ConnectionClosed:
            pass
        finally:
            self._walls.discard(outbox)
            writer.cancel()

    def _wall_message(self) -> str:
        message: dict[str, Any] = {"t": "wall", "text": self.wall_text()}
        host = self.table.host
        if host is not None and host.is_over:  # the room's screen ends on the final sheet
            with speaking(self.lang):
                message["over"] = {
                    "text": _("The session is over."),
                    "final": final_view(host).to_json(),  # the winner named in its verdict
                }
        return json.dumps(message, ensure_ascii=False)

    async def goodbye(self, timeout: float = 1.0) -> None:
        """The host lets the table go: every wall page is told so and closed, its last word
        standing on the TV (the final sheet where the session finished; else that the host
        stopped the table and the game is saved), never a "reconnecting…" with nobody to come
        back. Waits at most `timeout` seconds for the pages to be sent it."""
        host = self.table.host
        if host is not None and host.is_over:
            last = self._wall_message()
        else:
            with speaking(self.lang):
                words = (
                    _(
                        "The host stopped the table. The game is saved: it goes on when the host continues it."
                    )
                    if host is not None
                    else say(FAREWELLS[Why.CLOSED])
                )
            last = json.dumps({"t": "bye", "text": words}, ensure_ascii=False)
        for outbox in self._walls:
            outbox.put_state(last)  # after what is queued; an older state it replaces
            outbox.close(NORMAL_CLOSURE, "")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self._walls and loop.time() < deadline:  # each page's handler leaves the set
            await asyncio.sleep(0.02)

    def _wall_text(self) -> str:
        width, height = WALL_SIZE
        return plain(public_frame(self.table, width, height, Look(False)), width)

    def _walls_changed(self) -> None:
        """The table changed: the wall pages are drawn again, at most every WALL_EVERY seconds
        (a TV needs no more, and the seats' work on the loop comes first), the last change
        always drawn."""
        if not self._walls:
            return
        waited = self.clock() - self._wall_at
        if waited >= WALL_EVERY:
            self._draw_walls()
        elif self._wall_later is None:
            loop = asyncio.get_running_loop()
            self._wall_later = loop.call_later(WALL_EVERY - waited, self._wall_due)

    def _wall_due(self) -> None:
        self._wall_later = None
        if not self._walls:
            return
        if self.table.quiet:  # nothing writes the table host now: it may be read
            self._draw_walls()
        else:
            self._wall_later = asyncio.get_running_loop().call_later(0.05, self._wall_due)

    def _draw_walls(self) -> None:
        self._wall_at = self.clock()
        message = self._wall_message()
        for outbox in self._walls:
            outbox.put_state(message)

    def log(self) -> list[str]:
        """The public log's lines (the wall's), worked out once a change of the table."""
        host = self.table.host
        key = (host.changes if host is not None else -1, len(self.table.news))
        lang = language()
        if self._log is None or self._log[0] != hash((key, lang)):
            self._log = (hash((key, lang)), public_lines(self.table, Look(False)))
        return self._log[1]


def _peer(connection: ServerConnection) -> str:
    peer = connection.remote_address
    return plain_address(str(peer[0])) if peer else ""


def _message(data: str | bytes) -> dict[str, Any] | None:
    if isinstance(data, bytes):
        return None
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):  # RecursionError: "[[[[…" nested past Python's stack
        return None
    return message if isinstance(message, dict) else None
