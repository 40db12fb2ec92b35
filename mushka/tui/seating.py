"""Who sits at the table: names (given or asked for), computer players, and the console to draw on."""

from __future__ import annotations

import random

from rich.console import Console
from rich.text import Text

from mushka.engine import Session
from mushka.players.bots import Bot, make_bot
from mushka.tui.terminal import Terminal


def make_console(ascii_flag: bool) -> tuple[Console, bool]:
    """A console for the table, and whether to draw it in ASCII (asked for, or the terminal cannot
    show the suit symbols)."""
    console = Console(highlight=False, emoji=False)
    try:
        "♥♣♦♠─╭▶".encode(console.encoding)
        can_draw = True
    except (UnicodeEncodeError, LookupError):
        can_draw = False
    return console, ascii_flag or not can_draw


MAX_NAME = 16


def name_problem(name: str, taken: list[str]) -> str | None:
    if not name:
        return "a name cannot be empty"
    if len(name) > MAX_NAME:
        return f"{name!r} is too long: at most {MAX_NAME} characters"
    if not name.isprintable():
        return f"{name!r} has characters that cannot be shown"
    if name.casefold() in (t.casefold() for t in taken):
        return f"{name!r} is already taken: each player needs a different name"
    return None


def ask_names(
    terminal: Terminal, given: list[str], bots: dict[int, str] | None = None
) -> list[str]:
    """Names for every seat: those given, bots' own, and the rest asked for."""
    names = list(given)
    while len(names) < 4:
        seat = len(names)
        if bots and seat in bots:
            default = f"Bot {seat + 1} ({bots[seat]})"
            names.append(
                default
                if default.casefold() not in (n.casefold() for n in names)
                else f"Bot {seat + 1}"
            )
            continue
        default = f"Player {len(names) + 1}"
        while default.casefold() in (n.casefold() for n in names):
            default += "'"
        answer = (
            terminal.read(f"Name of player {len(names) + 1} (Enter for {default}): ").strip()
            or default
        )
        problem = name_problem(answer, names)
        if problem:
            terminal.show(Text(problem[0].upper() + problem[1:] + ".", style="red"))
            continue
        names.append(answer)
    return names


def seat_bots(session: Session, seats: dict[int, str]) -> dict[int, Bot]:
    return {
        seat: make_bot(name, random.Random(f"{session.seed}:{seat}"))
        for seat, name in seats.items()
    }
