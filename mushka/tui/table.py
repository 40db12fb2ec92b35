"""Rich renderables for the table: the private screen of one seat, and the public summaries."""

from __future__ import annotations

from collections.abc import Sequence

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

from mushka.cards import CARDS, RANK_CODES, SUITS, Card, Suit
from mushka.choices import choices_sentence
from mushka.engine import Step
from mushka.events import Draw, Event, Expose, Follow, Lead, Pass, Take, TakeBack, Trick
from mushka.house_rules import Exchange, HouseRules
from mushka.ledger import DealSummary, SeatAccount
from mushka.tui.keys import help_text
from mushka.tui.keys import prompt_keys as prompt_keys  # re-exported: it lived here
from mushka.tui.look import Look as Look  # the table's look; re-exported for older imports
from mushka.view import SeatView

MIN_WIDTH = 80
MIN_HEIGHT = 24
WIDE = 120  # from WIDE x TALL on, the table memory sits beside the trick on the private screen
TALL = 30  # from this height on, the middle panels and the log grow


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# ---------------------------------------------------------------- the private screen


def house_rules_line(
    rules: HouseRules, look: Look, undo: bool | None = None, hints: bool | None = None
) -> Text:
    """The agreed house rules in one line: stake, remise, suit prices (kop), deals, exchange,
    and the table's undo and hints settings when they are on."""
    text = Text(f"stake {rules.stake} {look.dot} remise {rules.remise} {look.dot} ")
    for i, (suit, price) in enumerate(zip(SUITS, rules.prices, strict=True)):
        if i:
            text.append(" ")
        text.append_text(look.suit(suit)).append(str(price))
    deals = f"{rules.deals} deal{'s' if rules.deals != 1 else ''}"
    exchange = "no exchange" if rules.exchange is Exchange.OFF else f"{rules.exchange} exchange"
    text.append(f" {look.dot} {deals} {look.dot} {exchange}")
    for setting, on in (("undo", undo), ("hints", hints)):
        if on:  # a setting that is off goes without saying
            text.append(f" {look.dot} {setting} on")
    return text


class _HouseRulesLines:
    """'House rules: …' on one line where it fits, else the rules on a line of their own."""

    def __init__(self, line: Text) -> None:
        self.line = line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = Text("House rules:", style="bold")
        if len(title) + 1 + len(self.line) <= options.max_width:
            yield Text.assemble(title, " ", self.line)
        else:
            yield title
            yield self.line


def house_rules_panel(
    rules: HouseRules, look: Look, undo: bool | None = None, hints: bool | None = None
) -> RenderableType:
    """The house rules as a game's opening shows them (and the `?` help repeats them)."""
    return _HouseRulesLines(house_rules_line(rules, look, undo, hints))


def help_screen(
    rules: HouseRules, look: Look, undo: bool | None = None, hints: bool | None = None
) -> Group:
    """The `?` help: what to type, then the house rules this table agreed on."""
    text = help_text()
    return Group(Text(look.text(text)), house_rules_panel(rules, look, undo, hints), Text(""))


def header(
    view: SeatView, look: Look, undo: bool | None = None, hints: bool | None = None
) -> Group:
    """The screen's first lines: the deal, the dealer, the kitty and talon, the house rules."""
    overflow: OverflowMethod = "crop" if look.ascii_only else "ellipsis"
    grid = Table.grid(expand=True, padding=0)
    grid.add_column(justify="left", no_wrap=True, overflow=overflow)
    grid.add_column(justify="right", no_wrap=True)
    left = Text.assemble(
        (" Mushka-kopilka", "bold"),
        f" {look.dot} deal {view.deal_number} of {view.rules.deals} {look.dot} dealer {view.players[view.dealer]}",
    )
    right = Text(f"kitty {view.kitty} kop {look.dot} talon {view.talon_count} ")
    grid.add_row(left, right)
    rules = Text(" ", no_wrap=True, overflow=overflow).append_text(
        house_rules_line(view.rules, look, undo, hints)
    )
    rules.stylize("dim")
    return Group(grid, rules)


def players_panel(view: SeatView, look: Look) -> Panel:
    grid = Table.grid(padding=(0, 2))
    for _ in range(5):
        grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, overflow="crop" if look.ascii_only else "ellipsis")
    for seat, name in enumerate(view.players):
        acting = seat == view.to_act
        marker = Text(look.pointer if acting else " ", style="bold yellow")
        if seat in view.out_order:
            place = view.out_order.index(seat) + 1
            cards = Text(f"out ({ordinal(place)})", style="green")
        else:
            n = view.hand_sizes[seat]
            cards = Text(f"{n} card{'s' if n != 1 else ''}")
        tricks = Text("tricks ") if view.tricks[seat] else Text(look.dash, style="dim")
        for i, suit in enumerate(view.tricks[seat]):
            if i:
                tricks.append(" ")
            tricks.append_text(look.suit(suit))
        net = Text(f"net {look.money(view.net[seat]):>4}")
        status = []
        if acting:
            status.append("to play" if view.step in (Step.LEAD, Step.FOLLOW) else "to choose")
        if seat == view.dealer:
            status.append("dealer")
        if seat == view.seat and not acting:  # the acting seat's own screen says whose hand
            status.append("you")
        grid.add_row(
            marker,
            Text(name, style="bold" if acting else ""),
            cards,
            tricks,
            net,
            Text(f" {look.dot} ".join(status), style="yellow" if acting else "dim"),
        )
    return Panel(grid, title="players", title_align="left", box=look.box, padding=(0, 1))


def _trick_lines(view: SeatView, look: Look) -> tuple[str, list[Text]]:
    if not view.trick_plays:
        if view.step is Step.LEAD and view.to_act is not None:
            return "trick", [
                Text(f"{view.players[view.to_act]} to lead{look.ellipsis}", style="dim")
            ]
        return "trick", []
    led = view.led_suit
    assert led is not None
    pad = min(16, max(len(n) for n in view.players))
    lines: list[Text] = []
    answered: set[int] = set()
    for event in view.trick:
        if not isinstance(event, Lead | Follow | Draw | Pass):
            continue
        line = Text(f"{view.players[event.seat]:<{pad}} ")
        if isinstance(event, Lead | Follow):
            line.append_text(look.card(event.card, "bold"))
            if event.card.is_mushka and led is not Suit.S:
                line.append(" mushka", style="bold magenta")
        elif isinstance(event, Draw):
            if event.played and event.card is not None:
                line.append("drew ").append_text(look.card(event.card, "bold"))
            else:
                line.append(f"drew, not {led.noun}", style="dim")
        elif isinstance(event, Pass):
            line.append("passed (remise)" if event.remise else "passed", style="dim")
        answered.add(event.seat)
        lines.append(line)
    if view.to_act is not None and view.to_act not in answered:
        lines.append(Text(f"{view.players[view.to_act]:<{pad}} {look.ellipsis}", style="yellow"))
    leader = view.players[view.trick_plays[0][0]]
    title = f"trick: {led.noun}, led by {leader}"
    return title if len(title) <= 32 else f"{led.noun}, led by {leader}", lines


def _last_trick_lines(view: SeatView, look: Look) -> list[Text]:
    last = view.last_trick
    if not last:
        return [Text("none yet", style="dim")]
    closing = last[-1]
    cards = [e.card for e in last if isinstance(e, Lead | Follow)] + [
        e.card for e in last if isinstance(e, Draw) and e.played and e.card is not None
    ]
    if isinstance(closing, TakeBack):
        first = Text(f"{view.players[closing.seat]}'s ").append_text(look.card(closing.card))
        first.append(" came back")
        return [first, Text("(nobody joined)", style="dim")]
    assert isinstance(closing, Trick)
    first = Text(f"{view.players[closing.winner]} took ").append_text(look.suit(closing.suit))
    if closing.card is not None:  # None only in records older than the winning card
        first.append(" with ").append_text(look.card(closing.card))
    if closing.paid == 0:
        money = Text(f"worth {closing.value} kop; the kitty was empty")
    else:
        money = Text(f"+{closing.paid} kop", style="bold")
        if closing.doubled:
            money.append(", doubled")  # by the mushka, which the card line shows
        if closing.paid < closing.value:
            money.append(", all the kitty had")
    return [first, money, Text(" ").join(look.card(c) for c in cards)]


def _exchange_lines(view: SeatView, look: Look) -> tuple[str, list[Text]]:
    assert view.exchange is not None
    exposer, chooser, receiver = view.exchange
    name = view.players
    expose = next((e for e in reversed(view.events) if isinstance(e, Expose)), None)
    laid = expose.cards if expose is not None else ()
    if exposer == view.seat and laid and all(c is not None for c in laid):
        # his own view of the Expose names his cards, sorted: he may see what he laid
        line = Text("You laid ")
        line.append_text(Text(" ").join(look.card(c, "bold") for c in laid if c is not None))
        lines = [line.append(" face down.")]
    else:
        lines = [Text(f"{name[exposer]} laid {len(laid)} cards face down.")]
    if view.step is Step.TAKE:
        if view.face_down_count:
            row = Text()
            for i in range(view.face_down_count):
                row.append(f"{i + 1} ", style="bold").append(look.face_down).append("   ")
            lines.append(row)
        who = "you" if receiver == view.seat else name[receiver]
        picker = "You pick" if chooser == view.seat else f"{name[chooser]} picks"
        if chooser == receiver:
            lines.append(Text(f"{picker} one blind.", style="yellow"))
        else:
            lines.append(Text(f"{picker} one blind for {who}.", style="yellow"))
    else:
        taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
        if taken is not None and taken.seat == view.seat and taken.card is not None:
            lines.append(Text("You got ").append_text(look.card(taken.card, "bold")).append("."))
        who = "You discard" if receiver == view.seat else f"{name[receiver]} discards"
        lines.append(Text(f"{who} one card.", style="yellow"))
    return "exchange", lines


# ---------------------------------------------------------------- the table memory


def played_cards(events: Sequence[Event]) -> set[Card]:
    """The cards played face up this deal (leads, follows, drawn cards played); a lead taken
    back has returned to its owner's hand. Discards and unplayed draws are never included."""
    played: set[Card] = set()
    for event in events:
        if isinstance(event, Lead | Follow | Draw):
            if event.card is not None and (not isinstance(event, Draw) or event.played):
                played.add(event.card)
        elif isinstance(event, TakeBack):
            played.discard(event.card)
    return played


def memory_panel(view: SeatView, look: Look) -> Panel:
    """What was played this deal, suit by suit, and who is known to hold none of a suit."""
    played = played_cards(view.events)
    players = look.names(view.players)
    lines: list[Text] = []
    top = len(RANK_CODES) - 1
    for suit in SUITS:
        line = look.suit(suit).append(" ")
        for rank in range(top, -1, -1):
            code = RANK_CODES[rank]
            if CARDS[suit * len(RANK_CODES) + rank] in played:
                line.append(f" {code:>2}", style="bold")
            else:
                line.append(f" {look.dot:>2}", style="dim")
        lines.append(line)
    for seat, name in enumerate(players):
        if view.voids[seat]:
            who = "You have" if seat == view.seat else f"{name} has"
            line = Text(f"{who} no ", style="yellow")
            line.append_text(Text(" ").join(look.suit(s) for s in SUITS if s in view.voids[seat]))
            lines.append(line)
    return Panel(
        Group(*lines),
        title="played this deal",
        title_align="left",
        box=look.box,
        padding=(0, 1),
        height=len(lines) + 2,
    )


def hand_panel(view: SeatView, look: Look, highlight: Card | None = None) -> Panel:
    legal_cards = {a.card for a in view.legal_actions if a.card is not None}
    text = Text()
    for number, card in enumerate(view.hand, start=1):
        playable = card in legal_cards
        style = "bold" if playable else "dim"
        if number > 1:
            text.append("   ")
        text.append(f"{number} ", style="cyan" if playable else "dim")
        text.append_text(look.card(card, style if card != highlight else "bold reverse"))
        if card.is_mushka:
            text.append(" mushka", style="magenta" if playable else "dim")
    if not view.hand:
        text.append("no cards", style="dim")
    title = look.name(view.players[view.seat]).append(", your hand")
    return Panel(text, title=title, title_align="left", box=look.box, padding=(0, 1))


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
            keys=True,
        )
    )


class PrivateScreen:
    """The acting seat's whole screen, laid out for the width it is drawn at: the public table,
    then his hand and his choices; from WIDE columns on, the table memory beside the trick."""

    def __init__(
        self,
        view: SeatView,
        look: Look,
        height: int,
        notice: Text | None,
        undo: bool | None,
        hints: bool | None,
    ) -> None:
        self.view = view._replace(players=look.names(view.players))
        self.look = look
        self.height = height
        self.notice = notice
        self.undo = undo
        self.hints = hints

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.layout(console, options.max_width)

    def layout(self, console: Console, width: int) -> Group:
        view, look, height = self.view, self.look, self.height
        words = look.words(view.players, me=view.seat)
        if view.exchange is not None:
            title, lines = _exchange_lines(view, look)
        else:
            title, lines = _trick_lines(view, look)
        tall = height >= TALL
        exchange = view.exchange is not None  # the deal's start: no trick yet, nothing played
        memory = memory_panel(view, look) if width >= WIDE and tall and not exchange else None
        inner = width // (1 if exchange else 2 if memory is None else 3) - 4  # text width
        rows = sum(len(line.wrap(console, max(1, inner))) for line in lines)  # long names wrap
        panel_height = max(
            8 if tall else 6, rows + 2, memory.height or 0 if memory is not None else 0
        )
        trick_panel = Panel(
            Group(*lines) if lines else Text(""),
            title=Text(title),
            title_align="left",
            box=look.box,
            height=panel_height,
            padding=(0, 1),
        )
        last_panel = Panel(
            Group(*_last_trick_lines(view, look)),
            title="last trick",
            title_align="left",
            box=look.box,
            height=panel_height,
            padding=(0, 1),
        )
        middle = Table.grid(expand=True)
        middle.add_column(ratio=1)
        if exchange:
            middle.add_row(trick_panel)
        elif memory is not None:
            middle.add_column(ratio=1)
            middle.add_column(ratio=1)
            memory.height = panel_height
            middle.add_row(trick_panel, last_panel, memory)
        else:
            middle.add_column(ratio=1)
            middle.add_row(trick_panel, last_panel)
        choices = Text(" ").append_text(choices_line(view, look)) if view.is_my_turn else None
        extra = len(choices.wrap(console, width)) - 1 if choices is not None else 0
        used = 20 + (panel_height - 6) + extra  # every line but the log's, the prompt's included
        log_rows = max(1, min(16, height - used))
        sentences = words.events(view.events)
        shown = (
            [" " + f" {look.dot} ".join(sentences[-3:])]
            if log_rows == 1
            else [" " + r for r in sentences[-log_rows:]]
        )
        overflow: OverflowMethod = "crop" if look.ascii_only else "ellipsis"
        log = Text("\n".join(shown), style="dim", no_wrap=True, overflow=overflow)
        parts: list[RenderableType] = [
            header(view, look, self.undo, self.hints),
            players_panel(view, look),
            middle,
            log,
        ]
        highlight = None
        if view.step is Step.DISCARD:
            taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
            highlight = taken.card if taken is not None and taken.seat == view.seat else None
        parts.append(hand_panel(view, look, highlight))
        if choices is not None:
            parts.append(choices)
        elif view.to_act is not None:
            parts.append(
                Text(f" Waiting for {view.players[view.to_act]}{look.ellipsis}", style="dim")
            )
        parts.append(self.notice if self.notice is not None else Text(""))
        return Group(*parts)


def private_screen(
    view: SeatView,
    look: Look,
    height: int = MIN_HEIGHT,
    notice: Text | None = None,
    *,
    undo: bool | None = None,
    hints: bool | None = None,
) -> PrivateScreen:
    """The acting seat's whole screen (see PrivateScreen), for a terminal `height` lines tall."""
    return PrivateScreen(view, look, height, notice, undo, hints)


def too_small(width: int, height: int, look: Look | None = None) -> Text:
    times = (look or Look()).times
    return Text(
        f"mushka needs a terminal of at least {MIN_WIDTH}{times}{MIN_HEIGHT} characters; this one is "
        f"{width}{times}{height}. Enlarge the window, then press Enter.",
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
        return "nobody is first out"
    name = players[summary.first_out]
    if summary.blocked and summary.first_out not in summary.out_order:
        return f"nobody went out\n{name}, with the fewest cards, counts as first out"
    return f"first out: {name}"


def deal_table(
    summary: DealSummary, players: Sequence[str], totals: Sequence[int], look: Look
) -> Table:
    """A deal's public summary; its caption gives the kitty's balance after the deal (what the
    players lost in all, since results and kitty always add up to zero)."""
    players = look.names(players)
    how = "blocked" if summary.blocked else "played out"
    table = Table(
        title=Text(f"Deal {summary.number} {how} {look.dot} {first_out_words(summary, players)}"),
        caption=Text(f"Kitty after the deal: {-sum(totals)} kop"),
        caption_justify="left",
        box=look.box,
        title_justify="left",
    )
    for name, justify in (
        ("player", "left"),
        ("out", "left"),
        ("tricks", "left"),
        ("won", "right"),
        ("antes", "right"),
        ("remises", "right"),
        ("took kitty", "right"),
        ("deal", "right"),
        ("total", "right"),
    ):
        table.add_column(name, justify=justify, no_wrap=name == "player")  # type: ignore[arg-type]
    for seat, name in enumerate(players):
        account = summary.accounts[seat]
        place = summary.place(seat)
        if place is None and seat == summary.first_out:
            out = f"({ordinal(1)})"  # counted first out of a blocked deal
        else:
            out = ordinal(place) if place else look.dash
        tricks = (
            Text(" ").join(look.suit(s) for s in account.tricks)
            if account.tricks
            else Text(look.dash)
        )
        table.add_row(
            Text(name),
            out,
            tricks,
            str(account.winnings),
            str(account.antes),
            str(account.remises),
            str(account.payout) if account.payout else look.dash,
            look.money(account.net),
            look.money(totals[seat]),
        )
    return table


def final_sheet(accounts: Sequence[SeatAccount], players: Sequence[str], look: Look) -> Group:
    players = look.names(players)
    nets = [a.net for a in accounts]
    ranks = shared_ranks(nets)
    table = Table(title="Final score sheet", box=look.box, title_justify="left")
    for name, justify in (
        ("#", "right"),
        ("player", "left"),
        ("antes", "right"),
        ("tricks", "right"),
        ("won", "right"),
        ("remises", "right"),
        ("took kitty", "right"),
        ("net", "right"),
    ):
        table.add_column(name, justify=justify, no_wrap=name == "player")  # type: ignore[arg-type]
    for rank, seat in ranks:
        a = accounts[seat]
        table.add_row(
            str(rank),
            Text(players[seat], style="bold" if rank == 1 else ""),
            f"{look.minus}{a.antes}" if a.antes else "0",
            str(len(a.tricks)),
            f"+{a.winnings}" if a.winnings else "0",
            f"{look.minus}{a.remises}" if a.remises else "0",
            f"+{a.payout}" if a.payout else "0",
            Text(look.money(a.net), style="bold"),
        )
    winners = [players[seat] for rank, seat in ranks if rank == 1]
    best = nets[ranks[0][1]]
    if len(winners) == 1:
        verdict = Text(f"{winners[0]} wins with {look.money(best)} kop.", style="bold green")
    else:
        verdict = Text(
            f"{', '.join(winners[:-1])} and {winners[-1]} share the win with {look.money(best)} kop each.",
            style="bold green",
        )
    return Group(table, verdict)
