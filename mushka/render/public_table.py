"""The public table, for a screen everyone may see (a host's terminal, "a screen on the wall"):
the trick, the last trick, the players' cards left, nets and the kitty, whose turn it is, and
the public log; never a card of any hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult

from mushka.render.fitting import filled
from mushka.render.help import NO_OPTIONS
from mushka.render.look import Look
from mushka.render.panels import header, players_panel
from mushka.render.private_screen import (
    LOG,
    compact_table,
    fit_parts,
    roomy_middle,
    standard_middle,
)
from mushka.render.sizes import MIN_HEIGHT, MIN_WIDTH, TALL, WIDE
from mushka.table_options import TableOptions
from mushka.view import SeatView, redact


def public_view(view: SeatView) -> SeatView:
    """`view` with nothing private left in it: no hand, no moves, the deal's events as a seat
    nobody sits in knows them (a face-down card taken, a card drawn and kept, a discard: none
    named), and its seat nobody's, so that nothing on the screen speaks to one player."""
    nobody = len(view.players)
    return view._replace(
        seat=nobody,
        hand=(),
        legal_actions=(),
        barred_suit=None,
        events=tuple(redact(event, nobody) for event in view.events),
    )


class PublicScreen:
    """The public table laid out for a terminal `width` x `height` (see public_screen)."""

    def __init__(
        self,
        view: SeatView,
        look: Look,
        width: int,
        height: int,
        log: Sequence[str],
        status: Mapping[int, str],
        options: TableOptions,
    ) -> None:
        self.view = public_view(view._replace(players=look.names(view.players)))
        self.look, self.width, self.height = look, width, height
        self.log = [look.text(line) for line in log]
        self.status, self.options = status, options

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.layout(console, min(self.width, options.max_width))

    def layout(self, console: Console, width: int) -> Group:
        view, look = self.view, self.look
        room = self.height - 1  # the line the cursor waits on
        if self.width >= MIN_WIDTH and self.height >= MIN_HEIGHT:
            top = [header(view, look, self.options), players_panel(view, look, self.status)]
            middle: RenderableType | None = None
            if self.width >= WIDE and self.height >= TALL:
                middle = roomy_middle(console, view, look, width, bottom=0)
            if middle is None:
                middle = standard_middle(console, view, look, width, self.height >= TALL)
            screen = filled(console, width, room, [*top, middle], [], self.log, 0, look)
            if screen is not None:
                return screen
        parts = compact_table(console, view, look, width, self.status)
        parts.append((LOG, 0))
        return fit_parts(console, width, room, parts, self.log, look)


def public_screen(
    view: SeatView,
    look: Look,
    width: int,
    height: int,
    log: Sequence[str],
    seats_status: Mapping[int, str] | None = None,
    options: TableOptions = NO_OPTIONS,
) -> PublicScreen:
    """The public table for a terminal `width` x `height`, drawn from any seat's `view` with
    that seat's hand and private knowledge left out; `log` is the public log's lines (the
    newest last, as many shown as fit) and `seats_status` a short word beside a seat's name
    ("away", "awaited")."""
    return PublicScreen(view, look, width, height, log, seats_status or {}, options)
