"""`mushka scores`: the history of finished sessions, or the latest one's final sheet."""

from __future__ import annotations

from datetime import datetime

from rich.table import Table
from rich.text import Text

from mushka.host.storage import UNUSABLE, FileProblem, read_scores, scores_path
from mushka.i18n import _, _n, say
from mushka.ledger import session_accounts
from mushka.record import replay
from mushka.tui.command import command
from mushka.tui.commands.exits import fail, record_problem
from mushka.tui.look import Look, make_console
from mushka.tui.table import final_sheet


def show_scores(last: bool, ascii_only: bool) -> None:
    """Print every finished session, newest first; with `last`, the latest final score sheet."""
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
        console.print(Text(skipped.format(n=bad, file=scores_path()), style="dim"))
    if not entries:
        none = _("No finished sessions yet. Play one with: {command}")
        console.print(Text(none.format(command=command("play"))))
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
            Text(_("Session finished") + " ", style="bold").append(
                look.name(_local_time(entry.finished))
            )
        )
        console.print(final_sheet(session_accounts(session.log()), session.players, look))
        return
    table = Table(
        title=_n(
            "{n} finished session, newest first",
            "{n} finished sessions, newest first",
            len(entries),
        ).format(n=len(entries)),
        box=look.box,
        title_justify="left",
    )
    table.add_column(_("finished"))
    table.add_column(_("players and net results"))
    table.add_column(_("winner"))
    for entry in reversed(entries):
        results = "\n".join(  # one player a line: a wrap never splits "Bot 3 (strong)"
            f"{p} {look.money(n)}"
            for p, n in zip(look.names(entry.players), entry.net, strict=True)
        )
        table.add_row(
            look.name(_local_time(entry.finished)), Text(results), look.name(entry.winner)
        )
    console.print(table)


def _local_time(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso
