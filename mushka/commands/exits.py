"""How a command stops on a problem: one clear line and an exit code, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import typer

from mushka.errors import MushkaError
from mushka.host.storage.files import FileProblem, json_problem, one_line
from mushka.host.storage.records import record_target
from mushka.i18n import say
from mushka.render.look import guard_streams


def fail(message: str, code: int) -> NoReturn:
    """One clear line on stderr, then the exit code: never a traceback, never a file's megabytes."""
    guard_streams()  # click's echo would write UTF-8 to an ASCII console; print spells it out
    print(f"mushka: {one_line(message, 400)}", file=sys.stderr)
    raise typer.Exit(code)


def bad_option(option: str, message: str) -> NoReturn:
    """A value the command line cannot use: a usage error (exit code 2) that names the option."""
    raise typer.BadParameter(message, param_hint=option)


def record_problem(exc: BaseException) -> str:
    """What is wrong with a record, in one short line, whatever the reader raised."""
    if isinstance(exc, MushkaError):
        return one_line(say(exc))
    return json_problem(exc)


def checked_record_target(record: Path | None) -> Path | None:
    """`--record`'s file, checked before anything is played (see `storage.record_target`): a
    path that cannot take a record is a usage error."""
    if record is None:
        return None
    try:
        return record_target(record)
    except FileProblem as exc:
        bad_option("--record", say(exc))
