"""`mushka scores`: the history of finished sessions and each player's standing across them, or
the latest one's final sheet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from rich.table import Table
from rich.text import Text

from mushka.commands.exits import fail, record_problem
from mushka.host.storage.files import UNUSABLE, FileProblem
from mushka.host.storage.history import ScoreEntry, read_scores
from mushka.host.storage.paths import scores_path
from mushka.i18n import N_, _, _n, number, say
from mushka.ledger import session_accounts
from mushka.present.command import command
from mushka.present.sheets import shared_ranks
from mushka.record import replay
from mushka.render.look import Look, make_console
from mushka.render.sheets import final_sheet


def show_scores(last: bool, ascii_only: bool) -> None:
    """Print every finished session, newest first, then each player's standing across them; with
    `last`, the latest final score sheet."""
    console, ascii_table = make_console(ascii_only)
    look = Look(ascii_table)
    try:
        entries, bad = read_scores()
    except FileProblem as exc:
        fail(f"{scores_path()}: {say(exc)}", 1)
    if bad:
        skipped = _n(
            "({n} unreadable line in {file} skipped)",
            "({n} unreadable lines in {file} skipped)",
            bad,
        )
        console.print(Text(look.text(skipped.format(n=bad, file=scores_path())), style="dim"))
    if not entries:
        none = _("No finished sessions yet. Play one with: {command}")
        console.print(Text(look.text(none.format(command=command("play")))))
        return
    if last:
        entry = entries[-1]
        try:
            session = replay(entry.record)
        except UNUSABLE as exc:
            fail(
                _("the latest session's record does not replay: {problem}").format(
                    problem=record_problem(exc)
                ),
                1,
            )
        console.print(
            Text(look.text(_("Session finished")) + " ", style="bold").append(
                look.name(_local_time(entry.finished))
            )
        )
        console.print(final_sheet(session_accounts(session.log()), session.players, look))
        return
    title = _n(
        "{n} finished session, newest first", "{n} finished sessions, newest first", len(entries)
    ).format(n=len(entries))
    table = Table(title=Text(look.text(title)), box=look.box, title_justify="left")
    for heading in (N_("finished"), N_("players and net results"), N_("winner")):
        table.add_column(Text(look.text(_(heading))))
    for entry in reversed(entries):
        results = "\n".join(  # one player a line: a wrap never splits "Bot 3 (strong)"
            f"{p} {look.money(n)}"
            for p, n in zip(look.names(entry.players), entry.net, strict=True)
        )
        table.add_row(
            look.name(_local_time(entry.finished)), Text(results), look.name(entry.winner)
        )
    console.print(table)
    # after the sessions, so that the standings are what a long history leaves on the screen
    console.print()
    console.print(standings_table(standings(entries), len(entries), look))


@dataclass(frozen=True)
class PlayerRecord:
    """One player's results over every session in the history that names them."""

    name: str  # as stored: the same name in any seat is the same player
    nets: tuple[int, ...]  # one a session, oldest first

    @property
    def total(self) -> int:
        return sum(self.nets)


def standings(entries: Sequence[ScoreEntry]) -> list[PlayerRecord]:
    """Each name in the history with its nets, best total first (then the better average, then
    the name, so that equal standings come in a fixed order)."""
    nets: dict[str, list[int]] = {}
    for entry in entries:
        for name, net in zip(entry.players, entry.net, strict=True):
            nets.setdefault(name, []).append(net)
    found = [PlayerRecord(name, tuple(values)) for name, values in nets.items()]
    return sorted(found, key=lambda s: (-s.total, Fraction(-s.total, len(s.nets)), s.name))


def average(total: int, count: int, look: Look) -> str:
    """`total / count` to one decimal place, halves away from zero, signed as money is: the
    integers are divided exactly, so 5/2 is +2.5 and -1/6 is −0.2 (+2,5 and −0,2 in Russian)."""
    tenths, rest = divmod(abs(total) * 10, count)
    if 2 * rest >= count:
        tenths += 1
    if tenths == 0:
        return number(0, ".1f")
    sign = "+" if total > 0 else look.minus
    return sign + number(tenths / 10, ".1f")  # tenths is exact; the float only spells it


STANDINGS_COLUMNS = (
    ("#", "right"),
    (N_("player"), "left"),
    (N_("sessions"), "right"),
    (N_("net"), "right"),
    (N_("average"), "right"),
    (N_("best"), "right"),
    (N_("worst"), "right"),
)


def standings_table(rows: Sequence[PlayerRecord], sessions: int, look: Look) -> Table:
    """The standings: rank, player, sessions played, total, average, best and worst session."""
    title = _n(
        "Standings over {n} session, best net first",
        "Standings over {n} sessions, best net first",
        sessions,
    ).format(n=sessions)
    table = Table(title=Text(look.text(title)), box=look.box, title_justify="left")
    for heading, justify in STANDINGS_COLUMNS:
        table.add_column(
            Text(look.text(_(heading)) if heading != "#" else heading),
            justify=justify,  # type: ignore[arg-type]
            overflow="fold",  # a long name from a file wraps; the table's are 16 and fit
        )
    ranks = {i: rank for rank, i in shared_ranks([row.total for row in rows])}
    for i, row in enumerate(rows):
        table.add_row(
            Text(str(ranks[i])),
            look.name(row.name),
            Text(str(len(row.nets))),
            Text(look.money(row.total)),
            Text(average(row.total, len(row.nets), look)),
            Text(look.money(max(row.nets))),
            Text(look.money(min(row.nets))),
        )
    return table


def _local_time(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso
