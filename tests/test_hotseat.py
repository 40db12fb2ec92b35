"""The hot-seat loop in-process: what reaches the public screen, saving, quitting and crashing."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from drivers import cards_shown, public_cards
from rich.console import Console, RenderableType
from rich.text import Text

from mushka.engine import Session
from mushka.house_rules import Exchange, HouseRules
from mushka.record import to_record
from mushka.tui.hotseat import HotSeat, SettingsError, TableSettings
from mushka.tui.terminal import Terminal


class ScriptedTerminal(Terminal):
    """Answers every prompt like a player would, and keeps apart what was shown in public."""

    def __init__(
        self,
        session: Session,
        seed: int,
        quit_after: int | None = None,
        fail_after: int | None = None,
    ) -> None:
        super().__init__(Console(file=io.StringIO(), width=100, color_system=None, highlight=False))
        self.session = session
        self.rng = random.Random(seed)
        self.public: list[str] = []
        self.privately: list[str] = []  # the handoff screens and hands, never kept in scrollback
        self.private_shows = 0
        self.moves = 0
        self.quit_after = quit_after
        self.fail_after = fail_after

    def size(self) -> tuple[int, int]:
        return 100, 30

    def enter_private(self) -> None:
        self.private = True

    def leave_private(self) -> None:
        self.private = False

    def clear(self) -> None:
        pass

    def show(self, *renderables: RenderableType) -> None:
        console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
        for renderable in renderables:
            console.print(renderable)
        text = console.export_text()
        if self.private:
            self.private_shows += 1
            self.privately.append(text)
        else:
            self.public.append(text)

    def read(self, prompt: str | Text, echo: bool = True, fresh: bool = False) -> str:
        text = prompt.plain if isinstance(prompt, Text) else prompt
        if "Pass anyway" in text:
            return "y"
        if not text.startswith("Your move"):
            return ""
        assert self.private, "a move was asked for outside the private screen"
        self.moves += 1
        if self.fail_after is not None and self.moves > self.fail_after:
            raise RuntimeError(f"boom while holding {self.session.hand(self.session.to_act or 0)}")
        if self.quit_after is not None and self.moves > self.quit_after:
            return "q"
        return self.rng.choice(self.session.legal_actions()).code


def play_to_the_end(session: Session, terminal: ScriptedTerminal) -> None:
    """Run the table to the final sheet: every typed move (and every pass that played itself) is
    taken and saved."""
    saves: list[str] = []
    table = HotSeat(
        session,
        terminal,
        TableSettings(),
        save=lambda s, ui: saves.append(json.dumps(to_record(s))),
    )
    assert table.run() == 0
    forced = sum(len(passes) for passes in table.forced.values())
    assert session.is_over and terminal.moves + forced == len(saves)  # saved after every move


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.mark.slow  # nine whole sessions
@pytest.mark.parametrize("exchange", list(Exchange))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_public_screen_never_names_a_card_that_was_not_played(
    seed: int, exchange: Exchange
) -> None:
    session = Session(["Anna", "Boris", "Vera", "Gleb"], HouseRules(exchange=exchange), seed=seed)
    terminal = ScriptedTerminal(session, seed)
    play_to_the_end(session, terminal)
    public = "\n".join(terminal.public)
    assert cards_shown(public) <= public_cards(to_record(session))
    assert "Final score sheet" in public and public.count("Deal ") >= 4
    assert "Pass the terminal to" not in public  # handoffs never reach the scrollback
    assert "Pass the terminal to" in "\n".join(terminal.privately)
    assert public.count("Trick 1 ") >= 4 and public.count("kitty") >= 4


def test_quitting_leaves_the_save_of_the_last_move_and_says_how_to_resume() -> None:
    session = Session(["Anna", "Boris", "Vera", "Gleb"], seed=8)
    terminal = ScriptedTerminal(session, 8, quit_after=10)
    saved: list[dict[str, Any]] = []
    assert (
        HotSeat(
            session, terminal, TableSettings(), save=lambda s, ui: saved.append(to_record(s))
        ).run()
        == 0
    )
    assert saved[-1] == to_record(session)
    assert "mushka resume" in terminal.public[-1]


def test_an_unexpected_error_never_prints_the_traceback_or_a_card(tmp_path: Path) -> None:
    session = Session(["Anna", "Boris", "Vera", "Gleb"], seed=8)
    terminal = ScriptedTerminal(session, 8, fail_after=5)
    assert HotSeat(session, terminal, TableSettings(), save=lambda s, ui: None).run() == 1
    last = " ".join(terminal.public[-1].split())
    assert "unexpected error" in last and "mushka resume" in last
    assert "Traceback" not in "".join(terminal.public) and not cards_shown(last)
    log = (tmp_path / "state" / "mushka" / "crash.log").read_text(encoding="utf-8")
    assert "RuntimeError: boom" in log  # the details go to a private file instead


class _RevokingBot:
    """A computer player with a bug: it follows with a card of the wrong suit while holding the led one."""

    def choose(self, view: Any) -> Any:
        from mushka.actions import play

        led = view.led_suit
        wrong = [c for c in view.hand if led is not None and c.suit != led and not c.is_mushka]
        if wrong and any(c.suit == led for c in view.hand):
            return play(wrong[0])
        return view.legal_actions[0]


class _CrashingBot:
    def choose(self, view: Any) -> Any:
        raise RuntimeError(f"lost while holding {', '.join(str(c) for c in view.hand)}")


@pytest.mark.parametrize("bot", [_RevokingBot(), _CrashingBot()])
def test_a_failing_computer_player_never_names_its_hand(tmp_path: Path, bot: Any) -> None:
    from mushka.errors import MushkaError

    session = Session(["Anna", "Boris", "Vera", "Gleb"], seed=8)
    hands = {seat: {c.code for c in session.hand(seat)} for seat in range(4)}
    terminal = ScriptedTerminal(session, 8)
    table = HotSeat(session, terminal, TableSettings(), bots={1: bot}, save=lambda s, ui: None)
    if isinstance(bot, _RevokingBot):  # the engine's refusal would name the hand
        probe = Session(["Anna", "Boris", "Vera", "Gleb"], seed=8)
        with pytest.raises(MushkaError, match="you hold"):
            while True:
                seat = probe.to_act
                action = bot.choose(probe.view(seat)) if seat == 1 else probe.legal_actions()[0]
                probe.apply(action)
    assert table.run() == 1
    log = (tmp_path / "state" / "mushka" / "crash.log").read_text(encoding="utf-8")
    assert "computer player in seat 2" in log
    assert "you hold" not in log and "holding" not in log
    hidden = set().union(*hands.values()) - public_cards(to_record(session))
    assert not cards_shown(log) & hidden
    assert not cards_shown("".join(terminal.public)) & hidden


# ---------------------------------------------------------------- in Russian

RUSSIAN_RANKS = ("7", "8", "9", "10", "в", "д", "к", "т")
RUSSIAN_SUITS = "чтбп"  # черви трефы бубны пики, in the order of Suit


def russian_typing(action: Any, rng: random.Random) -> str:
    """What a Russian player types for `action`: дч, 10Б, м, + or прикуп, - or пас, a number."""
    from mushka.actions import Kind
    from mushka.cards import CARDS

    if action.kind is Kind.DRAW:
        return rng.choice(["+", "прикуп"])
    if action.kind is Kind.PASS:
        return rng.choice(["-", "пас"])
    if action.kind is Kind.TAKE:
        return str(action.position + 1)
    card = CARDS[action.card]
    if card.is_mushka and rng.random() < 0.5:
        return "м"
    code = RUSSIAN_RANKS[card.rank] + RUSSIAN_SUITS[card.suit]
    return code.upper() if rng.random() < 0.3 else code


class RussianTerminal(ScriptedTerminal):
    """Answers the Russian prompts as a Russian player would, by the Russian codes and keys."""

    def read(self, prompt: str | Text, echo: bool = True, fresh: bool = False) -> str:
        text = prompt.plain if isinstance(prompt, Text) else prompt
        if "Всё равно пас? [д/Н]" in text:
            return "д"
        if not text.startswith("Ваш ход ["):
            return ""
        assert self.private
        self.moves += 1
        if self.quit_after is not None and self.moves > self.quit_after:
            return "у"
        return russian_typing(self.rng.choice(self.session.legal_actions()), self.rng)


@pytest.mark.slow  # two whole sessions
@pytest.mark.parametrize("seed", [4, 5])
def test_a_whole_session_in_russian_played_by_the_russian_codes(russian: None, seed: int) -> None:
    from drivers import cyrillic_share

    session = Session(
        ["Анна", "Борис", "Вера", "Глеб"], HouseRules(exchange=Exchange.MODERN), seed=seed
    )
    terminal = RussianTerminal(session, seed)
    play_to_the_end(session, terminal)
    public, private = "\n".join(terminal.public), "\n".join(terminal.privately)
    assert "Передайте терминал: ходит" in private and "Передайте терминал" not in public
    assert "нажмите Enter, когда экран будет виден только вам" in private
    assert public.count("Сдача ") >= 4 and "по жребию" in public
    assert "Партия записана в историю счёта" in public
    flat = " ".join(public.split())
    assert "не платит: кто вышел первым в прошлой сдаче, ставку не вносит" in flat
    assert "раньше всех без карт — " in flat and "снёс" not in flat and "(а)" not in flat
    names = ("Анна", "Борис", "Вера", "Глеб")
    openings = [line for line in public.splitlines() if line.startswith("Сдача ")]
    assert all(cyrillic_share(line, data=names) > 0.9 for line in openings), openings


def test_quitting_in_russian_says_so_in_russian(russian: None) -> None:
    session = Session(["Анна", "Борис", "Вера", "Глеб"], seed=8)
    terminal = RussianTerminal(session, 8, quit_after=6)
    assert HotSeat(session, terminal, TableSettings(), save=lambda s, ui: None).run() == 0
    assert "Игра сохранена после последнего хода. Продолжить: mushka resume" in " ".join(
        terminal.public[-1].split()
    )


def test_a_settings_error_is_worded_for_either_language() -> None:
    from mushka.i18n import RUSSIAN, say

    with pytest.raises(SettingsError) as refused:
        TableSettings.from_json({"undo": "yes"})
    assert str(refused.value) == "undo must be true or false"
    assert say(refused.value, RUSSIAN) == "undo должно быть true или false"


HEADINGS = {"en": "Mushka-kopilka — the rulebook", "ru": "Мушка-копилка — правила игры"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_r_key_pages_the_rulebook_of_the_table_s_language(lang: str) -> None:
    from mushka.i18n import ENGLISH, use_language

    use_language(lang)
    try:
        session = Session(["Анна", "Борис", "Вера", "Глеб"], seed=2)
        terminal = RussianTerminal(session, 2) if lang != ENGLISH else ScriptedTerminal(session, 2)
        HotSeat(session, terminal, TableSettings(), save=lambda s, ui: None)._overlay("rules")
    finally:
        use_language(ENGLISH)
    paged = terminal.console.file.getvalue()  # type: ignore[attr-defined]
    assert HEADINGS[lang] in paged
    assert all(heading not in paged for other, heading in HEADINGS.items() if other != lang)
