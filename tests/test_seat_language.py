"""Every seat reads its own language, whatever the host speaks (issue 38): over a whole seeded
session with two computer players, everything a Russian phone seat is sent (web/state.py's JSON)
and a Russian SSH seat is drawn (its frames, its overlays, the final sheet) holds no English
word but names people typed, and an English seat no Russian letter, at an English host and at a
Russian one. The exchange is explained at each seat the first time it sees one (issue 34)."""

from __future__ import annotations

import asyncio
import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import spread
from fakeseat import FakeSeat

from mushka.host.live import LiveTable
from mushka.host.offer import Answer, Command, Offer, Page, Play
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.i18n import ENGLISH, RUSSIAN, speaking
from mushka.present.exchange import ExchangeLesson
from mushka.present.seat import final_view
from mushka.render.look import Look
from mushka.render.seat_screen import SeatTerminal, plain, seat_frame
from mushka.render.wall import sheet
from mushka.web.state import seat_state

# What a Russian screen may hold in Latin letters: names of keys as printed on a keyboard.
KEYS = frozenset({"Enter", "Ctrl", "Esc"})
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
OVERLAYS = (Command.SCORES, Command.MEMORY, Command.HELP)
# The JSON's values that are ids for the page, not words for its player.
IDS = frozenset({"t", "stage", "presence", "via", "tone", "id", "kind", "key", "lang"})


def words_of(value: object, key: str = "") -> list[str]:
    """Every text of a state a page shows: its string values, the ids aside."""
    if isinstance(value, str):
        return [] if key in IDS else [value]
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in words_of(v, k)]
    if isinstance(value, list):
        return [w for v in value for w in words_of(v, key)]
    return []


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@dataclass(eq=False)
class Reader(FakeSeat):
    """A fake seat that keeps, at each change, what its front end would show: a browser seat's
    JSON, an SSH seat's frame at 80x24 (and the final sheet at the end)."""

    screens: list[str] = field(default_factory=list)

    def changed(self) -> None:
        super().changed()
        offer, host = self.offers[-1], self.table.host
        with speaking(self.table.lang_of(self)):
            if self.via == "web":
                state = json.loads(json.dumps(seat_state(offer, host, []), ensure_ascii=False))
                self.screens.append(" ".join(words_of(state)))
            else:
                self.screens.append(seat_frame(offer, host, SeatTerminal(80, 24)).text)
            self.screens += [f"{e.title} {' '.join(e.lines)}" for e in offer.explain]

    def ended(self) -> None:
        host = self.table.host
        assert host is not None
        with speaking(self.lang):
            if self.via == "web":
                self.screens.append(" ".join(words_of(final_view(host).to_json())))
            else:
                self.screens.append(plain(sheet(host, Look()), 80))


def redrawn(seat: FakeSeat, since: int) -> bool:
    return len(seat.offers) > since or seat.farewell is not None


async def play(seats: list[Reader], table: LiveTable) -> None:
    """Each seat plays its turns, opens every overlay once a deal and goes back, answers no."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    opened: dict[str, set[tuple[int, Command]]] = {s.name: set() for s in seats}
    while not all(s.farewell is not None for s in seats):
        assert loop.time() < deadline, "the session never ended"
        await table.idle()
        acted = False
        for seat in seats:
            if seat.farewell is not None or not seat.offers:
                continue
            shown: Offer = seat.shown
            before = len(seat.offers)
            deal = shown.view.deal_number if shown.view is not None else 0
            todo = [c for c in OVERLAYS if (deal, c) not in opened[seat.name]]
            if shown.overlay is not None:
                seat.act(Page.BACK)
            elif shown.question is not None:
                seat.act(Answer(False))
            elif shown.my_turn and todo:
                opened[seat.name].add((deal, todo[0]))
                seat.act(todo[0])
            elif shown.my_turn:
                move = next((m for m in shown.moves if not m.asks), shown.moves[0])
                seat.act(Play(move.action))
            else:
                continue
            acted = True
            await seat.until(functools.partial(redrawn, since=before), "a redraw")
        if not acted:
            await asyncio.sleep(0.005)


def session(host_lang: str, people: list[tuple[str, str, str]], seed: int) -> list[Reader]:
    async def scenario() -> list[Reader]:
        settings = TableSettings(bot_delay=0, bots={2: "basic", 3: "random"})
        # a seat code of digits: a code is no word of any language
        table = LiveTable(
            HouseRules(deals=2),
            settings,
            seed=seed,
            make_secret=lambda: "4729-1183",
            explains=ExchangeLesson,
        )
        seats = []
        for name, lang, via in people:
            seat = Reader(table, name, lang=lang, via=via)
            assert table.admit(seat) is None
            table.joined(seat)
            seats.append(seat)
        await play(seats, table)
        await table.closed()
        for seat in seats:
            seat.ended()
        return seats

    with speaking(host_lang):
        return asyncio.run(scenario())


def english_words(screens: list[str], typed: set[str]) -> set[str]:
    return {w for s in screens for w in LATIN_WORD.findall(s)} - KEYS - typed


@pytest.mark.parametrize("seed", spread([3, 11], 1))  # seconds a case: one with --quick
def test_russian_seats_at_an_english_host_read_no_english(seed: int) -> None:
    seats = session(ENGLISH, [("Аня", RUSSIAN, "web"), ("Борис", RUSSIAN, "ssh")], seed)
    for seat in seats:
        assert len(seat.screens) > 50
        words = english_words(seat.screens, set())
        assert not words, (seat.name, sorted(words))
        assert any("Бот 3" in s for s in seat.screens), seat.name


@pytest.mark.parametrize("seed", spread([11, 3], 1))  # (the other seed with --quick)
def test_english_seats_at_a_russian_host_read_no_russian(seed: int) -> None:
    seats = session(RUSSIAN, [("Anna", ENGLISH, "web"), ("Boris", ENGLISH, "ssh")], seed)
    for seat in seats:
        assert len(seat.screens) > 50
        russian = [s for s in seat.screens if CYRILLIC.search(s)]
        assert not russian, (seat.name, russian[0])
        assert any("Bot 3" in s for s in seat.screens), seat.name


def test_the_exchange_is_explained_once_at_every_seat_in_its_language() -> None:
    seats = session(ENGLISH, [("Anna", ENGLISH, "web"), ("Борис", RUSSIAN, "ssh")], 3)
    for seat, title in zip(seats, ("The exchange", "Обмен"), strict=True):
        told = [e for o in seat.offers for e in o.explain]
        assert told, f"{seat.name} was never told what the exchange is"
        assert {e.title for e in told} == {title}, seat.name
        first = next(o for o in seat.offers if o.explain)
        assert first.explain[0].lines  # what the face-down cards are, why one is taken
