"""The real `mushka` inside terminal multiplexers: GNU screen keeps every screen in its scrollback
(`hardcopy -h` held 16 hands of all four players at a handoff, `altscreen` on or off), so a shared
game is refused there with one line; tmux (alternate screen on or off) and dvtm keep no hand at any
handoff nor after the game stops."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

import pytest
from drivers import TmuxTable, choose_move
from test_e2e import NAMES, Table, start

pexpect = pytest.importorskip("pexpect")

MUSHKA = Path(sys.executable).with_name("mushka")
SCREEN = shutil.which("screen")
PLAYERS = [arg for name in NAMES for arg in ("--player", name)]

pytestmark = pytest.mark.skipif(
    not MUSHKA.exists() or not hasattr(os, "openpty"),
    reason="needs the installed mushka and a pseudo-terminal",
)
needs_screen = pytest.mark.skipif(
    SCREEN is None, reason="needs GNU screen (apt-get install screen; .ci/run installs it)"
)


class ScreenWindow:
    """`mushka ARGS` in the one window of a private, detached GNU screen session (80×24), kept
    open after the program ends so that its scrollback can still be dumped."""

    def __init__(self, home: Path, args: list[str], altscreen: bool) -> None:
        self.home = home
        # its own SCREENDIR, so no other session is touched; short, as a socket's path must be
        self.sockets = Path(tempfile.mkdtemp(prefix="mushka-screens-"))
        self.rc = home / "screenrc"
        self.rc.write_text(
            f"altscreen {'on' if altscreen else 'off'}\nstartup_message off\n"
            "defscrollback 5000\ndefutf8 on\n",
            encoding="utf-8",
        )
        self.code = home / "exit-code"
        self.name = "mushka-test"
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("STY", "TMUX", "TMUX_PANE")},
            "SCREENDIR": str(self.sockets),
            "XDG_STATE_HOME": str(home / "state"),
            "XDG_DATA_HOME": str(home / "data"),
            "TERM": "xterm-256color",  # the terminal screen itself runs in
        }
        program = shlex.join([str(MUSHKA), *args])
        self.shell = f"{program}; echo $? > {shlex.quote(str(self.code))}; sleep 600"
        self.dumps = 0

    def __enter__(self) -> ScreenWindow:
        assert SCREEN is not None
        subprocess.run(
            [SCREEN, "-U", "-c", str(self.rc), "-dmS", self.name, "sh", "-c", self.shell],
            env=self.env,
            check=True,
        )
        deadline = time.monotonic() + 10
        while True:
            listed = subprocess.run([SCREEN, "-ls"], env=self.env, capture_output=True, text=True)
            if self.name in listed.stdout:
                return self
            assert time.monotonic() < deadline, f"screen did not start: {listed.stdout}"
            time.sleep(0.1)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.command("quit")
        shutil.rmtree(self.sockets, ignore_errors=True)

    def command(self, *args: str) -> str:
        """Send screen a command; what screen said if it could not."""
        assert SCREEN is not None
        done = subprocess.run(
            [SCREEN, "-S", self.name, "-X", *args], env=self.env, capture_output=True, text=True
        )
        return done.stdout + done.stderr

    def hardcopy(self) -> str:
        """Everything screen keeps of the window: its scrollback, then the screen."""
        self.dumps += 1
        path = self.home / f"hardcopy-{self.dumps}"
        said = self.command("hardcopy", "-h", str(path))
        deadline = time.monotonic() + 10
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert path.exists(), f"screen wrote no hardcopy: {said}"
        time.sleep(0.1)  # written by screen's own process: let it finish
        return path.read_text(encoding="utf-8", errors="replace")

    def exit_code(self, seconds: float = 20.0) -> int | None:
        """The program's exit code once it has ended, or None if it is still running."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.code.exists() and self.code.read_text(encoding="utf-8").strip():
                return int(self.code.read_text(encoding="utf-8"))
            time.sleep(0.1)
        return None

    def shows(self, text: str, seconds: float = 20.0) -> str:
        """The dump once it holds `text` (as screen wraps it at 80 columns)."""
        deadline = time.monotonic() + seconds
        while True:
            dump = self.hardcopy()
            if squeezed(text) in squeezed(dump) or time.monotonic() > deadline:
                return dump
            time.sleep(0.3)


def game(save: Path) -> object:
    """What a save holds but the time it was written."""
    data = json.loads(save.read_text(encoding="utf-8"))
    del data["saved"]
    return data


def squeezed(text: str) -> str:
    """`text` without any white space: a line screen wrapped mid-word reads whole again."""
    return re.sub(r"\s", "", text)


REFUSED = (
    "mushka: cannot keep the hands private: this is GNU screen (STY is set), which keeps every "
    "screen in its scrollback, even with altscreen on, and cannot be told to erase it: the next "
    "player could scroll back to every hand. Play inside tmux, or directly in a terminal window."
)


@needs_screen
@pytest.mark.parametrize("altscreen", [True, False], ids=["altscreen-on", "altscreen-off"])
def test_a_shared_game_is_refused_in_gnu_screen_with_one_line(
    tmp_path: Path, altscreen: bool
) -> None:
    with ScreenWindow(tmp_path, ["play", "--seed", "4", *PLAYERS], altscreen) as screen:
        code = screen.exit_code()
        dump = screen.hardcopy()
    assert code == 1, f"mushka did not refuse GNU screen (exit code {code}):\n{dump}"
    assert squeezed(REFUSED) in squeezed(dump)
    assert "your hand" not in dump and "Pass the terminal" not in dump
    assert not (tmp_path / "state" / "mushka" / "current-game.json").exists()  # nothing started


@needs_screen
def test_a_saved_shared_game_is_not_resumed_in_gnu_screen(tmp_path: Path) -> None:
    table = start(tmp_path)  # a game saved at its first handoff, outside screen
    table.expect(Table.HANDOFF)
    table.child.sendcontrol("c")
    assert table.close() == 130
    saved = game(table.save_file)
    with ScreenWindow(tmp_path, ["resume"], altscreen=True) as screen:
        code = screen.exit_code()
        dump = screen.hardcopy()
    assert code == 1, f"mushka resumed the game in GNU screen (exit code {code}):\n{dump}"
    assert squeezed("mushka cannot keep the hands private here: this is GNU screen") in squeezed(
        dump
    )
    assert squeezed("The game is saved; continue it in such a terminal with:") in squeezed(dump)
    assert "your hand" not in dump
    assert game(table.save_file) == saved  # the game waits, as it was


@needs_screen
def test_one_player_with_computers_may_play_in_gnu_screen(tmp_path: Path) -> None:
    args = ["play", "--seed", "4", "--player", "Anna", "--bots", "3", "--bot-delay", "0"]
    with ScreenWindow(tmp_path, args, altscreen=False) as screen:
        screen.shows("Anna, press Enter to go on.")
        screen.command("stuff", "\r")
        dump = screen.shows("Your move [")
        code = screen.exit_code(seconds=0)
    assert code is None and "Anna, your hand" in dump  # nobody to hide it from


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
@pytest.mark.parametrize("alternate_screen", [True, False], ids=["on", "off"])
def test_tmux_keeps_no_hand_at_any_handoff_nor_after_quitting(
    tmp_path: Path, alternate_screen: bool
) -> None:
    args = ["play", "--seed", "4", "--deals", "1", *PLAYERS]
    with TmuxTable(tmp_path, MUSHKA, args, alternate_screen=alternate_screen) as tmux:
        rng = random.Random(3)
        screen = tmux.wait_for_change("")
        handoffs = 0
        while handoffs < 30 and not tmux.dead():
            last = ([line for line in screen.splitlines() if line.strip()] or [""])[-1]
            if "press Enter when only you can see the screen" in last:
                handoffs += 1
                history = tmux.history()
                assert "your hand" not in history, f"a hand at handoff {handoffs}:\n{history}"
                tmux.send("")
            elif "Pass anyway? [y/N]" in last:
                tmux.send("y")
            elif last.startswith("Your move ["):
                if handoffs >= 20:
                    tmux.send("q")  # save and quit from a private screen, a hand on it
                    tmux.wait_for_change(screen, 10.0)
                    tmux.send("y")  # yes, stop the game for everyone
                    break
                tmux.send(choose_move(tmux.home, rng))
            screen = tmux.wait_for_change(screen, 10.0)
        deadline = time.monotonic() + 15
        while not tmux.dead() and time.monotonic() < deadline:
            time.sleep(0.1)
        history = tmux.history()
    assert handoffs >= 20
    assert "Game saved after the last move" in history
    assert "your hand" not in history


class DvtmWindow:
    """`mushka ARGS` in the one window of dvtm (100×29), itself in a private tmux server; dvtm's
    copy mode hands its whole scrollback to DVTM_EDITOR, here a copy to a file."""

    def __init__(self, home: Path, args: list[str]) -> None:
        self.home = home
        self.copied = home / "copied"
        editor = home / "editor"
        editor.write_text(
            f'#!/bin/sh\nfor f; do [ -f "$f" ] && cp "$f" {self.copied}; done\n', encoding="utf-8"
        )
        editor.chmod(0o700)
        env = f"XDG_STATE_HOME={home / 'state'} XDG_DATA_HOME={home / 'data'}"
        game = f"env {env} {shlex.join([str(MUSHKA), *args])}; sleep 600"
        self.dvtm = f"env DVTM_EDITOR={editor} dvtm {shlex.quote(game)}"
        self.tmux = ["tmux", "-L", f"mushka-test-{os.getpid()}-{time.monotonic_ns()}"]

    def run(self, *args: str) -> str:
        done = subprocess.run([*self.tmux, *args], capture_output=True, text=True, check=True)
        return done.stdout

    def __enter__(self) -> DvtmWindow:
        self.run(
            "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "-s", "d", self.dvtm
        )
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, check=False)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "d")

    def send(self, keys: str) -> None:
        if keys:
            self.run("send-keys", "-t", "d", "-l", keys)
        self.run("send-keys", "-t", "d", "Enter")

    def scrollback(self) -> str:
        self.copied.unlink(missing_ok=True)
        self.run("send-keys", "-t", "d", "C-g", "e")  # dvtm's copy mode
        deadline = time.monotonic() + 10
        while not self.copied.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.settled()  # the editor is done, and dvtm shows the window again
        return self.copied.read_text(encoding="utf-8", errors="replace")

    def settled(self, before: str = "", seconds: float = 10.0) -> str:
        """The screen once it differs from `before` and stayed the same for 0.1 s."""
        deadline = time.monotonic() + seconds
        last = self.screen()
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now = self.screen()
            if now == last and now != before:
                return now
            last = now
        raise AssertionError(f"the screen did not settle:\n{last}")


def last_line(screen: str) -> str:
    return ([line.strip() for line in screen.splitlines() if line.strip()] or [""])[-1]


@pytest.mark.skipif(
    shutil.which("dvtm") is None or shutil.which("tmux") is None, reason="needs dvtm and tmux"
)
def test_dvtm_keeps_no_hand_in_its_scrollback(tmp_path: Path) -> None:
    rng = random.Random(3)
    handoffs = 0
    with DvtmWindow(tmp_path, ["play", "--seed", "4", *PLAYERS]) as dvtm:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            shown = dvtm.screen()
            last = last_line(shown)
            if "press Enter when only you can see the screen" in last:
                handoffs += 1
                kept = dvtm.scrollback()
                assert "press Enter when only you can see the screen" in kept  # this very screen
                assert "your hand" not in kept, f"a hand at handoff {handoffs}:\n{kept}"
                dvtm.send("")
            elif "Pass anyway? [y/N]" in last:
                dvtm.send("y")
            elif last.startswith("Your move ["):
                if handoffs >= 8:
                    dvtm.send("q")  # save and quit from a private screen, a hand on it
                    dvtm.settled(shown)
                    dvtm.send("y")  # yes, stop the game for everyone
                    break
                dvtm.send(choose_move(dvtm.home, rng))
            shown = dvtm.settled(shown)
        while "Game saved after the last move" not in dvtm.screen() and time.monotonic() < deadline:
            time.sleep(0.1)
        kept = dvtm.scrollback()
    assert handoffs >= 8
    assert "Game saved after the last move" in kept
    assert "your hand" not in kept
