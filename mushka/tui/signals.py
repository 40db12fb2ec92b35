"""Ctrl-C, Ctrl-\\, SIGTERM and SIGHUP turned into a clean Quit, never between a move and its save;
Ctrl-Z and SIGSTOP leave no hand on the screen of a stopped game."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any


class Quit(BaseException):
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

    def __init__(self, hide: Callable[[], None] = lambda: None) -> None:
        self.critical = False
        self.pending: str | None = None
        self.previous: dict[int, Any] = {}
        self.reading = False  # a prompt waits for a key: a resize may interrupt it
        # Job control: `hide` wipes whatever private screen is up. After a stop (Ctrl-Z, or a
        # SIGSTOP nobody could catch) whoever sits at the keyboard now is unknown: `continued`
        # says so until the table has handed the terminal over again.
        self.hide = hide
        self.stop_pending = False
        self.continued = False
        self.quitting = False

    def resized(self, signum: int, frame: FrameType | None) -> None:
        # Never once a Quit is on its way: a hang-up sends SIGHUP and then SIGCONT, and the
        # second must not turn the stop into a redraw on a terminal that is gone.
        if self.reading and not self.critical and not self.quitting:
            self.reading = False  # one interruption per prompt
            raise Resized

    def stop(self, signum: int, frame: FrameType | None) -> None:
        """Ctrl-Z: wipe the private screen, then stop as the shell asked (after the save)."""
        if self.critical:
            self.stop_pending = True
            return
        self._stop_now()

    def _stop_now(self) -> None:
        self.stop_pending = False
        with contextlib.suppress(Exception):  # a terminal gone away must not keep us running
            self.hide()
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        try:
            os.kill(os.getpid(), signal.SIGTSTP)  # stops here until `fg` (SIGCONT)
        finally:
            signal.signal(signal.SIGTSTP, self.stop)
        # Continued, or never stopped at all (the kernel ignores SIGTSTP in a process group no
        # shell controls): either way the private screen is gone and must come back by a handoff.
        self.continued = True
        self.resized(signal.SIGTSTP, None)

    def resumed(self, signum: int, frame: FrameType | None) -> None:
        """SIGCONT, after Ctrl-Z or a SIGSTOP: no hand shows again before a handoff."""
        signal.signal(signal.SIGTSTP, self.stop)  # in case the stop was cut short before it was
        with contextlib.suppress(Exception):
            self.hide()  # a SIGSTOP could not wipe it before stopping
        self.continued = True
        self.resized(signum, frame)  # a prompt waiting is drawn again (after the handoff)

    def take_continued(self) -> bool:
        """Whether the game was stopped and continued since this was last asked."""
        continued, self.continued = self.continued, False
        return continued

    def handler(self, signum: int, frame: FrameType | None) -> None:
        how = "interrupt" if signum == signal.SIGINT else "signal"
        if self.critical:
            self.pending = how
            return
        self.quitting = True
        raise Quit(how)

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            self.previous[signum] = signal.signal(signum, self.handler)
        for name, handler in (
            ("SIGWINCH", self.resized),
            ("SIGTSTP", self.stop),
            ("SIGCONT", self.resumed),
        ):
            number = getattr(signal, name, None)  # none of them on Windows
            if number is not None:
                self.previous[number] = signal.signal(number, handler)
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
            self.quitting = True
            raise Quit(self.pending)
        if self.stop_pending:
            self._stop_now()
