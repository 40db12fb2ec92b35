"""Who sits at the table: names (given or asked for), computer players, and the console to draw on."""

from __future__ import annotations

import random
import unicodedata

from rich.text import Text

from mushka.engine import Session
from mushka.players.bots import Bot, make_bot
from mushka.tui.look import make_console as make_console  # the table's console, for the CLI
from mushka.tui.look import printable
from mushka.tui.terminal import Terminal

MAX_NAME = 16

# Characters that change how the text around them is shown without being seen themselves.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")


def name_problem(name: str, taken: list[str]) -> str | None:
    """Why `name` cannot be a player's name, or None if it can.

    A name is 1 to 16 characters of letters, marks, digits, punctuation, symbols and plain
    spaces, with at least one character that is not a space. Refused: control characters (an
    escape sequence), format characters (bidi overrides, zero-width spaces and joiners, soft
    hyphens), any space but the plain one (tabs, no-break and line separators), unassigned and
    private-use code points, and blank-looking fillers.
    """
    if not name.strip():
        return "a name cannot be empty"
    quoted = repr(printable(name, limit=MAX_NAME + 4))
    if len(name) > MAX_NAME:
        return f"{quoted} is too long: at most {MAX_NAME} characters"
    for char in name:
        category = unicodedata.category(char)
        if category[0] == "C" or (category[0] == "Z" and char != " ") or char in _INVISIBLE:
            code = f"U+{ord(char):04X}"
            return f"{quoted} holds a character that cannot be shown in a name ({code})"
    if name != name.strip():
        return f"{quoted} starts or ends with a space"
    if name.casefold() in (t.casefold() for t in taken):
        return f"{quoted} is already taken: each player needs a different name"
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
