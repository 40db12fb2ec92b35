"""The score history: one line per finished session, appended once, read with limits."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from mushka.engine import Session
from mushka.host.storage.files import (
    UNUSABLE,
    cannot_read,
    limited_lines,
    make_private_dir,
    open_private,
    open_regular,
)
from mushka.host.storage.paths import now, scores_path
from mushka.names import names_problem
from mushka.record import dumps, to_record

# ---------------------------------------------------------------- score history


@dataclass(frozen=True)
class ScoreEntry:
    finished: str
    players: tuple[str, ...]
    net: tuple[int, ...]
    record: dict[str, Any] | None  # kept for the latest entry only: the history may be long
    session_id: str | None = None

    @property
    def winner(self) -> str:
        best = max(self.net)
        return " & ".join(p for p, n in zip(self.players, self.net, strict=True) if n == best)


def _entry(data: object) -> ScoreEntry:
    """One history entry, every field checked; ValueError if it is not one."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    finished, players, net, record = (data.get(k) for k in ("finished", "players", "net", "record"))
    session_id = data.get("session")
    if not isinstance(finished, str) or len(finished) > 64:
        raise ValueError("bad date")
    if names_problem(players) is not None:
        raise ValueError("bad players")
    if not (
        isinstance(net, list)
        and len(net) == 4
        and all(isinstance(n, int) and not isinstance(n, bool) and abs(n) < 10**15 for n in net)
    ):
        raise ValueError("bad results")
    if not isinstance(record, dict) or record.get("players") != players:
        raise ValueError("bad record")
    if session_id is not None and not (isinstance(session_id, str) and len(session_id) <= 64):
        raise ValueError("bad session id")
    assert isinstance(players, list)
    return ScoreEntry(finished, tuple(players), tuple(net), record, session_id)


def _read_entries(handle: IO[bytes]) -> Iterator[ScoreEntry | None]:
    """Every line of the history as an entry, or None for a line that is not one."""
    for raw in limited_lines(handle):
        if raw is None:
            yield None
            continue
        if not raw.strip():
            continue
        try:
            yield _entry(json.loads(raw.decode("utf-8")))
        except UNUSABLE:
            yield None


def append_score(session: Session, session_id: str | None = None, path: Path | None = None) -> bool:
    """Add a finished session to the history (one JSON line each), once: an entry with the same
    `session_id` already there (a finish interrupted after this, then resumed) is not repeated.
    Returns whether a line was added."""
    path = path or scores_path()
    make_private_dir(path.parent)
    entry = {
        "finished": now(),
        "session": session_id,
        "players": list(session.players),
        "net": list(session.net),
        "record": to_record(session),
    }
    line = (dumps(entry) + "\n").encode("utf-8")
    with os.fdopen(open_private(path, os.O_RDWR | os.O_APPEND), "r+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # two games finishing at once: whole lines
        if session_id is not None and _has_session(handle, session_id):
            return False
        end = handle.seek(0, os.SEEK_END)
        if end:
            handle.seek(end - 1)
            if handle.read(1) != b"\n":  # a line cut short by a kill: do not glue onto it
                line = b"\n" + line
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())
    return True


def _has_session(handle: IO[bytes], session_id: str) -> bool:
    handle.seek(0)
    needle = session_id.encode("utf-8")
    for raw in limited_lines(handle):
        if raw is not None and needle in raw:
            try:
                data = json.loads(raw.decode("utf-8"))
            except UNUSABLE:
                continue
            if isinstance(data, dict) and data.get("session") == session_id:
                return True
    return False


def read_scores(path: Path | None = None) -> tuple[list[ScoreEntry], int]:
    """Past sessions, oldest first, and how many lines could not be read. The history is streamed
    line by line; only the latest entry keeps its record. FileProblem if it cannot be read."""
    path = path or scores_path()
    if not os.path.lexists(path):
        return [], 0
    fd = open_regular(path)
    entries: list[ScoreEntry] = []
    bad = 0
    with os.fdopen(fd, "rb") as handle:
        try:
            for entry in _read_entries(handle):
                if entry is None:
                    bad += 1
                    continue
                if entries:
                    last = entries[-1]
                    entries[-1] = ScoreEntry(
                        last.finished, last.players, last.net, None, last.session_id
                    )
                entries.append(entry)
        except OSError as exc:
            raise cannot_read(exc) from None
    return entries, bad
