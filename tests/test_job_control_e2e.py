"""Job control and hang-ups at the real `mushka` under a pseudo-terminal: Ctrl-Z and SIGSTOP leave
no hand up, a continued game hands the terminal over before any hand shows again, and closing
the terminal at a handoff is an ordinary stop (saved, nothing said, no crash log)."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # at run time pexpect is imported by importorskip below, or the module skipped
    from pexpect import spawn as Child

pexpect = pytest.importorskip("pexpect")

MUSHKA = Path(sys.executable).with_name("mushka")
NAMES = ["Anna", "Boris", "Vera", "Gleb"]
HANDOFF = "press Enter when only you can see the screen"
MOVE = "Your move ["
ALT_SCREEN_OFF = "\x1b[?1049l"
WIPE = "\x1b[H\x1b[2J\x1b[3J"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not MUSHKA.exists() or not hasattr(os, "openpty"),
        reason="needs the installed mushka and a pseudo-terminal",
    ),
]


def start(home: Path) -> Child:
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
    }
    args = ["play", "--seed", "11"] + [a for n in NAMES for a in ("--player", n)]
    child = pexpect.spawn(
        str(MUSHKA), args, env=env, dimensions=(24, 80), encoding="utf-8", timeout=15
    )
    child.delaybeforesend = None
    return child


def at_a_hand(child: Child) -> None:
    child.expect(HANDOFF)
    time.sleep(0.2)  # the handoff takes only a key typed after it appeared
    child.sendline("")
    child.expect_exact(MOVE)


def stopped(pid: int, seconds: float = 10) -> bool:
    """Whether the process is stopped (its state in /proc is T)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        if state in ("T", "t"):
            return True
        time.sleep(0.05)
    return False


def drained(child: Child) -> str:
    """Everything the program wrote that has not been read yet."""
    seen = ""
    while True:
        try:
            seen += child.read_nonblocking(65536, timeout=0.5)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return seen


class Shell:
    """An interactive bash in a private tmux server: real job control, as at a player's terminal."""

    def __init__(self, home: Path) -> None:
        self.socket = f"mushka-jobs-{os.getpid()}-{time.monotonic_ns()}"
        self.home = home

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def __enter__(self) -> Shell:
        env = {"XDG_STATE_HOME": self.home / "state", "XDG_DATA_HOME": self.home / "data"}
        command = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
        self.tmux(
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "t",
            f"env {command} TERM=xterm-256color PS1='$ ' bash --norc --noprofile -i",
        )
        return self

    def __exit__(self, *exc: object) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def history(self) -> str:
        return self.tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "t")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def wait_for(self, text: str, seconds: float = 20) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                time.sleep(0.1)
                return self.screen()
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never showed:\n{self.screen()}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a shell with job control")
def test_ctrl_z_wipes_the_hand_and_fg_hands_the_terminal_over_first(tmp_path: Path) -> None:
    names = " ".join(f"--player {n}" for n in NAMES)
    with Shell(tmp_path) as shell:
        shell.keys(f"{shlex.quote(str(MUSHKA))} play --seed 11 {names}", "Enter")
        shell.wait_for(HANDOFF)
        time.sleep(0.2)
        shell.keys("Enter")
        hand = shell.wait_for(MOVE)
        if "Enter alone: your table" in hand:  # the first exchange explained in its place
            shell.keys("Enter")
            hand = shell.wait_for("your hand")
        assert "your hand" in hand
        shell.keys("C-z")
        stopped_screen = shell.wait_for("Stopped")
        assert "your hand" not in stopped_screen and MOVE not in stopped_screen
        assert "your hand" not in shell.history()
        shell.keys("fg", "Enter")
        handoff = shell.wait_for(HANDOFF)
        assert "Pass the terminal to" in handoff and "your hand" not in handoff
        assert "your hand" not in shell.history()
        time.sleep(0.2)
        shell.keys("Enter")
        assert "your hand" in shell.wait_for(MOVE)  # then the hand is drawn again


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states in /proc")
def test_after_sigstop_and_sigcont_no_hand_shows_before_a_handoff(tmp_path: Path) -> None:
    child = start(tmp_path)
    at_a_hand(child)
    drained(child)
    os.kill(child.pid, signal.SIGSTOP)  # cannot be caught: the hand stays up while stopped
    assert stopped(child.pid)
    os.kill(child.pid, signal.SIGCONT)
    child.expect(HANDOFF)
    assert WIPE in child.before and MOVE not in child.before
    time.sleep(0.2)
    child.sendline("")
    child.expect_exact(MOVE)
    child.sendline("q")
    child.expect("Save and stop the game")
    child.sendline("y")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("where", ["handoff", "move prompt"])
def test_closing_the_terminal_saves_says_nothing_and_leaves_no_crash_log(
    tmp_path: Path, where: str
) -> None:
    child = start(tmp_path)
    if where == "handoff":
        child.expect(HANDOFF)
    else:
        at_a_hand(child)
    time.sleep(0.3)
    os.close(child.child_fd)  # the terminal window closes: the kernel hangs up the session
    for _ in range(100):
        pid, _status = os.waitpid(child.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("mushka did not stop when its terminal went away")
    state = tmp_path / "state" / "mushka"
    assert not (state / "crash.log").exists()
    save = json.loads((state / "current-game.json").read_text(encoding="utf-8"))
    assert save["record"]["players"] == NAMES
