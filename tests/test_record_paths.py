"""Where game records go: a path from the command line is checked before play, a path read back
from a save is never trusted, no file mushka did not create changes its mode, and the save (the
only whole copy of a game) is removed only once the record is safely somewhere."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from fakes import seat
from test_files import NAMES, Scripted
from typer.testing import CliRunner

from mushka import cli
from mushka.host.storage.history import read_scores
from mushka.host.storage.saves import load_game, save_game
from mushka.host.table import resumed, saved_table
from mushka.house_rules import HouseRules
from mushka.study.simulate import play_random_session

runner = CliRunner()
SESSION_ID = "0123abcd"


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail instead of hanging (a FIFO opened for writing waits for a reader forever)."""

    def expired(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError("hung")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def finish_saved(record: Path | str, **ui: Any) -> tuple[int, str]:
    """A save whose finish was cut short, naming `record`, finished the way `resume` does."""
    session = play_random_session(HouseRules(), seed=4, players=tuple(NAMES))
    settings = {"record": str(record), "session": SESSION_ID, **ui}
    save_game(session, settings)
    saved = load_game(check=saved_table)
    assert saved is not None
    terminal = Scripted(saved.session)
    code = seat(resumed(saved), terminal).run()
    return code, terminal.text()


def rescued(home: Path) -> list[Path]:
    return sorted((home / "data" / "mushka").glob("mushka-rescued-record-*.json"))


def save_exists(home: Path) -> bool:
    return (home / "state" / "mushka" / "current-game.json").exists()


# ---------------------------------------------------------------- a save's path is untrusted


def test_a_save_s_record_path_never_overwrites_a_file_mushka_did_not_write(home: Path) -> None:
    notes = home / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    notes.chmod(0o644)
    code, said = finish_saved(notes)
    assert notes.read_text(encoding="utf-8") == "my notes\n" and mode(notes) == 0o644
    assert code == 0 and len(rescued(home)) == 1 and f"{rescued(home)[0]}" in said
    assert json.loads(rescued(home)[0].read_text(encoding="utf-8"))["format"] == "mushka-record"
    assert mode(rescued(home)[0]) == 0o600
    assert not save_exists(home)  # the record is safe elsewhere, so the save may go


def test_a_save_s_record_path_through_a_symlink_is_not_followed(home: Path) -> None:
    notes = home / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    link = home / "record.json"
    link.symlink_to(notes)
    finish_saved(link)
    assert link.is_symlink() and notes.read_text(encoding="utf-8") == "my notes\n"
    folder_link = home / "linked"
    folder_link.symlink_to(home / "home", target_is_directory=True)
    finish_saved(folder_link / "record.json")
    assert not (home / "home" / "record.json").exists() and len(rescued(home)) == 2


def test_a_save_s_record_path_may_replace_the_same_session_s_record(home: Path) -> None:
    record = home / "game.json"
    finish_saved(record)  # the first finish writes it ...
    first = json.loads(record.read_text(encoding="utf-8"))
    assert first["session"] == SESSION_ID and mode(record) == 0o600
    record.write_text(json.dumps({**first, "note": "older"}), encoding="utf-8")
    code, _said = finish_saved(record)  # ... a finish done again (after a kill) replaces it
    assert code == 0 and "note" not in json.loads(record.read_text(encoding="utf-8"))
    other = {**first, "session": "someone-else"}
    record.write_text(json.dumps(other), encoding="utf-8")
    finish_saved(record)  # another session's record is not this game's to replace
    assert json.loads(record.read_text(encoding="utf-8"))["session"] == "someone-else"
    assert len(rescued(home)) == 1


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_no_file_mushka_did_not_create_changes_its_mode(home: Path) -> None:
    device = home / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    device.chmod(0o666)  # whatever the umask
    finish_saved(device)
    result = runner.invoke(cli.app, ["simulate", "-n", "2", "--record", str(device)])
    assert result.exit_code == 2 and "not a regular file" in result.output
    assert stat.S_ISCHR(device.lstat().st_mode) and mode(device) == 0o666


# ---------------------------------------------------------------- the command line is checked first


@pytest.mark.parametrize("kind", ["directory", "fifo", "device", "missing folder"])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_record_path_that_cannot_take_a_record_stops_before_play(
    kind: str, command: str, home: Path
) -> None:
    target = {
        "directory": home / "home",
        "fifo": home / "pipe",
        "device": Path("/dev/full"),
        "missing folder": home / "nowhere" / "game.json",
    }[kind]
    if kind == "fifo":
        os.mkfifo(target)
    args = {
        "play": ["play", "--bots", "4", "--bot-delay", "0", "--seed", "3"],
        "simulate": ["simulate", "-n", "2"],
    }[command]
    with deadline(20):
        result = runner.invoke(cli.app, [*args, "--record", str(target)])
    assert result.exit_code == 2, result.output
    assert "--record" in result.output and "Final score sheet" not in result.output
    assert not save_exists(home)


def test_a_record_path_the_player_names_is_replaced_by_a_new_private_file(home: Path) -> None:
    old = home / "old.json"
    old.write_text("yesterday\n", encoding="utf-8")
    old.chmod(0o644)
    link = home / "link.json"
    link.symlink_to(old)
    result = runner.invoke(
        cli.app,
        [
            "play",
            "--bots",
            "4",
            "--strategy",
            "basic",
            "--bot-delay",
            "0",
            "--seed",
            "3",
            "--deals",
            "1",  # a record is written the same after one deal as after four
            "--record",
            str(link),
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(old.read_text(encoding="utf-8"))["format"] == "mushka-record"
    assert mode(old) == 0o600 and link.is_symlink()  # the player's own link was followed, once
    result = runner.invoke(cli.app, ["simulate", "-n", "3", "--record", str(old)])
    assert result.exit_code == 0 and len(old.read_text(encoding="utf-8").splitlines()) == 3


# ---------------------------------------------------------------- the save goes last


def test_when_the_record_cannot_be_written_anywhere_the_save_is_kept(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr("mushka.host.table.rescue_record", lambda text: None)
        code, said = finish_saved(home / "gone" / "game.json")
    assert code == 1 and "could not be written" in said and save_exists(home)
    code, said = finish_saved(home / "gone" / "game.json")  # resumed later: rescued, counted once
    assert code == 0 and len(rescued(home)) == 1 and not save_exists(home)
    entries, bad = read_scores()
    assert len(entries) == 1 and bad == 0
