"""`mushka learn`: a guided first deal against three computer players, at a table that teaches
(mushka.host.teaching; mushka.present.lesson decides which rule when): the options checked, the
lesson's table dealt, its hot seat run. Nothing of it is saved."""

from __future__ import annotations

import random
from typing import Final

import typer
from rich.text import Text

from mushka.commands.exits import bad_option
from mushka.commands.play import require_terminal
from mushka.commands.table_setup import check_names
from mushka.defaults import BOT_DELAY
from mushka.engine import Session
from mushka.host.seating import bot_name
from mushka.host.settings import MAX_BOT_DELAY, TableSettings
from mushka.host.table import TableHost, unsaved
from mushka.house_rules import Exchange, HouseRules
from mushka.i18n import _
from mushka.present.lesson import stopped_words
from mushka.render.look import make_console
from mushka.table_options import TableOptions
from mushka.tui.lesson import LessonSeat
from mushka.tui.seating import ask_name
from mushka.tui.terminal import ScreenTerminal

LEARNER: Final = 0  # the learner's seat: he leads first when the last seat deals
# `basic`, not `strong`: it plays a plain, readable game (the highest card to win, the lowest to
# lose, the mushka kept for a dear trick), never revokes, thinks at once, and plays the same cards
# for the same deal whatever the machine's load; `strong`'s searching play would take most of
# the kitty from a beginner and show him little he could follow.
STRATEGY: Final = "basic"
# Deals that show the learner in seat 1 every rule that may not come up (an exchange with a card
# to choose blind among several, the mushka, a draw, a lead taken back, a doubled trick, a suit
# barred by the lead before) early, whether he plays like `basic`, follows the coach or tries
# things; a revoke is his own to make, and each deal lets him. Found with tools/lesson_seeds.py
# (3000 seeds); one is dealt at random unless --seed says.
LESSON_SEEDS: Final = (2319, 1158, 2704, 2400, 881)


def lesson_rules() -> HouseRules:
    """The house rules of a lesson: the defaults, in one deal, with the modern exchange."""
    return HouseRules(deals=1, exchange=Exchange.MODERN)


class LessonSettings(TableSettings):
    """A lesson's table: take-backs and the coach on, three computer players, never saved (so
    its q leaves rather than saves)."""

    @property
    def options(self) -> TableOptions:
        return TableOptions(undo=self.undo, hints=self.hints, saved=False)


def lesson_settings(ascii_only: bool) -> LessonSettings:
    return LessonSettings(
        ascii_only=ascii_only,
        bots={seat: STRATEGY for seat in range(4) if seat != LEARNER},
        undo=True,
        hints=True,
    )


def lesson_table(name: str, seed: int, ascii_only: bool, bot_delay: float = BOT_DELAY) -> TableHost:
    """The lesson's table: the learner `name` and three computer players, dealt from `seed`,
    saved nowhere and kept out of the score history."""
    players = [bot_name(seat, STRATEGY) for seat in range(4)]
    players[LEARNER] = name
    settings = lesson_settings(ascii_only)
    settings.bot_delay = bot_delay
    return TableHost(
        Session(players, lesson_rules(), seed=seed), settings, save=unsaved, keep_history=False
    )


def learn_session(player: str | None, seed: int | None, ascii_only: bool, bot_delay: float) -> None:
    """The guided deal at this terminal; exits with the table's code (130 after Ctrl-C)."""
    given = check_names([player] if player is not None else [])
    if not 0 <= bot_delay <= MAX_BOT_DELAY:
        bad_option(
            "--bot-delay",
            _("must be from 0 to {most} seconds").format(most=f"{MAX_BOT_DELAY:g}"),
        )
    require_terminal()
    console, ascii_table = make_console(ascii_only)
    terminal = ScreenTerminal(console)
    bots = [bot_name(seat, STRATEGY) for seat in range(4) if seat != LEARNER]
    try:
        name = given[0] if given else ask_name(terminal, bots)
    except (KeyboardInterrupt, EOFError):
        terminal.show(Text(""), Text(stopped_words()))
        raise typer.Exit(130) from None
    dealt = seed if seed is not None else random.choice(LESSON_SEEDS)
    host = lesson_table(name, dealt, ascii_table, bot_delay)
    raise typer.Exit(LessonSeat(host, terminal, dealt).run())
