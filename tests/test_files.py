"""Files the game writes: private modes, saves that cannot be written, finishing once, the lock."""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fakes
import pytest
from fakes import FakeTerminal, player
from typer.testing import CliRunner

from mushka import cli
from mushka.commands import play as play_command
from mushka.engine import Session
from mushka.host.settings import TableSettings
from mushka.host.storage.history import read_scores
from mushka.host.storage.paths import save_path
from mushka.host.storage.saves import SaveLock, keep_aside, load_game, save_game
from mushka.host.table import resumed
from mushka.record import to_record
from mushka.tui.hotseat import HotSeat

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
PLAYERS = [arg for name in NAMES for arg in ("--player", name)]
runner = CliRunner()


def Scripted(  # reads as the terminal it makes
    session: Session, quit_after: int | None = None, fail_after: int | None = None
) -> FakeTerminal:
    """A terminal whose player answers with random legal moves; may quit (q) or fail."""
    return FakeTerminal(player(5, quit_after, fail_after), width=120, height=40, kept_width=400)


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """A umask that hides nothing: the game's own modes must make its files private."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def table(session: Session, terminal: FakeTerminal, **settings: Any) -> HotSeat:
    """A table saved to the per-user state directory, as `mushka play` sets one."""
    return fakes.table(session, terminal, TableSettings(**settings), saved=True)


# ---------------------------------------------------------------- 1. files are private


@pytest.mark.slow  # plays whole games
def test_every_file_the_game_writes_is_0600_and_its_folders_0700(
    home: Path, loose_umask: None
) -> None:
    state, data = home / "state" / "mushka", home / "data" / "mushka"
    session = Session(NAMES, seed=3)
    record = home / "game.json"
    save_game(session, {})
    assert table(session, Scripted(session), record_path=str(record)).run() == 0
    assert mode(record) == 0o600  # a record holds every hand
    assert mode(data / "scores.jsonl") == 0o600 and mode(data) == 0o700
    assert mode(home / "data") == 0o700  # the game created it, so the game chose its mode

    quitter = Session(NAMES, seed=4)
    assert table(quitter, Scripted(quitter, quit_after=3)).run() == 0
    assert mode(state / "current-game.json") == 0o600 and mode(state) == 0o700
    kept = keep_aside(state / "current-game.json", "abandoned")
    assert mode(kept) == 0o600

    crasher = Session(NAMES, seed=5)
    assert table(crasher, Scripted(crasher, fail_after=2)).run() == 1
    assert mode(state / "crash.log") == 0o600

    with SaveLock():
        assert mode(state / "current-game.lock") == 0o600


def test_a_file_left_readable_by_an_older_version_is_made_private(
    home: Path, loose_umask: None
) -> None:
    crash = home / "state" / "mushka" / "crash.log"
    crash.parent.mkdir(parents=True)
    crash.write_text("old\n", encoding="utf-8")
    crash.chmod(0o644)
    session = Session(NAMES, seed=5)
    assert table(session, Scripted(session, fail_after=1)).run() == 1
    assert mode(crash) == 0o600


def test_simulate_records_are_private(tmp_path: Path, loose_umask: None) -> None:
    out = tmp_path / "runs.jsonl"
    result = runner.invoke(cli.app, ["simulate", "-n", "2", "--record", str(out)])
    assert result.exit_code == 0 and mode(out) == 0o600


# ---------------------------------------------------------------- 3. saves that cannot be written


def no_space(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture
def as_if_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_command, "require_terminal", lambda: None)


def test_a_state_folder_that_is_a_file_is_said_before_play_starts(
    home: Path, as_if_at_a_terminal: None
) -> None:
    (home / "state").write_text("not a folder", encoding="utf-8")
    result = runner.invoke(cli.app, ["play", *PLAYERS])
    assert result.exit_code == 1
    assert (
        result.stderr.startswith("mushka: cannot save to ") and "not a directory" in result.stderr
    )
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert "Pass the terminal" not in result.output


def test_a_full_disk_is_said_before_play_starts(
    home: Path, as_if_at_a_terminal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", no_space)
    result = runner.invoke(cli.app, ["play", *PLAYERS])
    assert result.exit_code == 1
    assert "cannot save to" in result.stderr and "no space left on device" in result.stderr
    assert "Traceback" not in result.output and "Pass the terminal" not in result.output


def test_resume_on_a_full_disk_says_so_before_play_starts(
    home: Path, as_if_at_a_terminal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_game(Session(NAMES, seed=2), TableSettings().to_json())
    monkeypatch.setattr(os, "fsync", no_space)
    result = runner.invoke(cli.app, ["resume"])
    assert result.exit_code == 1 and "no space left on device" in result.stderr
    assert "Resuming" not in result.output


def failing_saves(monkeypatch: pytest.MonkeyPatch, works: set[int]) -> list[int]:
    """Make the autosave fail (disk full) except on the calls numbered in `works` (from 1)."""
    calls: list[int] = []
    real = save_game

    def save(session: Session, ui: dict[str, Any], path: Path | None = None) -> None:
        calls.append(len(calls) + 1)
        if len(calls) not in works:
            no_space()
        real(session, ui, path)

    monkeypatch.setattr("mushka.host.table.save_game", save)
    return calls


def test_mid_game_a_failed_save_is_never_claimed_and_the_game_is_rescued(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session(NAMES, seed=8)
    save_game(session, {})
    failing_saves(
        monkeypatch, works={1, 2, 3}
    )  # moves 4 on (one the table makes), and the last try at quitting, fail
    terminal = Scripted(session, quit_after=6)
    assert table(session, terminal).run() == 1
    text = terminal.text()
    assert "Game saved after the last move" not in text
    assert "could not be saved" in text and "no space left on device" in text  # said at once
    assert "could NOT be saved" in text and "the last 4 moves are not in that save" in text
    rescued = next((home / "data" / "mushka").glob("mushka-rescued-game-*.json"))
    assert mode(rescued) == 0o600
    saved = json.loads(rescued.read_text(encoding="utf-8"))
    assert saved["record"] == to_record(session) and str(rescued) in text


def test_a_save_that_works_again_loses_nothing_and_says_so(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session(NAMES, seed=8)
    failing_saves(monkeypatch, works={1, 2, 5, 6, 7, 8, 9, 10})
    terminal = Scripted(session, quit_after=6)
    assert table(session, terminal).run() == 0
    text = terminal.text()
    assert "could not be saved" in text and "saved again" in text
    assert "Game saved after the last move" in text
    saved = json.loads((home / "state" / "mushka" / "current-game.json").read_text("utf-8"))
    assert saved["record"] == to_record(session)


def test_a_crash_never_points_at_a_log_that_could_not_be_written(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (home / "blocker").write_text("a file", encoding="utf-8")
    monkeypatch.setattr("mushka.host.table.crash_log_path", lambda: home / "blocker" / "crash.log")
    session = Session(NAMES, seed=8)
    terminal = Scripted(session, fail_after=4)
    assert table(session, terminal).run() == 1
    text = terminal.text()
    assert "unexpected error" in text and "crash.log" not in text
    assert "could not be written" in text and "Game saved after the last move" in text


def test_a_crash_after_a_failed_save_does_not_claim_the_save(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session(NAMES, seed=8)
    failing_saves(monkeypatch, works={1, 2})
    terminal = Scripted(session, fail_after=4)
    assert table(session, terminal).run() == 1
    text = terminal.text()
    assert "unexpected error" in text and "Game saved after the last move" not in text
    assert "the last 3 moves are not in that save" in text


# ---------------------------------------------------------------- 5. finishing counts once


class Killed(BaseException):
    """Stands for SIGKILL: nothing after it runs, not even `finally` blocks of ours that matter."""


def kill(*args: object, **kwargs: object) -> None:
    raise Killed


def history(home: Path) -> list[str]:
    path = home / "data" / "mushka" / "scores.jsonl"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def resume(home: Path) -> None:
    saved = load_game()
    assert saved is not None and saved.session.is_over
    session = saved.session
    terminal = Scripted(session)
    assert fakes.seat(resumed(saved), terminal).run() == 0
    assert "Final score sheet" in terminal.text()


@pytest.mark.slow  # plays whole games
@pytest.mark.parametrize("kill_point", ["append_score", "discard_save"])
def test_a_kill_while_finishing_then_resume_records_the_session_once(
    kill_point: str, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session(NAMES, seed=12)
    save_game(session, {})
    with monkeypatch.context() as patch:
        if kill_point == "append_score":
            patch.setattr("mushka.host.table.append_score", kill)
        else:
            patch.setattr("mushka.host.table.discard_save", kill)
        with pytest.raises(Killed):
            table(session, Scripted(session)).run()
    assert (home / "state" / "mushka" / "current-game.json").exists()
    resume(home)
    lines = history(home)
    assert len(lines) == 1 and json.loads(lines[0])["record"] == to_record(session)
    assert not (home / "state" / "mushka" / "current-game.json").exists()
    entries, bad = read_scores()
    assert len(entries) == 1 and bad == 0


@pytest.mark.slow  # plays whole games
def test_a_kill_in_the_middle_of_writing_the_history_line_loses_no_other_line(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Session(NAMES, seed=13)
    assert table(first, Scripted(first)).run() == 0
    path = home / "data" / "mushka" / "scores.jsonl"
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"finished": "2026-01-01T00:00:00+00:00", "session": "ab')  # cut short
    second = Session(NAMES, seed=14)
    assert table(second, Scripted(second)).run() == 0
    entries, bad = read_scores()
    assert len(entries) == 2 and bad == 1
    assert entries[-1].record == to_record(second)


# ---------------------------------------------------------------- 4. the lock, in one process


def test_a_second_table_on_the_same_save_is_turned_away(
    home: Path, as_if_at_a_terminal: None
) -> None:
    save = home / "state" / "mushka" / "current-game.json"
    save_game(Session(NAMES, seed=2), TableSettings().to_json())
    before = save.read_bytes()
    with SaveLock():  # another mushka holds the game
        for args in (["resume"], ["play", "--resume"], ["play", "--player", "Anna"]):
            result = runner.invoke(cli.app, args, input="n\n")
            assert result.exit_code == 1, args
            assert "open in another terminal" in result.stderr
            assert "Resume it?" not in result.output and "abandon" not in result.output
    assert save.read_bytes() == before and not list(save.parent.glob("*.abandoned-*"))


# ---------------------------------------------------------------- 7. small bugs


def test_named_players_never_become_computers() -> None:
    result = runner.invoke(
        cli.app, ["play", "--player", "Anna", "--player", "Boris", "--bots", "3"]
    )
    assert result.exit_code == 2
    text = " ".join(result.output.replace("│", "").split())
    assert "2 players were named" in text and "leave 1 seat for people" in text
    result = runner.invoke(cli.app, ["play", "--player", "Anna", "--bot", "1"])
    assert result.exit_code == 2
    text = " ".join(result.output.replace("│", "").split())
    assert "Anna would sit in seat 1, which is a computer's" in text


@pytest.mark.parametrize("seat", ["²", "①", "٣", "₃", "１"])
def test_a_bot_seat_must_be_an_ascii_digit(seat: str) -> None:
    result = runner.invoke(cli.app, ["play", "--bot", seat, "--bots", "0"])
    assert result.exit_code == 2 and "must be a number from 1 to 4" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("stake", ["１５", "٣", "1²"])
def test_a_stake_must_be_ascii_digits(stake: str) -> None:
    result = runner.invoke(cli.app, ["simulate", "-n", "1", "--stake", stake])
    assert result.exit_code == 2 and "give a whole number" in result.output


@pytest.mark.slow  # plays whole games
def test_a_symlink_planted_for_the_game_s_own_files_is_not_written_through(home: Path) -> None:
    victim = home / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    state, data = home / "state" / "mushka", home / "data" / "mushka"
    state.mkdir(parents=True)
    data.mkdir(parents=True)
    (state / "crash.log").symlink_to(victim)
    (data / "scores.jsonl").symlink_to(victim)
    crasher = Session(NAMES, seed=5)
    terminal = Scripted(crasher, fail_after=1)
    assert table(crasher, terminal).run() == 1
    assert "could not be written" in terminal.text()
    finished = Session(NAMES, seed=6)
    terminal = Scripted(finished)
    assert table(finished, terminal).run() == 1  # the history could not be written: said, not lost
    assert "score history could not be written" in terminal.text()
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert load_game() is not None  # the finished game stays saved for a later resume


# ---------------------------------------------------------------- the log survives a resume


def test_the_resumed_log_is_the_uninterrupted_one_coach_and_take_back_lines_included(
    home: Path,
) -> None:
    from fakes import player

    from mushka.host.table import resumed

    typed = iter(["h", "", "1"])  # ask the coach, back, then a move

    inner = player(5, quit_after=4)
    took_back = False

    def answer(prompt: str, terminal: FakeTerminal) -> str:
        nonlocal took_back
        if prompt.startswith("Your move ["):
            nxt = next(typed, None)
            if nxt is not None:
                return nxt
        if prompt == "" and not took_back and terminal.host is not None:
            offer = terminal.host.take_back_offer()
            if offer is not None and offer.refusal is None:
                took_back = True
                return "u"
        return inner(prompt, terminal)

    session = Session(NAMES, seed=5)
    terminal = FakeTerminal(answer, width=120, height=40)
    first = fakes.table(session, terminal, TableSettings(hints=True, undo=True), saved=True)
    assert first.run() == 0 and took_back
    before = log_text(first.host)
    assert "asked the coach." in before and "takes back" in before
    saved = load_game(check=fakes.saved_table)
    assert saved is not None
    assert log_text(resumed(saved)) == before


def test_a_save_written_by_mushka_0_1_resumes(home: Path) -> None:
    """tests/data/save-0.1.json was written by the version before the table host (its table
    settings have no public log): it resumes as it stood, with its house rules and computer
    player, and saves again in today's form."""
    import shutil

    from mushka.host.table import resumed

    state = home / "state" / "mushka"
    state.mkdir(parents=True)
    shutil.copy(Path(__file__).with_name("data") / "save-0.1.json", state / "current-game.json")
    saved = load_game(check=fakes.saved_table)
    assert saved is not None and saved.session.players == ("Anna", "Boris", "Vera", "Gleb")
    host = resumed(saved)
    assert (host.settings.undo, host.settings.hints, host.settings.bots) == (
        True,
        True,
        {3: "basic"},
    )
    assert host.log().notes == [] and host.pending() is not None
    host.save_now()
    again = json.loads((state / "current-game.json").read_text(encoding="utf-8"))
    assert again["ui"]["log"] == {"notes": [], "forced": {}}
    assert (
        again["record"]
        == json.loads(
            (Path(__file__).with_name("data") / "save-0.1.json").read_text(encoding="utf-8")
        )["record"]
    )


@pytest.mark.parametrize("moves", [1, 3, 6])
def test_a_game_saved_just_after_a_take_back_resumes_with_the_note_in_place(
    home: Path, moves: int
) -> None:
    """The take-back's note stands after the events left once the move went back: a save made
    before the next move (Ctrl-C, a closed terminal or q on the handoff) resumes, and its log is
    the uninterrupted one."""
    import random

    from mushka.host.table import TableHost, saved_table

    host = TableHost(Session(NAMES, seed=5), TableSettings(undo=True))
    host.begin()
    choose = random.Random(moves).choice
    for _ in range(moves):
        turn = host.pending()
        assert turn is not None
        host.submit(turn.seat, choose(turn.view.legal_actions))
    offer = host.take_back_offer()
    assert offer is not None and offer.refusal is None
    host.take_back()
    note = host.log().notes[-1]
    assert note.at == len(host.public_events()[note.deal])  # not after the events taken back
    saved = load_game(check=saved_table)
    assert saved is not None  # neither refused nor set aside as corrupt
    again = resumed(saved)
    assert again.log().notes == host.log().notes
    assert "takes back" in log_text(host) and log_text(again) == log_text(host)


def log_text(host: Any) -> str:
    """The public log of `host` as its scrollback would hold it."""
    import io

    from rich.console import Console

    from mushka.render.look import Look
    from mushka.render.public_log import log_entries

    console = Console(file=io.StringIO(), width=200, record=True, color_system=None)
    for entry in log_entries(host, Look()):
        console.print(entry)
    return console.export_text()


def test_a_take_back_noted_past_its_deal_still_resumes(home: Path) -> None:
    """A save from the table that noted a take-back after the events it took back (the audit's
    `"at": 5` in a deal of 4 events) resumes, its note at the deal's end."""
    from mushka.host.table import TableHost, saved_table

    host = TableHost(Session(NAMES, seed=5), TableSettings(undo=True))
    host.begin()
    turn = host.pending()
    assert turn is not None
    host.submit(turn.seat, turn.view.legal_actions[0])
    host.take_back()
    path = save_path()
    data = json.loads(path.read_text("utf-8"))
    note = data["ui"]["log"]["notes"][-1]
    events = len(host.public_events()[0])
    assert note["at"] == events
    note["at"] = events + 1  # as the old table wrote it
    path.write_text(json.dumps(data), "utf-8")
    saved = load_game(check=saved_table)
    assert saved is not None
    assert resumed(saved).log().notes[-1].at == events


def test_a_take_back_also_takes_back_the_table_s_forced_passes_that_followed(home: Path) -> None:
    """A move the table answered with a forced pass (the next seat had no choice), then taken
    back: the pass goes from the log with it, so the save resumes and the log names no move of
    the table that is not in the game."""
    import random

    from mushka.host.table import TableHost, saved_table

    found = 0
    for seed in range(12):
        host = TableHost(Session(NAMES, seed=seed), TableSettings(undo=True))
        host.begin()
        choose = random.Random(seed).choice
        while (turn := host.pending()) is not None and not found:
            outcome = host.submit(turn.seat, choose(turn.view.legal_actions))
            offer = host.take_back_offer()
            if outcome.forced and offer is not None and offer.refusal is None:
                host.take_back()
                found += 1
                deals = [len(events) for events in host.public_events()]
                for deal, moves in host.log().forced.items():
                    assert all(index < deals[deal] for index in moves)
                saved = load_game(check=saved_table)
                assert saved is not None
                assert log_text(resumed(saved)) == log_text(host)
        if found:
            break
    assert found, "no seed gave a forced pass after a move that may be taken back"
