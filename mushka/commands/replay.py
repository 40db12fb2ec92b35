"""`mushka replay`: step through one recorded session with every hand open."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mushka.commands.exits import fail, record_problem
from mushka.host.storage.files import UNUSABLE, FileProblem, json_problem, record_texts
from mushka.i18n import _, _n, say
from mushka.names import names_problem
from mushka.render.look import Look, make_console
from mushka.render.replay_view import frames

_STOP = ("q", "й", "у")  # q, the same key on a Russian keyboard, and у (уйти) as the game teaches


def replay_record(file: Path, number: int, pause: bool, ascii_only: bool) -> None:
    """Show record `number` of `file` frame by frame, waiting for Enter between frames if asked."""
    chosen: tuple[str, str] | None = None
    count = 0
    try:
        for where, text in record_texts(file):
            count += 1
            if count == number:
                chosen = (where, text)
                break
    except FileProblem as exc:
        fail(f"{file}: {say(exc)}", 2 if exc.unreadable else 1)
    if chosen is None:
        if not count:
            fail(f"{file}: " + _("there is no game record in it"), 1)
        holds = _n(
            "{file} holds {n} record, not {number}", "{file} holds {n} records, not {number}", count
        )
        fail(holds.format(file=file, n=count, number=number), 2)
    where, text = chosen
    try:
        data = json.loads(text)
    except UNUSABLE as exc:
        fail(f"{file}: {where}{json_problem(exc)}", 1)
    if isinstance(data, dict) and isinstance(data.get("players"), list):
        problem = names_problem(data["players"])
        if problem is not None:
            fail(f"{file}: {where}{say(problem)}", 1)
    console, ascii_table = make_console(ascii_only)
    pause = pause and console.is_terminal and sys.stdin.isatty()
    try:
        for frame in frames(data, Look(ascii_table)):
            console.print(frame)
            asked = console.input("[dim]" + _("Enter: next · q: stop") + "[/dim] ") if pause else ""
            if asked.strip().lower() in _STOP:
                return
    except (KeyboardInterrupt, EOFError):
        return
    except UNUSABLE as exc:
        fail(f"{file}: {where}{record_problem(exc)}", 1)
