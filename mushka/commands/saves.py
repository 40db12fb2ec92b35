"""The save of a game at the table: its lock held for the whole game, the saved game read back or
a clear refusal, and the first save that says at once whether saving works."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from mushka.commands.exits import fail
from mushka.host.storage.files import os_reason
from mushka.host.storage.paths import save_path
from mushka.host.storage.saves import GameOpenElsewhere, SavedGame, SaveError, SaveLock, load_game
from mushka.host.table import TableHost, saved_table
from mushka.i18n import _, say
from mushka.present.command import command


def first_save(host: TableHost) -> None:
    """Save before the first move, so that a save that cannot be written is said before play starts."""
    try:
        host.save_now()
    except OSError as exc:
        fail(cannot_save(exc), 1)


@contextlib.contextmanager
def save_lock() -> Iterator[None]:
    """Hold the save's lock for the whole game; a second mushka on the same save is turned away."""
    lock = SaveLock()
    try:
        lock.acquire()
    except GameOpenElsewhere:
        fail(
            _(
                "a game is already open in another terminal (its save is {file}). "
                "Finish it or quit it (q) there first."
            ).format(file=save_path()),
            1,
        )
    except OSError as exc:
        fail(cannot_save(exc), 1)
    try:
        yield
    finally:
        lock.release()


def saved_or_fail() -> SavedGame:
    try:
        saved = load_game(check=saved_table)
    except SaveError as exc:
        then = _(" Start a new game with: {command}") if exc.kept is not None else ""
        fail(kept_words(exc) + then.format(command=command("play")), 1)
    if saved is None:
        fail(
            _("there is no saved game. Start one with: {command}").format(command=command("play")),
            1,
        )
    return saved


def describe_save(saved: SavedGame) -> str:
    session = saved.session
    return _("deal {n} of {deals}: {players}").format(
        n=session.deal_index + 1, deals=session.rules.deals, players=", ".join(session.players)
    )


def kept_words(exc: SaveError) -> str:
    if exc.kept is None:
        return f"{say(exc)}."
    return _("{problem}; it was kept, unchanged, as {file}.").format(
        problem=say(exc), file=exc.kept
    )


def cannot_save(exc: OSError) -> str:
    return _("cannot save to {file}: {reason}").format(file=save_path(), reason=os_reason(exc))
