"""The hot seat explains the first exchange to each person at it, once, at his own decision and in
his own words (issue 34: the exchange explained on terminals too): below his table with his move
prompt where the rows hold both, else in its place, read first."""

from __future__ import annotations

import re

import pytest
from conftest import spread
from fakes import Answer, FakeTerminal, player, table
from rich.console import RenderableType
from rich.text import Text

from mushka.engine import Session
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules

pytestmark = pytest.mark.usefixtures("home")  # saves and records under the test's own

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
TITLE = {"en": "The exchange (5.1)", "ru": "Обмен (5.1)"}
HANDOFF = re.compile(r"(\w+), (?:press Enter when only you can see|нажмите Enter)")


class Watching(FakeTerminal):
    """A test terminal that knows whom it was handed to: each private drawing is kept with the
    name of the person the last handoff called (None before the first)."""

    def __init__(self, answer: Answer, width: int, height: int) -> None:
        super().__init__(answer, width, height)
        self.viewer: str | None = None
        self.drawn: list[tuple[str | None, str]] = []  # (viewer, what the private screen showed)
        self.after: dict[int, str] = {}  # a drawing's index: the prompt read after it

    def show(self, *renderables: RenderableType) -> None:
        super().show(*renderables)
        if not self.private:
            return
        text = self.privately[-1]
        called = HANDOFF.search(text)
        if called is not None:
            self.viewer = called.group(1)
        else:
            self.drawn.append((self.viewer, text))

    def read(self, prompt: str | Text, echo: bool = True, fresh: bool = False) -> str:
        self.after[len(self.drawn) - 1] = prompt.plain if isinstance(prompt, Text) else prompt
        return super().read(prompt, echo, fresh)


def first_exposer(terminal: Watching) -> str:
    """Whose cards were the session's first laid face down, as the public log says."""
    laid = re.search(r"Exchange: (\w+) lays", "\n".join(terminal.public + terminal.privately))
    assert laid is not None, "no exchange in this session"
    return laid.group(1)


def explained(terminal: Watching, title: str) -> list[tuple[int, str | None, str, str]]:
    """Each drawing of `title`'s panel: where, whose, with what was drawn just above it (his table, or
    the screen cleared), and the prompt read under it."""
    return [
        (
            i,
            viewer,
            flat(terminal.drawn[i - 1][1] + text if above(terminal, i) else text),
            terminal.after[i],
        )
        for i, (viewer, text) in enumerate(terminal.drawn)
        if title in text
    ]


def flat(text: str) -> str:
    """A drawing's words in one line: a panel's borders out, its wrapped lines joined."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def above(terminal: Watching, index: int) -> bool:
    """Whether the drawing before `index` is on the same screen (no prompt read between)."""
    return index > 0 and index - 1 not in terminal.after


@pytest.mark.parametrize("seed", spread([1, 2, 4], 1))
def test_each_person_at_a_hot_seat_is_explained_the_first_exchange_once_in_his_own_words(
    seed: int,
) -> None:
    session = Session(NAMES, HouseRules(deals=1), seed=seed)
    terminal = Watching(player(seed), width=100, height=32)
    assert table(session, terminal).run() == 0
    exposer = first_exposer(terminal)
    shown = explained(terminal, TITLE["en"])
    assert sorted(viewer or "" for _i, viewer, _text, _prompt in shown) == sorted(NAMES)
    for _index, viewer, text, prompt in shown:
        assert f"{viewer}, your hand" in text  # below his own table, his own hand up
        assert prompt.startswith("Your move [")  # he may move at once
        if viewer == exposer:
            assert "You take back the cards nobody took" in text
            assert "cards are " + exposer not in text
        else:
            assert f"These face-down cards are {exposer}'s" in text
            assert "You take back" not in text
    assert all("How it works" in text for _i, _v, text, _p in shown)  # the table's words
    assert not any("Lesson" in t for t in terminal.privately)  # an untaught table: no lesson


def test_where_the_rows_do_not_hold_both_it_stands_in_place_of_his_table_with_his_prompt() -> None:
    """At 80x24 the longer words take the screen: his move prompt stays under them (a move may
    be made at once, as at an SSH seat), and a word says that Enter alone shows his table."""
    session = Session(NAMES, HouseRules(deals=1), seed=1)
    terminal = Watching(player(1), width=80, height=24)
    assert table(session, terminal).run() == 0
    shown = explained(terminal, TITLE["en"])
    assert len(shown) == 4
    in_place = 0
    for _index, viewer, text, prompt in shown:
        assert prompt.startswith("Your move [")
        if f"{viewer}, your hand" not in text:
            in_place += 1
            assert "Enter alone: your table and hand" in text
    assert in_place >= 3  # the three who take a face-down card read the longer words


def test_one_person_with_computer_players_is_explained_it_once_in_russian(russian: None) -> None:
    session = Session(["Анна", "Бот 2", "Бот 3", "Бот 4"], HouseRules(deals=2), seed=1)
    settings = TableSettings(bot_delay=0, bots={1: "basic", 2: "basic", 3: "basic"})
    terminal = Watching(player(1), width=100, height=32)
    assert table(session, terminal, settings).run() == 0
    shown = explained(terminal, TITLE["ru"])
    assert len(shown) == 1
    _index, _viewer, text, prompt = shown[0]
    assert "Анна, ваши карты" in text or "ваши карты" in text.lower()
    assert prompt.startswith("Ваш ход [")
    assert "Whoever" not in text


def test_enter_alone_under_the_panel_says_it_was_read_and_refuses_nothing() -> None:
    session = Session(NAMES, HouseRules(deals=1), seed=1)
    moves = player(1)
    pressed: list[int] = []

    def answer(prompt: str, terminal: FakeTerminal) -> str:
        assert isinstance(terminal, Watching)
        last = terminal.drawn[-1][1] if terminal.drawn else ""
        if prompt.startswith("Your move [") and TITLE["en"] in last and not pressed:
            pressed.append(len(terminal.drawn))
            return ""
        return moves(prompt, terminal)

    terminal = Watching(answer, width=100, height=32)
    assert table(session, terminal).run() == 0
    assert pressed
    redrawn = terminal.drawn[pressed[0]][1]  # the same player's table, at once
    assert "your hand" in redrawn and TITLE["en"] not in redrawn
    assert "Type your move" not in redrawn  # Enter is no refused move there


def test_a_take_back_at_the_handoff_never_shows_one_person_what_was_said_to_another() -> None:
    """u at the handoff to someone who is to be explained the exchange gives the terminal back
    to the move's maker: he is not shown the other's explanation, and the other still reads it
    at his own decision."""
    session = Session(NAMES, HouseRules(deals=1), seed=1)
    moves = player(1)
    pressed: list[str] = []

    def answer(prompt: str, terminal: FakeTerminal) -> str:
        assert isinstance(terminal, Watching)
        last = terminal.privately[-1] if terminal.privately else ""
        told = {viewer for viewer, text in terminal.drawn if TITLE["en"] in text}
        called = HANDOFF.search(last)
        laid = "face down" in " ".join(terminal.privately)
        fresh = called is not None and called.group(1) not in told
        if called and fresh and "takes back" in last and laid and not pressed:
            pressed.append(called.group(1))
            return "u"
        return moves(prompt, terminal)

    terminal = Watching(answer, width=100, height=32)
    assert table(session, terminal, TableSettings(undo=True)).run() == 0
    assert pressed, "no take-back was offered at a handoff after the exposure"
    exposer = first_exposer(terminal)
    shown = explained(terminal, TITLE["en"])
    assert sorted(viewer or "" for _i, viewer, _text, _prompt in shown) == sorted(NAMES)
    for _index, viewer, text, _prompt in shown:
        assert f"{viewer}, your hand" in text
        assert ("You take back the cards nobody took" in text) == (viewer == exposer)


@pytest.mark.parametrize("seed", spread([25, 5, 9, 1], 1))  # 25, 5, 9: see below
def test_two_people_between_computer_players_are_each_explained_it_at_his_own_decision(
    seed: int,
) -> None:
    """What the table says while a computer player is to move waits for the person it is said
    to: nobody else deciding first at the terminal takes his place (seeds 5, 9 and 25 lost one
    person's explanation when it was said to whoever sat there last)."""
    names = ["Anna", "Bot 2", "Boris", "Bot 4"]
    session = Session(names, HouseRules(deals=2), seed=seed)
    settings = TableSettings(bot_delay=0, bots={1: "basic", 3: "basic"})
    terminal = Watching(player(seed), width=100, height=32)
    assert table(session, terminal, settings).run() == 0
    shown = explained(terminal, TITLE["en"])
    assert sorted(viewer or "" for _i, viewer, _text, _prompt in shown) == ["Anna", "Boris"]
    for _index, viewer, text, _prompt in shown:
        assert f"{viewer}, your hand" in text
