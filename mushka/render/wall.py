"""The live table as everyone may see it, for a screen on the wall (the host's own terminal):
the lobby while seats fill, then the public table and its log; never a hand."""

from __future__ import annotations

from rich.console import Group, RenderableType

from mushka.host.live import LiveTable
from mushka.host.offer import Presence, Screen, offer
from mushka.host.table import TableHost
from mushka.i18n import _, say
from mushka.ledger import session_accounts
from mushka.render.look import Look
from mushka.render.public_log import log_entries
from mushka.render.public_table import public_screen
from mushka.render.seat_screen import lobby, plain
from mushka.render.table import final_sheet


def public_frame(table: LiveTable, width: int, height: int, look: Look) -> RenderableType:
    """The table as everyone may see it now, for a screen `width` x `height`."""
    host = table.host
    if host is None:
        return lobby(offer(None, 0, Screen(), table.standing()), look)
    status = {
        i: _("away") for i, p in enumerate(table.standing().places) if p.presence is Presence.AWAY
    }
    return public_screen(
        host.public_view(), look, width, height, public_lines(table, look), status,
        table.settings.options,
    )  # fmt: skip


def public_lines(table: LiveTable, look: Look) -> list[str]:
    """The public log as lines of text, one an entry (the newest last), for a screen to wrap."""
    if table.host is None:
        return [look.text(say(news)) for news in table.news]
    lines: list[str] = []
    for entry in log_entries(table.host, look):
        lines.extend(plain(entry, 1000).splitlines())
    return [line.rstrip() for line in lines if line.strip()]


def sheet(host: TableHost, look: Look) -> Group:
    """The session's final score sheet, as every seat and the public screen show it."""
    return final_sheet(session_accounts(host.public_events()), host.players, look)
