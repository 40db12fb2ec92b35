"""Fitting Rich parts into the room a screen has: parts joined as fit, rows measured, panels
of one height, and a compact screen's parts dropped or shortened by rank."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import (
    Console,
    ConsoleOptions,
    Group,
    RenderableType,
    RenderResult,
)
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from mushka.render.look import SECONDARY, Look


class Joined:
    """Parts joined by `sep`, as many on a line as fit; a part is never split between lines
    (unless it alone is wider than the line). Each line starts with `indent`. `balanced` parts
    that take more than one line share them out evenly, in as few lines, so that no line is
    left with a lone last part (a status line of eight house rules at 80 columns)."""

    def __init__(
        self,
        parts: Sequence[Text],
        sep: str,
        indent: str = "",
        style: str = "",
        *,
        balanced: bool = False,
    ) -> None:
        self.parts, self.sep, self.indent, self.style = parts, sep, indent, style
        self.balanced = balanced

    def lines(self, width: int) -> list[Text]:
        lines = self._filled(width)
        if self.balanced and len(lines) > 1:
            # the narrowest width that still takes no more lines: greedy filling takes fewer
            # lines the wider it may go, so the narrowest is found by halving
            low, high = 1, width
            while low < high:
                middle = (low + high) // 2
                if len(self._filled(middle)) <= len(lines):
                    high = middle
                else:
                    low = middle + 1
            lines = self._filled(low)
        for text in lines:
            text.stylize(self.style)
        return lines

    def _filled(self, width: int) -> list[Text]:
        lines: list[Text] = []
        line = Text(self.indent)
        for part in self.parts:
            joint = self.sep if line.plain != self.indent else ""
            if (
                line.plain != self.indent
                and line.cell_len + cell_len(joint) + part.cell_len > width
            ):
                lines.append(line)
                line, joint = Text(self.indent), ""
            line.append(joint).append_text(part)
        lines.append(line)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)


def natural_width(console: Console, renderable: RenderableType) -> int:
    """The cells `renderable` takes where it has all the room it wants."""
    return Measurement.get(console, console.options.update_width(10_000), renderable).maximum


def rows_of(console: Console, width: int, renderable: RenderableType) -> int:
    """The lines `renderable` takes at `width`."""
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def log_lines(
    console: Console, sentences: Sequence[str], rows: int, width: int, look: Look
) -> list[Text]:
    """The newest of `sentences` in at most `rows` lines of `width` cells, whole sentences only
    (a sentence that does not fit is left out, never cut); on one row, as many of the newest as
    fit, joined by a dot."""
    if rows <= 0:
        return []
    if rows == 1:
        shown: list[str] = []
        for sentence in reversed(sentences):
            if cell_len(" " + f" {look.dot} ".join([sentence, *shown])) > width:
                break
            shown.insert(0, sentence)
        return [Text(" " + f" {look.dot} ".join(shown), style=SECONDARY)] if shown else []
    lines: list[Text] = []
    for sentence in reversed(sentences):
        wrapped = Text(sentence).wrap(console, width - 2)  # a space before, two before the rest
        block = [
            Text(("  " if i else " ") + line.plain, style=SECONDARY)
            for i, line in enumerate(wrapped)
        ]
        if len(lines) + len(block) > rows:
            break
        lines[:0] = block
    return lines


def filled(
    console: Console,
    width: int,
    room: int,
    above: Sequence[RenderableType],
    below: Sequence[RenderableType],
    sentences: Sequence[str],
    least_log: int,
    look: Look,
) -> Group | None:
    """`above`, the newest of `sentences` in the rows of `room` the others leave (at most 16),
    then `below`; None if fewer than `least_log` rows are left for them. Each part is drawn
    once: the lines counted are the lines shown."""
    options = console.options.update(width=width)
    drawn = [Drawn(console.render_lines(part, options, pad=False)) for part in [*above, *below]]
    free = room - sum(len(part.lines) for part in drawn)
    if free < least_log:
        return None
    log = log_lines(console, sentences, min(16, free), width, look)
    return Group(*drawn[: len(above)], *log, *drawn[len(above) :])


class Drawn:
    """A part already drawn into lines (by `filled`, which had to draw it to count its rows)."""

    def __init__(self, lines: list[list[Segment]]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line
            yield Segment.line()


def split_width(width: int, ratios: Sequence[int]) -> list[int]:
    """`width` cells shared out in proportion to `ratios`, every cell given out."""
    total = sum(ratios)
    widths = [width * r // total for r in ratios]
    widths[-1] += width - sum(widths)
    return widths


def same_height(console: Console, panels: Sequence[Panel], least: int) -> RenderableType:
    """Panels side by side, each as tall as the tallest (and at least `least` rows)."""
    height = max([least, *(rows_of(console, p.width or console.width, p) for p in panels)])
    grid = Table.grid()
    for panel in panels:
        panel.height = height
        grid.add_column(width=panel.width)
    grid.add_row(*panels)
    return grid
