"""The browser seat's protocol, with a WebSocket client and no browser: joining by the QR's token,
by the table code or by a seat's secret, taps against the screen they were made on, the
refusals (wrong proofs and the lock-out, stale taps, oversize and silent sockets, a fifth
seat, too many messages), a takeover, a dropped seat seen away after the grace, the wall page."""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import re
from dataclasses import replace
from typing import Any

import pytest
from conftest import spread
from webclient import CODE, GRACE, get, open_client, play_by_taps, seated, web_table

from mushka.cards import CARDS
from mushka.house_rules import Exchange, HouseRules
from mushka.web.server import WebLimits
from mushka.web.state import seat_state

QUICK = WebLimits(hello_timeout=0.5, idle_timeout=2.0, close_timeout=0.2)
SILENT = replace(QUICK, idle_timeout=0.5)  # for a seat that says nothing after it sits down


pytestmark = pytest.mark.usefixtures("home")  # every test in its own home


def run(scenario: Any) -> None:
    asyncio.run(asyncio.wait_for(scenario(), 120))


BOTS = {2: "random", 3: "random"}


def test_two_browser_seats_join_by_token_and_play_a_deal_by_taps_seeing_each_other() -> None:
    async def scenario() -> None:
        async with web_table(bots=BOTS) as (table, server):
            anna = await seated(server.port, "Anna", token=server.token)
            welcome = await anna.first("welcome")
            assert welcome["name"] == "Anna" and len(welcome["secret"]) >= 16
            await anna.first("state")
            assert anna.state["stage"] == "lobby"
            boris = await seated(server.port, "Boris", token=server.token)
            await boris.until(lambda c: bool(c.of("state")) and c.state["stage"] == "play", "play")
            await anna.until(lambda c: c.state["stage"] == "play", "the session starting")
            names = [p["name"] for p in anna.state["players"]]
            assert names[:2] == ["Anna", "Boris"] and anna.state["players"][1]["via"] == "web"
            taps = await play_by_taps([anna, boris])
            assert taps > 5 and table.finished
            seqs = [m["seq"] for m in boris.of("state")]
            assert seqs == sorted(set(seqs))  # each state numbered, in order
            # Boris's screen changed with Anna's moves: states arrived while it was her turn
            assert sum(1 for m in boris.of("state") if not m["turn"]) > 3
            bye = anna.of("bye")[-1]
            assert bye["final"]["rows"] and "sheet" not in bye and bye["keep"] is False

    run(scenario)


def test_a_wrong_token_or_code_is_refused_and_five_lock_the_address_out() -> None:
    async def scenario() -> None:
        async with web_table() as (_table, server):
            for proof in ({"token": "not-it"}, {"code": "aaa-bbb-ccc"}, {}):
                client = await seated(server.port, "Anna", **proof)
                refused = await client.first("refused")
                assert refused["forget"] is True and not client.of("welcome")
                await client.closed.wait()
                assert client.close_code() == 1008
            for _ in range(4):  # two wrong so far; the fifth wrong locks the address
                client = await seated(server.port, "Anna", code="nope")
                await client.first("refused")
            client = await seated(server.port, "Anna", code=CODE)  # right, but too late
            refused = await client.first("refused")
            assert "too many wrong codes" in refused["text"] and not client.of("welcome")

    run(scenario)


def test_the_table_code_typed_by_hand_seats_a_player() -> None:
    async def scenario() -> None:
        async with web_table() as (_table, server):
            client = await seated(server.port, "Anna", code=" K7M–P3X–W9D ")  # as a phone types
            await client.first("welcome")

    run(scenario)


def test_a_tap_on_a_stale_screen_is_refused_and_never_applied() -> None:
    async def scenario() -> None:
        async with web_table(bots={1: "random", 2: "random", 3: "random"}) as (table, server):
            anna = await seated(server.port, "Anna", token=server.token)
            await anna.until(lambda c: bool(c.of("state")) and c.state["turn"], "her turn")
            state = anna.state
            moves = table.host.changes if table.host is not None else 0
            await anna.send(t="move", seq=state["seq"] - 1, move=0)
            stale = await anna.first("stale")
            assert stale["seq"] == state["seq"]
            await asyncio.sleep(0.1)
            assert table.host is not None and table.host.changes == moves  # nothing was played

    run(scenario)


def test_an_oversize_message_closes_the_socket() -> None:
    async def scenario() -> None:
        async with web_table() as (_table, server):
            client = await seated(server.port, "Anna", token=server.token)
            await client.first("state")
            await client.send(t="ping", n="x" * 5000)
            await asyncio.wait_for(client.closed.wait(), 10)
            assert client.close_code() == 1009

    run(scenario)


def test_a_socket_that_says_nothing_is_closed() -> None:
    async def scenario() -> None:
        async with web_table(limits=SILENT) as (_table, server):
            client = await open_client(server.port)
            await asyncio.wait_for(client.closed.wait(), 10)
            assert client.close_code() == 1008 and not client.messages
            seat = await seated(server.port, "Anna", token=server.token)
            await seat.first("state")  # then says nothing: closed after the idle timeout
            await asyncio.wait_for(seat.closed.wait(), 10)
            assert seat.close_code() == 1008

    run(scenario)


def test_too_many_messages_close_the_socket() -> None:
    async def scenario() -> None:
        async with web_table(limits=QUICK) as (_table, server):
            client = await seated(server.port, "Anna", token=server.token)
            await client.first("state")
            for n in range(200):
                if client.closed.is_set():
                    break
                await client.send(t="ping", n=n)
            await asyncio.wait_for(client.closed.wait(), 10)
            assert client.close_code() == 1008

    run(scenario)


def test_a_fifth_seat_is_refused() -> None:
    async def scenario() -> None:
        async with web_table() as (_table, server):
            clients = [
                await seated(server.port, name, token=server.token)
                for name in ("Anna", "Boris", "Vera", "Gleb")
            ]
            for client in clients:
                await client.first("welcome")
            fifth = await seated(server.port, "Dasha", token=server.token)
            refused = await fifth.first("refused")
            assert "Anna" in refused["text"] and not fifth.of("welcome")

    run(scenario)


def test_a_second_socket_with_the_seats_secret_takes_it_over_and_the_first_is_closed() -> None:
    async def scenario() -> None:
        async with web_table(bots=BOTS) as (table, server):
            first = await seated(server.port, "Anna", token=server.token)
            secret = (await first.first("welcome"))["secret"]
            other = await seated(server.port, "Anna", token=server.token)  # no secret: refused
            assert "already at the table" in (await other.first("refused"))["text"]
            second = await seated(server.port, "Anna", secret=secret)
            assert (await second.first("welcome"))["secret"] == secret
            bye = await first.first("bye")
            assert "another connection" in bye["text"]
            await asyncio.wait_for(first.closed.wait(), 10)
            await second.first("state")
            assert table.places[0].name == "Anna" and table.places[0].link is not None

    run(scenario)


def test_a_dropped_seat_reads_reconnecting_for_the_grace_then_away_then_comes_back() -> None:
    async def scenario() -> None:
        async with web_table(bots=BOTS, limits=QUICK, grace=GRACE) as (table, server):
            anna = await seated(server.port, "Anna", token=server.token)
            secret = (await anna.first("welcome"))["secret"]
            boris = await seated(server.port, "Boris", token=server.token)
            await boris.until(lambda c: bool(c.of("state")) and c.state["stage"] == "play", "play")
            await anna.socket.close()
            await boris.until(
                lambda c: c.state["players"][0]["state"] == "reconnecting…", "Anna reconnecting"
            )
            assert boris.state["players"][0]["presence"] == "reconnecting"
            await boris.until(lambda c: c.state["players"][0]["presence"] == "away", "then away")
            back = await seated(server.port, "Anna", secret=secret)
            await back.first("state")
            await boris.until(lambda c: c.state["players"][0]["presence"] == "here", "her back")
            assert back.state["stage"] == "play" and table.places[0].link is not None

    run(scenario)


def test_a_seat_that_reloads_within_the_grace_keeps_its_seat_before_the_session() -> None:
    async def scenario() -> None:
        async with web_table(limits=QUICK, grace=GRACE) as (table, server):
            anna = await seated(server.port, "Anna", token=server.token)
            secret = (await anna.first("welcome"))["secret"]
            await anna.socket.close()
            again = await seated(server.port, "Anna", secret=secret, token=server.token)
            await again.first("state")
            await asyncio.sleep(GRACE * 2)
            assert table.places[0].name == "Anna" and table.places[0].link is not None

    run(scenario)


def test_the_wall_page_is_joined_with_the_code_and_shows_the_public_table() -> None:
    async def scenario() -> None:
        async with web_table(bots=BOTS) as (_table, server):
            wrong = await open_client(server.port)
            await wrong.send(t="hello", wall=True, code="nope")
            await wrong.first("refused")
            wall = await open_client(server.port)
            await wall.send(t="hello", wall=True, code=CODE)
            first = await wall.first("wall")
            assert "Mushka-kopilka" in first["text"]
            await seated(server.port, "Anna", token=server.token)
            await wall.until(lambda c: "Anna" in c.of("wall")[-1]["text"], "Anna on the wall")

    run(scenario)


@pytest.mark.parametrize("started", [True, False])
def test_the_wall_s_last_word_when_the_host_stops_the_table_is_said_and_final(
    started: bool,
) -> None:
    # The TV must not end on "reconnecting…" when the host stops (Ctrl-C): it is told why, in
    # the table's words, and closed normally, so the page stops trying.
    async def scenario() -> None:
        bots = {1: "basic", 2: "basic", 3: "basic"} if started else BOTS  # Anna starts it
        async with web_table(bots=bots) as (table, server):
            wall = await open_client(server.port)
            await wall.send(t="hello", wall=True, code=CODE)
            await wall.first("wall")
            if started:
                anna = await seated(server.port, "Anna", token=server.token)
                await anna.first("state")
                assert table.host is not None
            table.stop()
            await table.closed()
            await server.goodbye()
            await asyncio.wait_for(wall.closed.wait(), 5)
            (bye,) = wall.of("bye")
            expected = (
                "The host stopped the table. The game is saved: it goes on when the host "
                "continues it."
                if started
                else "The host closed the table."
            )
            assert bye["text"] == expected and wall.messages[-1] is bye
            assert wall.close_code() == 1000

    run(scenario)


# ---------------------------------------------------------------- privacy

CARD_LABEL = re.compile(r"(?:10|[789JQKA])[♥♣♦♠]")


@pytest.mark.parametrize("seed", spread([3, 11], 1))
def test_no_message_to_a_seat_names_a_card_hidden_from_it(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over a whole seeded session of four browser seats, every card named in a state sent to a
    seat is one that seat may know at that moment (its hand, or one its view shows it)."""
    from fakeseat import knowable

    checked: list[tuple[int, set[str], frozenset[str]]] = []
    make = seat_state

    def spying(offer: Any, host: Any, log: Any) -> Any:
        state = make(offer, host, log)
        text = json.dumps(state, ensure_ascii=False)
        view = offer.view
        may = knowable(view) if view is not None else frozenset()
        known = frozenset(card.label() for card in CARDS if card.code in may)
        checked.append((offer.seat, set(CARD_LABEL.findall(text)), known))
        return state

    monkeypatch.setattr("mushka.web.server.seat_state", spying)

    async def scenario() -> None:
        rules = HouseRules(deals=2, exchange=Exchange.MODERN)
        async with web_table(rules=rules, seed=seed) as (table, server):
            clients = [
                await seated(server.port, name, token=server.token)
                for name in ("Anna", "Boris", "Vera", "Gleb")
            ]
            assert await play_by_taps(clients) > 40 and table.finished
            for client in clients:
                for data in client.raw:
                    message = json.loads(data)
                    assert message["t"] in {"welcome", "state", "bye", "stale", "pong"}

    run(scenario)
    assert len(checked) > 100
    for seat, named, known in checked:
        assert named <= known, (seat, named - known)
    for name in ("mushka.web", "websockets"):  # their lines go nowhere: not to the host's screen
        logger = logging.getLogger(name)
        assert logger.propagate is False
        assert any(isinstance(h, logging.NullHandler) for h in logger.handlers)
        ours = [h for h in logger.handlers if not type(h).__module__.startswith("_pytest")]
        assert all(isinstance(h, logging.NullHandler) for h in ours), ours


# ---------------------------------------------------------------- a client that is not one


def test_a_foreign_origin_or_host_is_refused_before_the_socket_opens() -> None:
    from websockets.exceptions import InvalidStatus

    async def scenario() -> None:
        async with web_table() as (_table, server):
            with pytest.raises(InvalidStatus) as refused:
                await open_client(server.port, origin="http://evil.example")
            assert refused.value.response.status_code == 403
            port = server.port
            upgrade = {
                "Upgrade": "websocket",
                "Connection": "Upgrade",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                "Sec-WebSocket-Version": "13",
            }
            for path, extra in (("/ws", upgrade), ("/", {}), ("/app.js", {})):
                rebound = await get(port, path, {"Host": f"evil.example:{port}"} | extra)
                assert rebound.status == 403, path  # DNS rebinding: a name that is not ours
            foreign = await get(port, "/ws", {"Origin": "http://evil.example"} | upgrade)
            assert foreign.status == 403
            no_origin = await get(port, "/ws", upgrade)
            assert no_origin.status == 403  # a browser's socket always says where it is from
            plain = await get(port, "/ws")
            assert plain.status == 426
            for path in (
                "/favicon.ico",
                "/ws/x",
                "/app.js.map",
                "/../pyproject.toml",
                "/static/app.js",
                "/" + "A" * 17,  # not a join token's shape: too short, too long, small letters
                "/" + "A" * 19,
                "/" + "a" * 18,
                "/" + "A" * 18 + "/",
            ):
                assert (await get(port, path)).status == 404, path

    run(scenario)


def test_the_qr_address_carries_the_token_as_its_path_and_any_such_path_gets_the_seat_page() -> (
    None
):
    # The QR's address is "HTTP://HOST:PORT/TOKEN" (capitals: the small alphanumeric mode). The
    # token is read by the page, not by the request: a wrong one gets the same page, so a GET
    # tells a guesser nothing; only the hello's proof, under the lock-out, decides.
    async def scenario() -> None:
        async with web_table() as (_table, server):
            url = server.url("127.0.0.1")
            assert url == f"HTTP://127.0.0.1:{server.port}/{server.token}"
            assert server.token.isalnum() and server.token.isupper() and len(server.token) == 18
            seat = await get(server.port, "/")
            right = await get(server.port, "/" + server.token)
            wrong = await get(server.port, "/" + "Z" * 18)
            assert right.status == wrong.status == 200
            assert right.body == wrong.body == seat.body

    run(scenario)


def test_every_answer_has_the_security_headers_and_the_page_no_inline_script() -> None:
    async def scenario() -> None:
        async with web_table() as (_table, server):
            port = server.port
            for path in ("/", "/wall", "/app.js", "/app.css", "/nowhere"):
                reply = await get(port, path)
                headers = reply.headers
                assert headers["referrer-policy"] == "no-referrer", path
                assert headers["cache-control"] == "no-store"
                assert headers["x-content-type-options"] == "nosniff"
                assert headers["x-frame-options"] == "DENY"
                csp = headers["content-security-policy"]
                assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp
                assert "unsafe" not in csp and "script-src 'self';" in csp
                assert "server" not in headers  # no library's name and version
            page = await get(port, "/")
            csp = page.headers["content-security-policy"]
            assert f"connect-src ws://127.0.0.1:{port};" in csp  # WebKit needs it named
            html = page.body.decode()
            assert page.headers["content-type"].startswith("text/html")
            assert re.findall(r"<script[^>]*>", html) == ['<script src="/app.js" defer>']
            assert "</script>" in html and not re.search(r"<script[^>]*>[^<]+</script>", html)
            assert not re.search(r"<[^>]+\son[a-z]+=", html)  # no inline handlers either
            assert "{{" not in html and 'lang="en"' in html
            russian = await get(port, "/", {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
            assert 'lang="ru"' in russian.body.decode() and "Ваше имя" in russian.body.decode()
            weight = 0
            for path in ("/", "/app.js", "/app.css"):
                weight += len(gzip.compress((await get(port, path)).body))
            assert weight <= 20 * 1024, weight

    run(scenario)


def test_browser_seats_fake_seats_and_computer_players_share_one_table() -> None:
    from fakeseat import join, play_out

    async def scenario() -> None:
        async with web_table(bots={3: "random"}) as (table, server):
            ssh_like = join(table, "Vera", via="ssh")
            anna = await seated(server.port, "Anna", token=server.token)
            boris = await seated(server.port, "Boris", token=server.token)
            await anna.until(lambda c: bool(c.of("state")) and c.state["stage"] == "play", "play")
            vias = [p["via"] for p in anna.state["players"]]
            assert vias == ["ssh", "web", "web", ""]
            assert [p["state"] for p in anna.state["players"]][:3] == [
                "here",
                "here, in a browser",
                "here, in a browser",
            ]
            fake = asyncio.create_task(play_out(table, [ssh_like]))
            await play_by_taps([anna, boris])
            await asyncio.wait_for(fake, 60)
            assert table.finished and ssh_like.farewell is not None

    run(scenario)


def test_a_socket_past_the_cap_of_unproved_ones_from_one_address_makes_the_oldest_go() -> None:
    async def scenario() -> None:
        limits = WebLimits(max_unproved_per_address=2)
        async with web_table(limits=limits) as (_table, server):
            first = await open_client(server.port)
            second = await open_client(server.port)
            third = await open_client(server.port)  # let in: the oldest makes room
            await asyncio.wait_for(first.closed.wait(), 10)
            assert first.close_code() == 1008
            await third.send(t="hello", name="Anna", token=server.token)
            await third.first("welcome")
            assert not second.closed.is_set()
            await second.socket.close()

    run(scenario)


def test_a_seat_picks_its_language_and_opens_and_closes_an_overlay_by_taps() -> None:
    async def scenario() -> None:
        async with web_table(bots={1: "random", 2: "random", 3: "random"}) as (_table, server):
            anna = await seated(server.port, "Anna", token=server.token)
            await anna.until(lambda c: bool(c.of("state")) and c.state["stage"] == "play", "play")
            await anna.send(t="lang", lang="ru")
            await anna.until(lambda c: c.state["lang"] == "ru", "Russian")
            labels = {c["id"]: c["label"] for c in anna.state["commands"]}
            assert labels["scores"] == "Счёт" and anna.state["words"]["hand"] == "Ваши карты"
            await anna.until(lambda c: c.state["overlay"] is None, "no overlay")
            await anna.send(t="command", command="scores", seq=anna.state["seq"])
            await anna.until(lambda c: c.state["overlay"] is not None, "the scores")
            assert anna.state["moves"] == [] and all(c["move"] is None for c in anna.state["hand"])
            await anna.send(t="back", seq=anna.state["seq"])
            await anna.until(lambda c: c.state["overlay"] is None, "back to the table")
            await anna.send(t="command", command="no-such", seq=anna.state["seq"])
            seq = anna.state["seq"]
            await anna.until(lambda c: c.state["seq"] > seq, "a state again: nothing applied")

    run(scenario)


def test_the_wall_page_and_the_http_answers_name_no_card_that_is_not_public(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every card the wall page is sent is one laid open at the table so far (a public event),
    and the page, script and style name none."""
    from mushka.web.server import WebServer

    checked: list[tuple[set[str], set[str]]] = []
    draw = WebServer._wall_text

    def spying(self: WebServer) -> str:
        text = draw(self)
        host = self.table.host
        public: set[str] = set()
        for deal in host.public_events() if host is not None else []:
            for event in deal:
                for name in ("card", "cards"):
                    value = getattr(event, name, None)
                    for card in value if isinstance(value, tuple) else (value,):
                        if isinstance(card, int):
                            public.add(CARDS[card].label())
        checked.append((set(CARD_LABEL.findall(text)), public))
        return text

    monkeypatch.setattr(WebServer, "_wall_text", spying)
    # Every change drawn, so every moment of the session is checked, however fast or slow the
    # machine plays it (at 0.25 s a busy CI run saw four drawings and failed the count below).
    monkeypatch.setattr("mushka.web.server.WALL_EVERY", 0.0)

    async def scenario() -> None:
        rules = HouseRules(deals=2, exchange=Exchange.MODERN)
        async with web_table(rules=rules, seed=5, bots=BOTS) as (_table, server):
            wall = await open_client(server.port)
            await wall.send(t="hello", wall=True, code=CODE)
            await wall.first("wall")
            clients = [await seated(server.port, n, token=server.token) for n in ("Anna", "Boris")]
            await play_by_taps(clients)
            for path in ("/", "/wall", "/app.js", "/app.css"):
                assert not CARD_LABEL.findall((await get(server.port, path)).body.decode()), path

    run(scenario)
    assert len(checked) > 50  # a drawing at each of the session's changes
    assert any(named for named, _ in checked)  # the wall does show the cards laid
    for named, public in checked:
        assert named <= public, named - public
