"""The public log drawn for a terminal: a line that breaks between its parts on a narrow screen.
Its words are present/journal.py's (the lines of a deal, worded for one reader)."""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.text import Text


class LogLine:
    """One line of the log that, on a screen too narrow for it, breaks between its parts (at
    `dot`, with a hanging indent) and before its outcome (`arrow`), never leaving a lone word."""

    def __init__(self, text: str, dot: str = " · ", arrow: str = " → ") -> None:
        self.text, self.dot, self.arrow = text, dot, arrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = options.max_width
        if cell_len(self.text) <= width:
            yield Text(self.text)
            return
        head, arrow, outcome = self.text.partition(self.arrow)
        first, *rest = head.split(self.dot)
        pieces = [(self.dot, part) for part in rest]
        if arrow:
            pieces.append((" ", f"{arrow.strip()} {outcome}"))
        line = first
        for joiner, piece in pieces:
            if cell_len(line + joiner + piece) <= width:
                line += joiner + piece
            else:
                yield Text(line)
                line = "  " + piece
        yield Text(line)
