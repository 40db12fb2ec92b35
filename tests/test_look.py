"""What a player needs to see (issue 12): house rules, table memory, legal-only prompts, plain
words for blocked deals, ties and the kitty; everything within 80 columns, even with long names."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator, Sequence

import pytest
from conftest import act, make_session, spread
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from test_table import render

from mushka.actions import DRAW, play
from mushka.cards import CARDS, MUSHKA_INDEX, RANK_CODES, SUITS, Card, parse_card
from mushka.engine import Session, Step
from mushka.events import Draw, Event, Follow, Lead, TakeBack, Trick
from mushka.house_rules import Exchange, HouseRules
from mushka.i18n import RUSSIAN, _, speaking
from mushka.i18n import _ as translated
from mushka.ledger import SeatAccount, deal_summary, session_accounts
from mushka.present.describe import Words, cards_left
from mushka.present.keys import InputProblem, interpret, prompt_keys
from mushka.present.sheets import shared_ranks
from mushka.render.help import help_screen, house_rules_line, house_rules_panel
from mushka.render.look import Look
from mushka.render.panels import choices_line, header, memory_panel, played_cards
from mushka.render.private_screen import private_screen
from mushka.render.public_table import public_screen
from mushka.render.sheets import deal_table, final_sheet
from mushka.table_options import TableOptions
from mushka.tui.terminal import ScreenTerminal
from mushka.view import SeatView

LONG = ("Anastasia Petrova", "Bartholomew Kent", "Vera", "Gleb")  # the first is 17: refused
SIXTEEN = ("Anastasia Petrov", "Bartholomew Kent", "Wilhelmina Smith", "Oleg O'Neil-Rusk")


def random_session(
    seed: int, steps: int, players: tuple[str, ...] = SIXTEEN, **rules: object
) -> Session:
    session = Session(players, HouseRules(**rules), seed=seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _step in range(steps):
        if session.is_over:
            break
        session.apply(rng.choice(session.legal_actions()))
    return session


def all_views(seeds: range, exchange: Exchange = Exchange.MODERN) -> list[SeatView]:
    """Every seat's view at every decision of a few random sessions."""
    views: list[SeatView] = []
    for seed in seeds:
        session = Session(SIXTEEN, HouseRules(exchange=exchange), seed=seed)
        rng = random.Random(seed)
        while not session.is_over:
            views.extend(session.view(seat) for seat in range(4))
            session.apply(rng.choice(session.legal_actions()))
    return views


# ---------------------------------------------------------------- house rules


def test_the_house_rules_are_on_the_table_in_help_and_at_the_start() -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        stake=20,
        remise=7,
        prices=(5, 3, 2, 1),
        deals=2,
        exchange="old",
    )
    view = session.view(0)
    look = Look()
    top = render(header(view, look), 80).splitlines()
    assert top[1].strip() == "stake 20 · remise 7 · ♥5 ♣3 ♦2 ♠1 · 2 deals · old exchange"
    screen = render(private_screen(view, look), 80).splitlines()
    assert screen[1] == top[1]
    assert "undo" not in top[1]
    both = TableOptions(undo=True, hints=True)
    assert "undo on · hints on\n" in render(header(view, look, both), 80)
    assert "exchange\n" in render(header(view, look, TableOptions()), 80)
    assert "House rules: stake 20 · remise 7" in render(house_rules_panel(view.rules, look))
    help_text = render(help_screen(view.rules, look, TableOptions(undo=True)))
    assert "House rules:" in help_text
    assert "stake 20 · remise 7 · ♥5 ♣3 ♦2 ♠1 · 2 deals" in help_text
    assert "old exchange · undo on" in help_text and "  m  " in help_text
    lines = render(house_rules_panel(view.rules, look, both), 80).splitlines()
    assert lines == [
        "House rules:",
        "stake 20 · remise 7 · ♥5 ♣3 ♦2 ♠1 · 2 deals · old exchange · undo on · hints on",
    ]
    assert all(len(line) <= 80 for line in help_text.splitlines())
    plain = render(house_rules_panel(HouseRules(exchange=Exchange.OFF, deals=1), Look(True)))
    assert "H4 C3 D2 S1 - 1 deal - no exchange" in plain and plain.isascii()


# ---------------------------------------------------------------- legal-only prompts


def test_the_prompt_lists_exactly_the_legal_numbers_and_letters() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 8D 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"]
    )
    act(session, "QH")
    view = session.view(1)  # K♥ 8♦ A♠ 8♠ 7♠: K♥ (1) and the mushka (3) are legal
    assert [c.code for c in view.hand] == ["KH", "8D", "AS", "8S", "7S"]
    assert prompt_keys(view).startswith("Your move [1, 3, p, ? help, o played,")
    assert choices_line(view, Look()).plain == (
        "Follow hearts (1), play the mushka (3), or pass (p, costs 5 kop)."
    )


def test_a_run_of_three_or_more_numbers_reads_as_a_range() -> None:
    session = make_session(
        ["7H 8H 9H 10H JH", "7C 8C 9C 10C JC", "7D 8D 9D 10D JD", "7S 8S 9S 10S JS"]
    )
    assert prompt_keys(session.view(0)).startswith("Your move [1-5, ? help")


def test_after_a_blind_take_the_new_card_is_marked_and_the_moved_numbers_are_said() -> None:
    """The taken card is sorted into the hand, so every number after it moves: a player who
    read his hand before would type the old number and discard the wrong card."""
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
    )
    act(session, "take 1")
    view = session.view(1)
    screen = render(private_screen(view, Look(ascii_only=True), height=24))  # no colours at all
    assert "3 9H new" in screen, screen
    assert "New card: 9H, number 3; the cards after it are numbered one higher." in screen
    for width, height in ((40, 16), (120, 40)):
        shown = render(private_screen(view, Look(), height=height), width=width)
        assert "number 3; the cards after" in " ".join(shown.split()), shown
    with speaking(RUSSIAN):
        words = choices_line(view, Look()).plain
    assert words.startswith("Новая карта: 9♥, номер 3; у карт после неё номера выросли на один.")
    act(session, "discard 9H")
    assert "New card" not in choices_line(session.view(2), Look()).plain


def test_taking_the_last_face_down_card_and_discarding_offer_only_numbers() -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
    )
    act(session, "take 1")
    discard = session.view(1)
    assert discard.step is Step.DISCARD
    keys = prompt_keys(discard)
    assert keys.startswith("Your move [1-6, ? help") and " d" not in keys and " p," not in keys
    assert choices_line(discard, Look()).plain == (
        "New card: 9♥, number 3; the cards after it are numbered one higher. "
        "Discard one card (1, 2, 3, 4, 5, 6)."
    )
    act(session, "discard 7D", "take 1", "discard 7S")
    last = session.view(3)
    assert last.step is Step.TAKE and last.face_down_count == 1
    assert prompt_keys(last).startswith("Your move [1, ? help")
    assert choices_line(last, Look()).plain == "Take one face-down card by its position (1)."
    assert "1–1" not in render(private_screen(last, Look()))


def test_the_engine_and_the_table_say_the_same_sentence() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 8D 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"]
    )
    act(session, "QH")
    view = session.view(1)
    numbers = {str(i): card.label() for i, card in enumerate(view.hand, start=1)}
    table = choices_line(view, Look()).plain
    spelled = re.sub(r"\((\d)\)", lambda m: f"({numbers[m[1]]})", table)
    assert spelled.replace("p, costs 5 kop", "remise 5") == session.describe_legal()


def test_the_seven_of_hearts_is_named_not_zero() -> None:
    session = make_session(
        ["7H 7C 8C 9C 10C", "KH 8D 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"]
    )
    assert session.describe_legal() == "Lead any card (7♥, 10♣, 9♣, 8♣, 7♣)."
    assert CARDS[0].label() == "7♥"


# ---------------------------------------------------------------- table memory


def memory_cards(text: str, look: Look) -> set[Card]:
    """The cards a rendered memory panel shows as played."""
    shown: set[Card] = set()
    for line in text.splitlines():
        for suit in SUITS:
            symbol = look.suit(suit).plain
            cells = line.strip("│| ").split()
            if cells and cells[0] == symbol:
                for code in cells[1:]:
                    if code in RANK_CODES:
                        shown.add(CARDS[int(suit) * 8 + RANK_CODES.index(code)])
    return shown


@pytest.mark.parametrize("exchange", [Exchange.MODERN, Exchange.OLD])
def test_the_table_memory_shows_every_played_card_and_never_a_hidden_one(
    exchange: Exchange,
) -> None:
    look = Look()
    checked = 0
    for view in all_views(range(4), exchange)[::3]:
        shown = memory_cards(render(memory_panel(view, look), 60), look)
        played: set[Card] = set()
        for event in view.events:
            if isinstance(event, Lead | Follow) or (isinstance(event, Draw) and event.played):
                assert event.card is not None
                played.add(event.card)
            if isinstance(event, TakeBack):
                played.remove(event.card)
        assert shown == played  # discards, unplayed draws and taken-back leads are not shown
        assert not shown & set(view.hand)
        checked += 1
    assert checked > 100


def test_the_memory_names_who_is_known_to_lack_a_suit() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 8D 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"], talon="AD"
    )
    act(session, "QH", "KH", "draw")  # Vera has no hearts: she drew A♦ (hers, unseen)
    view = session.view(0)
    text = render(memory_panel(view, Look()), 80)
    assert "Vera has no ♥" in text and "You have" not in text
    assert re.search(r"♥ +· +K +Q", text)
    assert parse_card("AD") not in played_cards(session.view(2).events)  # hidden, even to her
    own = render(memory_panel(session.view(2), Look()), 80)
    assert "You have no ♥" in own and re.search(r"♦ +· +· +·", own)


def test_o_opens_the_memory_m_plays_the_mushka_and_both_are_in_the_help() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 8D 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"]
    )
    assert interpret("o", session.view(0)) == "memory"
    assert interpret("m", session.view(0)) == play(CARDS[MUSHKA_INDEX])
    assert "play the mushka" in render(help_screen(session.rules, Look()))
    assert "the cards played this deal" in render(help_screen(session.rules, Look()))


def test_a_large_terminal_shows_the_memory_beside_the_trick_and_more_log() -> None:
    session = random_session(5, 30)
    view = session.view(session.to_act or 0)
    small = render(private_screen(view, Look(), height=24), 80)
    large = render(private_screen(view, Look(), height=43), 132)
    assert "played this deal" not in small and "played this deal" in large
    assert len(large.splitlines()) <= 42 and all(len(line) <= 132 for line in large.splitlines())
    assert len(large.splitlines()) > len(small.splitlines()) + 8
    shown = memory_cards(render(memory_panel(view, Look()), 60), Look())
    assert shown <= {c for c in CARDS if c not in view.hand}


# ---------------------------------------------------------------- the exchange, privately


def test_the_exposer_sees_the_cards_he_laid_face_down_and_nobody_else_does() -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "8H 7H 9H"},
    )
    own = render(private_screen(session.view(0), Look()))
    assert "Your cards face down: 9♥ 8♥ 7♥." in own  # the box: what lies there
    assert "You laid 9♥ 8♥ 7♥ face down" in Look().words(session.players, me=0).events(
        session.view(0).events
    )
    other = render(private_screen(session.view(1), Look()))
    assert "Anna: 3 cards face down." in other and "7♥" not in other


# ---------------------------------------------------------------- plain words


def blocked_session() -> Session:
    session = make_session(
        ["7H 8H 9H 10H JH", "7C 8C 9C 10C JC", "7D 8D 9D 10D JD", "7S 8S 9S 10S JS"]
    )
    act(session, "7H", "pass", "pass", "pass", "7C", "pass", "pass", "pass")
    act(session, "7D", "pass", "pass", "pass", "7S", "pass", "pass", "pass")
    return session


def test_a_blocked_deal_says_that_nobody_went_out_and_who_counts_as_first() -> None:
    session = blocked_session()
    events = session.log()[0]
    words = Look().words(session.players)
    told = words.events(events[-6:], before=events[:-6])
    assert (
        "The deal is blocked and nobody went out; Anna, with the fewest cards (5), "
        "counts as first out" in told
    )
    assert "The deal is blocked (first out: Anna)" in words.events(events[-6:])
    mine = Look().words(session.players, me=0).events(events, before=())
    assert any("you, with the fewest cards (5), count as first out" in s for s in mine)
    table = render(
        deal_table(deal_summary(1, events), session.players, [60, -20, -20, -20], Look())
    )
    assert "Deal 1 blocked · nobody went out" in table
    assert "Anna, with the fewest cards, counts as first out" in table
    assert re.search(r"Anna +│ \(1st\)", table)
    assert "Kitty after the deal: 0 kop" in table


def test_cards_left_agrees_with_the_engine_at_every_decision() -> None:
    for exchange in (Exchange.MODERN, Exchange.OLD):
        for view in all_views(range(3), exchange)[::4]:
            if view.step not in (Step.TAKE, Step.DISCARD):  # the pile is still face down
                assert cards_left(view.events) == list(view.hand_sizes)


def test_the_deal_table_gives_the_kitty_balance_and_calls_payouts_taken() -> None:
    session = random_session(3, 400, players=("Anna", "Boris", "Vera", "Gleb"), deals=2)
    log = session.log()
    totals = [a.net for a in session_accounts(log[:1])]
    text = render(deal_table(deal_summary(1, log[0]), session.players, totals, Look()))
    first = session_accounts(log[:1])
    balance = sum(a.antes + a.remises - a.winnings - a.payout for a in first)
    assert f"Kitty after the deal: {balance} kop" in text and balance > 0
    assert "took kitty" in text.replace("│", " ").replace("\n", " ") or (
        "took" in text and "kitty" in text
    )


def test_ties_share_a_rank() -> None:
    assert shared_ranks([5, 5, -3, -7]) == [(1, 0), (1, 1), (3, 2), (4, 3)]
    assert shared_ranks([-1, 2, -1, 0]) == [(1, 1), (2, 3), (3, 0), (3, 2)]
    accounts = [
        SeatAccount(winnings=10),
        SeatAccount(antes=5),
        SeatAccount(winnings=10),
        SeatAccount(antes=15),
    ]
    sheet = render(final_sheet(accounts, ["Anna", "Boris", "Vera", "Gleb"], Look()))
    ranks = [line.split("│")[1].strip() for line in sheet.splitlines() if "│" in line][1:]
    assert ranks == ["1", "1", "3", "4"]
    assert "Anna and Vera share the win with +10 kop each." in sheet


def test_trick_and_out_sentences_speak_to_the_player() -> None:
    words = Words(["Anna", "Boris", "Vera", "Gleb"], me=1)
    from mushka.cards import Suit
    from mushka.events import End, Out, Trick

    assert words.events([Out(1)]) == ["You are out"]
    assert words.events([Out(2)]) == ["Vera is out"]
    assert words.events([End(1, False)]) == ["The deal is over: you were first out"]
    empty = Trick(2, Suit.H, False, 4, 0, CARDS[6])
    assert words.events([empty]) == [
        "Vera took the hearts trick, worth 4 kop, but the kitty was empty"
    ]
    short = Trick(0, Suit.C, True, 6, 2, CARDS[31])
    assert words.events([short]) == [
        "Anna took the clubs trick (doubled by the mushka), +2 kop, all the kitty had "
        "(it was worth 6)"
    ]
    spades: list[Event] = [Lead(0, CARDS[28]), Follow(1, CARDS[31])]
    assert words.events(spades)[1] == "You played A♠"  # no mushka on a spade lead
    hearts: list[Event] = [Lead(0, CARDS[0]), Follow(1, CARDS[31])]
    assert words.events(hearts) == ["Anna led 7♥", "You played A♠ (the mushka)"]


# ---------------------------------------------------------------- 80 columns, long names


PLAYING = ["QH 7C 8C 9C 10C", "KC 8D 7S 8S AS", "KH JC 9D 7D 9S", "JH QC 10D 10S JS"]
EXCHANGING = ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"]


def seen_by_the_one_to_act(
    moves: Sequence[str], hands: Sequence[str] = PLAYING, exchange: str = "off"
) -> SeatView:
    """The acting seat's view after `moves` in a deal dealt `hands` to the sixteen-letter names."""
    session = make_session(
        hands, "AD", exchange=exchange, face_down={(0, 0): "9H 7H 8H"}, players=SIXTEEN
    )
    act(session, *moves)
    assert session.to_act is not None
    return session.view(session.to_act)


# Each kind of screen a player meets, by name: fixed deals, so each check is quick and the same
# every run. (Every seat has a sixteen-letter name.)
SCREENS: dict[str, Callable[[], SeatView]] = {
    "lead": lambda: seen_by_the_one_to_act([]),
    "draw": lambda: seen_by_the_one_to_act(["QH"]),  # void in hearts: the mushka, draw or pass
    "follow": lambda: seen_by_the_one_to_act(["QH", "draw"]),  # a draw not played on the trick
    "after a trick": lambda: seen_by_the_one_to_act(
        ["QH", "draw", "KH", "JH", "JC", "QC", "7C", "KC"]
    ),
    "taken back": lambda: seen_by_the_one_to_act(["QH", "pass", "pass", "pass"]),  # two revokes
    "take": lambda: seen_by_the_one_to_act([], EXCHANGING, "modern"),
    "discard": lambda: seen_by_the_one_to_act(["take 1"], EXCHANGING, "modern"),
    "exchange for another": lambda: seen_by_the_one_to_act([], EXCHANGING, "old"),
}
SIZES = [(80, 24), (100, 26), (120, 30), (132, 43)]
LANGUAGES = ["en", "ru"]


def test_the_named_screens_are_the_kinds_they_are_named_for() -> None:
    steps = {name: make().step for name, make in SCREENS.items()}
    assert steps == {
        "lead": Step.LEAD,
        "draw": Step.FOLLOW,
        "follow": Step.FOLLOW,
        "after a trick": Step.LEAD,
        "taken back": Step.LEAD,
        "take": Step.TAKE,
        "discard": Step.DISCARD,
        "exchange for another": Step.TAKE,
    }
    assert DRAW in SCREENS["draw"]().legal_actions
    assert any(isinstance(e, Draw) for e in SCREENS["follow"]().trick)
    assert isinstance(SCREENS["after a trick"]().last_trick[-1], Trick)
    assert isinstance(SCREENS["taken back"]().last_trick[-1], TakeBack)
    chooser = SCREENS["exchange for another"]()
    assert chooser.exchange is not None and chooser.exchange[1:] == (chooser.seat, 1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("look", [Look(), Look(ascii_only=True)], ids=["unicode", "ascii"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_kind_of_screen_fits_its_terminal_with_every_name_uncut(
    screen: str, width: int, height: int, look: Look, language: str, request: pytest.FixtureRequest
) -> None:
    if language == "ru":
        request.getfixturevalue("russian")
    view = SCREENS[screen]()
    lines = render(private_screen(view, look, height=height), width).splitlines()
    text = "\n".join(lines)
    assert len(lines) <= height - 1 and all(len(line) <= width for line in lines)
    assert "…" not in lines[0] and "..." not in lines[0]  # the header is never cut short
    for name in SIXTEEN:
        assert name in text
    led_by = _("{suit}, led by {name}").split("{name}")[0].removeprefix("{suit}")
    for title in [line for line in lines if led_by in line]:  # a panel title is never cut short
        assert any(f"{led_by}{name}" in title for name in SIXTEEN), title
    if view.step in (Step.TAKE, Step.DISCARD):
        flat = " ".join(text.replace("│", " ").replace("|", " ").split())
        assert " ".join(choices_line(view, look).plain.split()) in flat


def finished_deal() -> Session:
    """A deal played to its end with the first legal move each time, by the sixteen-letter names."""
    session = make_session(PLAYING, "AD", players=SIXTEEN, deals=1)
    while not session.is_over:
        session.apply(session.legal_actions()[0])
    return session


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("look", [Look(), Look(ascii_only=True)], ids=["unicode", "ascii"])
def test_the_deal_table_and_the_final_sheet_fit_80_columns_with_every_name(
    look: Look, language: str, request: pytest.FixtureRequest
) -> None:
    if language == "ru":
        request.getfixturevalue("russian")
    session = finished_deal()
    log = session.log()
    totals = [a.net for a in session_accounts(log)]
    summary = render(deal_table(deal_summary(1, log[0]), session.players, totals, look), 80)
    sheet = render(final_sheet(session_accounts(log), session.players, look), 80)
    for text in (summary, sheet):
        assert all(len(line) <= 80 for line in text.splitlines())
        for name in SIXTEEN:
            assert name in text
    assert LONG[0] not in SIXTEEN and len(max(SIXTEEN, key=len)) == 16


def test_the_last_trick_shows_who_played_what_who_took_it_and_for_how_much() -> None:
    session = make_session(
        ["QH 7C 8C 9C 10C", "KH 8D 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"], talon="AD"
    )
    act(session, "QH", "KH", "draw", "JH")
    view = session.view(1)
    trick = next(e for e in view.events if isinstance(e, Trick))
    assert trick.card == parse_card("KH")
    text = render(private_screen(view, Look()))
    assert "│ Anna  Q♥    " in text and "│ Gleb  J♥    " in text
    assert "│ Boris K♥ ◀ " in text and "│ Vera  drew, not hearts " in text
    assert "◀ took it: +4 kop ─╯" in text
    # the marker is on the row of the seat the engine's Trick names, as the record says it
    told = [e._replace(winner=3, card=parse_card("JH")) if e is trick else e for e in view.events]
    text = render(private_screen(view._replace(events=tuple(told)), Look()))
    assert "│ Gleb  J♥ ◀ " in text and "│ Boris K♥    " in text
    old = [e._replace(card=None) if e is trick else e for e in view.events]  # an older record
    assert "│ Boris K♥ ◀ " in render(private_screen(view._replace(events=tuple(old)), Look()))


def test_problems_with_one_face_down_card_or_one_card_in_hand_read_naturally() -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
    )
    act(session, "take 1", "discard 7D", "take 1", "discard 7S")
    with pytest.raises(InputProblem) as problem:
        interpret("4", session.view(3))
    assert str(problem.value).endswith("by its position: type 1.") and "1 to 1" not in str(
        problem.value
    )
    one = session.view(0)._replace(hand=(parse_card("8C"),), step=Step.LEAD)
    with pytest.raises(InputProblem) as problem:
        interpret("7", one)
    assert "your only card is number 1" in str(problem.value)
    with pytest.raises(InputProblem) as problem:
        interpret("zz", one)
    assert "number (1) or code" in str(problem.value)


def test_replay_lines_up_the_net_column() -> None:
    from pathlib import Path

    from mushka.render.replay_view import frames

    record = (Path(__file__).with_name("data") / "record-example.json").read_text("utf-8")
    import json

    checked = 0
    for frame in list(frames(json.loads(record), Look()))[:12]:
        rows = [line for line in render(frame, 100).splitlines() if re.search(r" net +\S+$", line)]
        if len(rows) == 4:
            assert len({row.rindex(" net ") for row in rows}) == 1
            assert len({len(row.rstrip()) for row in rows}) == 1
            checked += 1
    assert checked > 3


@pytest.mark.parametrize(
    ("width", "height"), spread([(80, 24), (100, 26), (120, 30), (132, 43)], 2)
)
def test_every_screen_of_a_game_fits_its_terminal(width: int, height: int) -> None:
    for view in all_views(range(2))[::9]:
        lines = render(private_screen(view, Look(), height=height), width).splitlines()
        assert len(lines) <= height - 1 and all(len(line) <= width for line in lines)
        titles = [line for line in lines if "╭─" in line and ", led by" in line]
        for line in titles:  # a panel title is never cut short
            assert any(f"led by {name}" in line for name in SIXTEEN)


# ---------------------------------------------------------------- 80 columns, computer players

BOTS = ("Anna", "Bot 2 (strong)", "Bot 3 (strong)", "Bot 4 (strong)")
BOTS_RU = ("Анна", "Бот 2 (сильный)", "Бот 3 (сильный)", "Бот 4 (сильный)")


def test_the_help_wraps_under_its_words_and_lists_h_and_u_only_where_allowed() -> None:
    rules = HouseRules()
    for options in (TableOptions(), TableOptions(hints=True), TableOptions(undo=True, hints=True)):
        lines = render(help_screen(rules, Look(), options), 80).splitlines()
        assert all(len(line) <= 80 for line in lines)
        rows = lines[1 : lines.index(next(ln for ln in lines if ln.startswith("Ctrl-C")))]
        assert all(line.startswith("  ") for line in rows), rows  # nothing wraps to column 0
        continued = [line for line in rows if line.startswith("               ")]
        assert "               position)" in [line.rstrip() for line in continued]
        keys = [line.split()[0] for line in rows if not line.startswith("   ")]
        assert ("h," in keys) == options.hints and ("u" in keys) == options.undo


def test_the_house_rules_line_is_never_cut() -> None:
    session = random_session(3, 40, players=BOTS)
    view = session.view(session.to_act or 0)
    for width in (80, 79):
        text = render(header(view, Look(), TableOptions(undo=True, hints=True)), width)
        assert "…" not in text and "undo on" in text and "hints on" in text
        assert all(len(line.rstrip()) <= width for line in text.splitlines())
        shown = [part for line in text.splitlines()[1:] for part in line.strip().split(" · ")]
        whole = house_rules_line(view.rules, Look(), TableOptions(True, True)).plain
        assert shown == whole.split(" · ")  # broken between two rules, never inside one
    narrow = render(house_rules_panel(view.rules, Look(), TableOptions(True, True)), 40)
    assert "…" not in narrow and all(len(line.rstrip()) <= 40 for line in narrow.splitlines())


def test_the_prompt_lists_h_with_hints_on() -> None:
    view = random_session(3, 40, players=BOTS).view(0)
    assert "h hint" not in prompt_keys(view) and "h hint" not in prompt_keys(view, TableOptions())
    assert "h hint, q save & quit]" in prompt_keys(view, TableOptions(hints=True))


@pytest.mark.parametrize("players", [BOTS, SIXTEEN], ids=["computers", "sixteen"])
def test_deal_tables_and_the_final_sheet_fit_80_columns_with_nothing_cut(
    players: tuple[str, ...],
) -> None:
    session = random_session(3, 2000, players=players)
    log = session.log()
    for number in range(1, len(log) + 1):
        totals = [a.net for a in session_accounts(log[:number])]
        table = render(deal_table(deal_summary(number, log[number - 1]), players, totals, Look()))
        lines = table.splitlines()
        assert all(len(line) <= 80 for line in lines) and "…" not in table
        headings = next(line for line in lines if "player" in line)
        for word in ("out", "tricks", "won", "antes", "remises", "took kitty", "deal", "total"):
            assert word in headings  # every heading on one line, whole
        rows = lines[lines.index(headings) + 2 :]
        for name in players:  # a row per player, on one line
            assert len([line for line in rows if name in line]) == 1
    sheet = render(final_sheet(session_accounts(log), players, Look()))
    assert "…" not in sheet and all(len(line) <= 80 for line in sheet.splitlines())


def test_the_memory_grid_has_rank_headings() -> None:
    view = random_session(5, 30).view(0)
    lines = render(memory_panel(view, Look()), 60).splitlines()
    inner = [line.split("│")[1][1:] for line in lines[1:6]]  # after the border and its space
    cells = [[row[2 + 3 * i : 5 + 3 * i].strip() for i in range(8)] for row in inner]
    assert cells[0] == ["A", "K", "Q", "J", "10", "9", "8", "7"]
    assert [row[:1] for row in inner[1:]] == ["♥", "♣", "♦", "♠"]
    played = 0
    for row in cells[1:]:  # each played card's rank under its heading, a dot where unplayed
        for heading, cell in zip(cells[0], row, strict=True):
            assert cell in (heading, "·")
            played += cell == heading
    assert played == len(played_cards(view.events)) > 0


# ---------------------------------------------------------------- every screen, every terminal

SIZES = [(80, 24), (120, 30), (132, 43), (40, 16), (60, 20), (79, 23)]
NOTICE = Text(
    "“zzz” is not a move. Type a card's number (1–5) or code (e.g. qh), d to draw, p to "
    "pass, or ? for help.",
    style="bold red",
)


def shown(view: SeatView, width: int, height: int, notice: Text | None) -> list[str]:
    """The terminal's lines: the private screen as the hot seat shows it, then its prompt."""
    console = Console(
        width=width,
        height=height,
        record=True,
        color_system=None,
        force_terminal=False,
        highlight=False,
        file=io.StringIO(),
    )
    screen = private_screen(view, Look(), height, notice, options=TableOptions(True, True))
    ScreenTerminal(console).show(screen)
    lines = console.export_text().splitlines()
    if view.is_my_turn:
        lines += [line.plain for line in Text(screen.prompt(width)).wrap(console, width)]
    return lines


def nothing_cut(text: str, players: Sequence[str]) -> None:
    """No word cut short with an ellipsis: the only words an ellipsis may follow are those of
    "Anna to lead…" and "Waiting for Anna…"."""
    for name in players:
        for whole in (
            translated("{name} to lead").format(name=name),
            translated("Waiting for {name}").format(name=name),
        ):
            text = text.replace(whole + "…", "")
    assert not re.search(r"[^\s│]…", text), re.findall(r".{20}[^\s│]….{5}", text)


def session_views(seed: int, players: tuple[str, ...]) -> Iterator[SeatView]:
    """The acting seat's view at every decision of a seeded session; at every third, the first
    seat's too (the screen of a player waiting for the computers)."""
    session = Session(
        players, HouseRules(exchange=Exchange(("modern", "old")[seed % 2])), seed=seed
    )
    rng = random.Random(seed)
    step = 0
    while not session.is_over:
        assert session.to_act is not None
        yield session.view(session.to_act)
        if step % 3 == 0 and session.to_act != 0:
            yield session.view(0)
        step += 1
        session.apply(rng.choice(session.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_screen_of_whole_sessions_fits_with_nothing_cut(
    lang: str, request: pytest.FixtureRequest
) -> None:
    if lang == "ru":
        request.getfixturevalue("russian")
    players = BOTS if lang == "en" else BOTS_RU
    drawn = 0
    for number, view in enumerate(session_views(11, players)):
        notice = NOTICE if view.is_my_turn and number % 5 == 0 else None
        for width, height in SIZES if number % 3 == 0 else SIZES[:4]:
            lines = shown(view, width, height, notice)
            text = "\n".join(lines)
            assert len(lines) <= height and all(cell_len(line) <= width for line in lines)
            nothing_cut(text, players)
            title = translated("{name}, your hand").format(name=players[view.seat])
            assert title in text, (width, height)
            if view.is_my_turn:  # the prompt last, folded only between its keys
                begins = translated("Your move [{keys}]: ").split("[")[0]
                first = max(n for n, line in enumerate(lines) if line.startswith(begins))
                asked = [line.rstrip() for line in lines[first:]]
                assert asked[-1].endswith("]:") and all(a.endswith(",") for a in asked[:-1])
            if view.hand:  # cards drawn as cards exactly where there is room for them
                assert ("╰─1─╯" in text) == (width >= 120 and height >= 30), (width, height)
            drawn += 1
    assert drawn > 500


def test_screens_use_the_room_of_a_large_terminal() -> None:
    follows = [v for v in all_views(range(1)) if v.is_my_turn and len(v.trick_plays) >= 2]
    leads = [v for v in all_views(range(1)) if v.is_my_turn and v.step is Step.LEAD]
    for view in follows[:: len(follows) // 4] + leads[:: len(leads) // 2]:
        small = "\n".join(shown(view, 80, 24, None))
        large = "\n".join(shown(view, 120, 30, None))
        assert "╰─1─╯" not in small and "╰─1─╯" in large  # cards drawn as cards
        numbers = [f"{n}".center(3, "─") for n in range(1, len(view.hand) + 1)]
        assert all(f"╰{number}╯" in large for number in numbers)
        legal = {a.card for a in view.legal_actions if a.card is not None}
        hand = large.split("your hand")[1].splitlines()
        for number, card in enumerate(view.hand, start=1):  # the playable ones raised
            row = next(
                i for i, line in enumerate(hand) if f"╰{f'{number}'.center(3, '─')}╯" in line
            )
            assert row == (4 if card in legal else 5), (card, hand)
        for _seat, card in view.trick_plays:  # the trick round the table, each card boxed
            assert f"│{card.label():<3}│" in large


# ---------------------------------------------------------------- light and dark backgrounds


def colours(renderable: object, width: int = 80) -> set[str]:
    """The colours (foreground or background) a renderable is drawn in."""
    console = Console(
        width=width, color_system="truecolor", force_terminal=True, file=io.StringIO()
    )
    found: set[str] = set()
    for segment in console.render(renderable):  # type: ignore[arg-type]
        if segment.style is not None:
            found |= {c.name for c in (segment.style.color, segment.style.bgcolor) if c is not None}
    return found


def test_every_screen_reads_on_a_light_background_as_on_a_dark_one() -> None:
    """Only red (hearts, diamonds, errors) and magenta (the mushka), mid-tones legible on white
    and on black; emphasis is the terminal's own colour in bold, never yellow, cyan or green
    (they fade on xterm's white) nor blue (it fades on black)."""
    used: set[str] = set()
    for view in all_views(range(1))[::25]:
        for width, height in ((80, 24), (120, 30), (40, 16)):
            screen = private_screen(view, Look(), height, options=TableOptions(True, True))
            used |= colours(screen, width)
            used |= colours(public_screen(view, Look(), width, height, ["Anna led 7♣"]), width)
        used |= colours(memory_panel(view, Look()))
    session = random_session(3, 2000, players=BOTS)
    log = session.log()
    used |= colours(deal_table(deal_summary(1, log[0]), BOTS, [0, 0, 0, 0], Look()))
    used |= colours(final_sheet(session_accounts(log), BOTS, Look()))
    used |= colours(help_screen(session.rules, Look(), TableOptions(True, True)))
    assert used <= {"red", "magenta"}, used
    assert "red" in used and "magenta" in used
