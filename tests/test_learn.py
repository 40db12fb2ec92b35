"""`mushka learn` in-process: the lesson's rules explained once each and just in time, the coach,
the take-back, the end, nothing saved, and Russian; and the lesson's logic with no terminal."""

from __future__ import annotations

import importlib.util
import io
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType

import pytest
from conftest import act, make_session, spread
from fakes import CONFIRMS, MOVE_PROMPTS, FakeTerminal
from rich.console import Console

from mushka.actions import DRAW, PASS, Action
from mushka.cards import MUSHKA
from mushka.commands.learn import (
    LEARNER,
    LESSON_SEEDS,
    lesson_rules,
    lesson_settings,
    lesson_table,
)
from mushka.engine import Session
from mushka.events import Draw, End, Expose, Follow, Lead, Out, TakeBack, Trick
from mushka.host.table import TableHost, unsaved
from mushka.i18n import ENGLISH, RUSSIAN, use_language
from mushka.players.bots import BasicBot
from mushka.present.keys import help_rows, prompt_keys
from mushka.present.lesson import COACH_TURNS, Lesson
from mushka.present.topics import SECTIONS, TITLES, Explanation, Topic
from mushka.render.lesson import lesson_panel
from mushka.render.look import Look
from mushka.render.rulebook import rulebook_section, rulebook_text
from mushka.state import Step
from mushka.table_options import TableOptions
from mushka.tui.hotseat import PANEL_ROOM
from mushka.tui.lesson import LessonSeat
from mushka.view import SeatView

ROOT = Path(__file__).resolve().parents[1]
LESSON_PROMPTS = ("Enter: go on", "Enter — дальше")
TAKE_BACK_PROMPTS = ("u: take back", "в — вернуть")
Choose = Callable[[SeatView, random.Random], Action]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@dataclass
class Moment:
    """One prompt of the lesson: what it asked, what had been explained, what the learner saw."""

    prompt: str
    explained: tuple[Topic, ...]
    view: SeatView

    @property
    def move(self) -> bool:
        return self.prompt.startswith(MOVE_PROMPTS)


@dataclass
class Learner:
    """Answers the lesson like a beginner: Enter at every explanation, a move chosen by `choose`
    at every move prompt, `take_back` at the take-back offer, yes to a pass that costs a remise."""

    choose: Choose = lambda view, rng: rng.choice(view.legal_actions)
    take_back: str = ""
    seed: int = 1
    moments: list[Moment] = field(default_factory=list)
    seat: LessonSeat | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def __call__(self, prompt: str, terminal: FakeTerminal) -> str:
        assert self.seat is not None
        view = self.seat.host.view(LEARNER)
        self.moments.append(Moment(prompt, tuple(self.seat.lesson.explained), view))
        if any(c in prompt for c in CONFIRMS):
            return "д" if "[д/Н]" in prompt else "y"
        if prompt.startswith(TAKE_BACK_PROMPTS):
            return self.take_back
        if not prompt.startswith(MOVE_PROMPTS):
            return ""
        assert terminal.private
        return self.choose(view, self.rng).code


def lesson(
    learner: Learner, seed: int = LESSON_SEEDS[0], size: tuple[int, int] = (80, 24)
) -> tuple[LessonSeat, FakeTerminal, int]:
    """A whole lesson at a fake terminal: the seat, the terminal, the exit code."""
    terminal = FakeTerminal(learner, width=size[0], height=size[1])
    host = lesson_table("Ann", seed, ascii_only=False, bot_delay=0)
    terminal.host = host
    learner.seat = LessonSeat(host, terminal, seed)
    return learner.seat, terminal, learner.seat.run()


def basic(view: SeatView, rng: random.Random) -> Action:
    return BasicBot().choose(view)


# ---------------------------------------------------------------- when each rule comes up
#
# The test's own reading of the rulebook: the first moment each rule applies to the learner.

SPADE_ACE = int(MUSHKA)


def applies(topic: Topic, view: SeatView) -> bool:
    mine = view.to_act == LEARNER
    events = view.events
    match topic:
        case Topic.EXCHANGE:
            return any(isinstance(e, Expose) for e in events)
        case Topic.BLIND_TAKE:
            return mine and view.step is Step.TAKE
        case Topic.DISCARD:
            return mine and view.step is Step.DISCARD
        case Topic.LEAD:
            return mine and view.step is Step.LEAD
        case Topic.ANSWER:
            return mine and view.step is Step.FOLLOW
        case Topic.DRAW:
            return mine and DRAW in view.legal_actions
        case Topic.MUSHKA:
            played = any(
                (isinstance(e, Lead | Follow) and e.card == SPADE_ACE)
                or (isinstance(e, Draw) and e.played and e.card == SPADE_ACE)
                for e in events
            )
            return played or (mine and MUSHKA in view.hand)
        case Topic.TRICK:
            return any(isinstance(e, Trick) for e in events)
        case Topic.TAKEN_BACK:
            return any(isinstance(e, TakeBack) for e in events)
        case Topic.GOING_OUT:
            last = mine and len(view.hand) == 1 and view.step in (Step.LEAD, Step.FOLLOW)
            return last or any(isinstance(e, Out) for e in events)
        case Topic.SETTLING:
            return any(isinstance(e, End) for e in events)
        case _:
            raise AssertionError(topic)


TIMED = (
    Topic.EXCHANGE,
    Topic.BLIND_TAKE,
    Topic.DISCARD,
    Topic.LEAD,
    Topic.ANSWER,
    Topic.DRAW,
    Topic.MUSHKA,
    Topic.TRICK,
    Topic.TAKEN_BACK,
    Topic.GOING_OUT,
    Topic.SETTLING,
)


@pytest.mark.parametrize("seed", spread(LESSON_SEEDS[:3], 1))
def test_each_rule_is_explained_once_when_it_first_comes_up_and_before_he_must_act(
    seed: int,
) -> None:
    learner = Learner(seed=seed)
    seat, terminal, code = lesson(learner, seed)
    assert code == 0 and seat.host.is_over
    explained = seat.lesson.explained
    assert len(explained) == len(set(explained)), explained
    moments = learner.moments
    for topic in TIMED:
        came = next((i for i, m in enumerate(moments) if applies(topic, m.view)), None)
        told = next((i for i, m in enumerate(moments) if topic in m.explained), None)
        if came is None:
            assert told is None, f"{topic} explained but never came up"
            continue
        assert told is not None, f"{topic} came up at prompt {came} but was never explained"
        assert came <= told, f"{topic} explained at {told}, before it came up at {came}"
        must_act = next((i for i in range(came, len(moments)) if moments[i].move), len(moments))
        assert told <= must_act, f"{topic} came up at {came}, explained only at {told}"
    screens = "\n".join(terminal.privately)
    for topic in explained:  # each panel drawn once: nothing is explained twice
        heading = f"{TITLES[topic]} ("
        assert screens.count(heading) == 1, (topic, screens.count(heading))


def test_the_chosen_deal_shows_the_rules_that_may_not_come_up() -> None:
    seat, _terminal, code = lesson(Learner(basic), LESSON_SEEDS[0])
    assert code == 0
    shown = set(seat.lesson.covered)
    assert {Topic.EXCHANGE, Topic.MUSHKA, Topic.DRAW, Topic.TAKEN_BACK, Topic.BARRED} <= shown
    assert seat.lesson.missed() == [Topic.REVOKE]  # basic never revokes: the learner may


def seeds_tool() -> ModuleType:
    path = ROOT / "tools" / "lesson_seeds.py"
    spec = importlib.util.spec_from_file_location("lesson_seeds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # each lesson seed played three ways
def test_every_lesson_seed_shows_every_rule_that_may_not_come_up_to_any_learner() -> None:
    tool = seeds_tool()
    for seed in LESSON_SEEDS:
        for who, choose in tool.learners(seed).items():
            met = tool.rehearse(seed, choose)
            missing = [t for t in tool.SCORED if t not in met]
            assert not missing, (seed, who, missing)
            assert tool.COULD_REVOKE in met and tool.CHOSE_BLIND in met, (seed, who)


# ---------------------------------------------------------------- the coach, the take-back, the end


def test_the_coach_speaks_above_the_first_few_prompts_then_only_when_asked() -> None:
    learner = Learner(basic)
    seat, terminal, _code = lesson(learner)
    coached = [s for s in terminal.privately if "Coach, best first" in s]
    assert len(coached) == COACH_TURNS == seat.lesson.coached
    first = coached[0].split("Coach, best first")[1]
    assert "kop expected by the end of the deal" in first and "Ask it any time: h." in " ".join(
        first.split()
    )
    assert Topic.COACH in seat.lesson.explained
    notes = [n for n in seat.host.log().notes if n.kind.value == "coach"]
    assert len(notes) == COACH_TURNS  # the table hears that the coach was asked
    # the lesson asked, not the learner: no news screen stops him to say so (only the deal's start)
    assert sum("press Enter to go on" in m.prompt for m in learner.moments) == 1


def test_the_take_back_is_explained_and_offered_once_after_his_first_move_that_may_go_back() -> (
    None
):
    learner = Learner(basic, take_back="u")
    seat, _terminal, code = lesson(learner)
    assert code == 0
    offers = [i for i, m in enumerate(learner.moments) if m.prompt.startswith(TAKE_BACK_PROMPTS)]
    assert len(offers) == 1
    first_move = next(i for i, m in enumerate(learner.moments) if m.move)
    moves_before = [m for m in learner.moments[: offers[0]] if m.move]
    assert offers[0] > first_move and moves_before
    offered = learner.moments[offers[0]]
    assert Topic.UNDO in offered.explained
    again = learner.moments[offers[0] + 1 :]
    assert next(m for m in again if m.move).view.hand == moves_before[-1].view.hand  # again
    assert any(n.kind.value == "take-back" for n in seat.host.log().notes)


def test_a_revoke_is_explained_before_the_question_that_confirms_it() -> None:
    def revoker(view: SeatView, rng: random.Random) -> Action:
        held = view.led_suit is not None and any(c.suit == view.led_suit for c in view.hand)
        return PASS if held else BasicBot().choose(view)

    learner = Learner(revoker)
    seat, _terminal, code = lesson(learner)
    assert code == 0 and Topic.REVOKE in seat.lesson.explained
    asked = next(i for i, m in enumerate(learner.moments) if "Pass anyway?" in m.prompt)
    before = learner.moments[asked - 1]
    assert Topic.REVOKE in before.explained and before.prompt.startswith(LESSON_PROMPTS)
    assert "(4.2)" in before.prompt
    assert sum("Pass anyway?" in m.prompt for m in learner.moments) >= 2  # asked each time
    assert seat.lesson.explained.count(Topic.REVOKE) == 1


def test_the_end_shows_the_summary_and_the_commands_to_play_for_real(tmp_path: Path) -> None:
    _seat, terminal, code = lesson(Learner(basic))
    assert code == 0
    public = terminal.text()
    assert "Final score sheet" in public
    assert "That was your first deal." in public
    assert "mushka play --player NAME --bots 3" in public
    assert "mushka play " in public and "mushka host" in public
    assert f"mushka learn --seed {LESSON_SEEDS[0]}" in public
    assert "a revoke and its remise (4.2)" in public  # the rule this deal did not show
    assert not list(tmp_path.rglob("*")), "nothing is saved, nothing enters the score history"


def test_the_same_table_with_the_autosave_saves_so_the_test_above_can_fail(
    tmp_path: Path,
) -> None:
    learner = Learner(basic)
    terminal = FakeTerminal(learner)
    names = lesson_table("Ann", 0, ascii_only=False).players
    settings = replace(lesson_settings(False), bot_delay=0)  # the pace is not what is tested
    host = TableHost(Session(names, lesson_rules(), seed=LESSON_SEEDS[0]), settings)
    learner.seat = LessonSeat(host, terminal, LESSON_SEEDS[0])
    assert learner.seat.run() == 0
    assert list(tmp_path.rglob("*"))


def test_ctrl_c_leaves_in_one_line_with_exit_130_and_q_with_0(tmp_path: Path) -> None:
    def interrupted(prompt: str, terminal: FakeTerminal) -> str:
        if prompt.startswith(MOVE_PROMPTS):
            raise KeyboardInterrupt
        return ""

    def leaver(prompt: str, terminal: FakeTerminal) -> str:
        return "y" if "[y/N]" in prompt else "q"

    for answer, code in ((interrupted, 130), (leaver, 0)):
        terminal = FakeTerminal(answer)
        host = lesson_table("Ann", LESSON_SEEDS[0], ascii_only=False, bot_delay=0)
        assert LessonSeat(host, terminal, LESSON_SEEDS[0]).run() == code
        assert terminal.public == [
            "The lesson stopped; nothing was saved. Start it again with: mushka learn\n"
        ]
    assert not list(tmp_path.rglob("*"))


def test_q_asks_before_it_ends_the_lesson_at_a_move_and_at_an_explanation() -> None:
    """q used to end the lesson at once: one slip of a finger lost the whole deal."""
    asked: list[str] = []

    def changes_his_mind(prompt: str, terminal: FakeTerminal) -> str:
        if "[y/N]" in prompt:
            asked.append(prompt)
            return "y" if len(asked) == 3 else ""  # no, twice; then yes
        if prompt.startswith(LESSON_PROMPTS) and not asked:
            return "q"  # at an explanation
        if prompt.startswith(MOVE_PROMPTS):
            return "q" if len(asked) >= 1 else terminal.view().legal_actions[0].code
        return ""

    terminal = FakeTerminal(changes_his_mind)
    host = lesson_table("Ann", LESSON_SEEDS[0], ascii_only=False, bot_delay=0)
    terminal.host = host
    assert LessonSeat(host, terminal, LESSON_SEEDS[0]).run() == 0
    assert asked == ["Leave the lesson? Nothing is saved. [y/N] "] * 3
    after_no = terminal.prompts[terminal.prompts.index(asked[0]) + 1]
    assert after_no.startswith(LESSON_PROMPTS)  # the same explanation again, the lesson goes on
    assert terminal.public[-1].startswith("The lesson stopped; nothing was saved.")


def test_the_rulebook_key_of_a_russian_lesson_is_cyrillic(russian: None) -> None:
    asked: list[str] = []

    def reader(prompt: str, terminal: FakeTerminal) -> str:
        if prompt.startswith(LESSON_PROMPTS) and "(4.1" in prompt and not asked:
            asked.append(prompt)
            return "р"
        if prompt.startswith(MOVE_PROMPTS):
            return "у" if asked else terminal.view().legal_actions[0].code
        return "д" if "[д/Н]" in prompt else ""

    terminal = FakeTerminal(reader)
    host = lesson_table("Аня", LESSON_SEEDS[0], ascii_only=False, bot_delay=0)
    terminal.host = host
    assert LessonSeat(host, terminal, LESSON_SEEDS[0]).run() == 0
    assert asked and "р — правила" in asked[0] and "· r " not in asked[0]
    file = terminal.console.file
    assert isinstance(file, io.StringIO) and "4.1 Выход" in file.getvalue()
    assert "Выйти из урока? Ничего не сохраняется. [д/Н] " in terminal.prompts


def test_a_small_terminal_is_refused_with_the_size_it_needs_until_it_grows() -> None:
    def grower(prompt: str, terminal: FakeTerminal) -> str:
        if terminal.width < 80 and "needs a terminal of at least 80×24" in terminal.public[-1]:
            terminal.width, terminal.height = 80, 24
            terminal.console.width = 80
            return ""
        if prompt.startswith(MOVE_PROMPTS):
            return "q"
        return "y" if "[y/N]" in prompt else ""

    terminal = FakeTerminal(grower, width=70, height=20)
    host = lesson_table("Ann", LESSON_SEEDS[0], ascii_only=False, bot_delay=0)
    assert LessonSeat(host, terminal, LESSON_SEEDS[0]).run() == 0
    assert "this one is 70×20" in " ".join(terminal.public[0].split())
    assert any("Your first deal" in s for s in terminal.privately)


def test_r_at_an_explanation_shows_the_sections_it_names() -> None:
    asked: list[str] = []

    def reader(prompt: str, terminal: FakeTerminal) -> str:
        if prompt.startswith(LESSON_PROMPTS) and "(4.1" in prompt and not asked:
            asked.append(prompt)
            return "r"
        if prompt.startswith(MOVE_PROMPTS):
            return "q" if asked else terminal.view().legal_actions[0].code
        return "y" if "[y/N]" in prompt else ""

    terminal = FakeTerminal(reader)
    host = lesson_table("Ann", LESSON_SEEDS[0], ascii_only=False, bot_delay=0)
    terminal.host = host
    assert LessonSeat(host, terminal, LESSON_SEEDS[0]).run() == 0
    file = terminal.console.file
    assert asked and isinstance(file, io.StringIO)
    pages = file.getvalue()
    assert "4.1 Leading" in pages and "may not lead the suit that was led" in pages
    assert "4.7 The end of a deal" not in pages and "-- end of the rules" in " ".join(
        terminal.prompts
    )


# ---------------------------------------------------------------- both languages, every size


def test_the_whole_lesson_speaks_russian_in_the_rulebook_s_words(russian: None) -> None:
    _seat, terminal, code = lesson(Learner(basic))
    assert code == 0
    lessons = [s for s in terminal.privately if "─ Урок ─" in s]
    assert lessons and not any("Lesson" in s for s in terminal.privately)
    text = " ".join(" ".join(lessons).split())
    for word in ("взятк", "масть", "касс", "мушк", "сдач", "прикуп", "выход", "крапом вверх"):
        assert word in text, word
    assert "Enter — дальше" in text
    public = terminal.text()
    assert "Играть по-настоящему" in public and "mushka play --player ИМЯ --bots 3" in public
    assert "The kitty" not in text and "trick" not in text


def panel_rows(explanation: Explanation) -> int:
    console = Console(file=io.StringIO(), width=79, color_system=None)
    return len(console.render_lines(lesson_panel([explanation], Look()), pad=False))


@pytest.mark.slow  # a lesson of each seed in each language
@pytest.mark.parametrize("language", [ENGLISH, RUSSIAN])
def test_every_explanation_fits_its_panel_and_every_screen_80_columns(language: str) -> None:
    def tries_things(view: SeatView, rng: random.Random) -> Action:
        return PASS if rng.random() < 0.3 else rng.choice(view.legal_actions)  # revokes too

    use_language(language)
    try:
        topics: set[Topic] = set()
        for seed in LESSON_SEEDS:
            learner = Learner(tries_things, seed=seed)
            terminal = FakeTerminal(learner, width=80, height=24)
            host = lesson_table("Александра-Мария", seed, ascii_only=False, bot_delay=0)
            terminal.host = host
            learner.seat = LessonSeat(host, terminal, seed)
            assert learner.seat.run() == 0
            for explanation in learner.seat.lesson.given:
                rows = panel_rows(explanation)
                assert rows <= 24 - PANEL_ROOM, (explanation.topic, rows)
                topics.add(explanation.topic)
            lines = [line for s in terminal.privately for line in s.splitlines()]
            assert all(len(line.rstrip()) <= 80 for line in lines)
            assert all(len(s.splitlines()) <= 24 for s in terminal.privately)
        assert len(topics) >= 14, sorted(topics)
    finally:
        use_language(ENGLISH)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_section_an_explanation_names_is_in_the_rulebook(language: str) -> None:
    book = rulebook_text(language)
    for topic, sections in SECTIONS.items():
        for number in sections:
            found = rulebook_section(book, None if number == "brief" else number)
            assert found is not None and found.startswith("#"), (topic, number)
    assert set(SECTIONS) == set(Topic) == set(TITLES)


def test_a_lesson_table_says_q_leaves_and_nothing_is_saved() -> None:
    options = lesson_settings(ascii_only=False).options
    assert options == TableOptions(undo=True, hints=True, saved=False)
    session = make_session(
        ["QH 8H 7C 8C 9C", "KH 9D 9S 8S 7S", "9H 10D JS QS KS", "7D JD QD KD 10S"]
    )
    prompt = prompt_keys(session.view(0), options)
    assert "q leave" in prompt and "save" not in prompt
    assert dict(help_rows(options))["q"] == "leave the lesson (nothing is saved)"
    assert "save" in prompt_keys(session.view(0), TableOptions())


# ---------------------------------------------------------------- the lesson's logic, no terminal

NAMES = ("Ann", "Boris", "Vera", "Gleb")


def test_a_pass_holding_the_suit_led_is_explained_once_and_a_free_pass_not_at_all() -> None:
    session = make_session(
        ["QH 8H 7C 8C 9C", "KH 9D 9S 8S 7S", "9H 10D JS QS KS", "7D JD QD KD 10S"]
    )
    act(session, "QH")
    lesson = Lesson(1, NAMES)
    view = session.view(1)
    revoke = lesson.before_pass(view)
    assert [e.topic for e in revoke] == [Topic.REVOKE]
    assert "K♥" in revoke[0].lines[0] and "5 kop" in revoke[0].lines[0]
    assert lesson.before_pass(view) == []
    free = Lesson(1, NAMES)
    act(session, "KH")
    act(session, "9H")
    assert free.before_pass(session.view(3)) == []  # Gleb holds no heart: no revoke


def test_another_player_s_exchange_is_explained_without_naming_a_hidden_card() -> None:
    session = make_session(
        ["AS 9S 7S 8H 10C", "10H JH 7C 8C 7D", "JC QC 9D 10D JD", "KC AC 8D QD KD"],
        exchange="modern",
    )
    lesson = Lesson(1, NAMES)
    found = lesson.news(session.view(1))
    assert [e.topic for e in found] == [Topic.WELCOME, Topic.EXCHANGE]
    words = " ".join(found[1].lines)
    # the rule and what follows, not the laying down again (the exchange box says how many)
    assert words.startswith("Whoever is dealt three or more cards of one suit lays them all")
    assert "Ann takes back" in words and "3 of them" not in words
    assert not any(label in words for label in ("A♠", "9♠", "7♠", "8♥", "10♣"))
    assert lesson.news(session.view(1)) == []  # nothing new, nothing twice


def test_the_mushka_played_by_another_is_explained_once_with_its_double_price() -> None:
    session = make_session(
        ["QH 8H 7C 8C 9C", "AS KH 9D 9S 8S", "9H 10D JS QS KS", "7D JD QD KD 10S"]
    )
    lesson = Lesson(2, NAMES)
    lesson.news(session.view(2))
    act(session, "QH", "AS")
    mushka = lesson.news(session.view(2))
    assert [e.topic for e in mushka] == [Topic.MUSHKA]
    assert "Boris played the mushka, A♠" in mushka[0].lines[0]
    act(session, "9H", "pass")
    trick = lesson.news(session.view(2))
    assert [e.topic for e in trick] == [Topic.TRICK]
    assert "this one 8 kop" in " ".join(trick[0].lines)
    assert Topic.DOUBLED in lesson.covered  # said with the first trick: never again alone


def test_the_take_back_is_offered_once_and_only_for_the_learner_s_own_move_that_may_go_back() -> (
    None
):
    host = TableHost(
        make_session(["QH 8H 7C 8C 9C", "KH 9D 9S 8S 7S", "9H 10D JS QS KS", "7D JD QD KD 10S"]),
        lesson_settings(ascii_only=False),
        bots={},  # four people, to move every seat by hand
        save=unsaved,
        keep_history=False,
    )
    ann, boris, gleb = Lesson(0, NAMES), Lesson(1, NAMES), Lesson(3, NAMES)
    assert ann.take_back(host.take_back_offer()) == []  # nothing was played yet
    host.submit(0, host.view(0).legal_actions[0])  # Ann leads
    assert boris.take_back(host.take_back_offer()) == []  # not Boris's move
    assert [e.topic for e in ann.take_back(host.take_back_offer())] == [Topic.UNDO]
    assert ann.take_back(host.take_back_offer()) == []  # offered once
    host.submit(1, next(a for a in host.view(1).legal_actions if a.card is not None))
    host.submit(2, next(a for a in host.view(2).legal_actions if a.card is not None))
    host.submit(3, PASS)  # the trick is complete: Gleb's pass may not go back
    offer = host.take_back_offer()
    assert offer is not None and offer.seat == 3 and offer.refusal is not None
    assert gleb.take_back(offer) == []


def test_a_lesson_that_crashes_says_it_saved_nothing_and_keeps_the_details(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failing computer player stops the lesson: the one line says it is a lesson that keeps
    nothing (not a computer-only game, nor a save to resume), and the details go to the log."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))

    class Crashing:
        def choose(self, view: SeatView) -> Action:
            raise RuntimeError("boom")

    from fakes import player

    terminal = FakeTerminal(player(3), width=80, height=24)
    host = lesson_table("Ann", LESSON_SEEDS[0], ascii_only=False, bot_delay=0)
    host.bots = {seat: Crashing() for seat in host.bots}  # type: ignore[misc]
    terminal.host = host
    assert LessonSeat(host, terminal, LESSON_SEEDS[0]).run() == 1
    said = terminal.text()
    assert "nothing was saved" in said and "Computer-only" not in said
    assert (tmp_path / "state" / "mushka" / "crash.log").exists()


@pytest.mark.parametrize("language", [ENGLISH, RUSSIAN])
def test_at_100x32_the_table_keeps_its_layout_while_a_lesson_panel_is_open(language: str) -> None:
    """The table used to drop to the compact layout whenever a long panel opened below it, and
    come back when it closed; a long explanation now takes two panels instead."""
    use_language(language)
    try:
        learner = Learner(basic)
        _seat, terminal, code = lesson(learner, size=(100, 32))
    finally:
        use_language(ENGLISH)
    assert code == 0
    heads = {ENGLISH: ("Mushka-kopilka", "deal 1/1"), RUSSIAN: ("Мушка-копилка", "сдача 1/1")}
    standard, compact = heads[language]
    title = "╭─ " + ("Lesson" if language == ENGLISH else "Урок")
    panels = [s for s in terminal.privately if s.lstrip().startswith(title)]
    tables = [
        s
        for s in terminal.privately
        if ("your hand" in s or "ваши карты" in s) and not s.lstrip().startswith(title)
    ]
    assert len(tables) > 20
    assert all(s.lstrip().startswith(standard) for s in tables), [
        s.splitlines()[0] for s in tables if not s.lstrip().startswith(standard)
    ]
    assert not any(s.lstrip().startswith(compact) for s in tables)
    assert panels and all(len(p.splitlines()) <= 32 - 24 for p in panels)
