"""The coach's answer in words, for every kind of seat (the terminal's panel and the page's card
each draw them with the moves' values)."""

from __future__ import annotations

from mushka.i18n import _
from mushka.players.coach import Hint


def coach_words(advice: Hint, name: str) -> tuple[str, str]:
    """What the coach would play (its move follows these words), and what the values after it
    are for `name`, or that there is nothing to weigh."""
    best = _("The coach (strong) would play: ")
    if advice.values:
        worth = _(
            "Expected money for {name} of each move, to the end of the deal (kop), best first:"
        ).format(name=name)
    else:
        worth = _("There is nothing to weigh here: every choice is alike or only one is legal.")
    return best, worth
