"""How this user runs mushka, for hints such as "continue with: mushka resume"."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path


def _shortest(path: str) -> str:
    """`path` relative to the working directory when that is shorter, else absolute."""
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute)
    except ValueError:  # another drive (Windows)
        return absolute
    if not relative.startswith(".."):
        relative = os.path.join(".", relative) if os.sep not in relative else relative
    return relative if len(relative) < len(absolute) else absolute


def program(argv0: str | None = None) -> str:
    """The words that start mushka for this user: `mushka` when that is what the shell finds,
    else the program as it was invoked (README's set-up leaves it at `.venv/bin/mushka`)."""
    invoked = sys.argv[0] if argv0 is None else argv0
    name = Path(invoked).name
    if name == "__main__.py" and Path(invoked).parent.name == "mushka":
        return shlex.join([_shortest(sys.executable), "-m", "mushka"])
    if not name.startswith("mushka"):
        return "mushka"  # run some other way (a test harness): the installed name
    found = shutil.which("mushka")
    if found and (
        os.sep not in invoked
        or os.path.realpath(found) == os.path.realpath(shutil.which(invoked) or invoked)
    ):
        return "mushka"
    return shlex.quote(_shortest(shutil.which(invoked) or invoked))


def command(*words: str) -> str:
    """A mushka command line as this user can type it: command("resume")."""
    return " ".join([program(), *(shlex.quote(w) for w in words)])
