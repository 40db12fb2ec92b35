"""End to end in Russian: the installed `mushka` with MUSHKA_LANG=ru, played by the Russian card codes
and keys at a pseudo-terminal, and a computer-only game whose whole output is mostly Cyrillic."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from drivers import cyrillic_share

from mushka.actions import Action, Kind
from mushka.cards import CARDS
from mushka.engine import Session, Step
from mushka.i18n import card_label
from mushka.record import replay

pexpect = pytest.importorskip("pexpect")

MUSHKA = Path(sys.executable).with_name("mushka")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
RANKS = ("7", "8", "9", "10", "в", "д", "к", "т")  # валет, дама, король, туз
SUITS = "чтбп"  # черви, трефы, бубны, пики: the order of Suit

pytestmark = pytest.mark.skipif(
    not MUSHKA.exists() or not hasattr(os, "openpty"),
    reason="needs the installed mushka and a pseudo-terminal",
)


def russian_env(home: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
        "MUSHKA_LANG": "ru",
        "COLUMNS": "80",
    }
    env.pop("NO_COLOR", None)
    return env


def russian_code(card: int, rng: random.Random) -> str:
    """The card as a Russian player types it: дч, Дч, 10Б, тп."""
    c = CARDS[card]
    code = RANKS[c.rank] + SUITS[c.suit]
    return code if rng.random() < 0.6 else code.capitalize()


class RussianPlayer:
    """Chooses among the legal moves of the game as saved, and types each the Russian way."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.typed: list[str] = []

    def typing(self, action: Action) -> str:
        if action.kind is Kind.DRAW:
            return self.rng.choice(["+", "прикуп"])
        if action.kind is Kind.PASS:
            return self.rng.choice(["-", "пас"])
        if action.kind is Kind.TAKE:
            return str((action.position or 0) + 1)
        assert action.card is not None
        if CARDS[action.card].is_mushka:
            return "м"
        return russian_code(action.card, self.rng)

    def choose(self, session: Session) -> str:
        legal = session.legal_actions()
        kinds = {a.kind for a in legal}
        mushka = [a for a in legal if a.card is not None and CARDS[a.card].is_mushka]
        if mushka and Kind.PLAY in kinds:
            action = mushka[0]  # the mushka whenever it may be played: the test wants to see м
        elif Kind.DRAW in kinds and self.rng.random() < 0.7:
            action = next(a for a in legal if a.kind is Kind.DRAW)
        else:
            action = self.rng.choice(legal)
        self.typed.append(self.typing(action))
        return self.typed[-1]


def saved(home: Path) -> Session:
    """The game as the table saved it after the last move; the test reads from it only the legal
    moves of the seat to act (what the screen lists), to type them the Russian way."""
    path = home / "state" / "mushka" / "current-game.json"
    return replay(json.loads(path.read_text(encoding="utf-8"))["record"], complete=False)


def events(session: Session) -> int:
    return sum(len(deal) for deal in session.log())


def test_a_whole_seeded_session_in_russian_played_by_the_russian_codes(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "--seed", "3", "--player", "Анна", "--bots", "3", "--strategy", "basic"]
    args += ["--bot-delay", "0", "--record", str(record)]
    child = pexpect.spawn(
        str(MUSHKA),
        args,
        env=russian_env(tmp_path),
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=30,
    )
    child.delaybeforesend = None
    player = RussianPlayer(random.Random(3))
    prompts = [
        "нажмите Enter, чтобы продолжить",
        r"Всё равно пас\? \[д/Н\]",
        r"Ваш ход \[",
        pexpect.EOF,
    ]
    first = True
    last_count = -1
    confirmations = 0
    for _ in range(2000):
        seen = child.expect(prompts)
        if seen == 0:
            child.sendline("")
        elif seen == 1:
            confirmations += 1
            if confirmations == 1:  # no, then yes: a pass that costs a remise is asked about
                child.sendline("н")
                child.expect("Пас отменён: выберите ещё раз.")
                child.expect(r"Ваш ход \[")
                child.sendline("пас")
                child.expect(r"Всё равно пас\? \[д/Н\]")
            child.sendline("д")
        elif seen == 2:
            session = saved(tmp_path)
            count = events(session)
            assert count > last_count, "the last move typed was refused"
            last_count = count
            step = session.view(session.to_act or 0).step
            if first and step in (Step.LEAD, Step.FOLLOW):  # a card letter alone, help, scores
                first = False
                child.sendline("п")
                child.expect("это пики, а не пас: чтобы спасовать, напишите - или пас")
                child.expect(r"Ваш ход \[")
                child.sendline("?")
                child.expect("Как ходить")
                child.expect("Нажмите Enter, чтобы вернуться")
                child.sendline("")
                child.expect(r"Ваш ход \[")
                child.sendline("с")
                child.expect(r"Счёт текущей сдачи \(1 из 4\)")
                child.sendline("")
                child.expect(r"Ваш ход \[")
                assert events(saved(tmp_path)) == count  # none of it changed the game
            child.sendline(player.choose(session))
        else:
            break
    else:
        pytest.fail("the session did not end")
    tail = ANSI.sub("", child.before or "")
    child.close()
    assert child.exitstatus == 0, tail[-2000:]
    assert "Партия записана в историю счёта" in tail
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["seed"] == 3 and len(data["deals"]) == 4 and data["players"][0] == "Анна"
    typed = player.typed
    assert len(typed) > 20
    assert "м" in typed, typed  # the mushka by its letter
    assert any(t.startswith("10") for t in typed), typed
    assert any(re.fullmatch(r"[вдкт][чтбп]", t.lower()) for t in typed), typed
    assert {"+", "прикуп"} & set(typed) and {"-", "пас"} & set(typed), typed
    assert confirmations > 0


def test_a_computer_only_game_in_russian_prints_mostly_cyrillic(tmp_path: Path) -> None:
    """Issue 10's measure: at least 70% of the letters Cyrillic, the players' names left out.

    The table, the deal summaries and the final sheet are translated by other parts of the work
    on issue 10; while the final sheet still prints in English, this test reports its figure as
    an expected failure (remove that guard once they are merged).
    """
    record = tmp_path / "game.json"
    done = subprocess.run(
        [
            str(MUSHKA),
            *("play", "--bots", "4", "--bot-delay", "0", "--seed", "5", "--record"),
            str(record),
        ],
        capture_output=True,
        env=russian_env(tmp_path),
        timeout=600,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]
    out = ANSI.sub("", done.stdout.decode("utf-8"))
    names = tuple(json.loads(record.read_text(encoding="utf-8"))["players"])
    share = cyrillic_share(out, data=names)
    print(f"cyrillic share of a computer-only game: {share:.3f} ({len(out)} characters)")
    assert "Сдача 4 из 4" in out  # the deal openings, this part's own
    assert "Final score sheet" not in out and "Итоговый счёт" in out
    assert share >= 0.70


def test_four_people_hand_over_in_russian_and_take_a_card_back_with_v(tmp_path: Path) -> None:
    names = ["Анна", "Борис", "Вера", "Глеб"]
    args = ["play", "--seed", "11", "--undo", "--exchange", "off"]
    args += [a for name in names for a in ("--player", name)]
    child = pexpect.spawn(
        str(MUSHKA), args, env=russian_env(tmp_path), dimensions=(24, 80), encoding="utf-8"
    )
    child.delaybeforesend = None
    child.expect("Передайте терминал: ходит (\\S+)")
    child.expect("нажмите Enter, когда экран будет виден только вам")
    child.sendline("")
    child.expect(r"Ваш ход \[")
    before = saved(tmp_path)
    lead = next(a for a in before.legal_actions() if a.card is not None)
    child.sendline(russian_code(lead.card or 0, random.Random(1)))
    child.expect("в — (\\S+) может взять назад (\\S+)")
    mover, card = child.match.group(1), child.match.group(2)
    assert mover == names[before.to_act or 0] and card == card_label(CARDS[lead.card or 0], "ru")
    child.sendline("в")
    child.expect(f"{mover} берёт назад {card}")  # in public, the card named
    child.expect(f"{mover} ходит дальше")
    assert saved(tmp_path).log() == before.log()  # exactly as before the lead
    child.sendline("")
    child.expect(r"Ваш ход \[")
    child.sendline("у")  # the key the prompt shows: сохранить и уйти
    child.expect("Сохранить и остановить игру для всех")
    child.sendline("д")
    child.expect("Игра сохранена после последнего хода")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
