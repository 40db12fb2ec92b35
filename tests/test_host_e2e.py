"""End to end: the installed `mushka host` and the real OpenSSH client (`ssh -tt` under pexpect)
on 127.0.0.1: join with the code, play on two seats, the lock against a second table, a seat
that leaves and comes back, Ctrl-C on the host (saved), and `mushka host --resume`; and four
people playing a whole session with ssh alone."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from drivers import saved_session

from mushka.actions import PASS

if TYPE_CHECKING:  # at run time pexpect is imported by importorskip below, or the module skipped
    from pexpect import spawn as Child

pexpect = pytest.importorskip("pexpect")

MUSHKA = Path(sys.executable).with_name("mushka")
CODE = "mhk-e2e-ttt"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client (ssh)"),
    pytest.mark.skipif(not MUSHKA.exists(), reason="needs the installed mushka"),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def environment(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
        "COLUMNS": "100",
        "LINES": "30",
    }


def host(home: Path, port: int, *extra: str) -> Child:
    args = ["host", "--port", str(port), "--bind", "127.0.0.1", "--code", CODE, *extra]
    child = pexpect.spawn(
        str(MUSHKA), args, env=environment(home), dimensions=(30, 100), encoding="utf-8", timeout=30
    )
    child.expect("Players join with:")
    child.expect(r"SHA256:\S+")
    return child


def seat(home: Path, port: int, name: str, rows: int = 24, cols: int = 80) -> Child:
    args = [
        "-tt",
        "-p",
        str(port),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        f"UserKnownHostsFile={home / 'known_hosts'}",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "PubkeyAuthentication=no",
        "-F",
        "/dev/null",
        f"{name}@127.0.0.1",
    ]
    child = pexpect.spawn(
        "ssh", args, env=environment(home), dimensions=(rows, cols), encoding="utf-8", timeout=30
    )
    child.expect("[Pp]assword")
    child.sendline(CODE)
    return child


def save_events(home: Path) -> int:
    save = json.loads((home / "state" / "mushka" / "current-game.json").read_text("utf-8"))
    return sum(len(deal["events"]) for deal in save["record"]["deals"])


class Screen:
    """What an ssh client's terminal shows: its output fed to a pyte screen of its size."""

    def __init__(self, child: Child, rows: int, cols: int) -> None:
        import pyte

        self.child = child
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)

    def text(self, wait: float = 0.3) -> str:
        """The screen after reading whatever arrived within `wait` seconds."""
        deadline = time.monotonic() + wait
        while True:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                if time.monotonic() >= deadline:
                    break
            except pexpect.EOF:
                break
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, pattern: str, seconds: float = 30) -> re.Match[str]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = re.search(pattern, self.text(0.2))
            if found:
                return found
        raise AssertionError(f"{pattern!r} never showed:\n{self.text(0)}")


def answer(screen: Screen, shown: str, home: Path, name: str) -> bool:
    """If `shown` (the screen's text) ends on `name`'s prompt, answer it with the first legal move
    (a card rather than a pass) of the game in the host's save (which holds every move a seat was shown), typed as its code."""
    if re.search(r"\[[^\]]*\]: *$", shown, re.MULTILINE) is None:
        return False
    session = saved_session(home)
    if session.to_act is None or session.players[session.to_act] != name:
        return False
    legal = session.legal_actions()
    move = next((a for a in legal if a is not PASS), legal[0]).code  # a card where there is one
    screen.child.sendline(move)
    if move == "pass" and "Pass anyway" in screen.text(1.0):
        screen.child.sendline("y")
    return True


def play_some(seats: dict[str, Screen], home: Path, moves: int) -> None:
    """Answer whichever seat is asked for a move, with the first legal move."""
    made = 0
    deadline = time.monotonic() + 120
    while made < moves and time.monotonic() < deadline:
        for name, screen in seats.items():
            if answer(screen, screen.text(0.2), home, name):
                made += 1
                screen.text(1.0)  # the move's redraw, before the next look
    assert made >= moves, "the seats were not asked for moves"


def test_two_people_play_at_mushka_host_with_plain_ssh_and_resume_after_ctrl_c(
    tmp_path: Path,
) -> None:
    port = free_port()
    table = host(tmp_path, port, "--bots", "2", "--bot-delay", "0", "--seed", "7")
    anna = seat(tmp_path, port, "Anna")
    boris = seat(tmp_path, port, "Boris", rows=16, cols=40)
    annas, boriss = Screen(anna, 24, 80), Screen(boris, 16, 40)
    annas.wait_for("Everyone is here")
    # a second table on the same save is refused while this one runs
    second = subprocess.run(
        [str(MUSHKA), "resume"],
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert second.returncode == 1 and "another terminal" in second.stderr
    play_some({"Anna": annas, "Boris": boriss}, tmp_path, 4)
    moved = save_events(tmp_path)
    assert moved > 0
    assert "your hand" in annas.text(0) and "Boris, your hand" not in annas.text(0)
    # Boris leaves (q, asked first); Anna's screen says so; he comes back by name
    boris.sendline("q")
    boriss.wait_for("Leave the table")
    boris.sendline("y")
    boris.expect(pexpect.EOF)
    annas.wait_for("Boris is away")
    boris = seat(tmp_path, port, "Boris", rows=16, cols=40)
    annas.wait_for(r"Boris is back \(from 127\.0\.0\.1\)")
    # Ctrl-C on the host stops the table for everyone, saved
    table.kill(signal.SIGINT)
    table.expect("Continue it with:")
    table.expect(pexpect.EOF)
    assert re.search(r"mushka host --resume\s*$", ANSI.sub("", table.before))  # as typed, unquoted
    table.close()
    assert table.exitstatus == 0 and save_events(tmp_path) >= moved
    for child in (anna, boris):  # each seat is told, on its own terminal's screen
        # wrapped at word boundaries to the seat's width (Boris's is 40 columns)
        child.expect(r"The host stopped the table\.\s+Join again\s+when the host continues it\.")
        child.expect(pexpect.EOF)
    # and `mushka host --resume` continues it: the seats rejoin by name
    again = host(tmp_path, port, "--resume")
    anna = seat(tmp_path, port, "Anna")
    stranger = seat(tmp_path, port, "Vera")
    stranger.expect("join as one of them")
    stranger.expect(pexpect.EOF)
    boris = seat(tmp_path, port, "Boris")
    assert "Anna, your hand" in Screen(anna, 24, 80).wait_for("Anna, your hand").string
    again.kill(signal.SIGTERM)
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0
    time.sleep(0.1)


def test_four_people_play_a_whole_session_at_mushka_host_with_ssh_alone(tmp_path: Path) -> None:
    """No computer player and no handoff: four OpenSSH seats of four sizes play a seeded one-deal
    session to its final sheet, each seeing only his own hand; the host writes the record and the
    history, removes the save and exits 0."""
    names = ("Anna", "Boris", "Vera", "Gleb")
    sizes = ((24, 80), (16, 40), (30, 100), (20, 60))
    record = tmp_path / "evening.json"
    port = free_port()
    reserved = [word for name in names for word in ("--player", name)]
    table = host(tmp_path, port, *reserved, "--deals", "1", "--seed", "7", "--record", str(record))
    seats = {
        name: Screen(seat(tmp_path, port, name, *size), *size)
        for name, size in zip(names, sizes, strict=True)
    }
    public = ""  # everything the host's own terminal showed: the public table
    moves, deadline = 0, time.monotonic() + 240
    while table.isalive() and time.monotonic() < deadline:
        with contextlib.suppress(pexpect.TIMEOUT, pexpect.EOF):
            public += table.read_nonblocking(65536, timeout=0.05)
        for name, screen in seats.items():
            shown = screen.text(0.05)
            others = [f"{other}, your hand" for other in names if other != name]
            assert not any(words in shown for words in others), shown
            assert "Pass the terminal" not in shown  # no handoff screens at a network table
            if answer(screen, shown, tmp_path, name):
                moves += 1
                screen.text(0.3)
    public += table.read()  # the rest of the host's output, to its end
    table.close()
    assert table.exitstatus == 0, public[-2000:]
    assert moves >= 10
    for screen in seats.values():
        assert "Final score sheet" in ANSI.sub("", screen.child.before or "") + screen.text(0.5)
    assert "your hand" not in ANSI.sub("", public)
    assert "Final score sheet" in ANSI.sub("", public)
    written = json.loads(record.read_text("utf-8"))
    assert len(written["deals"]) == 1 and list(written["players"]) == list(names)
    assert not (tmp_path / "state" / "mushka" / "current-game.json").exists()
    history = (tmp_path / "data" / "mushka" / "scores.jsonl").read_text("utf-8").splitlines()
    assert len(history) == 1


def test_the_host_s_public_screen_is_drawn_again_when_its_terminal_is_resized(
    tmp_path: Path,
) -> None:
    table = host(tmp_path, free_port())
    table.expect("table fills up")  # the first frame of the public screen
    with contextlib.suppress(pexpect.TIMEOUT):
        table.read_nonblocking(65536, timeout=0.5)  # the rest of it: the screen is quiet now
    table.setwinsize(24, 80)  # the kernel tells the host with SIGWINCH
    table.expect(r"\x1b\[H\x1b\[2J", timeout=5)  # a new frame, though nothing happened at the table
    table.expect("table fills up")
    table.kill(signal.SIGTERM)
    table.expect(pexpect.EOF)
    table.close()
    assert table.exitstatus == 0


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_the_thinking_processes_end_with_a_host_killed_outright(tmp_path: Path) -> None:
    """Killed from a shell that stays (as in a tmux window): no hang-up reaches the workers, which
    must notice by themselves that their table is gone."""
    port = free_port()
    args = ["host", "--port", str(port), "--bind", "127.0.0.1", "--code", CODE]
    args += ["--player", "Anna", "--bots", "3", "--bot-delay", "0", "--seed", "7"]  # Bot 4 leads
    shell = pexpect.spawn(
        "sh",
        ["-c", '"$@"; sleep 60', "sh", str(MUSHKA), *args],
        env=environment(tmp_path),
        dimensions=(30, 100),
        encoding="utf-8",
        timeout=30,
    )
    shell.expect(r"SHA256:\S+")
    anna = Screen(seat(tmp_path, port, "Anna"), 24, 80)
    anna.wait_for("Anna, your hand")
    (table,) = children(shell.pid)

    def thinkers() -> set[int]:  # the pool's workers, not multiprocessing's resource tracker
        found = set()
        for pid in children(table):
            with contextlib.suppress(OSError):
                if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.add(pid)
        return found

    deadline = time.monotonic() + 20
    while not thinkers() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert thinkers(), "no worker process was started (Bot 4 leads the first trick)"
    workers = children(table)  # the workers and the resource tracker: all must go
    os.kill(table, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not left, "worker processes outlived their table"
    anna.child.close()
    shell.close(force=True)


def key_seat(home: Path, port: int, name: str, key: Path, log: str = "ERROR") -> Child:
    """`ssh` with one key and no password at all, as `--authorized-keys` players join (`log`:
    ssh's LogLevel; INFO shows the server's banners)."""
    args = [
        "-tt", "-p", str(port), "-F", "/dev/null", "-i", str(key),
        "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
        "-o", "PasswordAuthentication=no", "-o", "KbdInteractiveAuthentication=no",
        "-o", "StrictHostKeyChecking=no", "-o", f"UserKnownHostsFile={home / 'known_hosts'}",
        "-o", f"LogLevel={log}", f"{name}@127.0.0.1",
    ]  # fmt: skip
    return pexpect.spawn(
        "ssh", args, env=environment(home), dimensions=(24, 80), encoding="utf-8", timeout=30
    )


def test_authorized_keys_mode_with_real_ssh_each_key_as_its_name_the_first_key_kept(
    tmp_path: Path,
) -> None:
    """`mushka host --authorized-keys FILE` end to end (issue 27): no code is asked; a key joins
    only as the name in its comment; a key not in the file and a listed key of another name are
    refused; the first key a name logs in with proves that seat, so another key listed for the
    same name cannot take it back, and the first one can."""
    keys = {}
    for label in ("anna", "anna-phone", "boris", "stranger"):
        keys[label] = tmp_path / label
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", label, "-f", str(keys[label])],
            check=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )

    def listed(label: str, name: str) -> str:
        kind, blob = (tmp_path / f"{label}.pub").read_text().split()[:2]
        return f"{kind} {blob} {name}\n"

    authorized = tmp_path / "players"
    authorized.write_text(
        listed("anna", "Anna") + listed("anna-phone", "Anna") + listed("boris", "Boris")
    )
    port = free_port()
    args = ["host", "--port", str(port), "--bind", "127.0.0.1", "--authorized-keys",
            str(authorized), "--bots", "2", "--bot-delay", "0", "--seed", "7"]  # fmt: skip
    table = pexpect.spawn(
        str(MUSHKA), args, env=environment(tmp_path), dimensions=(30, 100), encoding="utf-8",
        timeout=30,
    )  # fmt: skip
    table.expect("Only the keys in the authorized keys file may join")
    try:
        anna = key_seat(tmp_path, port, "Anna", keys["anna"])
        annas = Screen(anna, 24, 80)
        annas.wait_for("Mushka-kopilka: the table fills up")
        for name, label in (("Anna", "stranger"), ("Boris", "anna"), ("Gleb", "boris")):
            refused = key_seat(tmp_path, port, name, keys[label])
            refused.expect("Permission denied")
            refused.expect(pexpect.EOF)
        boris = key_seat(tmp_path, port, "Boris", keys["boris"])
        annas.wait_for("Everyone is here")
        anna.sendline("q")
        annas.wait_for("Leave the table")
        anna.sendline("y")
        anna.expect(pexpect.EOF)
        borises = Screen(boris, 24, 80)
        borises.wait_for("Anna is away")
        phone = key_seat(
            tmp_path, port, "Anna", keys["anna-phone"], "INFO"
        )  # listed, but not hers first
        phone.expect("sat down with another of its keys")
        phone.expect("Permission denied")
        phone.expect(pexpect.EOF)
        anna = key_seat(tmp_path, port, "Anna", keys["anna"])
        borises.wait_for(r"Anna is back \(from 127\.0\.0\.1\)")
        Screen(anna, 24, 80).wait_for("Anna, your hand|your hand")
    finally:
        table.kill(signal.SIGINT)
        table.expect(pexpect.EOF)
        table.close()
