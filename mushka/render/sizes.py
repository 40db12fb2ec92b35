"""The screen sizes the layouts are chosen by, each named once, and what a screen too small
for them shows."""

from __future__ import annotations

from rich.text import Text

from mushka.i18n import _
from mushka.render.look import Look

MIN_WIDTH = 80  # the hot seat's smallest terminal, and the standard layout's
MIN_HEIGHT = 24
SMALLEST = (40, 16)  # the compact layout's smallest screen (a phone held upright): a network seat
WIDE = 120  # from WIDE x TALL on, cards are drawn as cards and the trick round the table
TALL = 30


def too_small(width: int, height: int, look: Look | None = None) -> Text:
    times = (look or Look()).times
    return Text(
        _(
            "mushka needs a terminal of at least {min_width}{times}{min_height} characters; "
            "this one is {width}{times}{height}. Enlarge the window, then press Enter."
        ).format(
            min_width=MIN_WIDTH, min_height=MIN_HEIGHT, width=width, height=height, times=times
        ),
        style="bold",
    )


def seat_too_small(width: int, height: int, look: Look) -> Text:
    """What a network seat smaller than SMALLEST shows instead of the table."""
    return Text(
        look.text(
            _(
                "This window is {width}{times}{height}: the table needs at least "
                "{min_width}{times}{min_height}. Enlarge it; the game goes on meanwhile."
            ).format(
                width=width,
                height=height,
                min_width=SMALLEST[0],
                min_height=SMALLEST[1],
                times=look.times,
            )
        ),
        style="bold",
    )
