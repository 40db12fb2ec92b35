"""How a command stops on a problem: one clear line and an exit code, never a traceback."""

from __future__ import annotations

from typing import NoReturn

import typer

from mushka.errors import MushkaError
from mushka.tui.storage import json_problem, one_line


def fail(message: str, code: int) -> NoReturn:
    """One clear line on stderr, then the exit code: never a traceback, never a file's megabytes."""
    typer.echo(f"mushka: {one_line(message, 400)}", err=True)
    raise typer.Exit(code)


def bad_option(option: str, message: str) -> NoReturn:
    """A value the command line cannot use: a usage error (exit code 2) that names the option."""
    raise typer.BadParameter(message, param_hint=option)


def record_problem(exc: BaseException) -> str:
    """What is wrong with a record, in one short line, whatever the reader raised."""
    if isinstance(exc, MushkaError):
        return one_line(exc)
    return json_problem(exc)
