"""The panels of a private screen: the heading, the players, the trick and the last one, the
exchange, the table memory, the hand, the choices and the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.cells import cell_len
from rich.console import (
    Console,
    ConsoleOptions,
    Group,
    OverflowMethod,
    RenderableType,
    RenderResult,
)
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mushka.cards import CARDS, SUITS, Card
from mushka.choices import choices_sentence
from mushka.engine import Step
from mushka.events import (
    Expose,
    Lead,
    Take,
    TakeBack,
    Trick,
)
from mushka.i18n import _, _n, language, suit_noun
from mushka.present.keys import (
    move_keys,
)
from mushka.present.played import played_cards as played_cards  # (found here before)
from mushka.present.played import played_view
from mushka.present.sheets import ordinal
from mushka.render.card_art import (
    face_down_rows,
)
from mushka.render.fitting import Joined
from mushka.render.help import NO_OPTIONS, house_rules_parts
from mushka.render.look import ATTENTION, MUSHKA_STYLE, SECONDARY, Look, assemble
from mushka.render.trick import (
    closing_seat,
    laid,
    open_winner,
    outcome,
    play_words,
    plays_of,
    so_far,
)
from mushka.table_options import TableOptions
from mushka.view import SeatView

# ---------------------------------------------------------------- the top of the screen


def header(view: SeatView, look: Look, options: TableOptions = NO_OPTIONS) -> Group:
    """The screen's first lines: the deal, the dealer, the kitty and talon, then the house
    rules (on a second line where they do not fit one, never cut)."""
    parts = house_rules_parts(view.rules, look, options)
    rules = Joined(parts, f" {look.dot} ", " ", SECONDARY, balanced=True)
    return Group(_Heading(view, look), rules)


class _Heading:
    """The game's name, the deal and the dealer on the left, the kitty and the talon on the
    right; where the dealer's name would be cut short (a long name, a longer language), the
    game's name gives way."""

    def __init__(self, view: SeatView, look: Look) -> None:
        self.view, self.look = view, look

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, look = self.view, self.look
        overflow: OverflowMethod = "crop" if look.ascii_only else "ellipsis"
        grid = Table.grid(expand=True, padding=0)
        grid.add_column(justify="left", no_wrap=True, overflow=overflow)
        grid.add_column(justify="right", no_wrap=True)
        title = Text(" " + _("Mushka-kopilka"), style="bold")
        deal = Text(
            _(" {dot} deal {n} of {deals} {dot} dealer {name}").format(
                dot=look.dot,
                n=view.deal_number,
                deals=view.rules.deals,
                name=view.players[view.dealer],
            )
        )
        right = Text(
            _("kitty {kitty} kop {dot} talon {talon} ").format(
                kitty=view.kitty, dot=look.dot, talon=view.talon_count
            )
        )
        joint = f" {look.dot} "
        if title.cell_len + deal.cell_len + right.cell_len > options.max_width:
            cut = len(joint) if deal.plain.startswith(joint) else 0
            left = Text(" " + deal.plain[cut:].lstrip())
        else:
            left = title.append_text(deal)
        grid.add_row(left, right)
        yield grid


# ---------------------------------------------------------------- the players


def players_panel(
    view: SeatView, look: Look, status: Mapping[int, str] | None = None
) -> RenderableType:
    """Each player's cards left, tricks, net and what he is doing; `status` adds a word
    beside a seat (as the public table says who is away)."""
    return _Players(view, look, status or {})


class _Players:
    """The players panel; where the suits of the tricks taken would not fit a row, their count.

    Its rows are laid out here, not by a Rich table (which measured and wrapped every cell of
    every frame: half the cost of a seat's frame), whenever they fit as they are: a table's
    columns would be exactly as wide, two cells apart (`tests/test_players_panel.py` holds the
    two to the same lines). Rows too wide even with counts are left to a Rich table, which cuts
    them as before."""

    def __init__(self, view: SeatView, look: Look, status: Mapping[int, str]) -> None:
        self.view, self.look, self.status = view, look, status

    def rows(self, suits: bool) -> list[list[Text]]:
        """A row of six cells per seat: marker, name, cards, tricks, net, what he is doing."""
        view, look = self.view, self.look
        rows: list[list[Text]] = []
        for seat, name in enumerate(view.players):
            acting = seat == view.to_act
            marker = Text(look.pointer if acting else " ", style=ATTENTION)
            if seat in view.out_order:
                place = view.out_order.index(seat) + 1
                cards = Text(_("out ({place})").format(place=ordinal(place)), style="bold")
            else:
                n = view.hand_sizes[seat]
                cards = Text(_n("{n} card", "{n} cards", n).format(n=n))
            won = view.tricks[seat]
            if not won:
                tricks = Text(look.dash, style=SECONDARY)
            elif suits:
                tricks = Text(_("tricks") + " ").append_text(
                    Text(" ").join(look.suit(suit) for suit in won)
                )
            else:
                tricks = Text(_n("{n} trick", "{n} tricks", len(won)).format(n=len(won)))
            net = Text(_("net {money}").format(money=f"{look.money(view.net[seat]):>4}"))
            words = []
            if acting:
                words.append(
                    _("to play") if view.step in (Step.LEAD, Step.FOLLOW) else _("to choose")
                )
            if seat == view.dealer:
                words.append(_("dealer"))
            if seat == view.seat and not acting:  # the acting seat's own screen says whose hand
                words.append(_("you"))
            if seat in self.status:
                words.append(self.status[seat])
            rows.append(
                [
                    marker,
                    Text(name, style=ATTENTION if acting else ""),
                    cards,
                    tricks,
                    net,
                    Text(f" {look.dot} ".join(words), style=ATTENTION if acting else SECONDARY),
                ]
            )
        return rows

    def grid(self, suits: bool) -> Table:
        """The rows as a Rich table (where they do not fit as they are)."""
        grid = Table.grid(padding=(0, PLAYERS_GAP))
        for _column in range(6):
            grid.add_column(no_wrap=True)
        for row in self.rows(suits):
            grid.add_row(*row)
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width - 4  # the panel's borders and padding
        for suits in (True, False):
            rows = self.rows(suits)
            widths = [max(cell.cell_len for cell in column) for column in zip(*rows, strict=True)]
            if sum(widths) + PLAYERS_GAP * (len(widths) - 1) <= room:
                yield self._panel(Group(*(_laid(row, widths) for row in rows)))
                return
        yield self._panel(self.grid(suits=False))

    def _panel(self, body: RenderableType) -> Panel:
        return Panel(
            body, title=_("players"), title_align="left", box=self.look.box, padding=(0, 1)
        )


PLAYERS_GAP = 2  # cells between the players panel's columns


def _laid(cells: Sequence[Text], widths: Sequence[int]) -> Text:
    """One row of cells, each padded to its column's width, PLAYERS_GAP cells apart."""
    line = Text(no_wrap=True, overflow="crop")
    for at, (cell, width) in enumerate(zip(cells, widths, strict=True)):
        if at:
            line.append(" " * PLAYERS_GAP)
        line.append_text(cell)
        line.append(" " * (width - cell.cell_len), style=cell.style)  # as a table pads a cell
    return line


# ---------------------------------------------------------------- the trick and the last one


def _title_room(panel_width: int) -> int:
    """The cells a panel's title may take (Rich pads it with a space each side)."""
    return panel_width - 6


def _plays_grid(
    view: SeatView, rows: Sequence[tuple[int, Text]], waiting: int | None = None
) -> Table:
    """A row per seat, its name then what it did (the `waiting` seat's name in bold); a long
    row wraps under what it did."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(width=min(16, max(cell_len(n) for n in view.players)), no_wrap=True)
    grid.add_column()
    for seat, what in rows:
        grid.add_row(Text(view.players[seat], style=ATTENTION if seat == waiting else ""), what)
    return grid


def lead_waiting(view: SeatView, look: Look) -> Text:
    """The line that says whose lead the table waits for ("Anna to lead…")."""
    assert view.to_act is not None
    return Text(
        _("{name} to lead").format(name=view.players[view.to_act]) + look.ellipsis,
        style=SECONDARY,
    )


def trick_lines(
    view: SeatView, look: Look, panel_width: int
) -> tuple[str, list[RenderableType], str]:
    """The open trick's title, a row per play (the one winning so far marked) and the marker's
    legend; or whose lead it is."""
    if not view.trick_plays:
        if view.step is Step.LEAD and view.to_act is not None:
            return _("trick"), [lead_waiting(view, look)], ""
        return _("trick"), [], ""
    led = view.led_suit
    assert led is not None
    winner = open_winner(view)
    rows: list[tuple[int, Text]] = []
    for play in plays_of(view.trick):
        what = play_words(play, led, look)
        if winner is not None and winner[0] == play.seat:
            what.append(" " + look.marker, style=ATTENTION)
        rows.append((play.seat, what))
    waiting = view.to_act if view.to_act not in {seat for seat, _what in rows} else None
    if waiting is not None:
        rows.append((waiting, Text(look.ellipsis, style=ATTENTION)))
    leader = view.players[view.trick_plays[0][0]]
    title = _("trick: {suit}, led by {name}").format(suit=suit_noun(led), name=leader)
    if cell_len(title) > _title_room(panel_width):
        title = _("{suit}, led by {name}").format(suit=suit_noun(led), name=leader)
    return title, [_plays_grid(view, rows, waiting)], so_far(look) if winner is not None else ""


def last_trick_lines(view: SeatView, look: Look) -> tuple[list[RenderableType], str]:
    """The last trick, a row per play, the card that took it marked; and how it ended."""
    last = view.last_trick
    if not last:
        return [Text(_("none yet"), style=SECONDARY)], ""
    closing = last[-1]
    assert isinstance(closing, Trick | TakeBack)
    plays = plays_of(last)
    led = CARDS[plays[0].card].suit if isinstance(plays[0], Lead) else SUITS[0]
    marked = closing_seat(closing)
    rows = []
    for play in plays:
        what = play_words(play, led, look)
        if play.seat == marked and (laid(play) is not None or isinstance(closing, TakeBack)):
            what.append(" " + look.marker, style=ATTENTION)
        rows.append((play.seat, what))
    return [_plays_grid(view, rows)], outcome(closing, look)


def titled_panel(
    lines: Sequence[RenderableType],
    title: str,
    look: Look,
    width: int | None,
    height: int | None = None,
    subtitle: str = "",
) -> Panel:
    """A boxed part of the table `width` cells wide (all the width there is, if None); a
    subtitle too long for its bottom border becomes its last row."""
    rows = list(lines)
    if subtitle and width is not None and cell_len(subtitle) > _title_room(width):
        rows.append(Text(subtitle, style=SECONDARY))
        subtitle = ""
    return Panel(
        Group(*rows) if rows else Text(""),
        title=Text(title),
        title_align="left",
        subtitle=Text(subtitle, style=SECONDARY) if subtitle else None,
        subtitle_align="right",
        box=look.box,
        width=width,
        height=height,
        padding=(0, 1),
    )


def exchange_lines(view: SeatView, look: Look, boxed: bool = False) -> tuple[str, list[Text]]:
    """The exchange as the seat sees it; `boxed` draws the face-down cards as card backs."""
    assert view.exchange is not None
    exposer, chooser, receiver = view.exchange
    name = view.players
    expose = next((e for e in reversed(view.events) if isinstance(e, Expose)), None)
    laid_down = expose.cards if expose is not None else ()
    if exposer == view.seat and laid_down and all(c is not None for c in laid_down):
        # his own view of the Expose names his cards, sorted: he may see what he laid
        shown = Text(" ").join(look.card(c, "bold") for c in laid_down if c is not None)
        lines = [assemble(_("Your cards face down: {cards}."), cards=shown)]
    else:  # what lies there and whose, not the laying down again (the news line says that)
        lines = [
            Text(
                _n(
                    "{name}: {n} card face down.",
                    "{name}: {n} cards face down.",
                    len(laid_down),
                ).format(name=name[exposer], n=len(laid_down))
            )
        ]
    if view.step is Step.TAKE:
        if view.face_down_count:
            if boxed:
                lines.extend(face_down_rows(view.face_down_count, look))
            else:
                row = Text()
                for i in range(view.face_down_count):
                    row.append(f"{i + 1} ", style="bold").append(look.face_down).append("   ")
                lines.append(row)
        if chooser == view.seat:
            if receiver == view.seat:
                pick = _("You pick one blind.")
            else:
                pick = _("You pick one blind for {who}.").format(who=name[receiver])
        elif chooser == receiver:
            pick = _("{name} picks one blind.").format(name=name[chooser])
        elif receiver == view.seat:
            pick = _("{name} picks one blind for you.").format(name=name[chooser])
        else:
            pick = _("{name} picks one blind for {who}.").format(
                name=name[chooser], who=name[receiver]
            )
        lines.append(Text(pick, style=ATTENTION))
    else:
        taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
        if taken is not None and taken.seat == view.seat and taken.card is not None:
            lines.append(assemble(_("You got {card}."), card=look.card(taken.card, "bold")))
        if receiver == view.seat:
            discard = _("You discard one card.")
        else:
            discard = _("{name} discards one card.").format(name=name[receiver])
        lines.append(Text(discard, style=ATTENTION))
    # A count-less _n: the catalog's plain "exchange" is the house rule's name (engine.po).
    return _n("exchange", "exchange", 1), lines


# ---------------------------------------------------------------- the table memory


def memory_lines(view: SeatView, look: Look) -> list[Text]:
    """What was played this deal (present/played.played_view), suit by suit under the ranks'
    headings, and who is known to hold none of a suit."""
    played = played_view(view, look.ascii_only)
    lines = [Text("  " + "".join(f" {rank:>2}" for rank in played.ranks), style=SECONDARY)]
    for row in played.suits:
        line = look.suit(row.suit).append(" ")
        for rank, face_up in zip(played.ranks, row.played, strict=True):
            if face_up:
                line.append(f" {rank:>2}", style="bold")
            else:
                line.append(f" {look.dot:>2}", style=SECONDARY)
        lines.append(line)
    for void in played.voids:
        line = Text(look.text(void.before), style=ATTENTION)
        line.append_text(Text(" ").join(look.suit(s) for s in void.suits))
        line.append(look.text(void.after))
        lines.append(line)
    return lines


def memory_panel(view: SeatView, look: Look, width: int | None = None) -> Panel:
    """The table memory (`o`, and beside the trick on a large screen) in a panel."""
    lines = memory_lines(view, look)
    return titled_panel(lines, _("played this deal"), look, width, len(lines) + 2)


# ---------------------------------------------------------------- the hand and the choices


def hand_parts(view: SeatView, look: Look, highlight: Card | None = None) -> list[Text]:
    """Each card of the hand with its number, what may be played in bold, the mushka named."""
    legal_cards = {a.card for a in view.legal_actions if a.card is not None}
    parts = []
    for number, card in enumerate(view.hand, start=1):
        playable = card in legal_cards
        style = "bold" if playable else SECONDARY
        part = Text(f"{number} ", style=style)
        part.append_text(look.card(card, style if card != highlight else "bold reverse"))
        if card.is_mushka:
            part.append(" " + _("mushka"), style=MUSHKA_STYLE if playable else SECONDARY)
        if card == highlight:  # marked in words too: a terminal without colours shows no reverse
            part.append(" " + _("new"), style=ATTENTION)
        parts.append(part)
    return parts or [Text(_("no cards"), style=SECONDARY)]


def hand_panel(view: SeatView, look: Look, highlight: Card | None = None) -> Panel:
    """The hand in a line of text (see hand_parts)."""
    text = Text("   ").join(hand_parts(view, look, highlight))
    return Panel(
        text, title=hand_heading(view, look), title_align="left", box=look.box, padding=(0, 1)
    )


def renumbered(view: SeatView, look: Look) -> str:
    """After a blind take, where the new card went and whether the numbers after it moved (with
    a space after it), else ""."""
    card = taken_card(view)
    if card is None:
        return ""
    number = view.hand.index(card) + 1
    if number == len(view.hand):
        words = _("New card: {card}, number {n}.")
    else:
        words = _("New card: {card}, number {n}; the cards after it are numbered one higher.")
    return words.format(card=look.card(card).plain, n=number) + " "


def hand_heading(view: SeatView, look: Look) -> Text:
    return assemble(_("{name}, your hand"), name=look.name(view.players[view.seat]))


def choices_line(view: SeatView, look: Look) -> Text:
    """What the acting seat may do, with the numbers and letters to type; after a blind take,
    first where the new card went (it is sorted into the hand: the numbers after it move, and a
    player who read his hand before would discard the wrong card)."""
    numbers = {card: str(i) for i, card in enumerate(view.hand, start=1)}
    return Text(
        renumbered(view, look)
        + choices_sentence(
            view.step,
            view.legal_actions,
            view.hand,
            led=view.led_suit,
            barred=view.barred_suit,
            remise=view.rules.remise,
            face_down=view.face_down_count,
            name=numbers.__getitem__,
            keys=move_keys(),
            lang=language(),
        )
    )


def taken_card(view: SeatView) -> Card | None:
    """The face-down card the seat has just taken, while he is to discard."""
    if view.step is not Step.DISCARD:
        return None
    taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
    return taken.card if taken is not None and taken.seat == view.seat else None
