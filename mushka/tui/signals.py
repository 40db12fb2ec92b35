"""Ctrl-C, Ctrl-\\, SIGTERM and SIGHUP turned into a clean Quit, never between a move and its save."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType
from typing import Any


class Quit(Exception):
    """The players asked to stop (q, Ctrl-C, Ctrl-D, or the terminal going away)."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


class Resized(Exception):
    """The terminal changed size while a prompt waited: draw the screen again and ask again."""


class _Signals:
    """Turns Ctrl-C, SIGTERM and SIGHUP into a clean Quit, never in the middle of a move and its save.

    Ctrl-\\ (SIGQUIT) too: its default, a core dump, would leave the private screen, and the hand
    on it, up on the terminal after the program died.
    """

    def __init__(self) -> None:
        self.critical = False
        self.pending: str | None = None
        self.previous: dict[int, Any] = {}
        self.reading = False  # a prompt waits for a key: a resize may interrupt it

    def resized(self, signum: int, frame: FrameType | None) -> None:
        if self.reading and not self.critical:
            self.reading = False  # one interruption per prompt
            raise Resized

    def handler(self, signum: int, frame: FrameType | None) -> None:
        how = "interrupt" if signum == signal.SIGINT else "signal"
        if self.critical:
            self.pending = how
            return
        raise Quit(how)

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            self.previous[signum] = signal.signal(signum, self.handler)
        winch = getattr(signal, "SIGWINCH", None)  # not on Windows
        if winch is not None:
            self.previous[winch] = signal.signal(winch, self.resized)
        try:
            yield
        finally:
            for number, old in self.previous.items():
                signal.signal(number, old)

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Around a prompt's read, and nothing else: only there may a resize interrupt."""
        self.reading = True
        try:
            yield
        finally:
            self.reading = False

    @contextlib.contextmanager
    def guarded(self) -> Iterator[None]:
        self.critical = True
        try:
            yield
        finally:
            self.critical = False
        if self.pending:
            raise Quit(self.pending)
