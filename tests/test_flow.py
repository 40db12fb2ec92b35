"""Fewer handoffs: which passes play themselves, and the short public log."""

from __future__ import annotations

import random

import pytest
from conftest import cards, spread
from fakes import Answer, FakeTerminal, table

from mushka.actions import PASS, Action
from mushka.cards import CARDS, MUSHKA, Card, parse_card
from mushka.chance import SeededChance
from mushka.engine import Session
from mushka.events import Event, Follow, Lead, Pass, Trick
from mushka.host.forced import public_forced_pass
from mushka.host.settings import SettingsError, TableSettings
from mushka.house_rules import HouseRules
from mushka.present.describe import Words
from mushka.present.journal import deal_lines, kitty_before
from mushka.state import Position

NAMES = ("Anna", "Boris", "Vera", "O'Neil")


def position(
    plays: str, hand: str, talon: str = "", others: tuple[str, str, str] = ("", "", "")
) -> Session:
    """The seat after the trick's `plays` (the first by Anna, the others after her) holds `hand`."""
    played = cards(plays)
    trick = tuple((seat, card) for seat, card in enumerate(played))
    me = len(played)
    rest = list(others)
    hands = [cards(hand) if seat == me else cards(rest.pop()) for seat in range(4)]
    return at_position(hands, cards(talon), CARDS[played[0]].suit, me, trick, played)


def at_position(
    hands: list[list[Card]],
    talon: list[Card],
    last_lead_suit: int,
    to_act: int,
    trick: tuple[tuple[int, Card], ...] = (),
    played: list[Card] | None = None,
) -> Session:
    """A play-phase position of the first deal: these hands and talon, the rest out of play."""
    used = {c for h in hands for c in h} | set(played or []) | set(talon)
    return Session.at_position(
        Position(
            players=NAMES,
            rules=HouseRules(),
            deal_index=0,
            dealer=3,
            hands=tuple(tuple(h) for h in hands),
            talon=tuple(talon),
            kitty=60,
            net=(-15,) * 4,
            first_outs=(),
            tricks_won=((), (), (), ()),
            out_order=(),
            last_lead_suit=last_lead_suit,
            takebacks=0,
            to_act=to_act,
            trick=trick,
            followers=tuple(range(to_act, 4)) if trick else (),
            out_of_play=tuple(c for c in CARDS if c not in used),
        ),
        SeededChance(random.Random(0)),
    )


@pytest.mark.parametrize(
    ("plays", "hand", "talon", "forced"),
    [
        ("9H", "7C 8D", "", False),  # the mushka may be anywhere: passing for him would tell
        ("9H AS", "7C 8D", "", True),  # the mushka is on the table
        ("9S", "7C 8D", "", True),  # spades led: no spade means no mushka
        ("9S 10S", "7C 8D", "", True),
        ("9H", "7C 8D AS", "", False),  # he may play the mushka
        ("9S", "7C 8D", "KD", False),  # he may draw
        ("9H AS", "7H 8D", "", False),  # he may follow
    ],
)
def test_a_pass_plays_itself_only_when_it_is_forced_and_reveals_nothing(
    plays: str, hand: str, talon: str, forced: bool
) -> None:
    session = position(plays, hand, talon, others=("KC", "QC", "JC"))
    view = session.view(session.to_act or 0)
    assert public_forced_pass(view) is forced
    if forced:
        assert view.legal_actions == (PASS,)


def test_a_mushka_played_in_an_earlier_trick_makes_the_pass_public() -> None:
    session = position("9H", "7C 8D", others=("KC", "QC", "JC"))
    view = session.view(1)
    assert not public_forced_pass(view)
    earlier = (Lead(2, parse_card("7S")), Follow(3, MUSHKA))
    assert public_forced_pass(view._replace(events=earlier + view.events))
    hidden = (Lead(2, parse_card("7S")), Follow(3, parse_card("KS")))
    assert not public_forced_pass(view._replace(events=hidden + view.events))


def test_the_short_log_has_a_line_per_trick_and_follows_the_kitty() -> None:
    session = Session(list(NAMES), seed=7)
    rng = random.Random(1)
    while not session.is_over:
        session.apply(rng.choice(session.legal_actions()))
    log = session.log()
    words = Words(session.players)
    assert kitty_before(log) == session.kitty
    kitty = 0
    for events in log:
        lines = deal_lines(events, words, kitty)
        tricks = [line for line in lines if line.startswith("Trick ")]
        leads = sum(isinstance(e, Lead) for e in events)
        assert len(tricks) == leads
        assert sum("kitty" in line for line in tricks) == sum(isinstance(e, Trick) for e in events)
        kitty = kitty_before([events], kitty)


def test_a_forced_pass_says_why_in_the_log() -> None:
    events: list[Event] = [Lead(3, parse_card("QD")), Follow(0, MUSHKA), Pass(2, False)]
    line = deal_lines(events, Words(NAMES), forced={2})[0]
    assert (
        line
        == "Trick 1 ♦ led by O'Neil: Q♦ · Anna A♠ (mushka) · Vera passes: no diamonds, talon empty …"
    )


def asking(asked: list[tuple[int, tuple[Action, ...]]]) -> Answer:
    """Quits at the first move asked for, noting whose it was and what he could do."""

    def answer(prompt: str, terminal: FakeTerminal) -> str:
        if prompt.startswith("Your move"):
            view = terminal.view()
            asked.append((view.seat, view.legal_actions))
            return "q"
        return "y" if prompt.startswith("Save and stop") else ""

    return answer


def test_the_table_asks_for_a_pass_that_would_tell_where_the_mushka_is() -> None:
    session = position("9H", "7C 8D", others=("KC", "QC", "JC"))
    asked: list[tuple[int, tuple[Action, ...]]] = []
    hot_seat = table(session, FakeTerminal(asking(asked)))
    assert hot_seat.run() == 0
    assert asked == [(1, (PASS,))]  # Boris's turn, with its handoff
    assert hot_seat.host.log().forced == {}


def test_the_table_passes_for_seats_when_the_mushka_is_on_the_table() -> None:
    session = position("9H AS", "7C 8D", others=("KH", "QC", "JC"))
    asked: list[tuple[int, tuple[Action, ...]]] = []
    hot_seat = table(session, FakeTerminal(asking(asked)))
    assert hot_seat.run() == 0
    assert hot_seat.host.log().forced == {0: {0}}  # Vera's pass, the first event logged
    assert asked[0][0] == 3  # then O'Neil, who may follow


def test_the_undo_house_rule_is_kept_in_the_save_and_checked() -> None:
    settings = TableSettings(undo=True)
    assert TableSettings.from_json(settings.to_json()).undo is True
    assert TableSettings.from_json({}).undo is False  # saves from before the rule: off
    with pytest.raises(SettingsError, match="undo must be true or false"):
        TableSettings.from_json({"undo": "yes"})


# ---------------------------------------------------------------- moves nobody needs to make


def lone_prompts(seed: int, exchange: str = "modern") -> tuple[int, int, list[str]]:
    """A whole seeded session: how many prompts offered a last card to lead or the one
    face-down card to take, how many moves the table made itself, and the public log."""
    from fakes import player

    from mushka.actions import Kind
    from mushka.house_rules import Exchange
    from mushka.state import Step

    inner = player(seed)
    lone = 0

    def answer(prompt: str, terminal: FakeTerminal) -> str:
        nonlocal lone
        if prompt.startswith("Your move ["):
            view = terminal.view()
            last_card = view.step is Step.LEAD and len(view.hand) == 1
            one_down = view.step is Step.TAKE and view.face_down_count == 1
            lone += (
                last_card
                or one_down
                or (len(view.legal_actions) == 1 and view.legal_actions[0].kind is Kind.TAKE)
            )
        return inner(prompt, terminal)

    session = Session(
        ["Anna", "Boris", "Vera", "Gleb"], HouseRules(exchange=Exchange(exchange)), seed=seed
    )
    terminal = FakeTerminal(answer, width=160, kept_width=400)
    hot_seat = table(session, terminal)
    assert hot_seat.run() == 0 and session.is_over
    made = sum(len(moves) for moves in hot_seat.host.log().forced.values())
    return lone, made, terminal.public


@pytest.mark.parametrize(
    ("seed", "exchange"), spread([(1, "modern"), (2, "old"), (3, "modern")], 1)
)
def test_no_prompt_offers_a_last_card_or_the_one_face_down_card(seed: int, exchange: str) -> None:
    lone, made, public = lone_prompts(seed, exchange)
    assert lone == 0 and made > 0
    log = "\n".join(public)
    assert "leads the last card:" in log or "takes the last one" in log


def lead_position(hand: str, last_led: str) -> Session:
    """Anna to lead with `hand`, the suit of `last_led` led just before (and barred now, R7)."""
    hands = [cards(hand), cards("7C 8C"), cards("7D 8D"), cards("9D 10D")]
    return at_position(hands, [], parse_card(last_led).suit, 0)


@pytest.mark.parametrize(
    ("hand", "last_led", "plays_itself"),
    [
        ("9H", "QS", True),  # her last card: everyone knows she holds one card
        ("9H", "QH", True),  # her last card, of the suit led before (a one-suit hand may)
        ("9H 7S", "QH", False),  # only 7S may be led: playing it would show 9H is a heart
        ("9H 7S", "QC", False),  # a choice
    ],
)
def test_the_table_plays_a_last_card_but_asks_for_a_lead_that_would_tell(
    hand: str, last_led: str, plays_itself: bool
) -> None:
    from mushka.host.forced import table_move

    view = lead_position(hand, last_led).view(0)
    assert (table_move(view) is not None) == plays_itself


def test_q_asks_before_it_stops_the_game_for_everyone() -> None:
    from fakes import player

    session = Session(NAMES, seed=4)
    answers = iter(["q", "n", "q", "y"])  # asked: no, play on; asked again: yes
    moves = player(4)
    questions: list[str] = []

    def answer(prompt: str, terminal: FakeTerminal) -> str:
        if prompt.startswith("Save and stop"):
            questions.append(prompt)
            return next(answers)
        if prompt.startswith("Your move"):
            if len(questions) == 0 and terminal.moves == 3:
                return next(answers)
            if len(questions) == 1:
                return next(answers)
        return moves(prompt, terminal)

    terminal = FakeTerminal(answer)
    assert table(session, terminal).run() == 0
    assert len(questions) == 2 and not session.is_over
    assert "Not stopped: play on." in "\n".join(terminal.privately)
