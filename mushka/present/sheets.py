"""The table's public sheets as plain values, worded for one reader: the scores so far, each
deal's sheet and the final sheet with its winner. Every front end draws these its own way (the
terminal's Rich tables, render/sheets.py; the page's lists, web/state.py's JSON); no Rich here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from mushka.cards import SUITS, Suit
from mushka.i18n import N_, _, _n, kopecks, language
from mushka.ledger import DealSummary, SeatAccount, accounts, session_accounts
from mushka.names import printable

MINUS: Final = "−"  # a minus sign, as the table's nets show it (a look in ASCII: a hyphen)
DASH: Final = "—"  # nothing in a cell
DOT: Final = "·"

_ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}

# The scores' column heads, one message (the table's sheets have their own "player", "won",
# ... that another part of the catalog translates): split at "|" when shown.
STANDINGS_COLUMNS: Final = N_("player|antes|won|remises|this deal|net")
_STANDINGS_KEYS: Final = ("player", "antes", "won", "remises", "this_deal", "net")


def ordinal(n: int) -> str:
    return _(_ORDINALS[n]) if n in _ORDINALS else _("{n}th").format(n=n)


def money(amount: int) -> str:
    """An amount with its sign: +5, −14, 0."""
    if amount > 0:
        return f"+{amount}"
    return f"{MINUS}{-amount}" if amount < 0 else "0"


class SheetKind(StrEnum):
    """Which of the table's sheets."""

    SCORES = "scores"  # the scores so far (the overlay)
    DEAL = "deal"  # one deal's sheet, after it
    FINAL = "final"  # the session's final sheet, best first, with its winner


@dataclass(frozen=True)
class Column:
    """A column: its key (the same in every language), its heading in the reader's words,
    whether it holds numbers (right-aligned) and whether a narrow screen keeps it."""

    key: str
    heading: str
    numeric: bool
    essential: bool


@dataclass(frozen=True)
class Row:
    """A player's row: his seat, a cell a column (as shown), whether the reader sits there,
    whether he won (the final sheet), and the suits of the tricks he took (a deal's sheet)."""

    seat: int
    cells: tuple[str, ...]
    me: bool = False
    best: bool = False
    tricks: tuple[Suit, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """A sheet: its title, columns, rows, the line under it (the kitty) and, for the final
    sheet, who won (`winners`, best first) and the verdict in words."""

    kind: SheetKind
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    caption: str = ""
    verdict: str = ""
    winners: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "title": self.title,
            "columns": [
                {"key": c.key, "heading": c.heading, "numeric": c.numeric, "essential": c.essential}
                for c in self.columns
            ],
            "rows": [
                {"seat": r.seat, "cells": list(r.cells), "me": r.me, "best": r.best}
                | ({"tricks": [SUITS[s].symbol for s in r.tricks]} if r.tricks else {})
                for r in self.rows
            ],
            "caption": self.caption,
            "verdict": self.verdict,
            "winners": list(self.winners),
        }


def _columns(spec: Sequence[tuple[str, str, bool, bool]]) -> tuple[Column, ...]:
    return tuple(
        Column(key, _(heading), numeric, essential) for key, heading, numeric, essential in spec
    )


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


def _names(players: Sequence[str]) -> tuple[str, ...]:
    return tuple(printable(n) for n in players)


def deal_sheet(
    summary: DealSummary, players: Sequence[str], totals: Sequence[int], me: int | None = None
) -> Sheet:
    """A deal's sheet; its caption gives the kitty's balance after the deal (what the players
    lost in all, since results and kitty always add up to zero)."""
    names = _names(players)
    how = (
        _("Deal {n} blocked {dot} {first_out}")
        if summary.blocked
        else _("Deal {n} played out {dot} {first_out}")
    )
    title = how.format(n=summary.number, dot=DOT, first_out=first_out_words(summary, names))
    columns = _columns(
        (
            ("player", N_("player"), False, True),
            ("out", N_("out"), False, True),
            ("tricks", N_("tricks"), False, False),
            ("won", N_("won"), True, False),
            ("antes", N_("antes"), True, False),
            ("remises", N_("remises"), True, False),
            ("payout", N_("took kitty"), True, False),
            ("deal", N_("deal"), True, True),
            ("total", N_("total"), True, True),
        )
    )
    rows: list[Row] = []
    for seat, name in enumerate(names):
        account = summary.accounts[seat]
        place = summary.place(seat)
        if place is None and seat == summary.first_out:
            out = f"({ordinal(1)})"  # counted first out of a blocked deal
        else:
            out = ordinal(place) if place else DASH
        tricks = "".join(SUITS[s].symbol for s in account.tricks) or DASH
        cells = (
            name,
            out,
            tricks,
            str(account.winnings),
            str(account.antes),
            str(account.remises),
            str(account.payout) if account.payout else DASH,
            money(account.net),
            money(totals[seat]),
        )
        rows.append(Row(seat, cells, seat == me, tricks=tuple(account.tricks)))
    caption = _("Kitty after the deal: {kitty} kop").format(kitty=-sum(totals))
    return Sheet(SheetKind.DEAL, title, columns, tuple(rows), caption)


def final_sheet(
    accounts_: Sequence[SeatAccount], players: Sequence[str], me: int | None = None
) -> Sheet:
    """The session's score sheet, best first, and who won."""
    names = _names(players)
    nets = [a.net for a in accounts_]
    ranks = shared_ranks(nets)
    winners = tuple(seat for rank, seat in ranks if rank == 1)
    best = nets[ranks[0][1]]
    if len(winners) == 1:
        verdict = _n("{name} wins with {money} kop.", "{name} wins with {money} kop.", abs(best))
        words = verdict.format(name=names[winners[0]], money=money(best))
    else:
        verdict = _n(
            "{names} and {last} share the win with {money} kop each.",
            "{names} and {last} share the win with {money} kop each.",
            abs(best),
        )
        words = verdict.format(
            names=", ".join(names[s] for s in winners[:-1]),
            last=names[winners[-1]],
            money=money(best),
        )
    columns = _columns(
        (
            ("rank", "#", True, True),
            ("player", N_("player"), False, True),
            ("antes", N_("antes"), True, False),
            ("tricks", N_("tricks"), True, False),
            ("takings", N_("takings"), True, True),  # not "won": the verdict says who wins
            ("remises", N_("remises"), True, False),
            ("payout", N_("took kitty"), True, False),
            ("net", N_("net"), True, True),
        )
    )
    rows = []
    for rank, seat in ranks:
        a = accounts_[seat]
        cells = (
            str(rank),
            names[seat],
            f"{MINUS}{a.antes}" if a.antes else "0",
            str(len(a.tricks)),
            f"+{a.winnings}" if a.winnings else "0",
            f"{MINUS}{a.remises}" if a.remises else "0",
            f"+{a.payout}" if a.payout else "0",
            money(a.net),
        )
        rows.append(Row(seat, cells, seat == me, rank == 1))
    return Sheet(SheetKind.FINAL, _("Final score sheet"), columns, tuple(rows), "", words, winners)


def scores_sheet(
    deals: Sequence[Sequence[Any]],
    players: Sequence[str],
    of_deals: int,
    kitty: int,
    me: int | None = None,
) -> Sheet:
    """The scores so far (`deals`: the session's public events, a list a deal; `of_deals`: how
    many the session has): each player's antes, winnings, remises, this deal and net; the kitty."""
    totals = session_accounts(deals)
    current = accounts(deals[-1])
    done = len(deals) - 1
    if done:
        words = _("Scores after {done} of {deals} deals, and this deal so far")
    else:
        words = _("Scores of this deal ({n} of {deals})")
    title = words.format(done=done, n=done + 1, deals=of_deals)
    heads = _(STANDINGS_COLUMNS).split("|")
    columns = tuple(
        Column(key, head, i > 0, i in (0, len(heads) - 1))
        for i, (key, head) in enumerate(zip(_STANDINGS_KEYS, heads, strict=True))
    )
    rows = []
    for seat, name in enumerate(_names(players)):
        t = totals[seat]
        cells = (
            name,
            str(t.antes),
            str(t.winnings),
            str(t.remises),
            money(current[seat].net),
            money(t.net),
        )
        rows.append(Row(seat, cells, seat == me))
    caption = _("kitty {amount}").format(amount=kopecks(kitty, language()))
    return Sheet(SheetKind.SCORES, title, columns, tuple(rows), caption)
