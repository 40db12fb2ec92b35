"""Who sits at the hot seat's table: the names given, the computer players' own, the rest asked for."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from mushka.host.seating import bot_name
from mushka.i18n import _, say
from mushka.names import name_problem, same_name
from mushka.tui.terminal import Terminal


def ask_names(
    terminal: Terminal, given: list[str], bots: dict[int, str] | None = None
) -> list[str]:
    """Names for every seat: those given, bots' own, and the rest asked for."""
    names = list(given)
    while len(names) < 4:
        seat = len(names)
        if bots and seat in bots:
            default = bot_name(seat, bots[seat])
            while any(same_name(default, n) for n in names):
                default += "'"  # a person took the name: this one is his no longer
            names.append(default)
            continue
        default = _("Player {number}").format(number=len(names) + 1)
        while any(same_name(default, n) for n in names):
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
        if problem is not None:
            words = say(problem)
            terminal.show(Text(words[0].upper() + words[1:] + ".", style="red"))
            continue
        names.append(answer)
    return names


def ask_name(terminal: Terminal, taken: Sequence[str]) -> str:
    """The learner's name, asked on the normal screen; Enter takes the default."""
    default = _("Player {number}").format(number=1)
    while True:
        answer = terminal.read(_("Your name (Enter for {default}): ").format(default=default))
        name = answer.strip() or default
        problem = name_problem(name, list(taken))
        if problem is None:
            return name
        words = say(problem)
        terminal.show(Text(words[0].upper() + words[1:] + ".", style="red"))
