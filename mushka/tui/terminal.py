"""The terminal the table is played on: the private (alternate) screen, the public one, input."""

from __future__ import annotations

import contextlib
import os
import select
import sys
from collections.abc import Iterator

from rich.console import Console, RenderableType
from rich.text import Text


class Terminal:
    """A Rich console plus the screen discipline of hot-seat play.

    Private content is only ever printed between `enter_private()` and `leave_private()`, on the
    terminal's alternate screen, which keeps no scrollback and vanishes when left.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.private = False

    def size(self) -> tuple[int, int]:
        width, height = self.console.size
        return width, height

    def enter_private(self) -> None:
        if not self.private:
            self.console.set_alt_screen(True)
            self.private = True
        self.console.clear()

    def leave_private(self) -> None:
        if self.private:
            self.console.clear()
            self.console.set_alt_screen(False)
            self.private = False

    def clear(self) -> None:
        self.console.clear()

    def show(self, *renderables: RenderableType) -> None:
        for renderable in renderables:
            self.console.print(renderable)

    def read(self, prompt: str | Text, echo: bool = True) -> str:
        """One line of input; raises EOFError on Ctrl-D and KeyboardInterrupt on Ctrl-C.

        With `echo=False` nothing typed shows: for "press Enter" prompts on the public screen,
        where a move typed too early must not appear.
        """
        text = (
            Text(prompt) if isinstance(prompt, str) else prompt
        )  # a str could be taken for markup
        try:
            if echo:
                self.console.print(text, end="")
                _wait_for_a_line()
                return input()
            self.console.print(text, end="")
            with _no_echo():
                _wait_for_a_line()
                line = input()
            self.console.print()  # the Enter was not echoed either
            return line
        finally:
            _forget_history()


def _wait_for_a_line() -> None:
    """Wait until a line can be read, waking now and then: Python acts on a signal only between
    its own steps, so a Ctrl-C or SIGTERM landing just before a blocking read would otherwise wait
    for the next key (seen once in 150 kills by benchmarks/kill_campaign.py)."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return  # not a real file (a test's input): nothing to wait on
    if not os.isatty(fd):
        return
    while not select.select([fd], [], [], 0.25)[0]:
        pass


@contextlib.contextmanager
def _no_echo() -> Iterator[None]:
    """Turn off the terminal's echo without discarding keys already typed (unlike getpass)."""
    try:
        import termios
    except ImportError:  # not a POSIX terminal: echo cannot be turned off here
        yield
        return
    fd = sys.stdin.fileno()
    if not os.isatty(fd):
        yield
        return
    old = termios.tcgetattr(fd)
    quiet = termios.tcgetattr(fd)
    quiet[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)


def _forget_history() -> None:
    """A readline history would let the next player press Up and see what was typed before."""
    readline = sys.modules.get("readline")
    if readline is not None:
        readline.clear_history()
