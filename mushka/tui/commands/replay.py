"""`mushka replay`: step through one recorded session with every hand open."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mushka.tui.commands.exits import fail, record_problem
from mushka.tui.look import Look, counted, make_console
from mushka.tui.replay_view import frames
from mushka.tui.storage import UNUSABLE, FileProblem, json_problem, names_problem, record_texts


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
        fail(f"{file}: {exc}", 2 if exc.unreadable else 1)
    if chosen is None:
        if not count:
            fail(f"{file}: there is no game record in it", 1)
        fail(f"{file} holds {counted(count, 'record')}, not {number}", 2)
    where, text = chosen
    try:
        data = json.loads(text)
    except UNUSABLE as exc:
        fail(f"{file}: {where}{json_problem(exc)}", 1)
    if isinstance(data, dict) and isinstance(data.get("players"), list):
        problem = names_problem(data["players"])
        if problem is not None:
            fail(f"{file}: {where}{problem}", 1)
    console, ascii_table = make_console(ascii_only)
    pause = pause and console.is_terminal and sys.stdin.isatty()
    try:
        for frame in frames(data, Look(ascii_table)):
            console.print(frame)
            if pause and console.input("[dim]Enter: next · q: stop[/dim] ").strip().lower() == "q":
                return
    except (KeyboardInterrupt, EOFError):
        return
    except UNUSABLE as exc:
        fail(f"{file}: {where}{record_problem(exc)}", 1)
