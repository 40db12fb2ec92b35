"""Rich tables for `mushka simulate`: the game's statistics, a histogram, and stake sweeps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from mushka.host.seating import strategy_word
from mushka.house_rules import Exchange
from mushka.i18n import N_, _, _n, number
from mushka.render.help import exchange_name
from mushka.render.look import Look
from mushka.study.ladder import Match
from mushka.study.simulate import POSITIONS, Estimate, Report

_UNICODE = Look()


def _signed(value: float, spec: str, look: Look = _UNICODE) -> str:
    """`value` with its sign, a minus sign where the look has one (−62.00), as the table's nets."""
    return number(value, "+" + spec).replace("-", look.minus)


def _pm(e: Estimate, look: Look = _UNICODE) -> str:
    return f"{_signed(e.mean, '.2f', look)} {look.glyph('±')} {number(e.ci95, '.2f')}"


def _pct(x: float) -> str:
    return number(x, ".1%")


def report_view(report: Report, jobs: int, look: Look = _UNICODE) -> Group:
    data = report.to_json()
    dot = look.dot
    rules = report.rules
    who = (
        ", ".join(map(strategy_word, report.strategies))
        if len(set(report.strategies)) > 1
        else f"4 {look.times} {strategy_word(report.strategies[0])}"
    )
    sessions = _n("{n} session", "{n} sessions", report.sessions).format(n=report.sessions)
    deals = _n("{n} deal", "{n} deals", rules["deals"]).format(n=rules["deals"])
    title = Text(
        _(
            "{sessions} {dot} {who} {dot} stake {stake} {dot} remise {remise} {dot} {deals} "
            "{dot} {exchange}"
        ).format(
            sessions=sessions,
            dot=dot,
            who=who,
            stake=rules["stake"],
            remise=rules["remise"],
            deals=deals,
            exchange=exchange_name(Exchange(rules["exchange"])),
        ),
        style="bold",
    )
    game = Table(title=_("The deals"), box=box.SIMPLE_HEAD, title_justify="left")
    game.add_column(_("measure"))
    game.add_column(_("value"), justify="right")
    game.add_row(_("deals played"), f"{report.deals}")
    game.add_row(_("tricks per deal"), number(data["tricks_per_deal"], ".2f"))
    game.add_row(_("remises per deal"), number(data["remises_per_deal"], ".2f"))
    game.add_row(_("blocked deals"), _pct(data["blocked_deal_rate"]))
    game.add_row(_("sessions where the kitty ran dry"), _pct(data["dry_kitty_session_rate"]))
    game.add_row(_("tricks paid short (empty kitty)"), _pct(data["underpaid_trick_rate"]))

    seats = Table(
        title=_("Net result per session, kop (mean ± 95% CI)"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    seats.add_column(_("seat"))
    seats.add_column(_("strategy"))
    seats.add_column(_("net"), justify="right")
    for seat in range(4):
        seats.add_row(
            _("seat {n}").format(n=seat + 1),
            Text(strategy_word(report.strategies[seat])),
            _pm(report.seat(seat), look),
        )
    for position, name in enumerate(POSITIONS):
        seats.add_row(_(name), _("(any seat)"), _pm(report.position(position), look))

    spread = Table(
        title=_("Spread of players' net results, kop"), box=box.SIMPLE_HEAD, title_justify="left"
    )
    cuts = report.percentiles()
    for name in cuts:
        spread.add_column(name, justify="right")
    if cuts:
        spread.add_row(*(_signed(v, ".0f", look) for v in cuts.values()))
    histogram = histogram_lines(report, look=look)

    kitty = Table(title=_("The kitty and the antes"), box=box.SIMPLE_HEAD, title_justify="left")
    kitty.add_column(_("measure"))
    kitty.add_column(_("value"), justify="right")
    kitty.add_row(
        _("final kitty (taken by the last first out)"), _pm(report.final_kitty.estimate(), look)
    )
    kitty.add_row(_("winner's net"), _pm(report.winner_net.estimate(), look))
    kitty.add_row(
        _("final kitty as a share of winners' results"), _pct(report.kitty_share_of_winners)
    )
    kitty.add_row(_("players who recoup their antes"), _pct(data["player_recoup_rate"]))
    kitty.add_row(
        _("sessions where all four recoup (the source says they can)"),
        _pct(data["all_four_recoup_rate"]),
    )

    on = _n("on {n} process", "on {n} processes", jobs).format(n=jobs)
    speed = Text(
        _("{sessions} sessions/s {dot} {actions} player actions/s {on} ({seconds} s)").format(
            sessions=number(data["sessions_per_second"], ",.1f"),
            dot=dot,
            actions=number(data["actions_per_second"], ",.0f"),
            on=on,
            seconds=number(report.seconds, ".1f"),
        ),
        style="dim",
    )
    return Group(title, game, seats, spread, histogram, kitty, speed)


def histogram_lines(report: Report, width: int = 40, look: Look = _UNICODE) -> Text:
    buckets = report.histogram()
    most = max((c for _, _, c in buckets), default=0)
    text = Text()
    for low, high, count in buckets:
        bar = look.bar * round(width * count / most) if most else ""
        span = f" {_signed(low, 'd', look):>5} {look.ellipsis} {_signed(high, 'd', look):>5} "
        text.append(span, style="dim").append(bar, style="cyan").append(f" {count}\n")
    return text


_SWEEP_COLUMNS = (
    N_("stake"),
    N_("kitty"),
    N_("kitty/win"),
    N_("winner"),
    N_("recoup"),
    N_("all 4"),
    N_("blocked"),
    N_("dry"),
)


def sweep_view(reports: Sequence[Report]) -> Table:
    table = Table(
        title=_("How the stake changes the game"),
        caption=_(
            "kitty: final kitty; kitty/win: its share of the winners' results; winner: his mean "
            "net; recoup: players whose takings cover their antes; all 4: sessions where all four "
            "do; dry: sessions where the kitty ran dry"
        ),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        padding=(0, 1),
    )
    for column in _SWEEP_COLUMNS:
        table.add_column(_(column), justify="right")
    for report in reports:
        data = report.to_json()
        table.add_row(
            str(report.rules["stake"]),
            number(report.final_kitty.estimate().mean, ".1f"),
            _pct(report.kitty_share_of_winners),
            _signed(report.winner_net.estimate().mean, ".1f"),
            _pct(data["player_recoup_rate"]),
            _pct(data["all_four_recoup_rate"]),
            _pct(data["blocked_deal_rate"]),
            _pct(data["dry_kitty_session_rate"]),
        )
    return table


def compare_view(strategies: Sequence[str], matches: Sequence[Match]) -> Table:
    """Rows: the hero; columns: the three others at the table; cells: kop per session ± 95% CI."""
    cells = {(m.hero, m.field): m for m in matches}
    sessions = max((m.sessions for m in matches), default=0)
    table = Table(
        title=_("Strategies compared: hero's net per session, kop (mean ± 95% CI)"),
        caption=_n(
            "Each cell: the row's strategy in each seat in turn against three of the column's, "
            "over the same deals ({n} session); + means the row wins money.",
            "Each cell: the row's strategy in each seat in turn against three of the column's, "
            "over the same deals ({n} sessions); + means the row wins money.",
            sessions,
        ).format(n=sessions),
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column(_("hero \\ against 3"))
    for field in strategies:
        table.add_column(strategy_word(field), justify="right")
    for hero in strategies:
        row = [strategy_word(hero)]
        for field in strategies:
            match = cells.get((hero, field))
            row.append(_pm(match.estimate) if match is not None else "·")
        table.add_row(*row)
    return table


def compare_json(matches: Sequence[Match]) -> dict[str, Any]:
    return {
        "compare": [
            {
                "hero": m.hero,
                "field": m.field,
                "sessions": m.sessions,
                "net": asdict(m.estimate),
                "seconds": m.seconds,
            }
            for m in matches
        ]
    }
