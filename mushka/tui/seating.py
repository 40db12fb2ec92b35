"""Who sits at the table: names (given or asked for), computer players, and the console to draw on."""

from __future__ import annotations

from rich.text import Text

from mushka.i18n import N_, _, say
from mushka.names import name_problem, same_name
from mushka.tui.look import make_console as make_console  # the table's console, for the CLI
from mushka.tui.terminal import Terminal

# A computer player's default name says its strategy (a word of the player's language that fits
# the table's 16 characters); a strategy without one here is named by its command-line word.
BOT_NAMES = {
    "random": N_("Bot {seat} (random)"),
    "basic": N_("Bot {seat} (basic)"),
    "strong": N_("Bot {seat} (strong)"),
}


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
                if not any(same_name(default, n) for n in names)
                else _("Bot {seat}").format(seat=seat + 1)
            )
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


def bot_name(seat: int, strategy: str) -> str:
    """The name a computer player of `strategy` takes at `seat` (0-3) when none is given."""
    template = BOT_NAMES.get(strategy)
    if template is None:
        return _("Bot {seat} ({strategy})").format(seat=seat + 1, strategy=strategy)
    return _(template).format(seat=seat + 1)
