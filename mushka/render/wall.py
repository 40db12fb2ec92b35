"""The live table as everyone may see it, for a screen on the wall (the host's own terminal):
the lobby while seats fill, then the public table and its log; never a hand."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mushka.host.codes import join_url
from mushka.host.link import PLACEHOLDER
from mushka.host.live import LiveTable
from mushka.host.offer import Presence, Screen, offer
from mushka.host.table import TableHost
from mushka.i18n import _, _n, say
from mushka.ledger import session_accounts
from mushka.names import printable
from mushka.render.look import Look
from mushka.render.public_log import log_entries
from mushka.render.public_table import public_screen
from mushka.render.seat_screen import lobby, plain
from mushka.render.sheets import final_sheet


@dataclass(frozen=True)
class Joining:
    """How players join this table over SSH: the machine's addresses, the port, the code (None
    where only authorized keys may join) and the host key's fingerprint as ssh shows it."""

    addresses: tuple[str, ...]
    port: int
    code: str | None
    fingerprint: str
    web_port: int | None = None  # browser seats are served there (`--web`), else None
    token: str | None = None  # the browser seats' join token, the path of the QR's address

    def web_urls(self) -> list[str]:
        """The browser seat's address on each of this machine's addresses, typed by hand."""
        if self.web_port is None:
            return []
        hosts = [f"[{a}]" if ":" in a else a for a in self.addresses or ("localhost",)]
        return [f"http://{host}:{self.web_port}/" for host in hosts]

    def qr_url(self) -> str | None:
        """The address the QR carries: the first address's, the join token its path."""
        urls = self.web_urls()
        if not urls or self.token is None:
            return None
        return join_url(urls[0], self.token)


def joining_lines(joining: Joining, table: LiveTable, look: Look) -> list[Text]:
    """The whole of how to join: over SSH (see `ssh_lines`), then in a browser (`web_lines`)."""
    return ssh_lines(joining, table, look) + web_lines(joining, look)


def ssh_lines(joining: Joining, table: LiveTable, look: Look) -> list[Text]:
    """How to join over SSH, for the wall while seats fill: a command for each name still
    expected, one for a free seat (its name part a placeholder the table refuses), every other
    address of this machine, the code and the key's fingerprint."""
    first, *others = joining.addresses or ("localhost",)
    places = table.standing().places
    command = "ssh -p {port} {name}@{address}"
    lines = [Text(look.text(_("Players join with:")), "bold")]
    expected = [
        p.name
        for p in places
        if p.presence in (Presence.AWAITED, Presence.AWAY, Presence.RECONNECTING)
    ]
    width = max([len(name) for name in expected] + [len(_("anyone"))]) + 1
    for name in expected:
        line = command.format(port=joining.port, name=name, address=first)
        lines.append(Text(f"  {printable(name) + ':':<{width}} {line}"))
    if any(p.presence is Presence.FREE for p in places):
        placeholder = _(PLACEHOLDER)
        line = command.format(port=joining.port, name=placeholder, address=first)
        words = _("your own name in place of {placeholder}").format(placeholder=placeholder)
        lines.append(Text(f"  {_('anyone') + ':':<{width}} {line}"))
        lines.append(
            Text(f"  {'':<{width}} ({words})")
        )  # its own line: a wrap would lose the indent
    if others:  # the same command at another address: said so, where a web address is not
        also = _n("or at {addresses}", "or at {addresses}", len(others))
        lines.append(Text(look.text("  " + also.format(addresses=", ".join(others)))))
    lines.append(
        Text(
            look.text(
                _("The table code (the password): {code}").format(code=joining.code)
                if joining.code is not None
                else _("Only the keys in the authorized keys file may join, each as its name.")
            )
        )
    )
    lines.append(
        Text(
            look.text(
                _("This table's key, as ssh shows it: {fingerprint}").format(
                    fingerprint=joining.fingerprint
                )
            ),
            "dim",
        )
    )
    return lines


def web_lines(joining: Joining, look: Look) -> list[Text]:
    """How a phone joins in its browser: the plain addresses (the page asks for the code), and
    that such a seat is as private as the Wi-Fi."""
    urls = joining.web_urls()
    if not urls:
        return []
    lines = [
        Text(
            look.text(
                _("Or in a phone's browser: scan the code, or open {url}").format(url=urls[0])
            ),
            "bold",
        )
    ]
    if len(urls) > 1:
        lines.append(
            Text(look.text("  " + _("or {addresses}").format(addresses=", ".join(urls[1:]))))
        )
    lines.append(
        Text(
            look.text(
                _("A browser seat is as private as the Wi-Fi it uses; an SSH seat is encrypted.")
            ),
            "dim",
        )
    )
    return lines


def joining_block(
    joining: Joining, table: LiveTable, look: Look, below: RenderableType = ""
) -> RenderableType:
    """How to join, then `below` (who sits where); where `--web` serves browser seats and the
    terminal shows more than ASCII, the QR code of their address to the left of it all and the
    key's fingerprint under it, whole."""
    url = joining.qr_url()
    if url is None or look.ascii_only:
        return Group(*joining_lines(joining, table, look), Text(""), below)
    from mushka.render.qr import qr_lines  # segno: only where browser seats are served

    *words, fingerprint = ssh_lines(joining, table, look)
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column()
    beside = Group(*words, *web_lines(joining, look), Text(""), below)
    grid.add_row(Text("\n").join(qr_lines(url)), beside)
    return Group(grid, fingerprint)


def public_frame(
    table: LiveTable, width: int, height: int, look: Look, joining: Joining | None = None
) -> RenderableType:
    """The table as everyone may see it now, for a screen `width` x `height`; while its seats
    fill, how to join (`joining`) above who sits where."""
    host = table.host
    if host is None:
        seats = lobby(offer(None, 0, Screen(), table.standing()), look)
        if joining is None:
            return seats
        return joining_block(joining, table, look, seats)
    places = table.standing().places
    status = {i: _("in a browser") for i, p in enumerate(places) if p.via == "web"}
    status |= {i: _("away") for i, p in enumerate(places) if p.presence is Presence.AWAY}
    status |= {
        i: _("reconnecting…") for i, p in enumerate(places) if p.presence is Presence.RECONNECTING
    }
    # who came back (and from where), who left, since the session started: the newest under
    # the game's log, where the whole table sees them
    news = [look.text(say(words)) for words in table.news[table.news_at_start :][-2:]]
    # the house rules once: the screen's header shows them, so not its log's first deal too
    agreed = _("House rules:")
    log = [line for line in public_lines(table, look) if not line.startswith(agreed)]
    return public_screen(
        host.public_view(), look, width, height, log + news, status, table.settings.options
    )


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
    return final_sheet(session_accounts(host.public_events()), host.names(), look)
