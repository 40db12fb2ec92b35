"""Rich renderables for the table: the private screen of one seat, and the public summaries."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, OverflowMethod, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mushka.actions import DRAW, PASS, Kind
from mushka.cards import CARDS, Card, Suit
from mushka.engine import Step
from mushka.events import Draw, Expose, Follow, Lead, Pass, Take, TakeBack, Trick
from mushka.ledger import DealSummary, SeatAccount, ranking
from mushka.tui.describe import Words
from mushka.tui.look import Look as Look  # the table's look; re-exported for older imports
from mushka.view import SeatView

MIN_WIDTH = 80
MIN_HEIGHT = 24


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# ---------------------------------------------------------------- the private screen


def header(view: SeatView, look: Look) -> Table:
    grid = Table.grid(expand=True, padding=0)
    grid.add_column(justify="left")
    grid.add_column(justify="right")
    left = Text.assemble(
        (" Mushka-kopilka", "bold"),
        f" {look.dot} deal {view.deal_number} of {view.rules.deals} {look.dot} dealer {view.players[view.dealer]}",
    )
    right = Text(f"kitty {view.kitty} kop {look.dot} talon {view.talon_count} ")
    grid.add_row(left, right)
    return grid


def players_panel(view: SeatView, look: Look) -> Panel:
    grid = Table.grid(padding=(0, 2))
    for _ in range(6):
        grid.add_column()
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
        if seat == view.seat:
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


def _trick_lines(view: SeatView, look: Look, words: Words) -> tuple[str, list[Text]]:
    trick = view.trick
    if not trick:
        if view.step is Step.LEAD and view.to_act is not None:
            return "trick", [
                Text(f"{view.players[view.to_act]} to lead{look.ellipsis}", style="dim")
            ]
        return "trick", []
    led = view.led_suit
    assert led is not None
    pad = min(16, max(len(n) for n in view.players))
    lines: list[Text] = []
    played: set[int] = set()
    for event in trick:
        if isinstance(event, Lead | Follow):
            line = Text(f"{view.players[event.seat]:<{pad}} ").append_text(
                look.card(event.card, "bold")
            )
            if CARDS[event.card].is_mushka and led != Suit.S:
                line.append(" mushka", style="bold magenta")
        elif isinstance(event, Draw):
            line = Text(f"{view.players[event.seat]:<{pad}} ")
            if event.played and event.card is not None:
                line.append("drew ").append_text(look.card(event.card, "bold"))
            else:
                line.append(f"drew, not {led.noun}", style="dim")
        elif isinstance(event, Pass):
            line = Text(f"{view.players[event.seat]:<{pad}} ")
            line.append("passed (remise)" if event.remise else "passed", style="dim")
        else:
            continue
        played.add(event.seat)
        lines.append(line)
    if view.to_act is not None and view.to_act not in played:
        lines.append(Text(f"{view.players[view.to_act]:<{pad}} {look.ellipsis}", style="yellow"))
    leader = trick[0].seat if isinstance(trick[0], Lead) else 0
    return f"trick: {led.noun}, led by {view.players[leader]}", lines


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
    winner = next(
        (c for c in cards if CARDS[c].is_mushka),
        max((c for c in cards if CARDS[c].suit == closing.suit), default=cards[0]),
    )
    first = Text(f"{view.players[closing.winner]} took ").append_text(look.suit(closing.suit))
    first.append(" with ").append_text(look.card(winner)).append(f", +{closing.paid} kop")
    if closing.doubled:
        first.append(" (double)")
    second = Text(" ").join(look.card(c) for c in cards)
    return [first, second]


def _exchange_lines(view: SeatView, look: Look) -> tuple[str, list[Text]]:
    assert view.exchange is not None
    exposer, chooser, receiver = view.exchange
    name = view.players
    laid = next((len(e.cards) for e in reversed(view.events) if isinstance(e, Expose)), 0)
    lines = [Text(f"{name[exposer]} laid {laid} cards face down.")]
    if view.step is Step.TAKE:
        if view.face_down_count:
            row = Text()
            for i in range(view.face_down_count):
                row.append(f"{i + 1} ", style="bold").append(look.face_down).append("   ")
            lines.append(row)
        who = "you" if receiver == view.seat else name[receiver]
        if chooser == receiver:
            lines.append(Text(f"{name[chooser]} picks one blind.", style="yellow"))
        else:
            lines.append(Text(f"{name[chooser]} picks one blind for {who}.", style="yellow"))
    else:
        taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
        if taken is not None and taken.seat == view.seat and taken.card is not None:
            lines.append(Text("You got ").append_text(look.card(taken.card, "bold")).append("."))
        who = "You discard" if receiver == view.seat else f"{name[receiver]} discards"
        lines.append(Text(f"{who} one card.", style="yellow"))
    return "exchange", lines


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
    numbers = {card: i for i, card in enumerate(view.hand, start=1)}
    legal = view.legal_actions
    step = view.step
    if step is Step.TAKE:
        return Text(
            f"Take one face-down card: type its position, 1{look.en_dash}{view.face_down_count}."
        )
    if step is Step.DISCARD:
        return Text("Discard one card: type its number or code.")
    plays = sorted(numbers[a.card] for a in legal if a.kind is Kind.PLAY and a.card is not None)
    if step is Step.LEAD:
        nums = ", ".join(str(n) for n in plays)
        if view.barred_suit is not None:
            return Text(f"Lead any card but {view.barred_suit.noun} ({nums}).")
        return Text(f"Lead any card ({nums}).")
    led = view.led_suit
    assert led is not None
    follow = [n for n in plays if view.hand[n - 1].suit == led]
    mushka = [n for n in plays if view.hand[n - 1].is_mushka and led != Suit.S]
    parts = []
    if follow:
        parts.append(f"follow {led.noun} ({', '.join(str(n) for n in follow)})")
    if mushka:
        parts.append(f"play the mushka ({mushka[0]})")
    if DRAW in legal:
        parts.append("draw from the talon (d)")
    if PASS in legal:
        parts.append(f"pass (p, costs a {view.rules.remise} kop remise)" if follow else "pass (p)")
    sentence = (
        ", ".join(parts[:-1]) + (", or " if len(parts) > 2 else " or ") + parts[-1]
        if len(parts) > 1
        else parts[0]
    )
    return Text(sentence[0].upper() + sentence[1:] + ".")


def prompt_keys(view: SeatView) -> str:
    if view.step is Step.TAKE:
        first = f"1-{view.face_down_count}"
    else:
        legal_numbers = [
            i
            for i, c in enumerate(view.hand, start=1)
            if any(a.card == c for a in view.legal_actions)
        ]
        first = (
            f"{min(legal_numbers)}-{max(legal_numbers)}"
            if len(legal_numbers) > 1
            else f"{legal_numbers[0]}"
            if legal_numbers
            else ""
        )
    extra = [k for k, a in (("d", DRAW), ("p", PASS)) if a in view.legal_actions]
    keys = ", ".join([k for k in (first, *extra) if k] + ["? help", "s scores", "q save & quit"])
    return f"Your move [{keys}]: "


def private_screen(
    view: SeatView,
    look: Look,
    height: int = MIN_HEIGHT,
    notice: Text | None = None,
) -> Group:
    """The acting seat's whole screen: the public table, then his hand and his choices."""
    view = view._replace(players=look.names(view.players))
    words = look.words(view.players, me=view.seat)
    if view.exchange is not None:
        title, lines = _exchange_lines(view, look)
    else:
        title, lines = _trick_lines(view, look, words)
    trick_panel = Panel(
        Group(*lines) if lines else Text(""),
        title=Text(title),
        title_align="left",
        box=look.box,
        height=6,
        padding=(0, 1),
    )
    last_panel = Panel(
        Group(*_last_trick_lines(view, look)),
        title="last trick",
        title_align="left",
        box=look.box,
        height=6,
        padding=(0, 1),
    )
    middle = Table.grid(expand=True)
    middle.add_column(ratio=1)
    middle.add_column(ratio=1)
    middle.add_row(trick_panel, last_panel)
    log_rows = max(1, min(8, height - MIN_HEIGHT + 1))
    sentences = words.events(view.events)
    recent = sentences[-3 * log_rows :]
    shown = (
        [" " + f" {look.dot} ".join(recent[-3:])]
        if log_rows == 1
        else [" " + r for r in recent[-log_rows:]]
    )
    overflow: OverflowMethod = "crop" if look.ascii_only else "ellipsis"
    log = Text("\n".join(shown), style="dim", no_wrap=True, overflow=overflow)
    parts: list[RenderableType] = [header(view, look), players_panel(view, look), middle, log]
    highlight = None
    if view.step is Step.DISCARD:
        taken = next((e for e in reversed(view.events) if isinstance(e, Take)), None)
        highlight = taken.card if taken is not None and taken.seat == view.seat else None
    parts.append(hand_panel(view, look, highlight))
    if view.is_my_turn:
        parts.append(Text(" ").append_text(choices_line(view, look)))
    elif view.to_act is not None:
        parts.append(Text(f" Waiting for {view.players[view.to_act]}{look.ellipsis}", style="dim"))
    parts.append(notice if notice is not None else Text(""))
    return Group(*parts)


def too_small(width: int, height: int, look: Look | None = None) -> Text:
    times = (look or Look()).times
    return Text(
        f"mushka needs a terminal of at least {MIN_WIDTH}{times}{MIN_HEIGHT} characters; this one is "
        f"{width}{times}{height}. Enlarge the window, then press Enter.",
        style="bold",
    )


# ---------------------------------------------------------------- public screens


def deal_table(
    summary: DealSummary, players: Sequence[str], totals: Sequence[int], look: Look
) -> Table:
    players = look.names(players)
    how = "blocked" if summary.blocked else "played out"
    first = players[summary.first_out] if summary.first_out is not None else "nobody"
    table = Table(
        title=Text(f"Deal {summary.number} {how} {look.dot} first out: {first}"),
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
        ("kitty", "right"),
        ("deal", "right"),
        ("total", "right"),
    ):
        table.add_column(name, justify=justify, no_wrap=name == "player")  # type: ignore[arg-type]
    for seat, name in enumerate(players):
        account = summary.accounts[seat]
        place = summary.place(seat)
        tricks = (
            Text(" ").join(look.suit(s) for s in account.tricks)
            if account.tricks
            else Text(look.dash)
        )
        table.add_row(
            Text(name),
            ordinal(place) if place else look.dash,
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
    order = ranking(nets)
    table = Table(title="Final score sheet", box=look.box, title_justify="left")
    for name, justify in (
        ("#", "right"),
        ("player", "left"),
        ("antes", "right"),
        ("tricks", "right"),
        ("won", "right"),
        ("remises", "right"),
        ("kitty", "right"),
        ("net", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for rank, seat in enumerate(order, start=1):
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
    best = nets[order[0]]
    winners = [players[s] for s in order if nets[s] == best]
    if len(winners) == 1:
        verdict = Text(f"{winners[0]} wins with {look.money(best)} kop.", style="bold green")
    else:
        verdict = Text(
            f"{' and '.join(winners)} share the win with {look.money(best)} kop each.",
            style="bold green",
        )
    return Group(table, verdict)
