"""The terminal the table is played on: the private (alternate) screen, the public one, input."""

from __future__ import annotations

import contextlib
import os
import select
import sys
from collections.abc import Iterator, Mapping
from typing import Protocol

from rich.console import Console, RenderableType
from rich.text import Text

from mushka.i18n import _

# Erase the screen and the scrollback (xterm's ED 3, understood by xterm, VTE, kitty, iTerm2,
# tmux, the Linux console and Windows Terminal; GNU screen ignores it, so it is refused).
WIPE = "\x1b[H\x1b[2J\x1b[3J"
# Columns left empty at the terminal's right edge. A glyph in the last column may overhang its
# cell (xterm with many fonts: DejaVu Sans Mono at 12 points, Noto Sans Mono, Liberation Mono
# draw ─ a pixel wide), into a border that clearing the screen does not repaint: a stray mark
# past the right border that stays for the rest of the game.
EDGE = 1


class Terminal(Protocol):
    """What the hot seat draws on and reads from: the real terminal, or a test's fake."""

    console: Console  # renders and measures (the news, the pager)

    def size(self) -> tuple[int, int]: ...
    def drawing_width(self) -> int: ...
    def enter_private(self) -> None: ...
    def leave_private(self) -> None: ...
    def wipe(self) -> None: ...
    def private_screen_problem(self) -> str | None: ...
    def clear(self) -> None: ...
    def show(self, *renderables: RenderableType) -> None: ...
    def read(self, prompt: str | Text, echo: bool = True, fresh: bool = False) -> str: ...
    def discard_typeahead(self) -> None: ...


class ScreenTerminal:
    """A Rich console plus the screen discipline of hot-seat play.

    Private content is only ever printed between `enter_private()` and `leave_private()`, on the
    terminal's alternate screen, which keeps no scrollback and vanishes when left. Leaving it also
    erases the screen and the scrollback, for terminals whose alternate screen is switched off
    (tmux's `alternate-screen off`) or that keep it in their history: no hand survives its turn.
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
        """Back to the public screen, leaving nothing private on screen or in the scrollback.

        Never raises for a terminal that has gone away: it is also the first step of every way out.
        """
        if self.private:
            self.private = False
            with contextlib.suppress(OSError, ValueError):
                self.wipe()
                self.console.set_alt_screen(False)

    def wipe(self) -> None:
        """Erase the screen and the terminal's scrollback."""
        if self.console.is_terminal:
            self.console.file.write(WIPE)
            self.console.file.flush()

    def private_screen_problem(self) -> str | None:
        """Why hands cannot be kept private on this terminal, or None if they can."""
        if not self.console.is_terminal:
            return None  # nothing is drawn on a screen (a test, or output to a file)
        return alternate_screen_problem(os.environ)

    def clear(self) -> None:
        self.console.clear()

    def drawing_width(self) -> int:
        """The width everything is drawn in: the terminal's, less the EDGE."""
        return max(1, self.console.width - EDGE)

    def show(self, *renderables: RenderableType) -> None:
        """Draw each renderable, its lines stopping short of the terminal's last column (EDGE)."""
        for renderable in renderables:
            self.console.print(renderable, width=self.drawing_width())

    def read(self, prompt: str | Text, echo: bool = True, fresh: bool = False) -> str:
        """One line of input; raises EOFError on Ctrl-D and KeyboardInterrupt on Ctrl-C.

        With `echo=False` nothing typed shows: for "press Enter" prompts on the public screen,
        where a move typed too early must not appear. With `fresh=True` only what is typed after
        the prompt appeared counts: keys typed ahead are discarded (a handoff must not be
        dismissed, nor a question answered, by keys meant for an earlier prompt).
        """
        text = (
            Text(prompt) if isinstance(prompt, str) else prompt
        )  # a str could be taken for markup
        if fresh:
            self.discard_typeahead()
        try:
            if echo:
                self.console.print(text, end="")
                return read_line()
            self.console.print(text, end="")
            with _no_echo():
                line = read_line()
            self.console.print()  # the Enter was not echoed either
            return line
        except UnicodeDecodeError:
            return ""  # bytes that are no text in this terminal's encoding: no move either
        finally:
            _forget_history()

    def discard_typeahead(self) -> None:
        """Drop every key typed but not yet read; call it just before showing what they must not answer."""
        discard_typeahead()


def read_line() -> str:
    """One typed line, without its line end; raises EOFError on Ctrl-D at the start of a line.

    On a terminal the line is read from the descriptor, not with input(): input() takes a NUL
    (Ctrl-Space, Ctrl-@) at the start of a line for the end of input, and one inside a line for
    a line not yet finished. Bytes that are no text in the terminal's encoding become U+FFFD.
    """
    try:
        fd = sys.stdin.fileno()
        on_a_terminal = os.isatty(fd) and os.name == "posix"
    except (OSError, ValueError):
        on_a_terminal = False
    if not on_a_terminal:
        return input()
    sys.stdout.flush()
    data = bytearray()
    while not data.endswith(b"\n"):
        _wait_for_a_line()
        try:
            chunk = os.read(fd, 65536)  # the terminal hands over one line at a time
        except OSError:
            raise EOFError from None  # EIO: the terminal hung up
        if not chunk:
            if not data:
                raise EOFError
            break  # Ctrl-D after some text ends the line, as it does for input()
        data += chunk
    encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
    try:
        text = bytes(data).decode(encoding, "replace")
    except LookupError:
        text = bytes(data).decode("utf-8", "replace")
    return text.removesuffix("\n").removesuffix("\r")


def discard_typeahead() -> None:
    """Drop every key typed but not yet read (termios TCIFLUSH); nothing to do off a terminal."""
    try:
        import termios
    except ImportError:  # pragma: no cover - not a POSIX terminal
        return
    try:
        fd = sys.stdin.fileno()
        if os.isatty(fd):
            termios.tcflush(fd, termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):
        pass


def alternate_screen_problem(environ: Mapping[str, str]) -> str | None:
    """Why the terminal that `environ` (the process environment) describes would keep hands in its
    scrollback, or None if it need not.

    A terminal whose terminfo entry has no alternate screen (`smcup`) — TERM=dumb, an unknown or
    missing TERM, many IDE consoles — would keep every hand drawn on it in its history, and so does
    GNU screen, with or without its `altscreen`.
    """
    if screen := gnu_screen_problem(environ):
        return screen
    term = environ.get("TERM", "")
    why = _(
        "this terminal has no alternate screen (TERM={term}), so every hand drawn on it would stay "
        "in its scrollback for the next player to scroll back to. Play in a terminal such as xterm, "
        "GNOME Terminal, Konsole, iTerm2, kitty, Windows Terminal, or inside tmux"
    )
    if term in ("", "dumb", "unknown"):
        return why.format(term=term or "unset")
    if term == "linux" or term.startswith("linux-"):
        return None  # the Linux console: no alternate screen, but ED 3 erases its scrollback
    try:
        import curses

        curses.setupterm(term, sys.stdout.fileno())
        smcup = curses.tigetstr("smcup")
    except (ImportError, OSError, ValueError, AttributeError):
        return None  # no terminfo to ask: trust the terminal, the scrollback is wiped anyway
    except Exception:  # curses.error: terminfo does not know this TERM
        known = term.split("-")[0] in _FAMILIES_WITH_ALTERNATE_SCREEN
        return None if known else why.format(term=term)
    return None if smcup else why.format(term=term)


def gnu_screen_problem(environ: Mapping[str, str]) -> str | None:
    """Why hands would stay in GNU screen's scrollback here, or None if this is not GNU screen.

    Screen copies every cleared screen into its scrollback (into the alternate screen's own one
    when `altscreen` is on, kept as long as the game stays on that screen) and ignores the sequence
    that erases it (ED 3): a later player finds every hand in copy mode. Drawing so that nothing
    ever scrolls or clears the whole screen would dodge that only until one line scrolls, and
    erasing it takes screen's own `scrollback` command, which is the players' setting, not ours.
    Screen sets STY in its windows, which a tmux inside screen inherits (screen then keeps tmux's
    screens) as does a screen inside tmux. TERM=screen* without STY is tmux (which sets TMUX, and
    TERM=screen by default), or screen or tmux reached through ssh or sudo, which drop both: refused
    too, since it may be screen.
    """
    if environ.get("STY"):
        return _(
            "this is GNU screen (STY is set), which keeps every screen in its scrollback, even with "
            "altscreen on, and cannot be told to erase it: the next player could scroll back to "
            "every hand. Play inside tmux, or directly in a terminal window"
        )
    term = environ.get("TERM", "")
    if term.startswith("screen") and not environ.get("TMUX"):
        return _(
            "TERM={term} without TMUX may be GNU screen reached through ssh or sudo, which keeps "
            "every screen in its scrollback, even with altscreen on: the next player could scroll "
            "back to every hand. Play directly in a terminal window or inside tmux (there, with "
            "TERM=tmux-256color)"
        ).format(term=term)
    return None


# Terminals that all have an alternate screen, for a TERM this machine's terminfo does not know
# (xterm-kitty over ssh, say).
_FAMILIES_WITH_ALTERNATE_SCREEN = frozenset(
    [
        "xterm",
        "screen",
        "tmux",
        "rxvt",
        "kitty",
        "alacritty",
        "foot",
        "wezterm",
        "konsole",
        "gnome",
        "vte",
        "iterm2",
        "st",
        "contour",
    ]
)


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
    try:
        old = termios.tcgetattr(fd)
        quiet = termios.tcgetattr(fd)
        quiet[3] &= ~termios.ECHO
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except termios.error:
        raise EOFError from None  # the terminal has gone (hung up): an ordinary way to stop
    try:
        yield
    finally:
        # After a hang-up the terminal is gone: nothing to restore, and the reason the read
        # stopped (a Quit from SIGHUP) must not be replaced by this error.
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, old)


def _forget_history() -> None:
    """A readline history would let the next player press Up and see what was typed before."""
    readline = sys.modules.get("readline")
    if readline is not None:
        readline.clear_history()
