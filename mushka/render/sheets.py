"""The public summaries: a deal's table, the final score sheet and the scores, each in the
widest form that fits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from rich.box import SIMPLE_HEAD
from rich.console import (
    Console,
    ConsoleOptions,
    Group,
    RenderableType,
    RenderResult,
)
from rich.table import Table
from rich.text import Text

from mushka.i18n import N_, _, _n
from mushka.ledger import DealSummary, SeatAccount
from mushka.render.fitting import natural_width
from mushka.render.help import ordinal
from mushka.render.look import Look

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
        (N_("takings"), "right", True),  # not "won": the sheet's verdict says who wins
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
