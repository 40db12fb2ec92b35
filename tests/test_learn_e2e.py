"""End to end: the real `mushka learn` under a pseudo-terminal, in English and Russian."""

from __future__ import annotations

import random
import re
from pathlib import Path

from test_e2e import Table, pytestmark

from mushka.commands.learn import LESSON_SEEDS

__all__ = ["pytestmark"]  # skipped, like test_e2e, without the installed mushka or a pty

EXPLANATION = r"Enter: go on · r: the rules \(([^)]*)\)"
TAKE_BACK = r"u: take back .+ · Enter: let it stand"
MOVE = r"Your move \[([^\]]*)\]"
NEWS = r"press Enter to go on"
CONFIRM = r"Pass anyway\?"  # the question may wrap before its [y/N]
END = r"Another deal: \S*mushka learn"


def legal_keys(listed: str) -> list[str]:
    """The moves a prompt lists ("1-3, 5, d, p, ? help, …"): its numbers, d and p."""
    keys: list[str] = []
    for item in listed.split(", "):
        if re.fullmatch(r"\d+-\d+", item):
            low, high = map(int, item.split("-"))
            keys += [str(n) for n in range(low, high + 1)]
        elif re.fullmatch(r"\d+|d|p", item):
            keys.append(item)
    return keys


def test_a_whole_lesson_from_the_first_explanation_to_the_commands_to_play_for_real(
    tmp_path: Path,
) -> None:
    args = ["learn", "--seed", str(LESSON_SEEDS[0]), "--player", "Ann", "--bot-delay", "0"]
    table = Table(tmp_path, args)
    table.expect(EXPLANATION)
    first = table.screen()
    assert "Lesson" in first and "Your first deal (the game in brief)" in first
    table.child.sendline("")
    rng = random.Random(3)
    sections: list[str] = []
    for _ in range(400):
        seen = table.expect(EXPLANATION, TAKE_BACK, MOVE, NEWS, CONFIRM, END)
        if seen == 0:
            sections.append(table.child.match.group(1))
            table.child.sendline("")
        elif seen == 2:
            table.child.sendline(rng.choice(legal_keys(table.child.match.group(1))))
        elif seen == 4:
            table.child.sendline("y")
        elif seen == 5:
            break
        else:
            table.child.sendline("")
    else:
        raise AssertionError("the lesson did not end")
    closing = table.screen()
    assert "Final score sheet" in closing and "To play for real:" in closing
    assert "mushka play --player NAME --bots 3" in closing and "mushka host" in closing
    assert "4.1" in sections and "4.2" in sections and any("4.7" in s for s in sections)
    assert table.close() == 0
    assert not [p for p in tmp_path.rglob("*") if p.is_file()], "nothing is saved"


def test_the_name_is_asked_and_ctrl_c_leaves_in_russian_with_one_line(tmp_path: Path) -> None:
    table = Table(tmp_path, ["--lang", "ru", "learn", "--seed", str(LESSON_SEEDS[0])])
    table.expect(r"Ваше имя \(Enter — Игрок 1\): ")
    table.child.sendline("Аня")
    table.expect(r"Enter — дальше · р — правила \(коротко об игре\)")
    first = table.screen()
    assert "Урок" in first and "Ваша первая сдача" in first and "Аня, ваши карты" in first
    table.child.sendline("")
    table.expect(r"Аня, нажмите Enter, чтобы продолжить")  # the deal's news, then the exchange
    table.child.sendline("")
    table.expect(r"Enter — дальше · р — правила \(5\.1\)")
    assert "Обмен" in table.screen()
    table.child.sendcontrol("c")
    table.expect(r"Урок прерван, ничего не сохранено\. Начать заново: \S*mushka learn")
    assert table.close() == 130
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_a_small_terminal_is_told_the_size_the_lesson_needs(tmp_path: Path) -> None:
    table = Table(tmp_path, ["learn", "--player", "Ann"], rows=20, cols=70)
    table.expect("needs a terminal of at least 80×24 characters")
    table.child.setwinsize(24, 80)  # the resize alone measures again
    table.expect(EXPLANATION)
    assert "Your first deal" in table.screen()
    table.child.sendline("q")
    table.expect(r"Leave the lesson\? Nothing is saved\. \[y/N\]")
    table.child.sendline("y")
    table.expect("The lesson stopped; nothing was saved")
    assert table.close() == 0
