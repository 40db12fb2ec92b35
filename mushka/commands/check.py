"""`mushka check`: replay game records under the rules and say whether each holds."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from mushka.commands.exits import fail, record_problem
from mushka.host.storage.files import UNUSABLE, FileProblem, record_texts
from mushka.i18n import _, _n, say
from mushka.record import loads
from mushka.render.look import make_console, transliterate


def check_records(file: Path, ascii_only: bool) -> None:
    """Check every record in `file`, event by event; the first that fails stops with exit 1."""
    console, ascii_only = make_console(ascii_only)  # ASCII too when the console cannot show "·"
    dot = "-" if ascii_only else "·"
    checked = 0
    try:
        for where, text in record_texts(file):
            try:
                session = loads(text)
            except UNUSABLE as exc:
                fail(f"{file}: {where}{record_problem(exc)}", 1)
            checked += 1
            net = " ".join(f"{n:+d}" for n in session.net)
            players = ", ".join(session.players)
            deals = _n("{n} deal", "{n} deals", len(session.deals)).format(n=len(session.deals))
            line = _("ok: {players} {dot} {deals} {dot} net {net}").format(
                players=players, dot=dot, deals=deals, net=net
            )
            console.print(Text(transliterate(line) if ascii_only else line), soft_wrap=True)
    except FileProblem as exc:
        fail(f"{file}: {say(exc)}", 2 if exc.unreadable else 1)
    if not checked:
        fail(f"{file}: " + _("there is no game record in it"), 1)
    replayed = _n("{n} record replays correctly.", "{n} records replay correctly.", checked)
    console.print(Text(replayed.format(n=checked)))
