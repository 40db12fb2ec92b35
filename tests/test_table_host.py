"""The table host's refusals, without a front end: a request out of turn changes nothing."""

from __future__ import annotations

import pytest

from mushka.engine import Session
from mushka.host.settings import TableSettings
from mushka.host.table import TableError, TableHost


def test_a_computer_player_is_not_asked_to_think_on_a_turn_that_is_not_its_own() -> None:
    settings = TableSettings(bots={1: "basic", 2: "basic"}, undo=True)
    host = TableHost(Session(seed=7), settings, save=lambda session, ui: None)
    host.begin()
    turn = host.pending()
    assert turn is not None
    for seat in (0, 1, 2, 3):
        if seat == turn.seat and turn.computer:
            continue
        with pytest.raises(TableError):
            host.computer_move(seat)  # a human's seat, or a computer's out of turn
    assert host.pending() == turn
