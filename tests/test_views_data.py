"""Every view as data (issue 34): the sheets, the cards played and the log as plain values the
page is sent as JSON (web/state.py), the question's words apart from the keys that answer it,
and an offer that lists only what works now."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from fakeseat import join, play_out

from mushka.actions import Kind
from mushka.host.live import LiveTable
from mushka.host.offer import Answer, Command, Overlay, Page, Play
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.i18n import RUSSIAN, speaking
from mushka.ledger import session_accounts
from mushka.present.journal import EntryKind, table_log
from mushka.present.played import played_view
from mushka.present.questions import question_line
from mushka.present.seat import final_view
from mushka.web.state import seat_state


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def finished(seed: int = 5) -> tuple[LiveTable, Any]:
    async def scenario() -> tuple[LiveTable, Any]:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "random"})
        table = LiveTable(HouseRules(deals=2), settings, seed=seed)
        anna = join(table, "Anna", lang=RUSSIAN)
        await table.idle()
        anna.act(Command.LEAVE)  # a question, asked and then answered no
        await table.idle()
        asked = anna.shown
        from mushka.host.offer import Answer

        anna.act(Answer(False))
        await play_out(table, [anna])
        await table.closed()
        return table, (anna, asked)

    return asyncio.run(scenario())


def test_a_question_keeps_its_keys_apart_and_the_page_shows_none() -> None:
    table, (anna, asked) = finished()
    with speaking(RUSSIAN):
        state = seat_state(asked, table.host, [])
        assert state["question"]["text"] == "Выйти из-за стола? Игра подождёт, пока вы вернётесь."
        assert state["question"]["keys"] == "[д/Н]"
        assert "[" not in state["question"]["text"]
        assert question_line(asked.question, asked.kind, True, False) == "Выйти из-за стола? [д/Н] "
    assert all(Command.UNDO not in o.commands for o in anna.offers)  # no undo at this table


def test_the_sheets_and_the_log_are_data_worded_for_their_reader() -> None:
    table, (anna, _asked) = finished()
    host = table.host
    assert host is not None
    with speaking(RUSSIAN):
        final = final_view(host, 0)
        nets = [a.net for a in session_accounts(host.public_events())]
        assert final.winners and all(nets[s] == max(nets) for s in final.winners)
        assert final.rows[0].best and final.rows[0].seat in final.winners
        assert all(host.names()[s] in final.verdict for s in final.winners)  # «Выигрывает Бот 3…»
        assert [c.key for c in final.columns][-1] == "net"
        assert any(r.me for r in final.rows)
        assert "Бот 2" in {r.cells[1] for r in final.rows}
        entries = table_log(host, me=0)
        kinds = [e.kind for e in entries]
        assert kinds[0] is EntryKind.RULES and kinds.count(EntryKind.OPENING) == 2
        sheets = [e.sheet for e in entries if e.sheet is not None]
        assert len(sheets) == 2  # each deal's, the final sheet being the caller's
        for deal in sheets:
            total = deal.columns[-1].key == "total"
            assert total and len(deal.rows) == 4 and deal.caption.startswith("Касса после сдачи")
        json = final.to_json()
        assert json["winners"] == list(final.winners) and json["verdict"] == final.verdict
        view = anna.offers[-1].view
        assert view is not None
        played = played_view(view)
        assert len(played.ranks) == 8 and len(played.suits) == 4
        assert all(len(row.played) == 8 for row in played.suits)


@pytest.mark.parametrize("lang", ["en", RUSSIAN])
def test_the_coach_s_answer_is_data_for_the_page_not_a_terminal_s_text(lang: str) -> None:
    """The hint overlay on a phone: the move the coach would play, what the values are, and
    each weighed move with its value, in the seat's language; no terminal rendering rides
    along (the page had been sent one for scores and cards played too)."""

    async def scenario() -> dict[str, Any]:
        settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"}, hints=True)
        table = LiveTable(HouseRules(deals=1), settings, seed=3)
        anna = join(table, "Anna", lang=lang)
        while True:  # her first decision with a choice to weigh
            await anna.until(lambda s: bool(s.offers) and s.shown.my_turn, "her turn")
            shown = anna.shown
            if len(shown.moves) > 1 and shown.moves[0].action.kind is not Kind.TAKE:
                break  # (a blind take has nothing to weigh)
            anna.act(Play(shown.moves[0].action))
            if shown.moves[0].asks:
                await anna.until(lambda s: s.shown.question is not None, "the question")
                anna.act(Answer(True))
            await table.idle()
        anna.act(Command.HINT)
        await anna.until(lambda s: s.shown.overlay is Overlay.HINT, "the coach's answer")
        with speaking(lang):
            state = seat_state(anna.shown, table.host, [])
            anna.act(Page.BACK)
            await anna.until(lambda s: s.shown.overlay is None, "her table")
            anna.act(Command.SCORES)
            await anna.until(lambda s: s.shown.overlay is Overlay.SCORES, "the scores")
            scores = seat_state(anna.shown, table.host, [])
        assert "text" not in scores["overlay"] and scores["overlay"]["sheet"]["rows"]
        table.stop()
        await table.closed()
        return dict(state["overlay"])

    overlay = asyncio.run(scenario())
    assert "text" not in overlay
    hint = overlay["hint"]
    best = {"en": "The coach (strong) would play: ", RUSSIAN: "Сильный бот на вашем месте"}[lang]
    assert hint["best"].startswith(best)
    assert len(hint["moves"]) > 1 and all(re.search(r"[+−]?\d", m) for m in hint["moves"])
    words = " ".join([hint["best"], hint["worth"], *hint["moves"]])
    assert not set(words) & set("│─╭╮╰╯┃━")  # no box of a terminal's drawing
    assert re.search("[а-я]", words) if lang == RUSSIAN else not re.search("[а-я]", words)
