"""Where sessions live on disk: the atomic autosave, saves kept aside, and the score history."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import platformdirs

from mushka.engine import Session
from mushka.errors import MushkaError, RecordError
from mushka.record import dumps, replay, to_record

SAVE_FORMAT: Final = "mushka-save"
SAVE_VERSION: Final = 1


def state_dir() -> Path:
    """Per-user state (the running game's autosave), e.g. ~/.local/state/mushka."""
    return Path(platformdirs.user_state_dir("mushka", appauthor=False))


def data_dir() -> Path:
    """Per-user data (the score history), e.g. ~/.local/share/mushka."""
    return Path(platformdirs.user_data_dir("mushka", appauthor=False))


def save_path() -> Path:
    return state_dir() / "current-game.json"


def scores_path() -> Path:
    return data_dir() / "scores.jsonl"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash leaves either the old file or the new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


class SaveError(MushkaError):
    """A save file that cannot be used; it has been kept aside at `kept`."""

    def __init__(self, message: str, kept: Path | None) -> None:
        super().__init__(message)
        self.kept = kept


@dataclass
class SavedGame:
    """A session in progress and the table's own settings."""

    session: Session
    ui: dict[str, Any] = field(default_factory=dict)


def save_game(session: Session, ui: dict[str, Any], path: Path | None = None) -> None:
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved": now(),
        "ui": ui,
        "record": to_record(session),
    }
    write_atomic(path or save_path(), dumps(data))


def keep_aside(path: Path, why: str) -> Path:
    """Rename a save that will not be used, so nothing is ever lost; returns its new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{why}-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.{why}-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


def load_game(path: Path | None = None) -> SavedGame | None:
    """The saved game, or None if there is none; a broken save is kept aside and SaveError raised."""
    path = path or save_path()
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        kept = keep_aside(path, "corrupt")
        raise SaveError(
            f"the saved game could not be read ({type(exc).__name__}: {exc})", kept
        ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        kept = keep_aside(path, "corrupt")
        raise SaveError("the saved game is not a mushka save file", kept)
    version = data.get("version")
    if not isinstance(version, int) or version > SAVE_VERSION:
        kept = keep_aside(path, "newer")
        raise SaveError(
            f"the saved game was written by a newer mushka (save version {version}); this one reads version {SAVE_VERSION}",
            kept,
        )
    try:
        session = replay(data.get("record"), complete=False)
    except RecordError as exc:
        kept = keep_aside(path, "corrupt")
        raise SaveError(f"the saved game does not replay under the rules ({exc})", kept) from None
    ui = data.get("ui")
    return SavedGame(session, ui if isinstance(ui, dict) else {})


def discard_save(path: Path | None = None) -> None:
    (path or save_path()).unlink(missing_ok=True)


# ---------------------------------------------------------------- score history


@dataclass(frozen=True)
class ScoreEntry:
    finished: str
    players: tuple[str, ...]
    net: tuple[int, ...]
    record: dict[str, Any]

    @property
    def winner(self) -> str:
        best = max(self.net)
        return " & ".join(p for p, n in zip(self.players, self.net, strict=True) if n == best)


def append_score(session: Session, path: Path | None = None) -> None:
    """Add a finished session to the history (one JSON line each)."""
    path = path or scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    entry = {
        "finished": now(),
        "players": list(session.players),
        "net": list(session.net),
        "record": to_record(session),
    }
    with path.open("a", encoding="utf-8") as handle:
        handle.write(dumps(entry) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def read_scores(path: Path | None = None) -> tuple[list[ScoreEntry], int]:
    """Past sessions, oldest first, and how many lines could not be read."""
    path = path or scores_path()
    if not path.exists():
        return [], 0
    entries: list[ScoreEntry] = []
    bad = 0
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            entries.append(
                ScoreEntry(
                    str(data["finished"]),
                    tuple(data["players"]),
                    tuple(int(n) for n in data["net"]),
                    data["record"],
                )
            )
        except (ValueError, KeyError, TypeError):
            bad += 1
    return entries, bad
