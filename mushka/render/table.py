"""Rich renderables for the table: the private screen of one seat, laid out for the room it has,
and the public summaries."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, NamedTuple, assert_never

from rich.box import SIMPLE_HEAD
from rich.cells import cell_len
from rich.console import (
    Console,
    ConsoleOptions,
    Group,
    OverflowMethod,
    RenderableType,
    RenderResult,
)
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mushka.cards import CARDS, RANK_CODES, SUITS, Card
from mushka.choices import choices_sentence
from mushka.engine import Step
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
    Event,
    Expose,
    Follow,
    Lead,
    Out,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.house_rules import Exchange, HouseRules
from mushka.i18n import N_, _, _n, card_label, language, suit_noun
from mushka.ledger import DealSummary, SeatAccount
from mushka.present.keys import (
    HELP_END,
    HELP_INTRO,
    NETWORK_END,
    UNSAVED_END,
    help_rows,
    move_keys,
)
from mushka.present.keys import prompt_keys as prompt_keys  # re-exported: it lived here
from mushka.render.card_art import (
    TABLE_ROWS,
    face_down_rows,
    hand_rows,
    round_table,
)
from mushka.render.look import ATTENTION, MUSHKA_STYLE, SECONDARY, assemble
from mushka.render.look import Look as Look  # the table's look; re-exported for older imports
from mushka.render.trick import (
    Play,
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

MIN_WIDTH = 80  # the hot seat's smallest terminal, and the standard layout's
MIN_HEIGHT = 24
SMALLEST = (40, 16)  # the compact layout's smallest screen (a phone held upright): a network seat
WIDE = 120  # from WIDE x TALL on, cards are drawn as cards and the trick round the table
TALL = 30
NO_OPTIONS = TableOptions()


_ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
_EXCHANGES = {Exchange.MODERN: N_("modern exchange"), Exchange.OLD: N_("old exchange")}


def exchange_name(exchange: Exchange) -> str:
    """'modern exchange', 'old exchange' or 'no exchange', in the process language."""
    return _(_EXCHANGES[exchange]) if exchange in _EXCHANGES else _("no exchange")


def ordinal(n: int) -> str:
    return _(_ORDINALS[n]) if n in _ORDINALS else _("{n}th").format(n=n)


class Joined:
    """Parts joined by `sep`, as many on a line as fit; a part is never split between lines
    (unless it alone is wider than the line). Each line starts with `indent`."""

    def __init__(self, parts: Sequence[Text], sep: str, indent: str = "", style: str = "") -> None:
        self.parts, self.sep, self.indent, self.style = parts, sep, indent, style

    def lines(self, width: int) -> list[Text]:
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
        for text in lines:
            text.stylize(self.style)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)


# ---------------------------------------------------------------- house rules and help


def house_rules_parts(
    rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS
) -> list[Text]:
    """The agreed house rules, each a part: stake, remise, suit prices (kop), deals, exchange,
    and the table's undo and hints settings when they are on."""
    prices = Text()
    for i, (suit, price) in enumerate(zip(SUITS, rules.prices, strict=True)):
        if i:
            prices.append(" ")
        prices.append_text(look.suit(suit)).append(str(price))
    parts = [
        Text(_("stake {stake}").format(stake=rules.stake)),
        Text(_("remise {remise}").format(remise=rules.remise)),
        prices,
        Text(_n("{n} deal", "{n} deals", rules.deals).format(n=rules.deals)),
        Text(exchange_name(rules.exchange)),
    ]
    for setting, on in ((N_("undo on"), options.undo), (N_("hints on"), options.hints)):
        if on:  # a setting that is off goes without saying
            parts.append(Text(_(setting)))
    return parts


def house_rules_line(rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS) -> Text:
    """The house rules in one line (see house_rules_parts)."""
    return Text(f" {look.dot} ").join(house_rules_parts(rules, look, options))


class _HouseRulesLines:
    """'House rules: …' on one line where it fits, else the rules on lines of their own, each
    line broken between two rules, never inside one."""

    def __init__(self, parts: Sequence[Text], look: Look) -> None:
        self.parts, self.look = parts, look

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = Text(_("House rules:"), style="bold")
        rules = Joined(self.parts, f" {self.look.dot} ").lines(options.max_width)
        if len(rules) == 1 and title.cell_len + 1 + rules[0].cell_len <= options.max_width:
            yield Text.assemble(title, " ", rules[0])
        else:
            yield title
            yield from rules


def house_rules_panel(
    rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS
) -> RenderableType:
    """The house rules as a game's opening shows them (and the `?` help repeats them)."""
    return _HouseRulesLines(house_rules_parts(rules, look, options), look)


def help_screen(
    rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS, network: bool = False
) -> Group:
    """The `?` help: what to type (`h` and `u` where the table allows them), each key's words
    wrapping under themselves, then the house rules this table agreed on; `network` for a seat
    of a network table (whose q is its own)."""
    keys = Table.grid(padding=(0, 0, 0, 2), pad_edge=True)
    keys.add_column(no_wrap=True)
    keys.add_column()
    for key, what in help_rows(options, network):
        keys.add_row(look.text(key), look.text(what))
    return Group(
        Text(look.text(_(HELP_INTRO))),
        keys,
        Text(look.text(_(NETWORK_END if network else HELP_END if options.saved else UNSAVED_END))),
        Text(""),
        house_rules_panel(rules, look, options),
        Text(""),
    )


# ---------------------------------------------------------------- the top of the screen


def header(view: SeatView, look: Look, options: TableOptions = NO_OPTIONS) -> Group:
    """The screen's first lines: the deal, the dealer, the kitty and talon, then the house
    rules (on a second line where they do not fit one, never cut)."""
    rules = Joined(house_rules_parts(view.rules, look, options), f" {look.dot} ", " ", SECONDARY)
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
    """The players panel; where the suits of the tricks taken would not fit a row, their count."""

    def __init__(self, view: SeatView, look: Look, status: Mapping[int, str]) -> None:
        self.view, self.look, self.status = view, look, status

    def grid(self, suits: bool) -> Table:
        view, look = self.view, self.look
        grid = Table.grid(padding=(0, 2))
        for _column in range(6):
            grid.add_column(no_wrap=True)
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
            grid.add_row(
                marker,
                Text(name, style=ATTENTION if acting else ""),
                cards,
                tricks,
                net,
                Text(f" {look.dot} ".join(words), style=ATTENTION if acting else SECONDARY),
            )
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = self.grid(suits=True)
        if natural_width(console, grid) + 4 > options.max_width:
            grid = self.grid(suits=False)
        yield Panel(grid, title=_("players"), title_align="left", box=self.look.box, padding=(0, 1))


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


def _trick_lines(
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


def _last_trick_lines(view: SeatView, look: Look) -> tuple[list[RenderableType], str]:
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


def _panel(
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


def natural_width(console: Console, renderable: RenderableType) -> int:
    """The cells `renderable` takes where it has all the room it wants."""
    return Measurement.get(console, console.options.update_width(10_000), renderable).maximum


def _rows(console: Console, width: int, renderable: RenderableType) -> int:
    """The lines `renderable` takes at `width`."""
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def _exchange_lines(view: SeatView, look: Look, boxed: bool = False) -> tuple[str, list[Text]]:
    """The exchange as the seat sees it; `boxed` draws the face-down cards as card backs."""
    assert view.exchange is not None
    exposer, chooser, receiver = view.exchange
    name = view.players
    expose = next((e for e in reversed(view.events) if isinstance(e, Expose)), None)
    laid_down = expose.cards if expose is not None else ()
    if exposer == view.seat and laid_down and all(c is not None for c in laid_down):
        # his own view of the Expose names his cards, sorted: he may see what he laid
        shown = Text(" ").join(look.card(c, "bold") for c in laid_down if c is not None)
        lines = [assemble(_("You laid {cards} face down."), cards=shown)]
    else:
        lines = [
            Text(
                _n(
                    "{name} laid {n} cards face down.",
                    "{name} laid {n} cards face down.",
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


def played_cards(events: Sequence[Event]) -> set[Card]:
    """The cards played face up this deal (leads, follows, drawn cards played); a lead taken
    back has returned to its owner's hand. Discards and unplayed draws are never included."""
    played: set[Card] = set()
    for event in events:
        match event:
            case Lead(card=card) | Follow(card=card) | Draw(card=card, played=True):
                if card is not None:
                    played.add(card)
            case TakeBack(card=card):
                played.discard(card)
            case Draw() | Ante() | Expose() | Take() | Discard() | Replenish() | Pass():
                pass  # no card laid face up
            case Trick() | Remise() | Out() | End() | Payout():
                pass
            case _:
                assert_never(event)
    return played


def memory_lines(view: SeatView, look: Look) -> list[Text]:
    """What was played this deal, suit by suit under the ranks' headings, and who is known to
    hold none of a suit."""
    played = played_cards(view.events)
    players = look.names(view.players)
    top = len(RANK_CODES) - 1
    ranks = [
        card_label(CARDS[rank], ascii_only=look.ascii_only)[:-1] for rank in range(top, -1, -1)
    ]
    lines = [Text("  " + "".join(f" {rank:>2}" for rank in ranks), style=SECONDARY)]
    for suit in SUITS:
        line = look.suit(suit).append(" ")
        for rank in range(top, -1, -1):
            card = CARDS[suit * len(RANK_CODES) + rank]
            if card in played:
                line.append(f" {ranks[top - rank]:>2}", style="bold")
            else:
                line.append(f" {look.dot:>2}", style=SECONDARY)
        lines.append(line)
    for seat, name in enumerate(players):
        if view.voids[seat]:
            suits = Text(" ").join(look.suit(s) for s in SUITS if s in view.voids[seat])
            if seat == view.seat:
                line = assemble(_("You have no {suits}"), suits=suits)
            else:
                line = assemble(_("{name} has no {suits}"), name=name, suits=suits)
            line.stylize(ATTENTION, 0, line.plain.index(suits.plain))
            lines.append(line)
    return lines


def memory_panel(view: SeatView, look: Look, width: int | None = None) -> Panel:
    """The table memory (`o`, and beside the trick on a large screen) in a panel."""
    lines = memory_lines(view, look)
    return _panel(lines, _("played this deal"), look, width, len(lines) + 2)


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
        parts.append(part)
    return parts or [Text(_("no cards"), style=SECONDARY)]


def hand_panel(view: SeatView, look: Look, highlight: Card | None = None) -> Panel:
    """The hand in a line of text (see hand_parts)."""
    text = Text("   ").join(hand_parts(view, look, highlight))
    return Panel(
        text, title=_hand_title(view, look), title_align="left", box=look.box, padding=(0, 1)
    )


def _hand_title(view: SeatView, look: Look) -> Text:
    return assemble(_("{name}, your hand"), name=look.name(view.players[view.seat]))


def choices_line(view: SeatView, look: Look) -> Text:
    """What the acting seat may do, with the numbers and letters to type."""
    numbers = {card: str(i) for i, card in enumerate(view.hand, start=1)}
    return Text(
        choices_sentence(
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


def _taken(view: SeatView) -> Card | None:
    """The face-down card the seat has just taken, while he is to discard."""
    if view.step is not Step.DISCARD:
        return None
    taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
    return taken.card if taken is not None and taken.seat == view.seat else None


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


# ---------------------------------------------------------------- the private screen


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
    then `below`; None if fewer than `least_log` rows are left for them."""
    free = room - sum(_rows(console, width, part) for part in [*above, *below])
    if free < least_log:
        return None
    return Group(*above, *log_lines(console, sentences, min(16, free), width, look), *below)


def _split(width: int, ratios: Sequence[int]) -> list[int]:
    """`width` cells shared out in proportion to `ratios`, every cell given out."""
    total = sum(ratios)
    widths = [width * r // total for r in ratios]
    widths[-1] += width - sum(widths)
    return widths


def _same_height(console: Console, panels: Sequence[Panel], least: int) -> RenderableType:
    """Panels side by side, each as tall as the tallest (and at least `least` rows)."""
    height = max([least, *(_rows(console, p.width or console.width, p) for p in panels)])
    grid = Table.grid()
    for panel in panels:
        panel.height = height
        grid.add_column(width=panel.width)
    grid.add_row(*panels)
    return grid


def standard_middle(
    console: Console, view: SeatView, look: Look, width: int, tall: bool
) -> RenderableType:
    """The exchange, or the trick and the last trick side by side (and, from WIDE columns on a
    tall screen, the table memory beside them)."""
    if view.exchange is not None:  # the deal's start: no trick yet, nothing played
        title, exchange = _exchange_lines(view, look)
        return _same_height(console, [_panel(exchange, title, look, width)], 8 if tall else 6)
    memory = width >= WIDE and tall
    widths = _split(width, [1, 1, 1] if memory else [1, 1])
    title, lines, legend = _trick_lines(view, look, widths[0])
    last, ending = _last_trick_lines(view, look)
    panels = [
        _panel(lines, title, look, widths[0], subtitle=legend),
        _panel(last, _("last trick"), look, widths[1], subtitle=ending),
    ]
    if memory:
        panels.append(memory_panel(view, look, widths[2]))
    return _same_height(console, panels, 8 if tall else 6)


def roomy_middle(
    console: Console, view: SeatView, look: Look, width: int, bottom: int
) -> RenderableType | None:
    """The exchange with its face-down cards drawn as cards, or the trick round the table
    (`bottom`'s seat nearest), the last trick and the table memory; None if they do not fit."""
    if view.exchange is not None:
        title, lines = _exchange_lines(view, look, boxed=True)
        return _same_height(console, [_panel(lines, title, look, width)], TABLE_ROWS + 2)
    widths = _split(width, [4, 3, 3])
    table = round_table(view, look, widths[0] - 4, bottom)
    if table is None:
        return None
    title, _lines, legend = _trick_lines(view, look, widths[0])
    last, ending = _last_trick_lines(view, look)
    panels = [
        _panel(table, title, look, widths[0], subtitle=legend),
        _panel(last, _("last trick"), look, widths[1], subtitle=ending),
        memory_panel(view, look, widths[2]),
    ]
    return _same_height(console, panels, TABLE_ROWS + 2)


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
        return self.look.text(prompt_keys(self.view, self.options, short=columns < MIN_WIDTH))

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
        hand = hand_panel(view, look, _taken(view))
        return self._fill(console, width, columns, above, self._below(hand), 0)

    def _roomy(self, console: Console, width: int, columns: int) -> Group | None:
        view, look = self.view, self.look
        middle = roomy_middle(console, view, look, width, view.seat)
        if middle is None:
            return None
        if view.hand:
            cards = hand_rows(view, look, _taken(view), width - 4)
            if cards is None:
                return None
            hand: RenderableType = Panel(
                Group(*cards),
                title=_hand_title(view, look),
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
        hand_title = Text(" ").append_text(_hand_title(view, look))
        hand_title.stylize("bold")
        parts += [(hand_title, 0), (_hand_text(view, look, _taken(view)), 0)]
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
        return 0 if part is LOG else _rows(console, width, part)

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
        title, exchange = _exchange_lines(view, look)
        legend = ""
    else:
        title, _lines, legend = _trick_lines(view, look, width)
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
    for line in exchange:
        parts.append((Padding(line, (0, 0, 0, 1)), 0))
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


# ---------------------------------------------------------------- public screens


def shared_ranks(nets: Sequence[int]) -> list[tuple[int, int]]:
    """(rank, seat) from best to worst net; equal nets share a rank (1, 1, 3, 4)."""
    order = sorted(range(len(nets)), key=lambda s: -nets[s])
    ranks: list[tuple[int, int]] = []
    for position, seat in enumerate(order, start=1):
        tied = ranks and nets[ranks[-1][1]] == nets[seat]
        ranks.append((ranks[-1][0] if tied else position, seat))
    return ranks


def first_out_words(summary: DealSummary, players: Sequence[str]) -> str:
    """Who counts as first out, and why, as the deal's title says it."""
    if summary.first_out is None:
        return _("nobody is first out")
    name = players[summary.first_out]
    if summary.blocked and summary.first_out not in summary.out_order:
        return _("nobody went out\n{name}, with the fewest cards, counts as first out").format(
            name=name
        )
    return _("first out: {name}").format(name=name)


class Fitted:
    """A table in the first of its styles that fits the width: `build(0)` boxed, `build(1)`
    boxed with a tricks column's suits side by side, `build(2)` light as well (no vertical
    lines, less padding), `build(NARROW)` light with only the columns that carry the result (a
    phone held upright). A heading is never cut or wrapped."""

    def __init__(self, build: Callable[[int], RenderableType]) -> None:
        self.build = build

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for style in range(NARROW):
            table = self.build(style)
            if natural_width(console, table) <= options.max_width:
                yield table
                return
        yield self.build(NARROW)


NARROW: Final = 3  # Fitted's last style: the essential columns alone


def _fill(
    table: Table,
    columns: Sequence[tuple[str, str, bool]],
    rows: Sequence[Sequence[RenderableType]],
    style: int,
) -> Table:
    """Add `columns` (heading, justify, essential) and `rows` to `table`; at the NARROW style
    only the essential columns."""
    keep = [i for i, (_h, _j, essential) in enumerate(columns) if essential or style < NARROW]
    for i in keep:
        heading, justify, _essential = columns[i]
        table.add_column(
            _(heading) if heading != "#" else heading,
            justify=justify,  # type: ignore[arg-type]
            no_wrap=True,
        )
    for row in rows:
        table.add_row(*(row[i] for i in keep))
    return table


def _table(look: Look, style: int, **settings: object) -> Table:
    if style >= 2:
        return Table(box=SIMPLE_HEAD, show_edge=False, padding=(0, 1, 0, 0), **settings)  # type: ignore[arg-type]
    return Table(box=look.box, **settings)  # type: ignore[arg-type]


def deal_table(
    summary: DealSummary, players: Sequence[str], totals: Sequence[int], look: Look
) -> RenderableType:
    """A deal's public summary; its caption gives the kitty's balance after the deal (what the
    players lost in all, since results and kitty always add up to zero); see Fitted."""
    return Fitted(lambda style: _deal_table(summary, players, totals, look, style))


def _deal_table(
    summary: DealSummary, players: Sequence[str], totals: Sequence[int], look: Look, style: int
) -> Table:
    players = look.names(players)
    how = (
        _("Deal {n} blocked {dot} {first_out}")
        if summary.blocked
        else _("Deal {n} played out {dot} {first_out}")
    )
    table = _table(
        look,
        style,
        title=Text(
            how.format(n=summary.number, dot=look.dot, first_out=first_out_words(summary, players))
        ),
        caption=Text(_("Kitty after the deal: {kitty} kop").format(kitty=-sum(totals))),
        caption_justify="left",
        title_justify="left",
    )
    columns = (
        (N_("player"), "left", True),
        (N_("out"), "left", True),
        (N_("tricks"), "left", False),
        (N_("won"), "right", False),
        (N_("antes"), "right", False),
        (N_("remises"), "right", False),
        (N_("took kitty"), "right", False),
        (N_("deal"), "right", True),
        (N_("total"), "right", True),
    )
    rows: list[list[RenderableType]] = []
    for seat, name in enumerate(players):
        account = summary.accounts[seat]
        place = summary.place(seat)
        if place is None and seat == summary.first_out:
            out = f"({ordinal(1)})"  # counted first out of a blocked deal
        else:
            out = ordinal(place) if place else look.dash
        tricks = (
            Text(" " if style == 0 else "").join(look.suit(s) for s in account.tricks)
            if account.tricks
            else Text(look.dash)
        )
        rows.append(
            [
                Text(name),
                out,
                tricks,
                str(account.winnings),
                str(account.antes),
                str(account.remises),
                str(account.payout) if account.payout else look.dash,
                look.money(account.net),
                look.money(totals[seat]),
            ]
        )
    return _fill(table, columns, rows, style)


def final_sheet(accounts: Sequence[SeatAccount], players: Sequence[str], look: Look) -> Group:
    """The session's score sheet, best first (boxed where it fits), and who won."""
    players = look.names(players)
    nets = [a.net for a in accounts]
    ranks = shared_ranks(nets)
    winners = [players[seat] for rank, seat in ranks if rank == 1]
    best = nets[ranks[0][1]]
    if len(winners) == 1:
        verdict = _n("{name} wins with {money} kop.", "{name} wins with {money} kop.", abs(best))
        words = verdict.format(name=winners[0], money=look.money(best))
    else:
        verdict = _n(
            "{names} and {last} share the win with {money} kop each.",
            "{names} and {last} share the win with {money} kop each.",
            abs(best),
        )
        words = verdict.format(
            names=", ".join(winners[:-1]), last=winners[-1], money=look.money(best)
        )
    sheet = Fitted(lambda style: _score_table(accounts, players, ranks, look, style))
    return Group(sheet, Text(words, style="bold"))


def _score_table(
    accounts: Sequence[SeatAccount],
    players: Sequence[str],
    ranks: Sequence[tuple[int, int]],
    look: Look,
    style: int,
) -> Table:
    table = _table(look, style, title=_("Final score sheet"), title_justify="left")
    columns = (
        ("#", "right", True),
        (N_("player"), "left", True),
        (N_("antes"), "right", False),
        (N_("tricks"), "right", False),
        (N_("won"), "right", True),
        (N_("remises"), "right", False),
        (N_("took kitty"), "right", False),
        (N_("net"), "right", True),
    )
    rows: list[list[RenderableType]] = []
    for rank, seat in ranks:
        a = accounts[seat]
        rows.append(
            [
                str(rank),
                Text(players[seat], style="bold" if rank == 1 else ""),
                f"{look.minus}{a.antes}" if a.antes else "0",
                str(len(a.tricks)),
                f"+{a.winnings}" if a.winnings else "0",
                f"{look.minus}{a.remises}" if a.remises else "0",
                f"+{a.payout}" if a.payout else "0",
                Text(look.money(a.net), style="bold"),
            ]
        )
    return _fill(table, columns, rows, style)
