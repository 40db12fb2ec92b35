"""The autosave: atomic, private and locked; loaded with every check, kept aside when unusable."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.host.storage.files import (
    UNUSABLE,
    FileProblem,
    json_problem,
    make_private_dir,
    one_line,
    open_private,
    os_reason,
    read_text_limited,
    rescue_copy,
    write_atomic,
)
from mushka.host.storage.paths import lock_path, now, save_path
from mushka.i18n import _, say
from mushka.names import names_problem
from mushka.record import dumps, replay, to_record

SAVE_FORMAT: Final = "mushka-save"
SAVE_VERSION: Final = 1


# ---------------------------------------------------------------- the autosave


class SaveError(MushkaError):
    """A save file that cannot be used; it has been kept aside at `kept` (None if it could not be)."""

    def __init__(self, message: str, kept: Path | None) -> None:
        super().__init__(message)
        self.kept = kept


class GameOpenElsewhere(MushkaError):
    """Another mushka holds the save's lock: the game is open in another terminal."""


class SaveLock:
    """An OS lock (flock) on a file next to the save, held for the whole game: a second `mushka
    play` or `resume` on the same state directory is refused instead of overwriting the first's
    save. The kernel drops the lock when the process ends, however it ends."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or lock_path()
        self.fd: int | None = None

    def acquire(self) -> None:
        """Take the lock; GameOpenElsewhere if another process has it, OSError if it cannot be made."""
        make_private_dir(self.path.parent)
        fd = open_private(self.path, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise GameOpenElsewhere(
                _("the saved game is open in another terminal: finish or quit it there first")
            ) from None
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor drops the lock
            self.fd = None

    def __enter__(self) -> SaveLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


@dataclass
class SavedGame:
    """A session in progress and the table's own settings."""

    session: Session
    ui: dict[str, Any] = field(default_factory=dict)


def save_game(session: Session, ui: dict[str, Any], path: Path | None = None) -> None:
    write_atomic(path or save_path(), dumps(_save_data(session, ui)))


def _save_data(session: Session, ui: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved": now(),
        "ui": ui,
        "record": to_record(session),
    }


def rescue_save(session: Session, ui: dict[str, Any]) -> Path | None:
    """When the save cannot be written: try another place (data dir, home, temp), private still.
    Returns where the game was written, or None if nowhere would take it."""
    return rescue_copy("mushka-rescued-game", dumps(_save_data(session, ui)))


def keep_aside(path: Path, why: str) -> Path:
    """Rename a save that will not be used, so nothing is ever lost; returns its new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{why}-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.stem}.{why}-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


def _unusable(path: Path, why: str, message: str) -> SaveError:
    try:
        kept: Path | None = keep_aside(path, why)
    except OSError as exc:
        kept = None
        message += _("; it could not be kept aside either ({reason})").format(reason=os_reason(exc))
    return SaveError(message, kept)


def load_game(
    path: Path | None = None, check: Callable[[SavedGame], object] | None = None
) -> SavedGame | None:
    """The saved game, or None if there is none; a save that cannot be used, however hostile, is
    kept aside and SaveError raised with one short line. `check` vets the table's part."""
    path = path or save_path()
    if not os.path.lexists(path):
        return None
    try:
        data = json.loads(read_text_limited(path))
    except FileProblem as exc:
        raise _unusable(path, "corrupt", _could_not_read(str(exc))) from None
    except UNUSABLE as exc:
        raise _unusable(path, "corrupt", _could_not_read(json_problem(exc))) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise _unusable(path, "corrupt", _("the saved game is not a mushka save file"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > SAVE_VERSION:
        shown = one_line(repr(version), 20)
        raise _unusable(
            path,
            "newer",
            _(
                "the saved game was written by a newer mushka (save version {version}); "
                "this one reads version {supported}"
            ).format(version=shown, supported=SAVE_VERSION),
        )
    record = data.get("record")
    problem = names_problem(record.get("players") if isinstance(record, dict) else None)
    if problem is not None and isinstance(record, dict) and "players" in record:
        raise _unusable(
            path,
            "corrupt",
            _("the saved game's players are not valid: {problem}").format(problem=say(problem)),
        )
    try:
        session = replay(record, complete=False)
    except UNUSABLE as exc:
        raise _unusable(
            path,
            "corrupt",
            _("the saved game does not replay under the rules ({problem})").format(
                problem=one_line(exc)
            ),
        ) from None
    ui = data.get("ui", {})
    if not isinstance(ui, dict):
        raise _unusable(path, "corrupt", _("the saved game's table settings are not an object"))
    saved = SavedGame(session, ui)
    if check is not None:
        try:
            check(saved)
        except UNUSABLE as exc:
            raise _unusable(
                path,
                "corrupt",
                _("the saved game's table settings are not valid: {problem}").format(
                    problem=one_line(exc)
                ),
            ) from None
    return saved


def _could_not_read(problem: str) -> str:
    return _("the saved game could not be read ({problem})").format(problem=problem)


def discard_save(path: Path | None = None) -> None:
    (path or save_path()).unlink(missing_ok=True)
