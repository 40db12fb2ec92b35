"""The hot-seat loop in-process: what reaches the public screen, saving, quitting and crashing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from drivers import cards_shown, public_cards
from fakes import Answer, FakeTerminal, player, table

from mushka.engine import Session
from mushka.host.settings import SettingsError, TableSettings
from mushka.house_rules import Exchange, HouseRules
from mushka.record import to_record


def play_to_the_end(session: Session, terminal: FakeTerminal) -> None:
    """Run the table to the final sheet: every typed move (and every pass that played itself) is
    taken and saved."""
    saves: list[str] = []
    hot_seat = table(session, terminal, save=lambda s, ui: saves.append(json.dumps(to_record(s))))
    assert hot_seat.run() == 0
    forced = sum(len(passes) for passes in hot_seat.host.log().forced.values())
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
    terminal = FakeTerminal(player(seed))
    play_to_the_end(session, terminal)
    public = "\n".join(terminal.public)
    assert cards_shown(public) <= public_cards(to_record(session))
    assert "Final score sheet" in public and public.count("Deal ") >= 4
    assert "Pass the terminal to" not in public  # handoffs never reach the scrollback
    assert "Pass the terminal to" in "\n".join(terminal.privately)
    assert public.count("Trick 1 ") >= 4 and public.count("kitty") >= 4


def test_quitting_leaves_the_save_of_the_last_move_and_says_how_to_resume() -> None:
    session = Session(["Anna", "Boris", "Vera", "Gleb"], seed=8)
    terminal = FakeTerminal(player(8, quit_after=10))
    saved: list[dict[str, Any]] = []
    assert table(session, terminal, save=lambda s, ui: saved.append(to_record(s))).run() == 0
    assert saved[-1] == to_record(session)
    assert "mushka resume" in terminal.public[-1]


def test_an_unexpected_error_never_prints_the_traceback_or_a_card(tmp_path: Path) -> None:
    session = Session(["Anna", "Boris", "Vera", "Gleb"], seed=8)
    terminal = FakeTerminal(player(8, fail_after=5))
    assert table(session, terminal).run() == 1
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
    terminal = FakeTerminal(player(8))
    hot_seat = table(session, terminal, bots={1: bot})
    if isinstance(bot, _RevokingBot):  # the engine's refusal would name the hand
        probe = Session(["Anna", "Boris", "Vera", "Gleb"], seed=8)
        with pytest.raises(MushkaError, match="you hold"):
            while True:
                seat = probe.to_act
                action = bot.choose(probe.view(seat)) if seat == 1 else probe.legal_actions()[0]
                probe.apply(action)
    assert hot_seat.run() == 1
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


def russian_player(seed: int, quit_after: int | None = None) -> Answer:
    """Answers the Russian prompts as a Russian player would, by the Russian codes and keys."""
    return player(seed, quit_after, typed=russian_typing, quit_key="у")


@pytest.mark.slow  # two whole sessions
@pytest.mark.parametrize("seed", [4, 5])
def test_a_whole_session_in_russian_played_by_the_russian_codes(russian: None, seed: int) -> None:
    from drivers import cyrillic_share

    session = Session(
        ["Анна", "Борис", "Вера", "Глеб"], HouseRules(exchange=Exchange.MODERN), seed=seed
    )
    terminal = FakeTerminal(russian_player(seed))
    play_to_the_end(session, terminal)
    public, private = "\n".join(terminal.public), "\n".join(terminal.privately)
    assert "Передайте терминал: ходит" in private and "Передайте терминал" not in public
    assert "нажмите Enter, когда экран будет виден только вам" in private
    assert public.count("Сдача ") >= 4 and "по жребию" in public
    assert "Партия записана в историю счёта" in public
    flat = " ".join(public.split())
    assert "ставку не вносит (в прошлой сдаче раньше всех без карт)" in flat
    assert "раньше всех без карт — " in flat and "снёс" not in flat and "(а)" not in flat
    names = ("Анна", "Борис", "Вера", "Глеб")
    openings = [line for line in public.splitlines() if line.startswith("Сдача ")]
    assert all(cyrillic_share(line, data=names) > 0.9 for line in openings), openings


def test_quitting_in_russian_says_so_in_russian(russian: None) -> None:
    session = Session(["Анна", "Борис", "Вера", "Глеб"], seed=8)
    terminal = FakeTerminal(russian_player(8, quit_after=6))
    assert table(session, terminal).run() == 0
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
        rules_key, quit_key = ("r", "q") if lang == ENGLISH else ("р", "у")
        terminal = FakeTerminal(player(2, quit_after=0, quit_key=quit_key, typed_first=[rules_key]))
        assert table(session, terminal).run() == 0
    finally:
        use_language(ENGLISH)
    paged = terminal.console.file.getvalue()  # type: ignore[attr-defined]
    assert HEADINGS[lang] in paged
    assert all(heading not in paged for other, heading in HEADINGS.items() if other != lang)
