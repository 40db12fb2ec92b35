"""Helpers that play `mushka` like people at the keyboard: choosing a move from what the screen shows,
and a tmux-driven table for looking at the real terminal (scrollback included)."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import subprocess
import time
from pathlib import Path
from types import TracebackType

from mushka.engine import Session
from mushka.record import replay


def saved_session(home: Path) -> Session:
    """The game in the autosave under `home` (XDG_STATE_HOME=home/state): every move a screen
    showed is in it already, so it is the game the screen shows."""
    save = home / "state" / "mushka" / "current-game.json"
    return replay(json.loads(save.read_text(encoding="utf-8"))["record"], complete=False)


def choose_move(home: Path, rng: random.Random) -> str:
    """A random legal move of the seat to act, chosen from the autosave (not from the screen's
    words), typed as the action's code, which the prompt reads in every language."""
    return rng.choice(saved_session(home).legal_actions()).code


class TmuxTable:
    """`mushka` running in a private tmux server at 80×24; the pane stays after the program ends."""

    def __init__(
        self, home: Path, program: Path, args: list[str], alternate_screen: bool = True
    ) -> None:
        self.socket = f"mushka-test-{os.getpid()}-{time.monotonic_ns()}"
        self.home = home
        self.config = home / "tmux.conf"
        self.config.write_text(
            "" if alternate_screen else "set -g alternate-screen off\n", encoding="utf-8"
        )
        env = f"XDG_STATE_HOME={home / 'state'} XDG_DATA_HOME={home / 'data'} TERM=xterm-256color"
        self.command = f"env {env} {shlex.quote(str(program))} {' '.join(shlex.quote(a) for a in args)} --record {home / 'game.json'}"

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def __enter__(self) -> TmuxTable:
        self.tmux(
            "-f",
            str(self.config),
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "t",
            self.command,
        )
        self.tmux("set-option", "-t", "t", "remain-on-exit", "on")
        return self

    def __exit__(
        self, *exc: tuple[type[BaseException] | None, BaseException | None, TracebackType | None]
    ) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def history(self) -> str:
        """Everything the normal screen holds, scrollback included."""
        return self.tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "t")

    def dead(self) -> bool:
        return self.tmux("display-message", "-p", "-t", "t", "#{pane_dead}").strip() == "1"

    def send(self, keys: str) -> None:
        if keys:
            self.tmux("send-keys", "-t", "t", "-l", keys)
        self.tmux("send-keys", "-t", "t", "Enter")

    def wait_for_change(self, before: str, seconds: float = 30.0) -> str:
        """The screen once it differs from `before` and has stopped changing (drawing is done)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            now = self.screen()
            if now != before or self.dead():
                time.sleep(0.05)
                settled = self.screen()
                if settled == now:
                    return now
                before = ""
                continue
            time.sleep(0.02)
        raise AssertionError(f"the screen did not change:\n{before}")

    def play_to_the_end(self, rng: random.Random, limit: int = 2000) -> None:
        screen = self.wait_for_change("")
        for _ in range(limit):
            if self.dead():
                return
            lines = [line for line in screen.splitlines() if line.strip()]
            last = lines[-1] if lines else ""
            if "press Enter when only you can see the screen" in last:
                self.send("")
            elif "Pass anyway? [y/N]" in last:
                self.send("y")
            elif last.startswith("Enter: go on"):  # the first exchange explained: read it
                self.send("")
            elif last.startswith("Your move ["):
                self.send(choose_move(self.home, rng))
            else:
                screen = self.wait_for_change(screen, 10.0) if not self.dead() else screen
                continue
            screen = self.wait_for_change(screen)
        raise AssertionError("the session did not end")


def public_cards(record: dict[str, object]) -> set[str]:
    """The codes of every card a game record shows to all: leads, follows, played draws, take-backs."""
    public = set()
    for deal in record["deals"]:  # type: ignore[attr-defined]
        for event in deal["events"]:
            if event["type"] in ("lead", "follow", "takeback") or (
                event["type"] == "draw" and event["played"]
            ):
                public.add(event["card"])
    return public


def cards_shown(text: str) -> set[str]:
    """The codes of every card label (Q♥, 10♠) that appears in `text`."""
    seen = set(re.findall(r"\b(10|[7-9JQKA])([♥♣♦♠])", text))
    return {rank + "HCDS"["♥♣♦♠".index(suit)] for rank, suit in seen}


def cyrillic_share(text: str, data: tuple[str, ...] = ()) -> float:
    """The share of Cyrillic letters among all letters of `text`, once the `data` strings (player
    names, say) are taken out; card codes count against it, as the issue's 70% allows for."""
    for item in data:
        text = text.replace(item, " ")
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    return sum("\u0400" <= c <= "\u04ff" for c in letters) / len(letters)
