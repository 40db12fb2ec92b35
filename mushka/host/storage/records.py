"""Game records on disk: where one goes, written without clobbering another session's, and
kept aside when it cannot be."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from mushka.engine import Session
from mushka.host.storage.files import (
    UNUSABLE,
    FileProblem,
    cannot_read,
    read_text_limited,
    replacing,
    rescue_copy,
    write_atomic,
)
from mushka.i18n import _
from mushka.record import FORMAT, dumps, to_record

# ---------------------------------------------------------------- game records


def record_target(path: Path) -> Path:
    """Where a game record named on the command line will go, checked before any play: a regular
    file that can be created or replaced. A symlink the player named is followed here, once; the
    path returned has none. FileProblem (one line) otherwise; nothing is opened (a FIFO would hang).
    """
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        raise FileProblem(_("the folder {folder} does not exist").format(folder=target.parent))
    _check_record_file(target)
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise FileProblem(
            _("mushka cannot write in the folder {folder}").format(folder=target.parent)
        )
    return target


def _check_record_file(path: Path) -> os.stat_result | None:
    """The file at `path` (None if there is none), which must be a regular file."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise cannot_read(exc) from None
    if stat.S_ISDIR(found.st_mode):
        raise FileProblem(_("{file} is a directory").format(file=path))
    if not stat.S_ISREG(found.st_mode):
        raise FileProblem(
            _("{file} is not a regular file (a link, pipe or device)").format(file=path)
        )
    return found


def record_text(session: Session, session_id: str | None) -> str:
    """A finished game's record as written to a file: it names its session, so that the same
    game finished again (after a resume) may replace it, and nothing else."""
    data = to_record(session)
    if session_id is not None:
        data["session"] = session_id
    return dumps(data) + "\n"


def write_record(path: Path, text: str, session_id: str | None, trusted: bool) -> None:
    """Write a game record to `path` as a new private file (see `write_atomic`).

    `trusted` only for a path the player gave this very process; a path read from a file (a
    save's) is used only where nothing is yet, or where this session's own record is, with no
    symlink anywhere in it: never over another file, never through a link, never a FIFO or
    device. FileProblem (one line) when it may not be written there.
    """
    if not trusted and os.path.realpath(path) != str(path):
        raise FileProblem(
            _("{file} is not a plain path (it goes through a link)").format(file=path)
        )
    found = _check_record_file(path)
    if found is not None and not trusted and not _holds_record_of(path, session_id):
        raise FileProblem(
            _("{file} holds something mushka did not write, and is left as it is").format(file=path)
        )
    write_atomic(path, text, make_folder=False)


def _holds_record_of(path: Path, session_id: str | None) -> bool:
    """Whether `path` holds the record of session `session_id`, as `write_record` wrote it."""
    if session_id is None:
        return False
    try:
        data = json.loads(read_text_limited(path))
    except UNUSABLE:
        return False
    return (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("session") == session_id
    )


@contextlib.contextmanager
def record_stream(path: Path) -> Iterator[IO[str]]:
    """A record file to write line by line (simulate's), checked like `record_target`'s: it
    appears, whole and private, at `path` only once all of it is written."""
    _check_record_file(path)
    with replacing(path) as handle:
        yield handle


def rescue_record(text: str) -> Path | None:
    """A record that could not go where it was asked for, written to another place (data dir,
    home, temp) as a new private file; where it went, or None if nowhere would take it."""
    return rescue_copy("mushka-rescued-record", text)
