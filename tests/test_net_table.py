"""The network table in-process: real SSH clients on 127.0.0.1 whose screens pyte emulates, seated
at a `LiveTable` through SSH seats over the real `TableServer`: whole sessions, privacy frame by frame, drops and
rejoins, takeovers, languages, small screens, and computer players thinking while others type."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from conftest import spread
from drivers import cards_shown
from fakeseat import knowable
from sshclient import Player, join, run, table

from mushka.actions import PASS, Action
from mushka.engine import Session
from mushka.host.live import LiveTable
from mushka.host.settings import TableSettings
from mushka.host.table import TableHost, Turn
from mushka.house_rules import Exchange, HouseRules
from mushka.net.seat import Seat
from mushka.net.sshseat import SshSeat, SshTable
from mushka.players.bots import Bot
from mushka.state import Step
from mushka.view import SeatView

# The loopback SSH check end to end: the same scenarios play through fake seats in-process
# (tests/test_live_table.py), so the quick profile leaves these to the full run.
pytestmark = pytest.mark.slow

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


pytestmark = pytest.mark.usefixtures("home")  # every test in its own home


@dataclass
class Frames:
    """Every frame the table drew on each seat, with what that seat could know at that moment."""

    seen: list[tuple[int, str, frozenset[str]]] = field(default_factory=list)


GRACE = 0.2  # seconds a dropped seat reads "reconnecting" at these tables (the host waits 4)
APPS: dict[int, SshTable] = {}  # each table's SSH application, by the table's id


def ssh(table_: LiveTable) -> SshTable:
    """`table_` behind SSH seats (kept, so that `watched` can spy on its seats)."""
    app = APPS[id(table_)] = SshTable(table_)
    return app


def watched(table_: LiveTable, frames: Frames) -> None:
    """Keep every frame drawn on a seat, beside what that seat may know when it is drawn."""
    app = APPS[id(table_)]
    admit = app.admit

    def spy_admit(seat: Seat) -> str | None:
        refusal = admit(seat)
        link = app.links.get(seat)
        if link is not None:
            spy(link)
        return refusal

    def spy(link: SshSeat) -> None:
        changed = link.changed
        original = link.seat.draw

        def draw(frame: str, prompt: tuple[int, int] | None = None) -> None:
            place = table_.place_of(link)
            if table_.host is not None and place is not None:
                seen = knowable(table_.host.view(place))
                frames.seen.append((place, ANSI.sub("", frame), seen))
            original(frame, prompt)

        def spied() -> None:
            link.seat.draw = draw  # type: ignore[method-assign]
            try:
                changed()
            finally:
                link.seat.draw = original  # type: ignore[method-assign]

        link.changed = spied  # type: ignore[method-assign]

    app.admit = spy_admit  # type: ignore[method-assign]


@asynccontextmanager
async def seated(
    home: Path, settings: TableSettings, *, seed: int = 7, rules: HouseRules | None = None
) -> AsyncIterator[tuple[LiveTable, int, asyncio.Event]]:
    over = asyncio.Event()
    table_ = LiveTable(rules or HouseRules(), settings, seed=seed, on_over=over.set, grace=GRACE)
    async with table(home / "keys", ssh(table_)) as server:
        try:
            yield table_, server.port, over
        finally:
            table_.stop()  # as the host does: no computer player left thinking
            await asyncio.sleep(0)


async def play_out(
    table_: LiveTable,
    players: dict[int, Player],
    over: asyncio.Event,
    choose: Callable[[SeatView], str],
) -> int:
    """Answer each seat's turn on its own screen until the session is over; moves made."""
    moves = 0
    while not over.is_set():
        await table_.idle()  # the host is read between the table's writes
        host = table_.host
        assert host is not None
        turn = host.pending()
        if turn is None or turn.computer:
            await asyncio.sleep(0.01)
            continue
        player = players[turn.seat]
        await player.wait_for("Your move [")
        await table_.idle()
        if host.pending() != turn:
            continue
        answer = choose(turn.view)
        await player.send(answer + "\r")
        if (
            turn.view.legal_actions
            and answer == "p"
            and turn.view.led_suit is not None
            and any(c.suit == turn.view.led_suit for c in turn.view.hand)
        ):
            await player.wait_for("Pass anyway?")
            await player.send("y\r")
        moves += 1
        for _ in range(500):
            await table_.idle()
            if over.is_set() or host.pending() != turn:
                break
            await asyncio.sleep(0.01)
    return moves


def with_computer(seat: int, bot: object) -> Callable[[Session, TableSettings], TableHost]:
    """A LiveTable's host maker that seats `bot` (a test's own computer player) at `seat`."""

    def make_host(session: Session, settings: TableSettings) -> TableHost:
        return TableHost(session, settings, bots={seat: bot})  # type: ignore[dict-item]

    return make_host


def first_legal(view: SeatView) -> str:
    action = view.legal_actions[-1] if PASS in view.legal_actions[:1] else view.legal_actions[0]
    return "p" if action == PASS else action.code


def test_four_network_seats_play_a_whole_session_each_seeing_only_his_own_hand(
    home: Path,
) -> None:
    frames = Frames()

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, record_path=str(home / "game.json"))
        async with seated(home, settings, rules=HouseRules(deals=2)) as (table_, port, over):
            watched(table_, frames)
            players = {}
            for seat, name in enumerate(NAMES):
                players[seat] = await join(port, name, size=(80, 24) if seat % 2 else (40, 16))
                await players[seat].wait_for(name)
            moves = await play_out(table_, players, over, first_legal)
            assert moves > 20
            for player in players.values():
                assert await player.wait_closed() == 0
                assert "Final score sheet" in player.raw.decode("utf-8", "replace")

    run(scenario)
    assert json.loads((home / "game.json").read_text(encoding="utf-8"))["format"] == "mushka-record"
    assert frames.seen and {place for place, _, _ in frames.seen} == {0, 1, 2, 3}
    for place, text, known in frames.seen:
        leaked = cards_shown(text) - known
        assert not leaked, (place, sorted(leaked), text)


@pytest.mark.parametrize("seed", spread([3, 11], 1))  # seconds a case: one with --quick
def test_no_frame_on_any_seat_ever_shows_a_card_hidden_from_it(home: Path, seed: int) -> None:
    """Property over seeded sessions (two people, two computers, every exchange rule): every
    frame drawn on seat i, at the moment it is drawn, names only cards seat i may know then."""
    frames = Frames()
    exchange = [Exchange.MODERN, Exchange.OLD][seed % 2]

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 3: "random"}, undo=True)
        rules = HouseRules(deals=2, exchange=exchange)
        async with seated(home, settings, seed=seed, rules=rules) as (table_, port, over):
            watched(table_, frames)
            players = {0: await join(port, "Anna", size=(40, 16)), 2: await join(port, "Vera")}
            await play_out(table_, players, over, first_legal)

    run(scenario)
    assert len(frames.seen) > 50
    for place, text, known in frames.seen:
        assert not cards_shown(text) - known, (place, text)


def test_a_drop_mid_trick_shows_away_waits_and_the_rejoin_redraws_the_seat(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0)
        async with seated(home, settings) as (table_, port, _over):
            players = {seat: await join(port, name) for seat, name in enumerate(NAMES)}
            await table_.idle()
            host = table_.host
            assert host is not None
            turn = host.pending()
            assert turn is not None
            mover = players[turn.seat]
            await mover.wait_for("Your move [")
            await mover.send(first_legal(turn.view) + "\r")
            while host.pending() == turn:
                await asyncio.sleep(0.01)
                await table_.idle()
            nxt = host.pending()
            assert nxt is not None
            name = NAMES[nxt.seat]
            await players[nxt.seat].wait_for("Your move [")  # his screen as it stands now
            before = players[nxt.seat].screen_text()
            await players[nxt.seat].close()
            other = players[(nxt.seat + 1) % 4]
            await other.wait_until(
                lambda: (
                    "away" in other.screen_text() and f"{name} to come back" in other.screen_text()
                ),
                "the table to wait for him",
            )
            back = await join(port, name)
            await back.wait_for("Your move [")
            assert back.screen_text().splitlines()[-1] == before.splitlines()[-1]
            await other.wait_for(f"{name} is back (from 127.0.0.1).")
            await back.send("q\r")
            await back.wait_for("Leave the table?")
            await back.send("n\r")
            await back.wait_for("Your move [")

    run(scenario)


def test_a_second_login_with_a_live_seat_s_name_is_refused(home: Path) -> None:
    async def scenario() -> None:
        async with seated(home, TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})) as (
            table_,
            port,
            _over,
        ):
            anna = await join(port, "Anna")
            await anna.wait_for("Anna")
            impostor = await join(port, "Anna")
            assert await impostor.wait_closed() == 1
            assert "cannot be taken over" in impostor.raw.decode()
            await join(port, "anna")  # alike but for case: not a new seat either
            await anna.wait_for("Anna")
            assert table_.places[1].name != "anna"

    run(scenario)


def test_a_wrong_code_joins_nobody(home: Path) -> None:
    import asyncssh
    from sshclient import connect

    async def scenario() -> None:
        async with seated(home, TableSettings(bot_delay=0)) as (table_, port, _over):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(port, "Anna", password="not-the-code")
            assert all(place.name is None for place in table_.places)

    run(scenario)


def test_a_russian_seat_beside_an_english_one_and_a_resize(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        async with seated(home, settings) as (_table, port, _over):
            anna = await join(port, "Anna")
            boris = await join(port, "Борис", size=(40, 16), env={"LANG": "ru_RU.UTF-8"})
            await boris.wait_for("ваши карты")
            await anna.wait_for("your hand")
            assert "ваши" not in anna.screen_text() and "your hand" not in boris.screen_text()
            assert all(len(line) <= 40 for line in boris.lines())
            await boris.resize(80, 24)
            await boris.wait_until(lambda: "╭─" in boris.screen_text(), "the roomy layout")
            assert "ваши карты" in boris.screen_text()

    run(scenario)


def test_a_computer_player_thinks_off_the_loop_while_another_seat_types(home: Path) -> None:
    """While a computer player's search runs (here: held until the test lets it go), the other
    seats' keys are read and their screens drawn."""
    import threading

    from mushka.players.bots import make_bot

    thinking, release = threading.Event(), threading.Event()

    class Slow:
        def __init__(self) -> None:
            import random

            self.bot = make_bot("basic", random.Random(1))

        def choose(self, view: SeatView) -> Action:
            thinking.set()
            release.wait(30)
            return self.bot.choose(view)

    make_host = with_computer(3, Slow())

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={3: "basic"})
        over = asyncio.Event()
        table_ = LiveTable(HouseRules(), settings, seed=7, on_over=over.set, make_host=make_host)
        async with table(home / "keys", ssh(table_)) as server:
            players = [await join(server.port, name) for name in NAMES[:3]]
            await table_.idle()
            host = table_.host
            assert host is not None
            while not thinking.is_set():
                await table_.idle()
                turn = host.pending()
                assert turn is not None
                if not turn.computer:
                    await players[turn.seat].wait_for("Your move [")
                    await players[turn.seat].send(first_legal(turn.view) + "\r")
                await asyncio.sleep(0.02)
            await players[0].send("?\r")
            await players[0].wait_for("Press Enter to go back")
            assert thinking.is_set() and not release.is_set()
            release.set()

    run(scenario)


def test_a_paste_escapes_and_a_resize_storm_on_one_seat_never_stall_the_other(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        async with seated(home, settings) as (table_, port, _over):
            anna = await join(port, "Anna")
            boris = await join(port, "Boris")
            await boris.wait_for("Boris, your hand")
            # Anna's turn, so that no computer player's move redraws her screen over the refusal
            await anna.wait_for("Your move [")
            await anna.send("x" * 100_000 + "\r")  # one huge line: refused, not acted on
            await anna.send("\x1b[A\x1b[2J\x1b]0;evil\x07\x1b[31m" * 2000 + "\r")
            for width in range(40, 120, 3):
                await anna.resize(width, 24)
            await boris.send("?\r")  # meanwhile the other seat is served as ever
            await boris.wait_for("Press Enter to go back")
            await anna.resize(80, 24)
            await anna.wait_until(
                lambda: "too long" in anna.screen_text() or "not a move" in anna.screen_text(),
                "the paste to be refused",
            )
            assert "evil" not in anna.screen_text() and table_.host is not None

    run(scenario)


def test_a_failing_computer_player_stops_the_table_saved_naming_no_card(home: Path) -> None:
    class Crashing:
        def choose(self, view: SeatView) -> object:
            raise RuntimeError(f"lost holding {view.hand}")

    make_host = with_computer(3, Crashing())

    async def scenario() -> None:
        over = asyncio.Event()
        settings = TableSettings(bot_delay=0, bots={3: "basic"})
        table_ = LiveTable(HouseRules(), settings, seed=7, on_over=over.set, make_host=make_host)
        async with table(home / "keys", ssh(table_)) as server:
            players = [await join(server.port, name) for name in NAMES[:3]]
            await asyncio.wait_for(over.wait(), 30)
            assert table_.failure is not None and "seat 4" in str(table_.failure)
            assert "holding" not in str(table_.failure)
            for player in players:
                assert await player.wait_closed() == 1
                assert "unexpected error; it is saved" in player.raw.decode()

    run(scenario)
    assert (home / "state" / "mushka" / "current-game.json").exists()


DELAY = 2.0  # the computer players' pace: room for a take-back on a loaded machine


def test_a_move_taken_back_while_the_next_computer_player_waits_its_pace(home: Path) -> None:
    """`u` at a seat after a lead, within the bot delay of the computer player who acts next:
    the lead goes back, the computer player does not play (nor think) on a turn that is no longer
    its own, nothing stops; the seat leads again and the computers play on."""

    async def scenario() -> None:
        bots = {1: "basic", 2: "basic", 3: "basic"}
        settings = TableSettings(bot_delay=DELAY, bots=bots, undo=True)
        # seed 24: Anna leads the first trick, so no computer player's pace comes before it
        async with seated(home, settings, seed=24) as (table_, port, _over):
            anna = await join(port, "Anna")

            async def annas_turn() -> Turn:
                for _ in range(3000):
                    await table_.idle()
                    host = table_.host
                    turn = host.pending() if host is not None else None
                    if turn is not None and turn.seat == 0:
                        await anna.wait_for("Your move [")
                        return turn
                    await asyncio.sleep(0.01)
                raise AssertionError("Anna was never asked to move")

            turn = await annas_turn()
            while turn.view.step is not Step.LEAD:  # follow until Anna leads
                await anna.send(first_legal(turn.view) + "\r")
                await asyncio.sleep(0.1)
                turn = await annas_turn()
            await table_.idle()
            host = table_.host
            assert host is not None
            events = sum(map(len, host.public_events()))
            await anna.send(first_legal(turn.view) + "\r")
            await anna.wait_for("Waiting for Bot 2")
            await anna.wait_for("u take it back")  # offered on her screen while it may be done
            await anna.send("u\r")
            await anna.wait_for("takes back")
            await asyncio.sleep(DELAY)  # past the computer player's pace: it must not have played
            assert table_.failure is None and not table_.finished
            await table_.idle()
            again = host.pending()
            assert again is not None and again.seat == 0
            assert sum(map(len, host.public_events())) == events
            await anna.send(first_legal(again.view) + "\r")
            await anna.wait_until(
                lambda: sum(map(len, host.public_events())) > events + 1 or bool(table_.failure),
                "the computer players to play on",
                timeout=4 * DELAY,
            )
            assert table_.failure is None

    run(scenario)


def test_ctrl_d_at_a_seat_leaves_with_a_word_and_the_seat_waits(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        async with seated(home, settings) as (_table, port, _over):
            anna, boris = await join(port, "Anna"), await join(port, "Boris")
            await anna.wait_for("Anna, your hand")
            await boris.send(b"\x04")
            assert await boris.wait_closed() == 0
            assert b"You left the table; join again to take your seat back." in boris.raw
            await anna.wait_for("Boris is away")

    run(scenario)


def test_help_on_a_40x16_seat_comes_a_page_at_a_time_and_loses_nothing(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"}, undo=True)
        async with seated(home, settings) as (_table, port, _over):
            anna = await join(port, "Anna", size=(40, 16))
            await anna.wait_for("your hand")
            await anna.send("?\r")
            await anna.wait_for("-- 1/")  # the pager's short hint, on a seat this narrow
            seen = anna.screen_text()
            pages = int(re.findall(r"-- 1/(\d+): Enter more, q back --", seen)[0])
            assert pages >= 3
            for page in range(2, pages + 1):
                await anna.send("\r")
                await anna.wait_for(f"{page}/{pages}: Enter")
                seen += "\n" + anna.screen_text()
            for key in (
                "r            the rulebook",
                "s            your scores",
                "q            leave",
            ):
                assert key in seen
            assert "u            right after your move" in seen and "House rules:" in seen
            await anna.send("\r")  # Enter on the last page: back to the table
            await anna.wait_until(lambda: "-- page" not in anna.screen_text(), "the table again")
            assert "your hand" in anna.screen_text()

    run(scenario)


def test_a_seat_smaller_than_40x16_is_asked_to_grow_and_then_sees_its_hand(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        async with seated(home, settings) as (_table, port, _over):
            anna = await join(port, "Anna", size=(30, 10))
            await anna.wait_for("Enlarge it")
            assert "the table needs at least" in " ".join(anna.lines())
            assert "your hand" not in anna.screen_text()
            await anna.resize(40, 16)
            await anna.wait_for("Anna, your hand")

    run(scenario)


class Slow:
    """A computer player that plays as `basic` after a long think (a `strong` under load)."""

    name: str = "slow"
    decided: ClassVar[list[str]] = []  # the lead each decision was for, by every copy of it

    def __init__(self) -> None:
        from mushka.players.bots import BasicBot

        self.basic = BasicBot()

    def choose(self, view: SeatView) -> Action:
        import time

        time.sleep(1.0)
        self.decided.append(view.trick_plays[0][1].code if view.trick_plays else "")
        return self.basic.choose(view)


def test_a_decision_made_for_a_move_since_taken_back_and_made_again_is_never_played(
    home: Path,
) -> None:
    """Anna leads, the next computer player starts thinking, Anna takes her lead back and leads
    another card before it answers: as many events as before, but another position. Its answer
    is dropped and it thinks again; nothing stops."""

    async def scenario() -> None:
        over = asyncio.Event()
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"}, undo=True)

        slow = Slow()
        Slow.decided.clear()  # a class's list: the host plays each decision's copy of the bot

        def make_host(session: Session, settings: TableSettings) -> TableHost:
            from mushka.players.bots import BasicBot

            bots: dict[int, Bot] = {1: slow, 2: BasicBot(), 3: BasicBot()}
            return TableHost(session, settings, bots=bots)

        # seed 24: Anna leads the first trick (no slow decision comes before it)
        table_ = LiveTable(HouseRules(), settings, seed=24, on_over=over.set, make_host=make_host)
        async with table(home / "keys", ssh(table_)) as server:
            anna = await join(server.port, "Anna")
            host = None
            for _ in range(3000):
                await table_.idle()
                host = table_.host
                turn = host.pending() if host is not None else None
                if turn is not None and turn.seat == 0 and turn.view.step is Step.LEAD:
                    break
                if turn is not None and turn.seat == 0:
                    await anna.wait_for("Your move [")
                    await anna.send(first_legal(turn.view) + "\r")
                    await asyncio.sleep(0.2)
                await asyncio.sleep(0.01)
            assert host is not None and turn is not None and turn.view.step is Step.LEAD
            await anna.wait_for("Your move [")
            leads = [a.code for a in turn.view.legal_actions]
            assert len(leads) >= 2
            await anna.send(leads[0] + "\r")
            await anna.wait_for("u take it back")
            assert table_.thinking is not None  # Bot 2 is thinking about the first lead
            await anna.send("u\r")
            await anna.wait_for("takes back")
            await anna.wait_for("Your move [")
            await anna.send(leads[-1] + "\r")  # another lead: the same count of events

            def follows() -> list[object]:
                """What was played after the lead now on the table (none yet: nothing)."""
                deal = host.public_events()[-1]
                lead = [e for e in deal if type(e).__name__ == "Lead"]
                return list(deal[deal.index(lead[-1]) + 1 :]) if lead else []

            # the stale answer comes back, and a fresh one after it, which is played
            await anna.wait_until(
                lambda: bool(follows()) or table_.failure is not None, "the computers to play on"
            )
            assert table_.failure is None and not table_.finished
            await table_.idle()
            assert follows(), "the computer players did not play on"
            # it thought about the first lead, then (its answer dropped) about the second
            codes = {c.code for c in turn.view.hand}
            assert leads[0] in codes and leads[-1] in codes  # a lead's code is its card's
            at = Slow.decided.index(leads[0])
            assert Slow.decided[at : at + 2] == [leads[0], leads[-1]], Slow.decided
            table_.stop()
            await asyncio.sleep(0)

    run(scenario)


def test_once_the_host_stops_the_table_no_computer_player_moves(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0.3, bots={1: "basic", 2: "basic", 3: "basic"})
        async with seated(home, settings) as (table_, port, _over):
            anna = await join(port, "Anna")
            await anna.wait_for("Anna, your hand")
            await table_.idle()
            host = table_.host
            assert host is not None
            for _ in range(500):  # until a computer player is pacing itself
                if table_.thinking is not None:
                    break
                await table_.idle()
                turn = host.pending()
                if turn is not None and turn.seat == 0:
                    await anna.send(first_legal(turn.view) + "\r")
                await asyncio.sleep(0.02)
            assert table_.thinking is not None
            await table_.idle()
            events = sum(map(len, host.public_events()))
            table_.stop()
            assert await anna.wait_closed() == 0
            assert b"The host stopped the table. Join again when the host continues it." in anna.raw
            await asyncio.sleep(1.0)  # more than a computer player's pace
            assert sum(map(len, host.public_events())) == events and not table_.finished

    run(scenario)


def test_the_rulebook_at_a_seat_comes_a_screen_at_a_time_and_q_goes_back(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        async with seated(home, settings) as (_table, port, _over):
            anna = await join(port, "Anna", size=(40, 16))
            await anna.wait_for("your hand")
            await anna.send("r\r")
            await anna.wait_for("-- 15/")  # the short hint of a seat this narrow
            await anna.send("\r")
            await anna.wait_for("-- 30/")
            await anna.send("q\r")
            await anna.wait_until(lambda: "Enter more" not in anna.screen_text(), "the table again")
            assert "your hand" in anna.screen_text()

    run(scenario)


def test_a_rejoin_proves_it_is_the_same_player_with_the_seat_s_own_code(home: Path) -> None:
    """Issue 27: anyone who knew the table's code could log in under an away player's name and
    be drawn his hand, and the real player was then refused. Now a return with the table's
    code alone is taken only from the address the seat last sat at; from another, it needs the
    seat's own code (shown on that seat only), which takes the seat back always, even from a
    live connection; the return is said with its address on every seat."""

    async def scenario() -> None:
        from mushka.host.codes import new_code

        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        table_ = LiveTable(HouseRules(), settings, seed=7, make_secret=new_code, grace=GRACE)
        async with table(home / "keys", ssh(table_)) as server:
            port = server.port
            anna = await join(port, "Anna", size=(120, 40), source="127.0.0.2")
            await anna.wait_for("Your seat's own code:")
            found = re.search(r"own code: ([a-z0-9-]+)\.", anna.screen_text())
            assert found is not None
            code = found.group(1)
            assert code == table_.places[0].secret and len(code) == 11
            boris = await join(port, "Boris", size=(120, 40), source="127.0.0.3")
            await boris.wait_for("Waiting for")
            assert code not in boris.screen_text()
            await anna.close()
            await boris.wait_for("Anna is away")
            impostor = await join(port, "Anna", source="127.0.0.66")
            assert await impostor.wait_closed() == 1
            said = " ".join(impostor.raw.decode().split())
            assert "last sat here from another address" in said and "seat's own code" in said
            assert "♠" not in impostor.screen_text() and "♥" not in impostor.screen_text()
            # Boris acts: his own notice is on screen when Anna comes back
            await boris.send("1\r")
            await boris.wait_for("Waiting for Anna to come back")
            typed = code.upper().replace("-", " ")  # read off the screen, typed any old way
            back = await join(port, "Anna", password=typed, size=(120, 40), source="127.0.0.77")
            await back.wait_for("Anna, your hand")
            await back.send("?\r")  # the help shows the seat's code during the session
            await back.wait_for(f"Your seat's own code: {code}.")
            await boris.wait_for("Anna is back (from 127.0.0.77).")
            # the seat's code takes it back even from a connection that still holds it
            again = await join(port, "Anna", password=code, size=(120, 40), source="127.0.0.78")
            await again.wait_for("Anna, your hand")
            assert await back.wait_closed() == 0
            assert "taken up from another connection" in " ".join(back.raw.decode().split())
            assert table_.places[0].address == "127.0.0.78"
            # the table's code alone from the address the seat last sat at is still enough
            await again.close()
            await boris.wait_for("Anna is away")
            same = await join(port, "Anna", size=(120, 40), source="127.0.0.78")
            await same.wait_for("Anna, your hand")
            table_.stop()

    run(scenario)


def test_a_frame_drawn_before_is_shown_again_undrawn_and_every_change_is_drawn(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `?` then Enter shows the help, then the table as it was: both frames kept from before
    # (SshSeat.frames), not drawn by Rich again; a move changes the table, and its frame is new.
    import mushka.net.sshseat as sshseat
    from mushka.render.seat_screen import Frame, seat_frame

    drawn: list[str] = []

    def counted(*args: Any) -> Frame:
        frame = seat_frame(*args)
        drawn.append(frame.text)
        return frame

    monkeypatch.setattr(sshseat, "seat_frame", counted)

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        async with seated(home, settings) as (table_, port, _over):
            anna = await join(port, "Anna")
            await anna.wait_for("Your move [")
            await table_.idle()
            await anna.send("?\r")
            await anna.wait_for("House rules:")
            await anna.send("\r")
            await anna.wait_until(lambda: "House rules:" not in anna.screen_text(), "the table")
            hand, before = anna.screen_text(), len(drawn)  # the first notice gone with the help
            for _ in range(3):
                await anna.send("?\r")
                await anna.wait_for("House rules:")
                await anna.send("\r")
                await anna.wait_until(lambda: "House rules:" not in anna.screen_text(), "back")
            assert len(drawn) == before  # six frames shown, none drawn again
            assert anna.screen_text() == hand
            host = table_.host
            assert host is not None
            turn = host.pending()
            assert turn is not None and turn.seat == 0
            await anna.send(first_legal(turn.view) + "\r")
            await anna.wait_until(lambda: anna.screen_text() != hand, "the table after her move")
            assert len(drawn) > before  # the changed table is drawn, never taken from before

    run(scenario)
