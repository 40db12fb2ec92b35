"""One seat's private screen, laid out for the room it has: standard, roomy or compact."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from rich.cells import cell_len
from rich.console import (
    Console,
    ConsoleOptions,
    Group,
    RenderableType,
    RenderResult,
)
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mushka.cards import Card
from mushka.events import (
    Draw,
    TakeBack,
    Trick,
)
from mushka.i18n import _
from mushka.present.keys import (
    prompt_keys,
)
from mushka.present.sheets import ordinal
from mushka.render.card_art import (
    TABLE_ROWS,
    hand_rows,
    round_table,
)
from mushka.render.fitting import (
    Joined,
    filled,
    log_lines,
    natural_width,
    rows_of,
    same_height,
    split_width,
)
from mushka.render.help import NO_OPTIONS
from mushka.render.look import ATTENTION, MUSHKA_STYLE, SECONDARY, Look
from mushka.render.panels import (
    choices_line,
    exchange_lines,
    hand_heading,
    hand_panel,
    hand_parts,
    header,
    last_trick_lines,
    lead_waiting,
    memory_panel,
    players_panel,
    taken_card,
    titled_panel,
    trick_lines,
)
from mushka.render.sizes import MIN_HEIGHT, MIN_WIDTH, TALL, WIDE
from mushka.render.trick import (
    Play,
    closing_seat,
    laid,
    open_winner,
    outcome,
    plays_of,
)
from mushka.table_options import TableOptions
from mushka.view import SeatView

# ---------------------------------------------------------------- the private screen


def standard_middle(
    console: Console, view: SeatView, look: Look, width: int, tall: bool
) -> RenderableType:
    """The exchange, or the trick and the last trick side by side (and, from WIDE columns on a
    tall screen, the table memory beside them)."""
    if view.exchange is not None:  # the deal's start: no trick yet, nothing played
        title, exchange = exchange_lines(view, look)
        return same_height(console, [titled_panel(exchange, title, look, width)], 8 if tall else 6)
    memory = width >= WIDE and tall
    widths = split_width(width, [1, 1, 1] if memory else [1, 1])
    title, lines, legend = trick_lines(view, look, widths[0])
    last, ending = last_trick_lines(view, look)
    panels = [
        titled_panel(lines, title, look, widths[0], subtitle=legend),
        titled_panel(last, _("last trick"), look, widths[1], subtitle=ending),
    ]
    if memory:
        panels.append(memory_panel(view, look, widths[2]))
    return same_height(console, panels, 8 if tall else 6)


def roomy_middle(
    console: Console, view: SeatView, look: Look, width: int, bottom: int
) -> RenderableType | None:
    """The exchange with its face-down cards drawn as cards, or the trick round the table
    (`bottom`'s seat nearest), the last trick and the table memory; None if they do not fit."""
    if view.exchange is not None:
        title, lines = exchange_lines(view, look, boxed=True)
        return same_height(console, [titled_panel(lines, title, look, width)], TABLE_ROWS + 2)
    widths = split_width(width, [4, 3, 3])
    table = round_table(view, look, widths[0] - 4, bottom)
    if table is None:
        return None
    title, _lines, legend = trick_lines(view, look, widths[0])
    last, ending = last_trick_lines(view, look)
    panels = [
        titled_panel(table, title, look, widths[0], subtitle=legend),
        titled_panel(last, _("last trick"), look, widths[1], subtitle=ending),
        memory_panel(view, look, widths[2]),
    ]
    return same_height(console, panels, TABLE_ROWS + 2)


class PrivateScreen:
    """A seat's whole screen, laid out for the terminal it is drawn on (`console.width` columns,
    `height` rows, the prompt's included): the public table, then his hand and his choices.

    From MIN_WIDTH x MIN_HEIGHT on, the standard layout; from WIDE x TALL on, where they fit,
    cards drawn as cards and the trick round the table, the table memory beside it; on a
    smaller terminal (down to 40 x 16), a compact layout of the hand, the trick, the turn, the
    kitty and, where there is room, the nets and the last trick."""

    def __init__(
        self,
        view: SeatView,
        look: Look,
        height: int,
        notice: Text | None,
        options: TableOptions,
        away: frozenset[int] = frozenset(),
    ) -> None:
        self.view = view._replace(players=look.names(view.players))
        self.look = look
        self.height = height
        self.notice = notice
        self.options = options
        self.away = away  # seats whose player has lost his connection (a network table)
        self.status = {seat: _("away") for seat in sorted(away)}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        yield self.layout(console, width, max(console.width, width))

    def layout(self, console: Console, width: int, columns: int | None = None) -> Group:
        """The screen drawn `width` cells wide on a terminal `columns` wide (the terminal's last
        column may be left empty; see Terminal.show)."""
        columns = width if columns is None else columns
        if columns >= MIN_WIDTH and self.height >= MIN_HEIGHT:
            if columns >= WIDE and self.height >= TALL:
                roomy = self._roomy(console, width, columns)
                if roomy is not None:
                    return roomy
            standard = self._standard(console, width, columns)
            if standard is not None:
                return standard
        return self._compact(console, width, columns)

    # ------------------------------------------------------------ the parts every layout has

    def prompt(self, columns: int) -> str:
        """The prompt to ask below this screen on a terminal `columns` wide (its room is kept)."""
        short = columns < MIN_WIDTH
        return self.look.text(prompt_keys(self.view, self.options, short, columns=columns))

    def _prompt_rows(self, console: Console, columns: int) -> int:
        if not self.view.is_my_turn:
            return 1  # the line the cursor waits on
        return len(Text(self.prompt(columns)).wrap(console, columns))

    def _turn(self) -> RenderableType | None:
        """What the seat may do, or whom the table waits for."""
        view, look = self.view, self.look
        if view.is_my_turn:
            return Padding(choices_line(view, look), (0, 0, 0, 1))
        if view.to_act is not None:
            waiting = (
                _("Waiting for {name} to come back")
                if view.to_act in self.away
                else _("Waiting for {name}")
            ).format(name=view.players[view.to_act])
            return Padding(Text(waiting + look.ellipsis, style=SECONDARY), (0, 0, 0, 1))
        return None

    def _fill(
        self,
        console: Console,
        width: int,
        columns: int,
        above: Sequence[RenderableType],
        below: Sequence[RenderableType],
        least_log: int,
    ) -> Group | None:
        room = self.height - self._prompt_rows(console, columns)
        sentences = self.look.words(self.view.players, me=self.view.seat).events(self.view.events)
        return filled(console, width, room, above, below, sentences, least_log, self.look)

    def _below(self, hand: RenderableType) -> list[RenderableType]:
        turn = self._turn()
        return [
            hand,
            *([turn] if turn is not None else []),
            self.notice if self.notice is not None else Text(""),
        ]

    # ------------------------------------------------------------ the layouts

    def _standard(self, console: Console, width: int, columns: int) -> Group | None:
        view, look = self.view, self.look
        middle = standard_middle(console, view, look, width, self.height >= TALL)
        above = [header(view, look, self.options), players_panel(view, look, self.status), middle]
        hand = hand_panel(view, look, taken_card(view))
        return self._fill(console, width, columns, above, self._below(hand), 0)

    def _roomy(self, console: Console, width: int, columns: int) -> Group | None:
        view, look = self.view, self.look
        middle = roomy_middle(console, view, look, width, view.seat)
        if middle is None:
            return None
        if view.hand:
            cards = hand_rows(view, look, taken_card(view), width - 4)
            if cards is None:
                return None
            hand: RenderableType = Panel(
                Group(*cards),
                title=hand_heading(view, look),
                title_align="left",
                box=look.box,
                padding=(0, 1),
            )
        else:
            hand = hand_panel(view, look)
        above = [header(view, look, self.options), players_panel(view, look, self.status), middle]
        return self._fill(console, width, columns, above, self._below(hand), 1)

    def _compact(self, console: Console, width: int, columns: int) -> Group:
        """The compact layout: each part in as few rows as it takes; where the rows run short,
        the parts that matter least are left out (see fit_parts)."""
        view, look = self.view, self.look
        parts = compact_table(console, view, look, width, self.status)
        parts.append((LOG, 0))
        hand_title = Text(" ").append_text(hand_heading(view, look))
        hand_title.stylize("bold")
        parts += [(hand_title, 0), (_hand_text(view, look, taken_card(view)), 0)]
        turn = self._turn()
        if turn is not None:
            parts.append((turn, 1 if view.is_my_turn else 0))  # whom the table waits for stays
        if self.notice is not None:
            parts.append((self.notice, 0))
        room = self.height - self._prompt_rows(console, columns)
        sentences = look.words(view.players, me=view.seat).events(view.events)
        return fit_parts(console, width, room, parts, sentences, look)


# The place of the log among a screen's parts: it takes the rows the others leave.
LOG = Text("")


class Either(NamedTuple):
    """A part of a compact screen drawn in full where the rows allow, else in short."""

    full: RenderableType
    short: RenderableType


Part = tuple[RenderableType | Either, int]  # a part of a compact screen, and its rank


def fit_parts(
    console: Console,
    width: int,
    room: int,
    parts: Sequence[Part],
    sentences: Sequence[str],
    look: Look,
) -> Group:
    """The parts in their order, each with its rank: 0 for a part always shown, then 1, 2 ...
    from the most to the least wanted, taken while they fit `room` rows (an Either's short
    form is always shown, its full form taken at its rank); the log, at LOG's place, in the
    rows left over."""

    def height(part: RenderableType) -> int:
        return 0 if part is LOG else rows_of(console, width, part)

    def drawn(part: RenderableType | Either) -> RenderableType:
        return part.full if isinstance(part, Either) else part

    chosen: dict[int, RenderableType] = {}
    used = 0
    for i, (part, rank) in enumerate(parts):
        if isinstance(part, Either):
            chosen[i] = part.short
        elif rank == 0:
            chosen[i] = drawn(part)
        else:
            continue
        used += height(chosen[i])
    for i in sorted((i for i, (_p, rank) in enumerate(parts) if rank), key=lambda i: parts[i][1]):
        wanted = drawn(parts[i][0])
        more = height(wanted) - (height(chosen[i]) if i in chosen else 0)
        if used + more <= room:
            chosen[i] = wanted
            used += more
    out: list[RenderableType] = []
    for i, (part, _rank) in enumerate(parts):
        if part is LOG:
            out.extend(log_lines(console, sentences, min(16, room - used), width, look))
        elif i in chosen:
            out.append(chosen[i])
    return Group(*out)


def _short_play(play: Play | None, look: Look, marked: bool, waiting: bool) -> Text:
    """A seat's part in a trick in a word, for the compact table's column."""
    if waiting:
        return Text(look.ellipsis, style=ATTENTION)
    if play is None:
        return Text("")
    card = laid(play)
    if card is None:
        if isinstance(play, Draw):
            return Text(_("drew"), style=SECONDARY)
        return Text(_("passed"), style=SECONDARY)
    text = look.card(card, MUSHKA_STYLE if card.is_mushka else "bold")
    if marked:
        text.append(" " + look.marker, style=ATTENTION)
    return text


def _seats_grid(
    view: SeatView,
    look: Look,
    net: bool,
    last: bool,
    status: Mapping[int, str],
    headings: bool,
) -> Table:
    """A row per seat: his turn, name, cards left, net, his card in the trick and in the last;
    with `headings`, a row naming the columns first."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    heads = ["", _("player"), _("cards")] + ([_("net")] if net else []) + [_("trick")]
    heads += [_("last")] if last else []
    for i, _head in enumerate(heads):
        grid.add_column(no_wrap=True, justify="right" if 1 < i < (4 if net else 3) else "left")
    if headings:
        grid.add_row(*(Text(h, style=SECONDARY) for h in heads))
    plays = {p.seat: p for p in plays_of(view.trick)}
    winner = open_winner(view)
    closing = view.last_trick[-1] if view.last_trick else None
    before = {p.seat: p for p in plays_of(view.last_trick)}
    taker = closing_seat(closing) if isinstance(closing, Trick | TakeBack) else None
    for seat, name in enumerate(view.players):
        acting = seat == view.to_act
        who = Text(name, style=ATTENTION if acting else "")
        if seat in status:
            who.append(" " + status[seat], style=SECONDARY)
        if seat in view.out_order:
            cards = Text(ordinal(view.out_order.index(seat) + 1), style="bold")
        else:
            cards = Text(str(view.hand_sizes[seat]))
        row = [Text(look.pointer if acting else " ", style=ATTENTION), who, cards]
        if net:
            row.append(Text(look.money(view.net[seat])))
        waiting = acting and view.led_suit is not None and seat not in plays
        row.append(
            _short_play(plays.get(seat), look, winner is not None and winner[0] == seat, waiting)
        )
        if last:
            row.append(_short_play(before.get(seat), look, taker == seat, False))
        grid.add_row(*row)
    return grid


def compact_table(
    console: Console,
    view: SeatView,
    look: Look,
    width: int,
    status: Mapping[int, str] | None = None,
) -> list[Part]:
    """The public table in few rows, as fit_parts takes them: the deal and the kitty, the
    trick's title, a row per seat (the nets and the last trick where the columns fit), the last
    trick's ending, the exchange."""
    deal = Text(_("deal {n}/{deals}").format(n=view.deal_number, deals=view.rules.deals))
    kitty = Text(_("kitty {kitty} kop").format(kitty=view.kitty))
    talon = Text(_("talon {talon}").format(talon=view.talon_count))
    top = Joined([deal, kitty, talon], f" {look.dot} ", " ")
    if len(top.lines(width)) > 1:  # the talon's count matters least
        top = Joined([deal, kitty], f" {look.dot} ", " ")
    parts: list[Part] = [(top, 0)]
    if view.exchange is not None:
        title, exchange = exchange_lines(view, look)
        legend = ""
    else:
        title, _lines, legend = trick_lines(view, look, width)
        exchange = []
    if view.exchange is None and not view.trick_plays and view.to_act is not None:
        heading = Text(" ").append_text(lead_waiting(view, look))  # whose lead it is
    else:
        heading = Text(" " + title, style="bold")
    if legend and heading.cell_len + len(f" {look.dot} ") + cell_len(legend) <= width:
        heading.append(f" {look.dot} ").append(legend, style=SECONDARY)
    parts.append((heading, 3 if exchange else 0))  # the exchange's lines say what it is
    for net, last in ((True, True), (True, False), (False, False)):
        grids = [_seats_grid(view, look, net, last, status or {}, heads) for heads in (True, False)]
        if natural_width(console, grids[0]) <= width - 1 or not net:
            break
    full, short = (Padding(grid, (0, 0, 0, 1)) for grid in grids)
    parts.append((Either(full, short), 2))  # the columns' headings, where there is room
    if last and view.last_trick:
        closing = view.last_trick[-1]
        assert isinstance(closing, Trick | TakeBack)
        ending = Text(_("last trick") + " " + outcome(closing, look), style=SECONDARY)
        parts.append((Padding(ending, (0, 0, 0, 1)), 2))
    for number, line in enumerate(exchange):
        # who laid the cards down matters least where the face-down row and the pick follow
        rank = 1 if number == 0 and len(exchange) > 2 else 0
        parts.append((Padding(line, (0, 0, 0, 1)), rank))
    return parts


def _hand_text(view: SeatView, look: Look, highlight: Card | None) -> Joined:
    """The hand without its box, broken between two cards where it takes more than a line."""
    return Joined(hand_parts(view, look, highlight), "  ", " ")


def private_screen(
    view: SeatView,
    look: Look,
    height: int = MIN_HEIGHT,
    notice: Text | None = None,
    *,
    options: TableOptions = NO_OPTIONS,
    away: frozenset[int] = frozenset(),
) -> PrivateScreen:
    """A seat's whole screen (see PrivateScreen), for a terminal `height` lines tall; `away`
    the seats whose player has lost his connection (a network table)."""
    return PrivateScreen(view, look, height, notice, options, away)
