"""Where sessions live on disk: the folders, the save, its lock, the crash log, the history."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import platformdirs


def state_dir() -> Path:
    """Per-user state (the running game's autosave), e.g. ~/.local/state/mushka."""
    return Path(platformdirs.user_state_dir("mushka", appauthor=False))


def data_dir() -> Path:
    """Per-user data (the score history), e.g. ~/.local/share/mushka."""
    return Path(platformdirs.user_data_dir("mushka", appauthor=False))


def save_path() -> Path:
    return state_dir() / "current-game.json"


def lock_path() -> Path:
    return state_dir() / "current-game.lock"


def crash_log_path() -> Path:
    return state_dir() / "crash.log"


def scores_path() -> Path:
    return data_dir() / "scores.jsonl"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
