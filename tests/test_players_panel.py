"""The players panel lays out its rows itself (a Rich table measured and wrapped every cell of
every frame): over random sessions, long names, away seats, both languages and every width, its
lines are exactly those of the Rich table it replaced, style for style."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from conftest import spread
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.panel import Panel
from rich.segment import Segment
from rich.style import Style

from mushka.engine import Session
from mushka.house_rules import Exchange, HouseRules
from mushka.i18n import speaking
from mushka.render.fitting import natural_width
from mushka.render.look import Look
from mushka.render.panels import _Players, players_panel
from mushka.view import SeatView

NAMES = (
    ("Anna", "Boris", "Vera", "Gleb"),
    ("Anastasia Petrov", "Bartholomew Kent", "Wilhelmina Smith", "Oleg O'Neil-Rusk"),
    ("Анна", "Борис", "Вера", "Глеб"),
)
WIDTHS = (40, 60, 72, 80, 100, 140)
NONE = Style()


class RichPlayers(_Players):
    """The panel as it was drawn before: always a Rich table, its count form where the suits'
    would be wider than the panel."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = self.grid(suits=True)
        if natural_width(console, grid) + 4 > options.max_width:
            grid = self.grid(suits=False)
        yield self._panel(grid)


def lines(renderable: RenderableType, width: int) -> list[list[Segment]]:
    console = Console(
        file=io.StringIO(), width=width, color_system="truecolor", legacy_windows=False
    )
    drawn = console.render_lines(renderable, console.options.update(width=width), pad=False)
    # no style and the empty style are drawn alike: compared alike
    return [
        list(Segment.simplify(Segment(s.text, s.style or NONE) for s in line)) for line in drawn
    ]


def views(seed: int, names: tuple[str, ...]) -> list[SeatView]:
    """Every ninth decision's view (of a seat in turn) along a random session of two deals."""
    rules = HouseRules(deals=2, exchange=random.Random(seed).choice(list(Exchange)))
    session = Session(list(names), rules, seed=seed)
    rng, seen, step = random.Random(seed), [], 0
    while not session.is_over:
        if step % 9 == 0:
            seen.append(session.view(step % 4))
        session.apply(rng.choice(session.legal_actions()))
        step += 1
    return seen


# Every case takes most of a second: --quick runs four spread over them (each name set, both
# languages, both spellings of cards among them).
CASES = list(itertools.product(NAMES, [False, True], ["en", "ru"]))


@pytest.mark.parametrize(("names", "ascii_only", "lang"), spread(CASES, 4))
def test_the_laid_out_rows_are_the_rich_tables_lines(
    names: tuple[str, ...], ascii_only: bool, lang: str
) -> None:
    look, compared, by_rich = Look(ascii_only), 0, 0
    with speaking(lang):
        for seed in range(2):
            for at, view in enumerate(views(seed, names)):
                status = {view.seat ^ 1: "reconnecting…"} if at % 3 == 0 else {}
                for width in WIDTHS:
                    ours = lines(players_panel(view, look, status), width)
                    theirs = lines(RichPlayers(view, look, status), width)
                    assert ours == theirs, (view, width)
                    compared += 1
                    fast = _Players(view, look, status)
                    rows = fast.rows(suits=False)
                    widest = sum(max(c.cell_len for c in col) for col in zip(*rows, strict=True))
                    by_rich += widest + 2 * 5 > width - 4
    assert compared > 100 and by_rich > 0  # the narrow widths took the Rich table's way too


def test_the_panel_is_a_panel_of_every_player() -> None:
    view = views(1, NAMES[0])[3]
    drawn = lines(Panel(players_panel(view, Look(False))), 90)
    text = "\n".join("".join(s.text for s in line) for line in drawn)
    assert all(name in text for name in NAMES[0]) and "players" in text
