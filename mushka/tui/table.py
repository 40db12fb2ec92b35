"""Rich renderables for the table: the private screen of one seat, and the public summaries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

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

from mushka.cards import CARDS, RANK_CODES, SUITS, Card, Suit
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
from mushka.tui.keys import help_text, move_keys
from mushka.tui.keys import prompt_keys as prompt_keys  # re-exported: it lived here
from mushka.tui.look import Look as Look  # the table's look; re-exported for older imports
from mushka.tui.look import assemble, pad
from mushka.view import SeatView

MIN_WIDTH = 80
MIN_HEIGHT = 24
WIDE = 120  # from WIDE x TALL on, the table memory sits beside the trick on the private screen
TALL = 30  # from this height on, the middle panels and the log grow


_ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
_EXCHANGES = {Exchange.MODERN: N_("modern exchange"), Exchange.OLD: N_("old exchange")}


def exchange_name(exchange: Exchange) -> str:
    """'modern exchange', 'old exchange' or 'no exchange', in the process language."""
    return _(_EXCHANGES[exchange]) if exchange in _EXCHANGES else _("no exchange")


def ordinal(n: int) -> str:
    return _(_ORDINALS[n]) if n in _ORDINALS else _("{n}th").format(n=n)


# ---------------------------------------------------------------- the private screen


def house_rules_line(
    rules: HouseRules, look: Look, undo: bool | None = None, hints: bool | None = None
) -> Text:
    """The agreed house rules in one line: stake, remise, suit prices (kop), deals, exchange,
    and the table's undo and hints settings when they are on."""
    text = Text(
        _("stake {stake} {dot} remise {remise} {dot} ").format(
            stake=rules.stake, remise=rules.remise, dot=look.dot
        )
    )
    for i, (suit, price) in enumerate(zip(SUITS, rules.prices, strict=True)):
        if i:
            text.append(" ")
        text.append_text(look.suit(suit)).append(str(price))
    deals = _n("{n} deal", "{n} deals", rules.deals).format(n=rules.deals)
    text.append(f" {look.dot} {deals} {look.dot} {exchange_name(rules.exchange)}")
    for setting, on in ((N_("undo on"), undo), (N_("hints on"), hints)):
        if on:  # a setting that is off goes without saying
            text.append(f" {look.dot} {_(setting)}")
    return text


class _HouseRulesLines:
    """'House rules: …' on one line where it fits, else the rules on a line of their own."""

    def __init__(self, line: Text) -> None:
        self.line = line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = Text(_("House rules:"), style="bold")
        if title.cell_len + 1 + self.line.cell_len <= options.max_width:
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
    rules = Text(" ", no_wrap=True, overflow=overflow).append_text(
        house_rules_line(view.rules, look, undo, hints)
    )
    rules.stylize("dim")
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


def players_panel(view: SeatView, look: Look) -> Panel:
    grid = Table.grid(padding=(0, 2))
    for _column in range(5):
        grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, overflow="crop" if look.ascii_only else "ellipsis")
    for seat, name in enumerate(view.players):
        acting = seat == view.to_act
        marker = Text(look.pointer if acting else " ", style="bold yellow")
        if seat in view.out_order:
            place = view.out_order.index(seat) + 1
            cards = Text(_("out ({place})").format(place=ordinal(place)), style="green")
        else:
            n = view.hand_sizes[seat]
            cards = Text(_n("{n} card", "{n} cards", n).format(n=n))
        tricks = Text(_("tricks") + " ") if view.tricks[seat] else Text(look.dash, style="dim")
        for i, suit in enumerate(view.tricks[seat]):
            if i:
                tricks.append(" ")
            tricks.append_text(look.suit(suit))
        net = Text(_("net {money}").format(money=f"{look.money(view.net[seat]):>4}"))
        status = []
        if acting:
            status.append(_("to play") if view.step in (Step.LEAD, Step.FOLLOW) else _("to choose"))
        if seat == view.dealer:
            status.append(_("dealer"))
        if seat == view.seat and not acting:  # the acting seat's own screen says whose hand
            status.append(_("you"))
        grid.add_row(
            marker,
            Text(name, style="bold" if acting else ""),
            cards,
            tricks,
            net,
            Text(f" {look.dot} ".join(status), style="yellow" if acting else "dim"),
        )
    return Panel(grid, title=_("players"), title_align="left", box=look.box, padding=(0, 1))


def _trick_lines(view: SeatView, look: Look) -> tuple[str, list[Text]]:
    if not view.trick_plays:
        if view.step is Step.LEAD and view.to_act is not None:
            return _("trick"), [
                Text(
                    _("{name} to lead").format(name=view.players[view.to_act]) + look.ellipsis,
                    style="dim",
                )
            ]
        return _("trick"), []
    led = view.led_suit
    assert led is not None
    width = min(16, max(cell_len(n) for n in view.players))
    lines: list[Text] = []
    answered: set[int] = set()
    for event in view.trick:
        if not isinstance(event, Lead | Follow | Draw | Pass):
            continue  # the trick's plays are its lines
        line = Text(pad(view.players[event.seat], width) + " ")
        match event:
            case Lead(card=card) | Follow(card=card):
                line.append_text(look.card(card, "bold"))
                if card.is_mushka and led is not Suit.S:
                    line.append(" " + _("mushka"), style="bold magenta")
            case Draw(card=card, played=played):
                if played and card is not None:
                    line.append_text(assemble(_("drew {card}"), card=look.card(card, "bold")))
                else:
                    line.append(_("drew, not {suit}").format(suit=suit_noun(led)), style="dim")
            case Pass(remise=remise):
                line.append(_("passed (remise)") if remise else _("passed"), style="dim")
            case _:
                assert_never(event)
        answered.add(event.seat)
        lines.append(line)
    if view.to_act is not None and view.to_act not in answered:
        lines.append(
            Text(f"{pad(view.players[view.to_act], width)} {look.ellipsis}", style="yellow")
        )
    leader = view.players[view.trick_plays[0][0]]
    title = _("trick: {suit}, led by {name}").format(suit=suit_noun(led), name=leader)
    if cell_len(title) <= 32:
        return title, lines
    return _("{suit}, led by {name}").format(suit=suit_noun(led), name=leader), lines


def _last_trick_lines(view: SeatView, look: Look) -> list[Text]:
    last = view.last_trick
    if not last:
        return [Text(_("none yet"), style="dim")]
    closing = last[-1]
    cards = [e.card for e in last if isinstance(e, Lead | Follow)] + [
        e.card for e in last if isinstance(e, Draw) and e.played and e.card is not None
    ]
    if isinstance(closing, TakeBack):
        first = assemble(
            _("{name}'s {card} came back"),
            name=view.players[closing.seat],
            card=look.card(closing.card),
        )
        return [first, Text(_("(nobody joined)"), style="dim")]
    assert isinstance(closing, Trick)
    if closing.card is not None:
        first = assemble(
            _("{name} took {suit} with {card}"),
            name=view.players[closing.winner],
            suit=look.suit(closing.suit),
            card=look.card(closing.card),
        )
    else:  # only in records older than the winning card
        first = assemble(
            _("{name} took {suit}"), name=view.players[closing.winner], suit=look.suit(closing.suit)
        )
    if closing.paid == 0:
        money = Text(_("worth {value} kop; the kitty was empty").format(value=closing.value))
    else:
        money = Text(_("+{paid} kop").format(paid=closing.paid), style="bold")
        if closing.doubled:
            money.append(_(", doubled"))  # by the mushka, which the card line shows
        if closing.paid < closing.value:
            money.append(_(", all the kitty had"))
    return [first, money, Text(" ").join(look.card(c) for c in cards)]


def _exchange_lines(view: SeatView, look: Look) -> tuple[str, list[Text]]:
    assert view.exchange is not None
    exposer, chooser, receiver = view.exchange
    name = view.players
    expose = next((e for e in reversed(view.events) if isinstance(e, Expose)), None)
    laid = expose.cards if expose is not None else ()
    if exposer == view.seat and laid and all(c is not None for c in laid):
        # his own view of the Expose names his cards, sorted: he may see what he laid
        shown = Text(" ").join(look.card(c, "bold") for c in laid if c is not None)
        lines = [assemble(_("You laid {cards} face down."), cards=shown)]
    else:
        lines = [
            Text(
                _n(
                    "{name} laid {n} cards face down.",
                    "{name} laid {n} cards face down.",
                    len(laid),
                ).format(name=name[exposer], n=len(laid))
            )
        ]
    if view.step is Step.TAKE:
        if view.face_down_count:
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
        lines.append(Text(pick, style="yellow"))
    else:
        taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
        if taken is not None and taken.seat == view.seat and taken.card is not None:
            lines.append(assemble(_("You got {card}."), card=look.card(taken.card, "bold")))
        if receiver == view.seat:
            discard = _("You discard one card.")
        else:
            discard = _("{name} discards one card.").format(name=name[receiver])
        lines.append(Text(discard, style="yellow"))
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


def memory_panel(view: SeatView, look: Look) -> Panel:
    """What was played this deal, suit by suit, and who is known to hold none of a suit."""
    played = played_cards(view.events)
    players = look.names(view.players)
    lines: list[Text] = []
    top = len(RANK_CODES) - 1
    for suit in SUITS:
        line = look.suit(suit).append(" ")
        for rank in range(top, -1, -1):
            card = CARDS[suit * len(RANK_CODES) + rank]
            code = card_label(card, ascii_only=look.ascii_only)[:-1]  # the rank: Q, Д
            if card in played:
                line.append(f" {code:>2}", style="bold")
            else:
                line.append(f" {look.dot:>2}", style="dim")
        lines.append(line)
    for seat, name in enumerate(players):
        if view.voids[seat]:
            suits = Text(" ").join(look.suit(s) for s in SUITS if s in view.voids[seat])
            if seat == view.seat:
                line = assemble(_("You have no {suits}"), suits=suits)
            else:
                line = assemble(_("{name} has no {suits}"), name=name, suits=suits)
            line.stylize("yellow", 0, line.plain.index(suits.plain))
            lines.append(line)
    return Panel(
        Group(*lines),
        title=_("played this deal"),
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
            text.append(" " + _("mushka"), style="magenta" if playable else "dim")
    if not view.hand:
        text.append(_("no cards"), style="dim")
    title = assemble(_("{name}, your hand"), name=look.name(view.players[view.seat]))
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
            keys=move_keys(),
            lang=language(),
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
            title=_("last trick"),
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
            waiting = _("Waiting for {name}").format(name=view.players[view.to_act])
            parts.append(Text(f" {waiting}{look.ellipsis}", style="dim"))
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
        _(
            "mushka needs a terminal of at least {min_width}{times}{min_height} characters; "
            "this one is {width}{times}{height}. Enlarge the window, then press Enter."
        ).format(
            min_width=MIN_WIDTH, min_height=MIN_HEIGHT, width=width, height=height, times=times
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


def deal_table(
    summary: DealSummary, players: Sequence[str], totals: Sequence[int], look: Look
) -> Table:
    """A deal's public summary; its caption gives the kitty's balance after the deal (what the
    players lost in all, since results and kitty always add up to zero)."""
    players = look.names(players)
    how = (
        _("Deal {n} blocked {dot} {first_out}")
        if summary.blocked
        else _("Deal {n} played out {dot} {first_out}")
    )
    table = Table(
        title=Text(
            how.format(n=summary.number, dot=look.dot, first_out=first_out_words(summary, players))
        ),
        caption=Text(_("Kitty after the deal: {kitty} kop").format(kitty=-sum(totals))),
        caption_justify="left",
        box=look.box,
        title_justify="left",
    )
    for heading, justify in (
        (N_("player"), "left"),
        (N_("out"), "left"),
        (N_("tricks"), "left"),
        (N_("won"), "right"),
        (N_("antes"), "right"),
        (N_("remises"), "right"),
        (N_("took kitty"), "right"),
        (N_("deal"), "right"),
        (N_("total"), "right"),
    ):
        table.add_column(_(heading), justify=justify, no_wrap=heading == "player")  # type: ignore[arg-type]
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
    table = Table(title=_("Final score sheet"), box=look.box, title_justify="left")
    for heading, justify in (
        ("#", "right"),
        (N_("player"), "left"),
        (N_("antes"), "right"),
        (N_("tricks"), "right"),
        (N_("won"), "right"),
        (N_("remises"), "right"),
        (N_("took kitty"), "right"),
        (N_("net"), "right"),
    ):
        table.add_column(
            _(heading) if heading != "#" else heading,
            justify=justify,  # type: ignore[arg-type]
            no_wrap=heading == "player",
        )
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
    verdict_line = Text(words, style="bold green")
    return Group(table, verdict_line)
