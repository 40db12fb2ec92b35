"""Who sits at the table: names (given or asked for), computer players, and the console to draw on."""

from __future__ import annotations

import random
import unicodedata

from rich.text import Text

from mushka.engine import Session
from mushka.i18n import N_, _
from mushka.players.bots import Bot, make_bot
from mushka.tui.look import make_console as make_console  # the table's console, for the CLI
from mushka.tui.look import printable
from mushka.tui.terminal import Terminal

MAX_NAME = 16

# Characters that change how the text around them is shown without being seen themselves.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")

# A computer player's default name says its strategy (a word of the player's language that fits
# the table's 16 characters); a strategy without one here is named by its command-line word.
BOT_NAMES = {
    "random": N_("Bot {seat} (random)"),
    "basic": N_("Bot {seat} (basic)"),
    "strong": N_("Bot {seat} (strong)"),
}


def name_problem(name: str, taken: list[str]) -> str | None:
    """Why `name` cannot be a player's name, or None if it can.

    A name is 1 to 16 characters of letters, marks, digits, punctuation, symbols and plain
    spaces, with at least one character that is not a space. Refused: control characters (an
    escape sequence), format characters (bidi overrides, zero-width spaces and joiners, soft
    hyphens), any space but the plain one (tabs, no-break and line separators), unassigned and
    private-use code points, and blank-looking fillers.
    """
    if not name.strip():
        return _("a name cannot be empty")
    quoted = repr(printable(name, limit=MAX_NAME + 4))
    if len(name) > MAX_NAME:
        return _("{name} is too long: at most {most} characters").format(name=quoted, most=MAX_NAME)
    for char in name:
        category = unicodedata.category(char)
        if category[0] == "C" or (category[0] == "Z" and char != " ") or char in _INVISIBLE:
            code = f"U+{ord(char):04X}"
            return _("{name} holds a character that cannot be shown in a name ({code})").format(
                name=quoted, code=code
            )
    if name != name.strip():
        return _("{name} starts or ends with a space").format(name=quoted)
    if name.casefold() in (t.casefold() for t in taken):
        return _("{name} is already taken: each player needs a different name").format(name=quoted)
    return None


def ask_names(
    terminal: Terminal, given: list[str], bots: dict[int, str] | None = None
) -> list[str]:
    """Names for every seat: those given, bots' own, and the rest asked for."""
    names = list(given)
    while len(names) < 4:
        seat = len(names)
        if bots and seat in bots:
            default = bot_name(seat, bots[seat])
            names.append(
                default
                if default.casefold() not in (n.casefold() for n in names)
                else _("Bot {seat}").format(seat=seat + 1)
            )
            continue
        default = _("Player {number}").format(number=len(names) + 1)
        while default.casefold() in (n.casefold() for n in names):
            default += "'"
        answer = (
            terminal.read(
                _("Name of player {number} (Enter for {default}): ").format(
                    number=len(names) + 1, default=default
                )
            ).strip()
            or default
        )
        problem = name_problem(answer, names)
        if problem:
            terminal.show(Text(problem[0].upper() + problem[1:] + ".", style="red"))
            continue
        names.append(answer)
    return names


def bot_name(seat: int, strategy: str) -> str:
    """The name a computer player of `strategy` takes at `seat` (0-3) when none is given."""
    template = BOT_NAMES.get(strategy)
    if template is None:
        return _("Bot {seat} ({strategy})").format(seat=seat + 1, strategy=strategy)
    return _(template).format(seat=seat + 1)


def seat_bots(session: Session, seats: dict[int, str]) -> dict[int, Bot]:
    return {
        seat: make_bot(name, random.Random(f"{session.seed}:{seat}"))
        for seat, name in seats.items()
    }
