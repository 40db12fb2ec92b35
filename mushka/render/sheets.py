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

from mushka.ledger import DealSummary, SeatAccount
from mushka.present.sheets import Sheet, SheetKind, deal_sheet
from mushka.present.sheets import final_sheet as final_view
from mushka.render.fitting import natural_width
from mushka.render.look import Look


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


def _fill(table: Table, sheet: Sheet, style: int, look: Look) -> Table:
    """Add `sheet`'s columns and rows to `table`; at the NARROW style only the essential
    columns. A deal's tricks are its suits in their colours; the winner's name and every net
    in bold on the final sheet."""
    keep = [i for i, column in enumerate(sheet.columns) if column.essential or style < NARROW]
    for i in keep:
        column = sheet.columns[i]
        table.add_column(
            look.text(column.heading),
            justify="right" if column.numeric else "left",
            no_wrap=True,
        )
    final = sheet.kind is SheetKind.FINAL
    for row in sheet.rows:
        cells: list[RenderableType] = []
        for i in keep:
            key, cell = sheet.columns[i].key, row.cells[i]
            if key == "tricks" and sheet.kind is SheetKind.DEAL:
                joiner = Text(" " if style == 0 else "")
                cells.append(
                    joiner.join(look.suit(s) for s in row.tricks) if row.tricks else Text(look.dash)
                )
            elif final and key == "player":
                cells.append(Text(look.text(cell), style="bold" if row.best else ""))
            elif final and key == "net":
                cells.append(Text(look.text(cell), style="bold"))
            else:
                cells.append(Text(look.text(cell)))
        table.add_row(*cells)
    return table


def _table(look: Look, style: int, **settings: object) -> Table:
    if style >= 2:
        return Table(box=SIMPLE_HEAD, show_edge=False, padding=(0, 1, 0, 0), **settings)  # type: ignore[arg-type]
    return Table(box=look.box, **settings)  # type: ignore[arg-type]


def deal_table(
    summary: DealSummary, players: Sequence[str], totals: Sequence[int], look: Look
) -> RenderableType:
    """A deal's public summary (present/sheets.deal_sheet) drawn; see Fitted."""
    return sheet_table(deal_sheet(summary, players, totals), look)


def sheet_table(sheet: Sheet, look: Look) -> RenderableType:
    """A deal's sheet or the final one, as plain values, drawn in the widest form that fits."""
    return Fitted(lambda style: _sheet_table(sheet, look, style))


def _sheet_table(sheet: Sheet, look: Look, style: int) -> Table:
    if sheet.kind is SheetKind.FINAL:
        table = _table(look, style, title=look.text(sheet.title), title_justify="left")
    else:
        table = _table(
            look,
            style,
            title=Text(look.text(sheet.title)),
            caption=Text(look.text(sheet.caption)) if sheet.caption else None,
            caption_justify="left",
            title_justify="left",
        )
    return _fill(table, sheet, style, look)


def final_sheet(accounts: Sequence[SeatAccount], players: Sequence[str], look: Look) -> Group:
    """The session's score sheet, best first (boxed where it fits), and who won."""
    return final_group(final_view(accounts, players), look)


def final_group(sheet: Sheet, look: Look) -> Group:
    """The final sheet drawn, and its verdict under it in bold."""
    return Group(sheet_table(sheet, look), Text(look.text(sheet.verdict), style="bold"))
