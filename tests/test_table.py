"""The table as drawn: a recording Rich console at fixed widths (80, 120), Unicode and ASCII."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from conftest import act, make_session
from rich.console import Console

from mushka.actions import DRAW, PASS, play
from mushka.cards import CARDS
from mushka.engine import Session, Step
from mushka.errors import InvalidActionError
from mushka.ledger import deal_summary, session_accounts
from mushka.record import loads
from mushka.tui.keys import InputProblem, interpret
from mushka.tui.table import (
    Look,
    choices_line,
    deal_table,
    final_sheet,
    hand_panel,
    private_screen,
    too_small,
)
from mushka.view import SeatView

CARD_LABEL = re.compile(r"(?<![\w])(10|[7-9JQKA])([♥♣♦♠HCDS])(?![\w])")


def render(renderable: object, width: int = 80) -> str:
    console = Console(
        width=width,
        record=True,
        force_terminal=False,
        color_system=None,
        highlight=False,
        file=io.StringIO(),
    )
    console.print(renderable)
    return console.export_text()


def midgame(steps: int = 30, seed: int = 5) -> Session:
    session = Session(["Anna", "Boris", "Vera", "Gleb"], seed=seed)
    rng = random.Random(2)
    for _ in range(steps):
        session.apply(rng.choice(session.legal_actions()))
    return session


def public_and_own(view: SeatView) -> set[str]:
    seen = {c.code for c in view.hand}
    for event in view.events:
        for name in ("card",):
            card = getattr(event, name, None)
            if card is not None:
                seen.add(CARDS[card].code)
        for card in getattr(event, "cards", ()) or ():
            if card is not None:
                seen.add(CARDS[card].code)
    return seen


def labels(text: str) -> set[str]:
    return {rank + "HCDS"["♥♣♦♠HCDS".index(suit) % 4] for rank, suit in CARD_LABEL.findall(text)}


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("steps", [0, 7, 30, 61])
def test_the_private_screen_fits_and_shows_only_what_the_seat_may_see(
    width: int, steps: int
) -> None:
    session = midgame(steps)
    seat = session.to_act
    assert seat is not None
    view = session.view(seat)
    text = render(private_screen(view, Look(), height=24), width)
    lines = text.splitlines()
    assert len(lines) <= 23  # one line is left for the prompt
    assert all(len(line) <= width for line in lines)
    assert "Mushka-kopilka" in lines[0] and f"deal {view.deal_number} of 4" in lines[0]
    for name in view.players:
        assert name in text
    assert f"{view.players[seat]}, your hand" in text
    assert labels(text) <= public_and_own(view)
    if width == 120:
        assert max(len(line) for line in lines) == 120  # panels grow with the terminal


def test_the_ascii_look_uses_no_symbols_or_box_drawing() -> None:
    session = midgame(30)
    view = session.view(session.to_act or 0)
    text = render(private_screen(view, Look(ascii_only=True)), 80)
    assert text.isascii()
    assert "+-" in text and "|" in text


def test_a_taller_terminal_shows_more_of_the_log() -> None:
    session = midgame(30)
    view = session.view(session.to_act or 0)
    short = render(private_screen(view, Look(), height=24), 80)
    tall = render(private_screen(view, Look(), height=30), 80)
    assert len(tall.splitlines()) > len(short.splitlines())


def test_the_hand_is_sorted_numbered_and_dims_what_cannot_be_played() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"]
    )
    act(session, "QH")
    view = session.view(1)
    assert [c.code for c in view.hand] == ["KH", "9H", "8D", "7D", "AS"]
    panel = hand_panel(view, Look())
    text = panel.renderable
    styles = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}  # type: ignore[union-attr]
    assert "bold" in styles["K♥"] and "bold" in styles["A♠"]
    assert "dim" in styles["8♦"] and "dim" in styles["7♦"]
    assert choices_line(view, Look()).plain == (
        "Follow hearts (1, 2), play the mushka (5), or pass (p, costs 5 kop)."
    )
    assert "1 K♥   2 9♥   3 8♦   4 7♦   5 A♠ mushka" in render(panel)


def test_the_exchange_screen_shows_face_down_positions_and_what_was_taken() -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
    )
    text = render(private_screen(session.view(1), Look()))
    assert "Anna laid 3 cards face down." in text and "1 ▒▒" in text and "3 ▒▒" in text
    assert "Take one face-down card by its position (1, 2, or 3)." in text
    act(session, "take 1")
    text = render(private_screen(session.view(1), Look()))
    assert "You got 9♥." in text and "Discard one card" in text
    assert "9♥" not in render(private_screen(session.view(2), Look()))


def test_summaries_render_at_80_columns_in_both_looks() -> None:
    session = loads(
        (Path(__file__).with_name("data") / "record-example.json").read_text(encoding="utf-8")
    )
    log = session.log()
    for look in (Look(), Look(ascii_only=True)):
        table = render(
            deal_table(deal_summary(1, log[0]), session.players, [-1, 2, 3, -4], look), 80
        )
        assert "Deal 1 played out" in table and "first out: Vera" in table
        sheet = render(final_sheet(session_accounts(log), session.players, look), 80)
        assert "Gleb wins with +84 kop." in sheet
        assert all(len(line) <= 80 for line in (table + sheet).splitlines())
        if look.ascii_only:
            assert (table + sheet).isascii()
    rows = [
        line
        for line in render(final_sheet(session_accounts(log), session.players, Look())).splitlines()
        if "│" in line
    ]
    assert [r.split("│")[2].strip() for r in rows[1:]] == ["Gleb", "Vera", "Boris", "Anna"]


def test_too_small_says_the_size_it_needs() -> None:
    assert "at least 80×24" in too_small(60, 20).plain and "60×20" in too_small(60, 20).plain


# ---------------------------------------------------------------- what players type


def lead_view() -> SeatView:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"]
    )
    return session.view(0)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("1", play("QH")),
        ("qh", play("QH")),
        ("Q♥", play("QH")),
        ("5", play("7C")),
        ("p", PASS),
        ("draw", DRAW),
        ("?", "help"),
        ("s", "scores"),
        ("r", "rules"),
        ("q", "quit"),
    ],
)
def test_typed_moves_are_understood(typed: str, expected: object) -> None:
    assert interpret(typed, lead_view()) == expected


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Type your move"),
        ("7", "no card number 7"),
        ("0", "no card number 0"),
        ("hello", "is not a move"),
    ],
)
def test_typed_nonsense_gets_a_plain_explanation(typed: str, message: str) -> None:
    with pytest.raises(InputProblem, match=message):
        interpret(typed, lead_view())


def test_numbers_mean_positions_while_taking_and_cards_while_discarding() -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
    )
    view = session.view(1)
    assert view.step is Step.TAKE
    assert interpret("2", view).position == 1  # type: ignore[union-attr]
    with pytest.raises(InputProblem, match="a number from 1 to 3"):
        interpret("4", view)
    act(session, "take 1")
    view = session.view(1)
    assert interpret("1", view).kind.value == "discard"  # type: ignore[union-attr]
    assert interpret("7d", view).kind.value == "discard"  # type: ignore[union-attr]


def test_interpret_never_raises_an_engine_error() -> None:
    view = lead_view()
    for typed in ["zz", "take", "discard", "1 2", "♥", "10", "t♠", "play"]:
        try:
            interpret(typed, view)
        except InputProblem:
            pass
        except InvalidActionError as exc:  # pragma: no cover - would be a bug
            raise AssertionError(typed) from exc


def test_a_seat_not_to_act_sees_whom_the_table_waits_for() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 9H AS 8D 7D", "JH 9D 10D JD QD", "10H KD AD 7S 8S"]
    )
    text = render(private_screen(session.view(2), Look()))
    assert "Waiting for Anna…" in text and "Vera, your hand" in text
