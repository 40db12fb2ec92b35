"""A seat on a phone held upright (40×16), drawn as the SSH seat draws it (`seat_frame`), in
English and Russian: after a deal ends, its prompt lists leaving and the scores, its scores view
cuts no cell, and its pagers' hints fit the line."""

from __future__ import annotations

import asyncio
import re

import pytest
from fakeseat import FakeSeat, join

from mushka.host.live import LiveTable
from mushka.host.offer import Answer, Command, Page, Play
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.i18n import speaking
from mushka.present.exchange import ExchangeLesson
from mushka.present.typed import read_typed
from mushka.render.look import Look
from mushka.render.public_log import narrow_standings, standings
from mushka.render.seat_screen import Frame, SeatTerminal, plain, seat_frame

PHONE = SeatTerminal(40, 16)


pytestmark = pytest.mark.usefixtures("home")  # every test in its own home


def frame(seat: FakeSeat, terminal: SeatTerminal = PHONE) -> Frame:
    with speaking(seat.lang):
        return seat_frame(seat.shown, seat.table.host, terminal)


async def after_the_first_deal(lang: str) -> tuple[LiveTable, FakeSeat]:
    """A table of Anna (in `lang`) and three computer players, at her first decision after the
    first deal ended."""
    settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
    table = LiveTable(HouseRules(deals=2), settings, seed=4)
    anna = join(table, "Anna", lang=lang)
    while table.host is None or not any(
        type(e).__name__ == "End" for e in table.host.public_events()[0]
    ):
        await table.idle()
        if anna.offers and anna.shown.my_turn:
            anna.act(Play(anna.shown.moves[0].action))
            if anna.shown.moves[0].asks:
                await anna.until(lambda s: s.shown.question is not None, "the question")
                anna.act(Answer(True))
        await asyncio.sleep(0.005)
    await table.idle()
    await anna.until(lambda s: s.shown.my_turn, "Anna's first decision of deal 2")
    return table, anna


KEYS = {"en": ("s scores", "q leave"), "ru": ("с — счёт", "у — уйти")}
PAGER = {"en": "Enter more, q back", "ru": "Enter — дальше, у — назад"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_phone_seat_lists_scores_and_leaving_and_its_scores_cut_no_cell(lang: str) -> None:
    async def scenario() -> None:
        table, anna = await after_the_first_deal(lang)
        shown = frame(anna).text
        lines = shown.split("\n")
        assert len(lines) <= 16 and all(len(line) <= 40 for line in lines)
        assert anna.shown.result is not None
        money = re.search(r"(?:you|ваш итог за сдачу)\s+(\S+)\s+(?:kop|коп)", shown)
        assert money is not None and money[1][0] in "+−0", shown  # signed as the nets are
        assert all(key in shown for key in KEYS[lang]), shown  # on a line of their own
        assert "…" not in lines[-1]
        anna.act(Command.SCORES)
        await table.idle()
        first = frame(anna)
        assert first.pages == 2, first.text
        text = first.text
        assert "…" not in text, text  # no cell is cut, nor the pager's hint
        assert PAGER[lang] in text.split("\n")[-1]
        bot = "Bot" if lang == "en" else "Бот"  # a computer player's name in the seat's language
        for name in ("Anna", f"{bot} 2", f"{bot} 3", f"{bot} 4"):
            assert name in text, (name, text)  # each name whole, on one line
        assert ("net" if lang == "en" else "итог") in text
        anna.act(Page.NEXT)
        await table.idle()
        rest = frame(anna).text
        assert "…" not in rest
        assert ("antes 30" if lang == "en" else "ставки 30") in rest, rest
        table.stop()
        await table.closed()

    asyncio.run(scenario())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wide_seat_keeps_the_scores_table_whole(lang: str) -> None:
    async def scenario() -> None:
        table, _anna = await after_the_first_deal(lang)
        assert table.host is not None
        with speaking(lang):
            wide = plain(standings(table.host, Look()), 80)
            narrow = "\n".join(plain(p, 40) for p in narrow_standings(table.host, Look()))
        assert "…" not in wide and "…" not in narrow
        assert ("antes" if lang == "en" else "ставки") in wide.split("\n")[2] + wide.split("\n")[3]
        table.stop()
        await table.closed()

    asyncio.run(scenario())


def test_the_taught_back_key_leaves_every_pager_in_russian() -> None:
    from mushka.present import answers

    assert answers.back("у", "ru") and answers.back("q", "ru") and answers.back("х", "ru")
    assert not answers.back("у", "en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_network_seat_s_help_says_how_to_choose_its_language(lang: str) -> None:
    from mushka.present.answers import language_named
    from mushka.present.keys import help_rows
    from mushka.table_options import TableOptions

    with speaking(lang):
        rows = dict(help_rows(TableOptions(), network=True))
        hot_seat = dict(help_rows(TableOptions()))
    key = "en, ru" if lang == "en" else "ru, русский, en"
    assert key in rows and key not in hot_seat
    for typed in key.split(", "):
        assert language_named(typed) == ("ru" if typed in ("ru", "русский") else "en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_exchange_is_explained_on_an_ssh_seat_beside_its_moves(lang: str) -> None:
    """An untaught SSH seat is explained the exchange the first time it sees one, in place of
    the table, with its move prompt under it: a move typed there is played, not taken for
    'read' (issue 34: the exchange explained on terminals too)."""

    async def scenario() -> None:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        table = LiveTable(HouseRules(deals=4), settings, seed=1, explains=ExchangeLesson)
        anna = join(table, "Anna", lang=lang)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        seen_first = ""  # the explanation as first drawn, before Anna's turn
        while True:
            assert loop.time() < deadline and anna.farewell is None, "no exchange explained"
            await table.idle()
            if anna.offers and anna.shown.explain:
                if anna.shown.my_turn:
                    break
                seen_first = seen_first or plain_frame(anna, SeatTerminal(80, 24))
            elif anna.offers and anna.shown.my_turn:
                anna.act(Play(anna.shown.moves[0].action))
                if anna.shown.moves[0].asks:
                    await anna.until(lambda s: s.shown.question is not None, "the question")
                    anna.act(Answer(True))
            await asyncio.sleep(0.005)
        # read first while others play (a key goes on), then beside her moves at her turn
        title = anna.shown.explain[0].title
        assert title in seen_first and not seen_first.rstrip().endswith(":")
        shown = plain_frame(anna, SeatTerminal(80, 24))
        assert title in shown
        assert shown.rstrip().endswith(":")  # the move prompt, not 'Enter: go on'
        again = {"en": "Enter alone: your table and hand", "ru": "Просто Enter — ваш стол"}[lang]
        assert again in shown  # how to see the table the words stand in place of
        aside = {"en": "How it works", "ru": "Как это устроено"}[lang]
        assert aside in shown and "Lesson" not in shown and "Урок" not in shown  # no lesson
        with speaking(lang):
            assert read_typed("", anna.shown) == Page.NEXT  # and Enter alone refuses nothing
        move = anna.shown.moves[0]
        typed = str(move.number) if move.number is not None else move.action.kind.value
        with speaking(lang):
            intent = read_typed(typed, anna.shown)
        assert intent == Play(move.action)
        anna.act(intent)
        await table.idle()
        assert not anna.shown.explain  # read with the move
        table.stop()
        await table.closed()

    asyncio.run(scenario())


def plain_frame(seat: FakeSeat, terminal: SeatTerminal) -> str:
    drawn = frame(seat, terminal)
    return plain_text(drawn.text)


def plain_text(ansi: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", ansi)
