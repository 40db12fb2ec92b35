"""The live table in-process, through fake seats (no SSH, no terminal): whole four-seat sessions,
privacy offer by offer, away and back, takeovers refused, stop and resume, a slow disk, and the
intents that meet no question."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from fakeseat import FakeSeat, join, knowable, play_out

from mushka.actions import play
from mushka.cards import CARDS
from mushka.engine import Session
from mushka.host.link import Why
from mushka.host.live import LiveTable
from mushka.host.offer import Answer, Ask, Command, Offer, Page, Play, Presence, Speak, Stage
from mushka.host.settings import TableSettings
from mushka.host.storage.paths import save_path
from mushka.host.storage.saves import load_game
from mushka.host.table import TableHost, resumed, saved_table
from mushka.house_rules import Exchange, HouseRules
from mushka.render.look import Look
from mushka.render.seat_screen import plain
from mushka.render.wall import public_frame

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


pytestmark = pytest.mark.usefixtures("home")  # every test in its own home


def cards_in(offer: Offer) -> set[str]:
    """Every card named anywhere in `offer` (its view's hand and events, its moves, its
    question, its coach's answer)."""
    text = repr(offer)
    codes = set(re.findall(r"Card\('(\w+)'\)", text))
    codes |= {CARDS[int(n)].code for n in re.findall(r"card=(\d+)", text)}
    return codes


def run(scenario: Any) -> None:
    asyncio.run(scenario())


def test_four_fake_seats_play_a_whole_session_each_offered_only_his_own_cards(home: Path) -> None:
    record = home / "game.json"

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, record_path=str(record))
        over = asyncio.Event()
        table = LiveTable(HouseRules(deals=2), settings, seed=7, on_over=over.set)
        seats = [join(table, name) for name in NAMES]
        moves = await play_out(table, seats)
        assert moves > 40 and over.is_set() and table.report is not None and table.report.ok
        for seat in seats:
            assert seat.farewell is not None and seat.farewell.why is Why.FINISHED
        for place, seat in enumerate(seats):
            drawn = [o for o in seat.offers if o.view is not None]
            assert drawn and all(o.seat == place and o.view and o.view.seat == place for o in drawn)
            for offered in drawn:
                assert offered.view is not None
                leaked = cards_in(offered) - knowable(offered.view)
                assert not leaked, (place, sorted(leaked))
        await table.closed()

    run(scenario)
    assert json.loads(record.read_text(encoding="utf-8"))["format"] == "mushka-record"
    assert not save_path().exists()  # finished: the save is gone, the history has it


@pytest.mark.parametrize("seed", [3, 11])
def test_two_people_and_two_computers_every_exchange_rule(home: Path, seed: int) -> None:
    async def scenario() -> None:
        exchange = [Exchange.MODERN, Exchange.OLD][seed % 2]
        settings = TableSettings(bot_delay=0, bots={1: "basic", 3: "random"}, undo=True)
        table = LiveTable(HouseRules(deals=2, exchange=exchange), settings, seed=seed)
        seats = [join(table, "Anna"), join(table, "Vera")]
        assert await play_out(table, seats) > 10
        for seat in seats:
            for offered in seat.offers:
                if offered.view is not None:
                    assert not cards_in(offered) - knowable(offered.view)
        await table.closed()

    run(scenario)


def test_the_lobby_fills_then_starts_and_a_leaver_frees_a_seat_before_the_start() -> None:
    async def scenario() -> None:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0, bots={3: "basic"}), seed=7)
        anna = join(table, "Anna")
        await table.idle()
        assert anna.shown.stage is Stage.LOBBY and anna.shown.view is None
        boris = join(table, "Boris")
        await table.idle()
        assert [p.presence for p in anna.shown.places] == [
            Presence.HERE,
            Presence.HERE,
            Presence.FREE,
            Presence.COMPUTER,
        ]
        boris.act(Command.LEAVE)  # the leave question is drawn in the lobby too
        await table.idle()
        assert boris.shown.question is not None and boris.shown.question.ask is Ask.LEAVE
        boris.act(Answer(True))
        await table.idle()
        assert boris.farewell is not None and boris.farewell.why is Why.FREED
        assert anna.shown.places[1].presence is Presence.FREE
        assert "Boris left the table." in anna.shown.news
        vera, gleb = join(table, "Vera"), join(table, "Gleb")
        await table.idle()
        assert table.host is not None and anna.shown.stage.value == "play"
        assert table.host.players == ("Anna", "Vera", "Gleb", "Bot 4")
        assert all(s.shown.view is not None for s in (anna, vera, gleb))
        table.stop()
        await table.closed()

    run(scenario)


def test_away_and_back_the_table_waits_and_says_so(home: Path) -> None:
    async def scenario() -> None:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0), seed=7)
        seats = {name: join(table, name) for name in NAMES}
        await table.idle()
        host = table.host
        assert host is not None
        turn = host.pending()
        assert turn is not None
        mover = seats[NAMES[turn.seat]]
        mover.table.left(mover)  # his connection drops
        await table.idle()
        other = seats[NAMES[(turn.seat + 1) % 4]]
        assert turn.seat in other.shown.away
        assert (
            other.shown.notice is not None
            and f"{NAMES[turn.seat]} is away: the connection dropped." in (other.shown.notice.text)
        )
        assert other.shown.waiting is not None
        assert other.shown.waiting.text == f"Waiting for {NAMES[turn.seat]} to come back…"
        assert other.shown.view is not None
        other.act(Play(play(other.shown.view.hand[0])))  # not his turn: told whom the table awaits
        await table.idle()
        assert other.shown.notice is not None
        assert other.shown.notice.text == f"Waiting for {NAMES[turn.seat]} to come back…"
        back = join(table, NAMES[turn.seat], table.places[turn.seat].secret, address="127.0.0.9")
        await table.idle()
        assert back.shown.my_turn and back.shown.seat == turn.seat
        assert "is back (from 127.0.0.9)." in other.shown.news[-1]
        # ... on his screen, though his own notice ("Waiting for ... to come back") was up,
        # and on the public screen, the session under way (issue 27)
        assert other.shown.notice is not None
        assert f"{NAMES[turn.seat]} is back (from 127.0.0.9)." in other.shown.notice.text
        wall = plain(public_frame(table, 120, 40, Look(False)), 120)
        assert f"{NAMES[turn.seat]} is back (from 127.0.0.9)." in wall
        assert not other.shown.away
        table.stop()
        await table.closed()
        assert back.farewell is not None and back.farewell.why is Why.STOPPED

    run(scenario)


def test_a_live_seat_cannot_be_taken_over_nor_joined_by_a_look_alike_name() -> None:
    async def scenario() -> None:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"}))
        join(table, "Anna")
        impostor = FakeSeat(table, "Anna")
        refusal = table.admit(impostor)
        assert refusal is not None and "cannot be taken over" in refusal
        assert table.admit(FakeSeat(table, "anna")) is not None  # alike but for case
        assert table.admit(FakeSeat(table, "Бот")) is None  # a new name may sit down
        ru = FakeSeat(table, "Anna", lang="ru")
        refused = table.admit(ru)
        assert refused is not None and "Anna" in refused and "cannot" not in refused
        table.stop()
        await table.closed()

    run(scenario)


def test_the_host_stops_the_table_and_a_resumed_table_seats_its_players_by_name(
    home: Path,
) -> None:
    async def first() -> None:
        table = LiveTable(HouseRules(deals=1), TableSettings(bot_delay=0, bots={3: "basic"}))
        seats = [join(table, name) for name in NAMES[:3]]
        moves = 0

        def few(offer: Offer) -> Any:
            nonlocal moves
            moves += 1
            if moves == 6:
                table.stop()
            return offer.moves[0]

        stopped = asyncio.Event()
        await play_out(table, seats, few, over=stopped)
        assert all(s.farewell is not None and s.farewell.why is Why.STOPPED for s in seats)
        await table.closed()
        assert table.host is not None and table.host.stop().saved

    run(first)
    saved = load_game(check=saved_table)
    assert saved is not None

    async def second() -> None:
        host = resumed(saved)
        events = sum(len(deal) for deal in host.public_events())
        table = LiveTable(HouseRules(deals=1), host.settings, host=host)
        assert table.admit(FakeSeat(table, "Gleb")) is not None  # not a player of this table
        seats = [join(table, name) for name in NAMES[:3]]
        await table.idle()
        assert sum(len(deal) for deal in host.public_events()) == events  # as it was left
        assert await play_out(table, seats) > 5
        assert all(s.farewell is not None and s.farewell.why is Why.FINISHED for s in seats)
        await table.closed()

    run(second)


def test_a_slow_disk_never_blocks_the_loop_and_no_seat_sees_a_move_before_it_is_saved(
    home: Path,
) -> None:
    """A save held on its disk: the loop goes on (timers fire, a newcomer is admitted), the move
    is drawn on no seat until its save is done, and then on every seat."""
    gate = threading.Event()
    saving = threading.Event()
    saved_events: list[int] = []

    def slow_save(session: Session, ui: dict[str, Any]) -> None:
        saving.set()
        gate.wait(10)
        saved_events.append(sum(len(deal.events) for deal in session.deals))

    def make_host(session: Session, settings: TableSettings) -> TableHost:
        return TableHost(session, settings, save=slow_save)

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0)
        table = LiveTable(HouseRules(), settings, seed=7, make_host=make_host)
        seats = [join(table, name) for name in NAMES]
        gate.set()
        await table.idle()
        gate.clear()
        saving.clear()
        host = table.host
        assert host is not None
        mover = next(s for s in seats if s.shown.my_turn)
        drawn = [len(s.offers) for s in seats]
        mover.act(Play(mover.shown.moves[0].action))
        while not saving.is_set():
            await asyncio.sleep(0.001)
        ticks = 0
        for _ in range(20):  # the loop turns while the disk holds the save
            await asyncio.sleep(0.005)
            ticks += 1
        assert ticks == 20
        assert [len(s.offers) for s in seats] == drawn  # nobody is shown the unsaved move
        gate.set()
        await table.idle()
        assert all(len(s.offers) > n for s, n in zip(seats, drawn, strict=True))
        for seat in seats:
            view = seat.shown.view
            assert view is not None and sum(1 for _ in view.events) <= saved_events[-1]
        table.stop()
        await table.closed()

    run(scenario)


def test_page_turns_answers_and_commands_each_meet_their_own_screen() -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(), settings, seed=7)
        anna = join(table, "Anna")
        await table.idle()
        anna.act(Answer(True))  # no question is open: nothing happens
        anna.act(Page.NEXT)  # no overlay is open: nothing happens
        await table.idle()
        assert anna.shown.overlay is None and anna.farewell is None
        anna.act(Command.HELP)
        anna.act(Page.NEXT)
        await table.idle()
        assert anna.shown.overlay is not None and anna.shown.page == 1
        anna.act(Page.BACK)
        await table.idle()
        assert anna.shown.overlay is None and anna.shown.page == 0
        anna.act(Command.HINT)  # no hints at this table
        await table.idle()
        assert anna.shown.notice is not None and "Hints are off" in anna.shown.notice.text
        assert Command.HINT not in anna.shown.commands and Command.UNDO not in anna.shown.commands
        table.stop()
        await table.closed()

    run(scenario)


def test_the_seat_s_secret_takes_the_seat_back_even_from_a_live_connection() -> None:
    async def scenario() -> None:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"}))
        anna, boris = join(table, "Anna"), join(table, "Boris")
        await table.idle()
        secret = table.secret(anna)
        assert secret != table.secret(boris) and len(secret) >= 16
        assert table.admit(FakeSeat(table, "Anna"), "not the secret") is not None
        assert table.admit(FakeSeat(table, "Anna"), table.secret(boris)) is not None
        again = FakeSeat(table, "Anna", address="127.0.0.7")
        assert table.admit(again, secret) is None
        table.joined(again)
        await table.idle()
        assert anna.farewell is not None and anna.farewell.why is Why.TAKEN_OVER
        assert again.shown.seat == 0 and table.places[0].link is again
        assert not boris.shown.away  # she never left the table
        table.stop()
        await table.closed()

    run(scenario)


def test_kept_names_start_the_session_only_once_each_has_come() -> None:
    async def scenario() -> None:
        table = LiveTable(
            HouseRules(), TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"}),
            reserved=["Anna", "Boris"],
        )  # fmt: skip
        anna = join(table, "Anna")
        await table.idle()
        assert table.host is None and anna.shown.stage is Stage.LOBBY
        assert anna.shown.places[1].presence is Presence.AWAITED
        assert anna.shown.waiting is not None and "everyone" in anna.shown.waiting.text
        join(table, "Boris")
        await table.idle()
        assert table.host is not None
        table.stop()
        await table.closed()

    run(scenario)


def test_a_dropped_connection_reads_reconnecting_everywhere_for_the_grace_then_away() -> None:
    """Presence is the table's: a broken connection's seat is "reconnecting…" on every seat and
    the wall for the table's grace, nobody told it went; then away, said once; one who is back
    in time never reads away, and one who leaves is away at once."""

    async def scenario() -> None:
        table = LiveTable(HouseRules(), TableSettings(bot_delay=0), seed=7, grace=0.3)
        seats = {name: join(table, name) for name in NAMES}
        await table.idle()
        anna, boris = seats["Anna"], seats["Boris"]

        def presence(place: int) -> Presence:
            return boris.shown.places[place].presence

        table.dropped(anna)
        await table.idle()
        assert presence(0) is Presence.RECONNECTING
        assert "reconnecting…" in plain(public_frame(table, 120, 40, Look(False)), 120)
        assert not any("Anna is away" in line for line in boris.shown.news)
        await asyncio.sleep(0.5)
        await table.idle()
        assert presence(0) is Presence.AWAY
        assert "Anna is away: the connection dropped." in boris.shown.news[-1]
        back = join(table, "Anna", table.places[0].secret)
        await table.idle()
        assert presence(0) is Presence.HERE
        table.dropped(back)  # and back within the grace: never away
        again = join(table, "Anna", table.places[0].secret)
        await asyncio.sleep(0.5)
        await table.idle()
        assert presence(0) is Presence.HERE
        assert sum("Anna is away" in line for line in boris.shown.news) == 1
        table.leave(seats["Vera"])  # Ctrl-D: he left, so he is away at once
        await table.idle()
        assert presence(2) is Presence.AWAY
        assert again.shown.places[0].presence is Presence.HERE
        table.stop()
        await table.closed()

    asyncio.run(scenario())


def test_the_host_hands_an_away_seat_to_a_computer_and_the_player_takes_it_back(
    home: Path,
) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(deals=1), settings, seed=5, stand_in="basic")
        anna, boris = join(table, "Anna"), join(table, "Boris")
        await table.idle()
        assert table.hand_over(1) is not None  # Boris is here: not his seat
        boris.act(Command.LEAVE)
        boris.act(Answer(True))
        await table.idle()
        assert boris.farewell is not None and boris.farewell.why is Why.LEFT
        assert "Boris is away: left the table for now, the seat waits." in anna.shown.news
        assert table.hand_over(1) is None
        host = table.host
        assert host is not None
        # Anna plays on: Boris's turns are the computer's now, the table never waits for him
        for _ in range(6):
            await anna.until(lambda s: s.shown.my_turn, "Anna's turn")
            before = sum(len(d) for d in host.public_events())
            anna.act(Play(anna.shown.moves[-1].action))
            if anna.shown.moves[-1].asks:
                await anna.until(lambda s: s.shown.question is not None, "the question")
                anna.act(Answer(True))
            await anna.until(
                lambda s, n=before: sum(len(d) for d in host.public_events()) > n + 1,  # type: ignore[misc]
                "the table to play on",
            )
        assert host.stood_in(1) and anna.shown.places[1].presence is Presence.STAND_IN
        assert any("plays for Boris until Boris is back" in n for n in anna.shown.news)
        back = join(table, "Boris")
        await table.idle()
        assert not host.stood_in(1)
        assert anna.shown.places[1].presence.value == "here"
        assert any("Boris is back at the table" in n for n in back.shown.news)
        kinds = [note.kind.value for note in host.log().notes]
        assert kinds.count("stand-in") == 1 and kinds.count("stand-down") == 1
        table.stop()
        await table.closed()

    run(scenario)


def test_a_deal_s_result_stays_on_each_seat_until_it_acts_again(home: Path) -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(deals=2), settings, seed=4)
        anna = join(table, "Anna")
        host = None
        while host is None or not any(type(e).__name__ == "End" for e in host.public_events()[0]):
            await table.idle()
            host = table.host
            if anna.offers and anna.shown.my_turn:
                anna.act(Play(anna.shown.moves[0].action))
                if anna.shown.moves[0].asks:
                    await anna.until(lambda s: s.shown.question is not None, "the question")
                    anna.act(Answer(True))
            await asyncio.sleep(0.005)
        await table.idle()
        result = anna.shown.result
        assert result is not None and result.summary.number == 1
        # after the first deal, each total is that deal's net, and the kitty holds what they lost
        assert result.totals == tuple(a.net for a in result.summary.accounts)
        assert -sum(result.totals) > 0
        await anna.until(lambda s: s.shown.my_turn, "Anna's first decision of deal 2")
        assert anna.shown.result is not None  # still there at her decision
        anna.act(Play(anna.shown.moves[0].action))
        await table.idle()
        assert anna.shown.result is None
        table.stop()
        await table.closed()

    run(scenario)


def test_a_seat_chooses_its_language_and_keeps_it_when_it_comes_back() -> None:
    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(), settings)
        anna, boris = join(table, "Anna"), join(table, "Boris")
        await table.idle()
        boris.act(Speak("ru"))
        await table.idle()
        assert boris.shown.lang == "ru" and anna.shown.lang == "en"
        table.left(boris)
        again = join(table, "Boris")  # his connection says English: his choice stands
        await table.idle()
        assert again.shown.lang == "ru"
        table.stop()
        await table.closed()

    run(scenario)


def test_at_every_screen_a_seat_is_shown_the_save_on_disk_already_holds_it(home: Path) -> None:
    """What a `kill -9` at any instant could lose is what is not on disk yet; so at every draw,
    on every seat, the save on disk must hold every move the table host has made (then a kill
    loses nothing any seat was told had happened)."""
    behind: list[tuple[int, int]] = []
    draws = 0

    class Checking(FakeSeat):
        def changed(self) -> None:
            nonlocal draws
            super().changed()
            host = self.table.host
            if host is None or self.table.finished:
                return
            saved = load_game(check=saved_table)
            assert saved is not None
            on_disk = sum(len(deal.events) for deal in saved.session.deals)
            shown = sum(len(deal) for deal in host.public_events())
            draws += 1
            if on_disk < shown:
                behind.append((on_disk, shown))

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "random"}, undo=True)
        table = LiveTable(HouseRules(deals=1), settings, seed=9)
        seats: list[FakeSeat] = []
        for name in ("Anna", "Boris"):
            seat = Checking(table, name)
            assert table.admit(seat) is None
            table.joined(seat)
            seats.append(seat)
        await play_out(table, seats)
        await table.closed()

    run(scenario)
    assert draws > 20 and not behind, behind[:5]


def test_an_away_seat_is_taken_back_from_a_new_address_only_with_its_own_code() -> None:
    """Issue 27: any guest who knew the table's code could sit down under an away player's name
    and be drawn his hand. The seat's own code is on his screen only; with the table's code
    alone the seat is taken back from the address it last sat at and no other."""

    async def scenario() -> None:
        table = LiveTable(
            HouseRules(),
            TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"}),
            make_secret=iter(["k7m-p3x-w9d", "x9f-k2m-q7w"]).__next__,
        )
        anna, boris = join(table, "Anna"), join(table, "Boris", address="127.0.0.2")
        await table.idle()
        assert anna.shown.seat_code == "k7m-p3x-w9d" and boris.shown.seat_code == "x9f-k2m-q7w"
        table.left(anna)
        await table.idle()
        guest = FakeSeat(table, "Anna", address="127.0.0.66")
        refusal = table.admit(guest)
        assert refusal is not None and "another address" in refusal
        assert "seat's own code" in refusal and "\n" not in refusal
        assert table.admit(guest, "k7m-p3x-wxx") is not None
        assert table.proves("Anna", "K7M P3X W9D") and not table.proves("Boris", "k7m-p3x-w9d")
        assert table.admit(guest, "K7M P3X W9D") is None  # typed any old way
        assert table.admit(guest, proven=True) is None  # the transport checked it (a key)
        assert table.admit(FakeSeat(table, "Anna", address="127.0.0.1")) is None  # her own
        wall = plain(public_frame(table, 120, 40, Look(False)), 120)
        assert "k7m" not in wall  # a seat's code is never on the public screen
        table.stop()
        await table.closed()

    run(scenario)


def test_a_continued_table_keeps_each_seat_s_code_and_last_address(home: Path) -> None:
    """After `host --resume` a return still proves it is the same player: the seats' codes and
    last addresses are saved with the settings, and the continued table asks for them."""

    async def first() -> None:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "basic"})
        table = LiveTable(
            HouseRules(), settings, make_secret=iter(["k7m-p3x-w9d", "x9f-k2m-q7w"]).__next__
        )
        join(table, "Anna", address="127.0.0.5")
        join(table, "Boris", address="127.0.0.6")
        await table.idle()
        table.stop()
        await table.closed()
        assert table.host is not None and table.host.stop().saved

    run(first)
    saved = load_game(check=saved_table)
    assert saved is not None

    async def second() -> None:
        host = resumed(saved)
        assert host.settings.seat_codes == {0: "k7m-p3x-w9d", 1: "x9f-k2m-q7w"}
        assert host.settings.seat_addresses == {0: "127.0.0.5", 1: "127.0.0.6"}
        again = LiveTable(HouseRules(), host.settings, host=host)
        refusal = again.admit(FakeSeat(again, "Anna", address="127.0.0.66"))
        assert refusal is not None and "seat's own code" in refusal
        assert again.admit(FakeSeat(again, "Anna", address="127.0.0.66"), "k7m-p3x-w9d") is None
        assert again.admit(FakeSeat(again, "Boris", address="127.0.0.6")) is None
        again.stop()
        await again.closed()

    run(second)
