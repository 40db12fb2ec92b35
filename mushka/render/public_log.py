"""The public log drawn for a terminal from its words as data (present/journal.table_log): each
deal's opening, a line per trick and exchange, the table's notes, each deal's sheet; and the
scores overlay (present/sheets.scores_sheet). Every screen that shows public news draws it from
here: the hot seat's handoffs, network seats, the public table."""

from __future__ import annotations

from typing import assert_never

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mushka.host.table import TableHost
from mushka.present.journal import Entry, EntryKind, table_log
from mushka.present.sheets import Sheet, scores_sheet
from mushka.render.fitting import Joined
from mushka.render.help import house_rules_panel
from mushka.render.journal import LogLine
from mushka.render.look import Look
from mushka.render.sheets import sheet_table


def log_entries(host: TableHost, look: Look) -> list[RenderableType]:
    """Everything public so far, shortly: each deal's opening (the first under the house rules),
    a line per trick and exchange, the table's notes, and each deal's sheet (the final sheet is
    the caller's), in the language spoken now."""
    entries = table_log(host, look.ascii_only)
    drawn: list[RenderableType] = []
    for entry in entries:
        if entry.kind is EntryKind.RULES:
            continue  # drawn with the first deal's opening, below
        if entry.kind is EntryKind.OPENING and entry.deal == 0:
            rules = house_rules_panel(host.rules, look, host.settings.options)
            drawn.append(Group(rules, entry_text(entry, look)))
        else:
            drawn.append(entry_text(entry, look))
    return drawn


def entry_text(entry: Entry, look: Look) -> RenderableType:
    """One entry of the log drawn: a deal's opening with its head in bold, a line that breaks
    between its parts, a note (a save that failed stands out), a deal's sheet."""
    match entry.kind:
        case EntryKind.OPENING:
            return Text.assemble(
                (look.text(entry.head), "bold"), f" {look.dot} {look.text(entry.text)}"
            )
        case EntryKind.LINE:
            return LogLine(look.text(entry.text), look.text(" · "), look.text(" → "))
        case EntryKind.NOTE:
            return Text(look.text(entry.text))
        case EntryKind.ALARM:
            return Text(look.text(entry.text), style="bold red")
        case EntryKind.SHEET:
            assert entry.sheet is not None
            return sheet_table(entry.sheet, look)
        case EntryKind.RULES:
            return Text(look.text(entry.plain))
        case _:
            assert_never(entry.kind)


def standings(host: TableHost, look: Look) -> Table:
    """The scores so far: each player's antes, winnings, remises, this deal and net; the kitty."""
    return scores_table(_scores(host), look)


def _scores(host: TableHost) -> Sheet:
    return scores_sheet(host.public_events(), host.names(), host.rules.deals, host.kitty)


def scores_table(sheet: Sheet, look: Look) -> Table:
    """The scores' sheet drawn."""
    table = Table(title=Text(look.text(sheet.title)), box=look.box)
    for column in sheet.columns:
        table.add_column(look.text(column.heading), justify="right" if column.numeric else "left")
    for row in sheet.rows:
        table.add_row(*(Text(look.text(cell)) for cell in row.cells))
    table.caption = Text(look.text(sheet.caption))
    return table


def narrow_standings(host: TableHost, look: Look) -> list[RenderableType]:
    """The scores for a screen too narrow for their table (a phone held upright), as pages: a
    table of each player's name and net, and the kitty; then the rest, a few lines a player."""
    sheet = _scores(host)
    heads = [look.text(c.heading) for c in sheet.columns]
    table = Table(box=look.box)
    table.add_column(heads[0], justify="left", no_wrap=True)
    table.add_column(heads[-1], justify="right", no_wrap=True)
    for row in sheet.rows:
        table.add_row(Text(look.text(row.cells[0])), Text(look.text(row.cells[-1])))
    title = Text(look.text(sheet.title), style="bold")
    first = Group(title, table, Text(look.text(sheet.caption)))
    rest: list[RenderableType] = [title]
    for row in sheet.rows:
        rest.append(Text(look.text(row.cells[0]), style="bold"))
        parts = [
            Text(f"{head} {look.text(value)}")
            for head, value in zip(heads[1:-1], row.cells[1:-1], strict=True)
        ]
        rest.append(Joined(parts, look.text(" · "), "  "))
    return [first, Group(*rest)]
