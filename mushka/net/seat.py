"""One connected terminal at the table: what it is, whole screens out, an edited line in; and the
seam to the game (Application), which the seat calls.

Output is full screens: `draw(frame, prompt)` replaces whatever the seat showed with `frame`
(ANSI text, lines separated by "\\n", as wide as the seat at most: longer lines are clipped, not
wrapped, and lines past the seat's height are left out), on the terminal's alternate screen,
and puts the line being typed at `prompt` (row, column; 0-based cells), after the frame's
prompt text. The seat keeps that line itself (the line editor), so a redraw never loses what
the player was typing: every frame shows it again at its prompt. Without a prompt nothing typed
is echoed (keys still arrive). `line(text)` leaves the full screen and writes `text` on the
terminal's own screen, where it stays after the connection closes (a reason, a final sheet);
`close(status)` ends the connection.

A client that stops reading is never sent more than the SSH window and OUTPUT_HIGH bytes: past
that the seat keeps only the newest frame (and a few lines) and sends it when the client reads
again. Input is read in pieces of CHUNK_BYTES with a turn of the event loop between them, and
the client's input is held back (SSH flow control) while INBOX_HIGH bytes wait, so that a paste
of any size or a flood of keys never holds up the other seats.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Final, Protocol, TypeVar, assert_never

from mushka.i18n import gettext
from mushka.net import terminal
from mushka.present.editor import EndOfInput, Interrupted, LineEditor, Submitted, cell_width

CHUNK_BYTES: Final = 1024  # input read per turn of the loop
INBOX_HIGH: Final = 64 * 1024  # input waiting past which the client is asked to wait
INBOX_LOW: Final = 16 * 1024  # ... and below which it may send again
OUTPUT_HIGH: Final = 64 * 1024  # output waiting past which only the newest frame is kept
MAX_PENDING_LINES: Final = 16  # lines kept for a client that does not read; more are dropped
RESIZE_INTERVAL: Final = 0.1  # seconds: a resize storm redraws at most ten times a second

# The terminal's modes: synchronized output (a frame appears whole where the terminal knows the
# mode; others ignore it), the alternate screen, the cursor, and auto-wrap (off while a frame
# is up, so that a line that is too long is clipped instead of scrolling the screen).
SYNC_ON: Final = "\x1b[?2026h"
SYNC_OFF: Final = "\x1b[?2026l"
SCREEN_ON: Final = "\x1b[?1049h"
SCREEN_OFF: Final = "\x1b[?1049l"
CURSOR_ON: Final = "\x1b[?25h"
CURSOR_OFF: Final = "\x1b[?25l"
WRAP_ON: Final = "\x1b[?7h"
WRAP_OFF: Final = "\x1b[?7l"
HOME: Final = "\x1b[H"
CLEAR_LINE: Final = "\x1b[2K"
CLEAR_BELOW: Final = "\x1b[J"
CLEAR_RIGHT: Final = "\x1b[K"
PLAIN: Final = "\x1b[0m"

T = TypeVar("T")


class Channel(Protocol):
    """What a seat needs of its SSH session channel (asyncssh's SSHServerChannel[bytes])."""

    def write(self, data: bytes) -> None: ...

    def exit(self, status: int) -> None: ...

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...

    def is_closing(self) -> bool: ...


class _Failed:
    """What a call into the application returned when it raised."""


_FAILED: Final = _Failed()


class Seat:
    """One player's terminal. The application reads its facts and calls `draw`, `line`, `close`;
    the server feeds it input and window changes."""

    def __init__(
        self,
        channel: Channel,
        app: Application,
        *,
        name: str,
        address: str,
        term_type: str,
        size: tuple[int, int],
        environment: Mapping[bytes, bytes],
        default_lang: str,
        proven: bool = False,
    ) -> None:
        self._channel = channel
        # its login proved who sits here (the seat's own code, or the name's own key), not only
        # that he was invited (the table's code)
        self.proven: Final = proven
        self._app = app
        self._loop = asyncio.get_running_loop()
        self.name: Final = name  # the SSH user name: hostile until the application's rule says
        self.address: Final = address  # the client's IP address
        self.term: Final = terminal.terminal_type(term_type)
        self.env: Final = terminal.client_environment(environment)
        self.lang: Final = terminal.language(self.env, default_lang)  # "en" or "ru"
        self.ascii: Final = terminal.ascii_only(self.env)  # no ♥: draw cards as "QH"
        self.color: Final = terminal.color_system(self.term, self.env)  # Rich's color_system
        self._size = terminal.terminal_size(*size)
        self._editor = LineEditor()
        self._joined = False
        self._closed = False
        # output
        self._paused = False
        self._on_screen = False  # on the alternate screen
        self._frame: str | None = None  # the newest frame, not yet written
        self._prompt: tuple[int, int] | None = None
        self._texts: list[str] = []  # lines not yet written
        self._echo_due = False  # the line being typed is to be shown again
        # input
        self._inbox = bytearray()
        self._reading_paused = False
        self._work: asyncio.Handle | None = None
        self._resize: asyncio.Handle | None = None
        self._last_resize = -RESIZE_INTERVAL

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    @property
    def closed(self) -> bool:
        return self._closed

    # ------------------------------------------------------------------ for the application

    def draw(self, frame: str, prompt: tuple[int, int] | None = None) -> None:
        """Show `frame` instead of the last one, and the line being typed at `prompt`."""
        if self._closed:
            return
        self._frame, self._prompt = frame, prompt
        self._flush()

    def line(self, text: str) -> None:
        """Leave the full screen and write `text` (and a newline) on the terminal's own screen."""
        if self._closed:
            return
        self._frame, self._prompt, self._echo_due = None, None, False  # it would vanish at once
        if len(self._texts) < MAX_PENDING_LINES:
            self._texts.append(text)
        self._flush()

    def close(self, exit_status: int = 0) -> None:
        """End the connection (what is still to be written is sent first); `left` follows."""
        if self._closed:
            return
        self._flush(even_paused=True)
        self._write(self._leave_screen())
        self._closed = True
        self._cancel_timers()
        if not self._channel.is_closing():
            self._channel.exit(exit_status)

    # ------------------------------------------------------------------ for the server

    def start(self, max_name_bytes: int) -> None:
        """Ask the application to admit this seat, and tell it the seat joined if it did."""
        if len(self.name.encode()) > max_name_bytes:
            template = gettext(
                "this name is longer than {n} bytes: choose a shorter one", self.lang
            )
            self._refuse(template.format(n=max_name_bytes))
            return
        reason = self._call(self._app.admit, self)
        if isinstance(reason, str):
            self._refuse(reason)
        elif reason is None:
            self._joined = True
            self._call(self._app.joined, self)

    def received(self, data: bytes) -> None:
        """Bytes the terminal sent: taken in later, a piece per turn of the loop."""
        if self._closed:
            return
        self._inbox += data
        if len(self._inbox) > INBOX_HIGH and not self._reading_paused:
            self._reading_paused = True
            self._channel.pause_reading()
        if self._work is None:
            self._work = self._loop.call_soon(self._take_input)

    def resized(self, width: int, height: int) -> None:
        """The window changed: the application hears of it soon (once for a storm of changes)."""
        self._size = terminal.terminal_size(width, height)
        if self._resize is None and self._joined and not self._closed:
            delay = max(0.0, self._last_resize + RESIZE_INTERVAL - self._loop.time())
            self._resize = self._loop.call_later(delay, self._tell_resized)

    def pause_output(self) -> None:
        self._paused = True

    def resume_output(self) -> None:
        self._paused = False
        self._flush()

    def lost(self) -> None:
        """The connection is gone, however it went."""
        self._closed = True
        self._cancel_timers()
        self._inbox.clear()
        if self._joined:
            self._joined = False
            self._call(self._app.left, self)

    # ------------------------------------------------------------------ input

    def _take_input(self) -> None:
        self._work = None
        if self._closed:
            return
        version = self._editor.version
        event, used = self._editor.take(self._inbox[:CHUNK_BYTES])
        del self._inbox[:used]
        if self._editor.version != version:
            self._echo_due = True
            self._flush()
        if event is not None and self._joined:
            match event:
                case Submitted(text=text, cut=cut):
                    self._call(self._app.line, self, text, cut)
                case Interrupted():
                    self._call(self._app.interrupt, self)
                case EndOfInput():
                    self._call(self._app.eof, self)
                case _:
                    assert_never(event)
        if self._closed:
            return
        if self._inbox:
            self._work = self._loop.call_soon(self._take_input)
        if self._reading_paused and len(self._inbox) <= INBOX_LOW:
            self._reading_paused = False
            self._channel.resume_reading()  # may hand in more input at once: it waits its turn

    def _tell_resized(self) -> None:
        self._resize = None
        self._last_resize = self._loop.time()
        if self._joined and not self._closed:
            self._call(self._app.resized, self)

    # ------------------------------------------------------------------ output

    def _flush(self, even_paused: bool = False) -> None:
        """Write what is due, unless the client is not reading (then it waits, and only the
        newest frame is kept)."""
        if self._closed or (self._paused and not even_paused):
            return
        parts: list[str] = []
        for text in self._texts:
            parts += [
                self._leave_screen(),
                text.replace("\r\n", "\n").replace("\n", "\r\n"),
                "\r\n",
            ]
        self._texts.clear()
        if self._frame is not None:
            parts += [SYNC_ON, self._frame_text(self._frame), self._input_text(), SYNC_OFF]
            self._frame = None
        elif self._echo_due:
            parts.append(self._input_text())
        self._echo_due = False
        self._write("".join(parts))

    def _frame_text(self, frame: str) -> str:
        lines = frame.split("\n")
        if len(lines) > 1 and lines[-1] == "":
            lines.pop()  # a frame that ends with a newline has no empty line after it
        lines = lines[: self.height]  # never scroll the screen
        enter = "" if self._on_screen else SCREEN_ON
        self._on_screen = True
        body = "\r\n".join(CLEAR_LINE + line.rstrip("\r") + PLAIN for line in lines)
        below = "\r\n" + CLEAR_BELOW if len(lines) < self.height else ""
        return enter + CURSOR_OFF + WRAP_OFF + HOME + body + below

    def _input_text(self) -> str:
        """The line being typed, at the prompt: as much of its end as fits before the last column."""
        if self._prompt is None or not self._on_screen:
            return CURSOR_OFF
        row, column = self._prompt
        room = self.width - column - 1
        if not (0 <= row < self.height and room > 0):
            return CURSOR_OFF
        shown: list[str] = []
        for char in reversed(self._editor.text):
            room -= cell_width(char)
            if room < 0:
                break
            shown.append(char)
        text = "".join(reversed(shown))
        return f"\x1b[{row + 1};{column + 1}H{PLAIN}{text}{CLEAR_RIGHT}{CURSOR_ON}"

    def _leave_screen(self) -> str:
        if not self._on_screen:
            return ""
        self._on_screen = False
        # Below the frame's last row first: a terminal that has no alternate screen (some phone
        # apps, a bare emulator) then writes what follows under the frame, not on its prompt's
        # line; one that has it puts the cursor back where it was before the frame anyway.
        return f"\x1b[{self.height};1H\r\n" + WRAP_ON + CURSOR_ON + SCREEN_OFF

    def _write(self, text: str) -> None:
        if text and not self._channel.is_closing():
            self._channel.write(text.encode("utf-8", "replace"))

    # ------------------------------------------------------------------ the rest

    def _refuse(self, reason: str) -> None:
        self.line(reason)
        self.close(1)

    def _call(self, method: Callable[..., T], *args: object) -> T | _Failed:
        """Call the application; if it raises, the loop's exception handler hears of it and this
        seat (only) is closed."""
        try:
            return method(*args)
        except Exception as exc:
            self._loop.call_exception_handler(
                {"message": f"mushka table: {method.__name__} failed", "exception": exc}
            )
            if not self._closed:
                self._refuse(gettext("the table failed: this connection is closed", self.lang))
            return _FAILED

    def _cancel_timers(self) -> None:
        for handle in (self._work, self._resize):
            if handle is not None:
                handle.cancel()
        self._work = self._resize = None


class Application(Protocol):
    """What the server calls, and when (the seam between the SSH transport and the game).

    The server knows nothing about cards. For each player who joins it makes a `Seat` (one
    connected terminal) and tells the application about it through the methods below, always on the
    event loop's thread, one call at a time. None of them may block: work that takes long (a
    computer player thinking) goes to a thread or a task, whose results come back to the loop (e.g.
    with `loop.call_soon_threadsafe`) before touching a seat.

    The life of a seat:

    0. `proves(name, answer)` while a client logs in, when `answer` is not the table's code.
    1. `admit(seat)` once the player's client has authenticated and asked for a terminal. The seat's
       `name` is the SSH user name exactly as the client sent it (after asyncssh's SASLprep: NFKC,
       no control or bidi characters, under 1024 bytes; names over the server's own cap are refused
       before this), which is hostile data: the application's name rule decides. Return None to
       welcome the player, or one line (in `seat.lang`) saying why not; that line is shown to the
       player as it is (quote his name in it only once your rule has passed it), the connection
       closes with exit status 1, and he may try again with another name. Draw nothing here.
    2. `joined(seat)` right after a welcome: draw the seat's first screen.
    3. Any number of `line(seat, text, cut)` (Enter), `interrupt(seat)` (Ctrl-C), `eof(seat)`
       (Ctrl-D) and `resized(seat)` (the window changed; redraw at `seat.width` × `seat.height`).
       A line is what the player typed, printable characters only, at most
       `editor.MAX_LINE_CHARS` of them; `cut` says he typed more and only the start is here (say
       so and do not act on it). A flood of keys comes one event per turn of the loop.
    4. `left(seat)` exactly once, when the connection is gone: closed by `seat.close`, by the
       player, or dropped (keepalives notice a dead link within about a minute). The seat draws nothing
       after that.

    If a method raises, the exception goes to the loop's exception handler (set one with
    `loop.set_exception_handler`, or it is printed on the host's terminal) and that seat is
    closed with a line saying the table failed; the other seats go on.
    """

    def admit(self, seat: Seat) -> str | None: ...

    def proves(self, name: str, answer: str) -> bool:
        """Whether `answer`, given at the code prompt to log in as `name`, is that seat's own
        code (then the seat is `proven`). Asked before any seat exists: `name` is hostile."""
        ...

    def joined(self, seat: Seat) -> None: ...

    def line(self, seat: Seat, text: str, cut: bool) -> None: ...

    def interrupt(self, seat: Seat) -> None: ...

    def eof(self, seat: Seat) -> None: ...

    def resized(self, seat: Seat) -> None: ...

    def left(self, seat: Seat) -> None: ...
