"""A table that teaches every person (`mushka host --teach`): the lesson's explanations ride on each
seat's own offer, in its own language, at its own decisions, and name no card it may not know."""

from __future__ import annotations

import asyncio
import functools

import pytest
from fakeseat import FakeSeat, join, knowable

from mushka.cards import CARDS
from mushka.host.live import LiveTable
from mushka.host.offer import Offer, Page, Play
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.i18n import RUSSIAN, card_label, speaking
from mushka.present.lesson import Lesson
from mushka.view import SeatView

pytestmark = pytest.mark.usefixtures("home")  # every test in its own home


def unknowable_labels(view: SeatView, lang: str) -> set[str]:
    """The labels of the cards `view`'s seat may not know now, as its language spells them."""
    known = knowable(view)
    with speaking(lang):
        return {card_label(c) for c in CARDS if c.code not in known}


def redrawn(seat: FakeSeat, since: int) -> bool:
    return len(seat.offers) > since or seat.farewell is not None


async def teach_a_session(
    seats: list[FakeSeat], table: LiveTable, unread: str | None = None
) -> dict[str, list[Offer]]:
    """Play the session out: each seat reads what its lesson says (but an explanation titled
    with `unread`, left as it is), then moves; the offers that carried an explanation, seat by
    seat."""
    taught: dict[str, list[Offer]] = {s.name: [] for s in seats}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    while not all(s.farewell is not None for s in seats):
        assert loop.time() < deadline, "the session never ended"
        await table.idle()
        acted = False
        for seat in seats:
            if seat.farewell is not None or not seat.offers:
                continue
            shown = seat.shown
            before = len(seat.offers)
            if unread is not None and any(unread in e.title for e in shown.explain):
                continue
            if shown.explain:
                assert not shown.moves, "a move offered before the lesson was read"
                taught[seat.name].append(shown)
                seat.act(Page.NEXT)
            elif shown.question is not None:
                seat.act(Page.NEXT)  # not a yes: a pass that costs a remise is not made
            elif shown.my_turn:
                costly = [m for m in shown.moves if m.asks]
                move = next((m for m in shown.moves if m not in costly), shown.moves[0])
                seat.act(Play(move.action))
            else:
                continue
            acted = True
            await seat.until(functools.partial(redrawn, since=before), "a redraw")
        if not acted:
            await asyncio.sleep(0.005)
    return taught


def test_every_person_is_taught_in_his_own_language_at_his_own_decisions() -> None:
    async def scenario() -> dict[str, list[Offer]]:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 3: "basic"}, hints=True)
        table = LiveTable(
            HouseRules(deals=1), settings, seed=7, teach=functools.partial(Lesson, guided=False)
        )
        anna, boris = join(table, "Anna"), join(table, "Борис", lang=RUSSIAN)
        taught = await teach_a_session([anna, boris], table)
        await table.closed()
        return taught

    taught = asyncio.run(scenario())
    for name, lang, welcome in (
        ("Anna", "en", "A table that teaches"),
        ("Борис", RUSSIAN, "Стол с уроком"),
    ):
        offers = taught[name]
        assert offers, f"{name} was taught nothing"
        first = offers[0].explain[0]
        assert welcome in first.title, first.title
        titles = [e.title for o in offers for e in o.explain]
        assert len(titles) == len(set(titles)), "a rule explained twice"
        assert len(titles) > 5
        for offer in offers:
            assert offer.view is not None and offer.lang == lang
            words = " ".join(line for e in offer.explain for line in (e.title, *e.lines))
            leaked = [c for c in unknowable_labels(offer.view, lang) if c in words.split()]
            assert not leaked, (name, leaked)
    english = " ".join(line for o in taught["Anna"] for e in o.explain for line in e.lines)
    russian = " ".join(line for o in taught["Борис"] for e in o.explain for line in e.lines)
    assert "trick" in english and "взятк" in russian and "trick" not in russian


@pytest.mark.parametrize("lang", ["en", RUSSIAN])
def test_the_last_deal_s_explanation_comes_with_the_final_sheet_not_lost_to_it(lang: str) -> None:
    # A seat of its own reads while play goes on: when the last move ends the session, what
    # the lesson says of it (how the deal is settled) may not have been read (it may have had
    # no offer to ride on, or the player not read it before the finish). It comes in the
    # farewell, read above the final sheet. (The seat leaves it unread here: were it to read it
    # while the finish is being written, there would be nothing left to carry.)
    ending = {"en": "The end of the deal", RUSSIAN: "Конец сдачи"}[lang]

    async def scenario() -> tuple[FakeSeat, list[Offer]]:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
        table = LiveTable(
            HouseRules(deals=1), settings, seed=7, teach=functools.partial(Lesson, guided=False)
        )
        anna = join(table, "Anna", lang=lang)
        taught = await teach_a_session([anna], table, unread=ending)
        await table.closed()
        return anna, taught["Anna"]

    anna, read = asyncio.run(scenario())
    assert anna.farewell is not None
    titles = [t.title for t in anna.farewell.told]
    assert any(ending in t for t in titles), titles
    assert not set(titles) & {e.title for o in read for e in o.explain}  # none read before


def test_the_coach_speaks_unasked_above_a_taught_seat_s_first_decisions() -> None:
    async def scenario() -> list[Offer]:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"}, hints=True)
        table = LiveTable(
            HouseRules(deals=1), settings, seed=7, teach=functools.partial(Lesson, guided=False)
        )
        anna = join(table, "Anna")
        await teach_a_session([anna], table)
        await table.closed()
        return anna.offers

    offers = asyncio.run(scenario())
    coached = {id(o.coached) for o in offers if o.coached is not None and o.my_turn}
    assert 1 <= len(coached) <= 3


def test_a_table_that_does_not_teach_explains_nothing_but_the_first_exchange() -> None:
    async def scenario() -> list[Offer]:
        table = LiveTable(
            HouseRules(deals=1),
            TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"}),
            seed=7,
        )
        anna = join(table, "Anna")
        await teach_a_session([anna], table)
        await table.closed()
        return anna.offers

    offers = asyncio.run(scenario())
    assert all(o.coached is None for o in offers)
    assert len({e.title for o in offers for e in o.explain}) <= 1
