"""The coach at the table: the hint line names exactly the legal moves, and `h` obeys the house rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fakes import FakeTerminal, player, table
from rich.text import Text

from mushka.actions import DRAW, PASS, discard, play
from mushka.cards import CARDS
from mushka.engine import Session
from mushka.host import table as host_table
from mushka.host.settings import SettingsError, TableSettings
from mushka.host.table import hint_seed
from mushka.house_rules import Exchange, HouseRules
from mushka.players.coach import Hint, hint
from mushka.render.coaching import action_label, hint_lines
from mushka.render.look import Look

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def _named(lines: list[Text], look: Look) -> list[str]:
    """The moves a hint's lines name, in order (each item is a label and a signed value)."""
    text = " ".join(line.plain.strip() for line in lines).removesuffix(" kop")
    return [item.strip().rsplit(" ", 1)[0] for item in text.split(f" {look.dot} ")]


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("seed", [3, 4])
def test_the_hint_line_lists_exactly_the_legal_moves(seed: int, ascii_only: bool) -> None:
    session = Session(NAMES, HouseRules(exchange=Exchange.OFF), seed=seed)
    seat = session.to_act
    assert seat is not None
    view = session.view(seat)
    advice = hint(view, seed=seed, worlds=8)
    look = Look(ascii_only)
    lines = hint_lines(advice, look)
    text = " ".join(line.plain for line in lines)
    legal = sorted(action_label(a, look).plain for a in view.legal_actions)
    assert text.isascii() == ascii_only
    named = _named(lines, look)
    assert sorted(named) == legal
    assert named[0] == action_label(advice.best, look).plain


def test_many_moves_wrap_between_moves_within_the_width() -> None:
    moves = [play(CARDS[i]) for i in range(8)] + [DRAW, PASS, discard(CARDS[9])]
    advice = Hint(moves[0], tuple((m, -12.345 * i) for i, m in enumerate(moves)))
    look = Look()
    lines = hint_lines(advice, look, width=40)
    assert len(lines) > 2
    assert all(line.cell_len <= 40 for line in lines)
    joined = " ".join(line.plain.strip().removesuffix(" ·") for line in lines)
    for move in moves:
        assert action_label(move, look).plain in joined
    assert "pass −111.1" in joined and lines[-1].plain.endswith(" kop")


def _play(hints: bool, typed: list[str]) -> FakeTerminal:
    """A table where the first player types `typed` at his first move prompts, then plays."""
    session = Session(NAMES, HouseRules(exchange=Exchange.OFF), seed=5)
    terminal = FakeTerminal(player(1, quit_after=1, typed_first=typed))
    table(session, terminal, TableSettings(hints=hints)).run()
    return terminal


def test_h_with_hints_off_says_so_and_never_asks_the_coach(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_coach(*args: Any, **kwargs: Any) -> Hint:
        raise AssertionError("the coach was asked at a table without hints")

    monkeypatch.setattr(host_table, "hint", no_coach)
    terminal = _play(False, ["h"])
    assert any("Hints are off at this table (house rule --hints)" in t for t in terminal.privately)
    assert not any("asked the coach" in t for t in terminal.public)


def test_h_with_hints_on_shows_the_hint_in_private_and_only_the_asking_in_public(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[Any, int]] = []

    def coach(view: Any, seed: int = 0, worlds: int = 48) -> Hint:
        asked.append((view, seed))
        return hint(view, seed=seed, worlds=8)

    monkeypatch.setattr(host_table, "hint", coach)
    terminal = _play(True, ["h"])
    ((view, seed),) = asked
    assert view.seat == 3 and seed == hint_seed(5, 0, len(view.events))  # Gleb leads at seed 5
    assert any("would play" in t and " kop" in t for t in terminal.privately)
    public = "\n".join(terminal.public)
    assert "Gleb asked the coach." in public
    assert "would play" not in public and "Expected money" not in public


def test_the_hints_setting_is_saved_and_checked_like_the_others() -> None:
    assert TableSettings.from_json(TableSettings(hints=True).to_json()).hints is True
    assert TableSettings.from_json({}).hints is False
    hostile: object  # anything a save file could hold
    for hostile in ("yes", 1, None, [], {"a": 1}, 1e309):
        with pytest.raises(SettingsError, match="hints must be true or false"):
            TableSettings.from_json(json.loads(json.dumps({"hints": hostile})))
