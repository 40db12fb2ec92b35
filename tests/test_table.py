"""The table as drawn: a recording Rich console at fixed widths (80, 120), Unicode and ASCII."""

from __future__ import annotations

import ast
import copy
import dataclasses
import io
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import QUICK, act, examples, make_session
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule

from mushka.actions import DRAW, PASS, play
from mushka.cards import CARDS, Card, Suit, parse_card
from mushka.engine import Session, Step
from mushka.errors import InvalidActionError
from mushka.events import Draw, Event, Follow, Lead, TakeBack, Trick
from mushka.house_rules import Exchange, HouseRules
from mushka.ledger import deal_summary, session_accounts
from mushka.present.keys import InputProblem, interpret
from mushka.record import loads
from mushka.render.look import Look
from mushka.render.panels import choices_line, hand_panel
from mushka.render.private_screen import private_screen
from mushka.render.public_table import public_screen
from mushka.render.sheets import deal_table, final_sheet
from mushka.render.sizes import too_small
from mushka.render.trick import laid, open_winner, winning_play
from mushka.table_options import TableOptions
from mushka.tui.terminal import ScreenTerminal
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
    assert "Anna: 3 cards face down." in text and "1 ▒▒" in text and "3 ▒▒" in text
    assert "Take one face-down card by its position (1, 2, or 3)." in text
    act(session, "take 1")
    text = render(private_screen(session.view(1), Look()))
    flat = " ".join(text.split())  # the choices line wraps after the new card is placed
    assert "You got 9♥." in text and "Discard one card" in flat and "9♥, number" in flat
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


# ---------------------------------------------------------------- tricks a player can follow


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), exchange=st.sampled_from(list(Exchange)))
def test_winning_so_far_is_what_the_engine_decides_if_the_trick_ended_now(
    seed: int, exchange: Exchange
) -> None:
    """After every play, the seat and card the table marks as winning are those the engine
    names if everyone still to answer passes; and every finished trick's winner and card are
    what winning_play says of all its plays (draws played from the talon and the mushka too)."""
    session = Session(["Anna", "Boris", "Vera", "Gleb"], HouseRules(exchange=exchange), seed=seed)
    rng = random.Random(seed)
    checked = 0
    on_table: list[tuple[int, Card]] = []
    while not session.is_over:
        if session.step is Step.FOLLOW:
            ended = copy.deepcopy(session)
            closing: Trick | TakeBack | None = None
            while closing is None:
                closing = next(
                    (e for e in ended.apply(PASS) if isinstance(e, Trick | TakeBack)), None
                )
            expected = (closing.winner, closing.card) if isinstance(closing, Trick) else None
            for seat in range(4):  # every seat reads the same public facts
                assert open_winner(session.view(seat)) == expected
            checked += 1
        for event in session.apply(rng.choice(session.legal_actions())):
            if isinstance(event, Lead):
                on_table = []
            if isinstance(event, Lead | Follow | Draw) and (card := laid(event)) is not None:
                on_table.append((event.seat, card))
            if isinstance(event, Trick):
                assert winning_play(on_table, event.suit) == (event.winner, event.card)
    assert checked > 10


def test_the_trick_panel_marks_who_is_winning_so_far() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 8D 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"], talon="AH"
    )
    act(session, "QH")
    alone = render(private_screen(session.view(1), Look()))
    assert "◀" not in alone  # a lead nobody has joined would go back, not be won
    act(session, "KH")
    text = render(private_screen(session.view(2), Look()))
    assert "│ Boris K♥ ◀ " in text and "│ Anna  Q♥    " in text
    assert "◀ winning so far ─╯" in text
    act(session, "draw")  # Vera draws A♥ and must play it: it wins so far
    text = render(private_screen(session.view(3), Look()))
    assert "│ Vera  drew A♥ ◀ " in text and "│ Boris K♥    " in text
    assert open_winner(session.view(3)) == (2, parse_card("AH"))


def test_the_mushka_takes_over_any_lead_but_spades() -> None:
    assert winning_play([(0, parse_card("AH")), (1, parse_card("AS"))], Suit.H) == (
        1,
        parse_card("AS"),
    )
    spades = [(0, parse_card("7S")), (1, parse_card("AS")), (2, parse_card("KS"))]
    assert winning_play(spades, Suit.S) == (1, parse_card("AS"))
    off_suit = [(0, parse_card("9D")), (1, parse_card("KD")), (2, parse_card("10D"))]
    assert winning_play(off_suit, Suit.D) == (1, parse_card("KD"))
    assert winning_play([(0, parse_card("9D"))], Suit.D) is None


# ---------------------------------------------------------------- the right edge


def test_the_terminal_leaves_its_last_column_empty() -> None:
    """xterm with many fonts draws ─ a pixel past its cell; in the last column that pixel lands
    in a border that clearing the screen never repaints: a stray mark for the rest of the game."""
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    session = midgame(30)
    ScreenTerminal(console).show(
        Rule("Pass the terminal to Boris"),
        private_screen(session.view(session.to_act or 0), Look(), 24),
        Panel("a panel as wide as it may be"),
    )
    lines = console.export_text().splitlines()
    assert lines and max(cell_len(line.rstrip()) for line in lines) == 79


# ---------------------------------------------------------------- the public table


def publicly_seen(events: Sequence[Event]) -> set[str]:
    """The cards laid face up in a deal: leads (those taken back too), follows, draws played."""
    seen = set()
    for event in events:
        if isinstance(event, Lead | Follow) or (isinstance(event, Draw) and event.played):
            assert event.card is not None
            seen.add(CARDS[event.card].code)
    return seen


@pytest.mark.parametrize(("width", "height"), [(40, 16), (80, 24), (132, 43)])
def test_the_public_table_never_shows_a_card_of_any_hand(width: int, height: int) -> None:
    checked = 0
    for seed in (3, 4):
        session = Session(
            ["Anna", "Bot 2 (strong)", "Bot 3 (strong)", "Bot 4 (strong)"],
            HouseRules(exchange=Exchange.MODERN if seed % 2 else Exchange.OLD),
            seed=seed,
        )
        rng = random.Random(seed)
        step = 0
        while not session.is_over:
            step += 1
            if step % (3 if QUICK else 1) == 0:
                seat = rng.randrange(4)
                events = session.log()[-1]
                log = Look().words(session.players).events(events)
                status = {rng.randrange(4): "away"}
                text = render_screen(
                    public_screen(session.view(seat), Look(), width, height, log, status),
                    width,
                )
                lines = text.splitlines()
                assert len(lines) <= height - 1 and all(cell_len(line) < width for line in lines)
                assert labels(text) <= publicly_seen(events), seed
                hands = {c.code for s in range(4) for c in session.hand(s)}
                assert not labels(text) & (hands - publicly_seen(events))
                assert "your hand" not in text and "You " not in text
                checked += 1
            session.apply(rng.choice(session.legal_actions()))
    assert checked > 50


def test_the_public_table_says_who_is_away_and_whose_turn_it_is() -> None:
    session = midgame(30)
    seat = session.to_act
    assert seat is not None
    view = session.view((seat + 1) % 4)
    for width, height in ((80, 24), (40, 16)):
        text = render_screen(
            public_screen(view, Look(), width, height, ["Anna led 7♣"], {2: "away"}), width
        )
        assert "away" in text and "▶" in text and "Anna led 7♣" in text
        assert "kitty" in text and str(view.kitty) in text
        for name in session.players:
            assert name in text


def render_screen(renderable: object, width: int) -> str:
    """What a terminal `width` wide shows of `renderable` (through Terminal.show)."""
    console = Console(
        width=width,
        record=True,
        force_terminal=False,
        color_system=None,
        highlight=False,
        file=io.StringIO(),
    )
    ScreenTerminal(console).show(renderable)  # type: ignore[arg-type]
    return console.export_text()


def test_the_table_options_need_nothing_but_the_standard_library() -> None:
    """The coming table host owns these settings: their module imports no Rich, no mushka."""
    source = (Path(__file__).parents[1] / "mushka" / "table_options.py").read_text("utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert imported and imported <= set(sys.stdlib_module_names) | {"__future__"}, imported
    assert TableOptions() == TableOptions(undo=False, hints=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        TableOptions().undo = True  # type: ignore[misc]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("width", [40, 44, 60])
def test_the_sheets_keep_every_result_on_a_narrow_seat(lang: str, width: int) -> None:
    """A seat 40 columns wide (a phone held upright) reads each player's result in full: the final
    sheet's net and the deal table's deal and total, nothing cut, no line wider than the seat."""
    from mushka.i18n import language, use_language

    session = Session(("Anna", "Boris", "Vera", "Bot 4 (strong)"), seed=3)
    chooser = random.Random(1)
    while moves := session.legal_actions():
        session.apply(chooser.choice(moves))
    log = [deal.events for deal in session.deals]
    accounts = session_accounts(log)
    before = language()
    use_language(lang)
    try:
        console = Console(file=io.StringIO(), width=width, color_system=None)
        console.print(final_sheet(accounts, session.players, Look()))
        console.print(deal_table(deal_summary(1, log[0]), session.players, [0, 0, 0, 0], Look()))
        text = console.file.getvalue()  # type: ignore[attr-defined]
    finally:
        use_language(before)
    assert "…" not in text
    assert all(cell_len(line) <= width for line in text.splitlines())
    for account in accounts:
        assert f"{account.net:+d}".replace("-", "−") in text
