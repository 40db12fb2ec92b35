"""The browser seat's address as a QR code on the host's terminal: segno's matrix drawn in half
blocks, two modules a character, black on white whatever the terminal's colours (a dark theme
would otherwise invert it), so an IPv4 address with its join token fits in 18 lines, its quiet zone included."""

from __future__ import annotations

from typing import Final

import segno
from rich.style import Style
from rich.text import Text

BORDER: Final = 4  # modules of white on every side: the quiet zone the QR standard asks for
STYLE: Final = Style(color="black", bgcolor="white")
# Upper half, lower half: a character shows two modules, one above the other (dark = black).
GLYPHS: Final = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def matrix(url: str) -> list[list[bool]]:
    """The QR code of `url` as rows of modules (True: dark), its border included."""
    code = segno.make(url, error="l", micro=False, boost_error=True)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=BORDER)]


def qr_lines(url: str) -> list[Text]:
    """The QR code of `url` as lines of half blocks, black on white."""
    rows = matrix(url)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))  # a white half row under the last
    return [
        Text("".join(GLYPHS[top, bottom] for top, bottom in zip(upper, lower, strict=True)), STYLE)
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]
