"""The host's own terminal at a live table: the wall (the public table, how to join), the host's
keys (a digit lets a computer player play for an away seat), and, when the host sits at the
table himself, his own seat, a Tab away from the wall."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import sys
import termios
import threading
import tty
from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Final

from rich.console import Console, Group, RenderableType
from rich.text import Text

from mushka.host.link import Farewell, Why
from mushka.host.live import LiveTable
from mushka.host.offer import Offer, Presence
from mushka.i18n import _, language, say, speaking
from mushka.present.editor import EndOfInput, Interrupted, LineEditor, Submitted, cell_width
from mushka.present.typed import read_typed
from mushka.render.look import Look
from mushka.render.seat_screen import Frame, SeatTerminal, seat_frame
from mushka.render.wall import Joining, public_frame

TAB: Final = b"\t"
DIGITS: Final = {ord(str(n)): n - 1 for n in range(1, 5)}


class Mode(StrEnum):
    """What the host's terminal shows."""

    WALL = "wall"  # the public table, for everyone to see
    SEAT = "seat"  # the host's own hand: his seat at the table


class FrameWriter:
    """The host's own screen, drawn by a thread of its own: the newest frame wins, and a terminal
    that stops reading (Ctrl-S, a pager, a full pipe) never holds up the table's event loop."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self._frame: str | None = None
        self._ready = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="public screen", daemon=True)
        self._thread.start()

    def show(self, renderable: RenderableType) -> None:
        """Render now (on the caller's thread, on a console of its own: only the writer touches
        the terminal, whose lock a blocked write holds), write when the terminal takes it."""
        width, height = self.console.size
        out = io.StringIO()
        Console(
            file=out,
            width=width,
            height=height,
            color_system=self.console.color_system,  # type: ignore[arg-type]
            force_terminal=True,
            legacy_windows=False,
            no_color=self.console.no_color,
        ).print(renderable, end="")
        self.show_text(out.getvalue())

    def show_text(self, frame: str) -> None:
        """Write `frame` (ANSI text, the cursor's moves included) when the terminal takes it."""
        with self._ready:
            self._frame = frame
            self._ready.notify()

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._ready.notify()
        self._thread.join(timeout=2)

    def _run(self) -> None:
        while True:
            with self._ready:
                while self._frame is None and not self._closed:
                    self._ready.wait()
                frame, self._frame = self._frame, None
                if self._closed or frame is None:
                    return
            with contextlib.suppress(OSError, ValueError):  # a terminal gone: nothing to show
                self.console.file.write("\x1b[H\x1b[2J" + frame)
                self.console.file.flush()


class LocalSeat:
    """The host's own seat, on his terminal (a `host.live.Link`)."""

    via = "local"
    address = "this terminal"

    def __init__(self, terminal: HostTerminal, name: str) -> None:
        self.terminal = terminal
        self.name = name
        self.lang = language()
        self.shown: Offer | None = None
        self.frame: Frame | None = None  # the seat's screen as last drawn, the typing apart
        self.farewell: Farewell | None = None

    @property
    def pages(self) -> int:
        return self.frame.pages if self.frame is not None else 1

    def changed(self) -> None:
        table, terminal = self.terminal.table, self.terminal
        with speaking(table.lang_of(self)):
            self.shown = table.offer(self)
            self.frame = seat_frame(self.shown, table.host, terminal.size())
        terminal.draw()

    def close(self, farewell: Farewell) -> None:
        """Back to the wall, which says why (the final sheet says it for a finished session)."""
        self.farewell = farewell
        terminal = self.terminal
        terminal.mode = Mode.WALL
        if farewell.why is not Why.FINISHED:
            with speaking(self.lang):
                terminal.flash = say(farewell.words)
        terminal.table.left(self)
        terminal.draw()


class HostTerminal:
    """The host's terminal: draws the wall or the host's seat, and reads the host's keys."""

    def __init__(
        self,
        table: LiveTable,
        console: Console,
        joining: Joining,
        header: Callable[[], Text],
    ) -> None:
        self.table, self.console, self.joining, self.header = table, console, joining, header
        self.screen = FrameWriter(console)
        self.look = Look(table.settings.ascii_only)
        self.mode = Mode.WALL
        self.seat: LocalSeat | None = None
        self.editor = LineEditor()
        self.flash: str | None = None  # the answer to the host's last key, on the wall

    # ---------------------------------------------------------------- drawing

    def size(self) -> SeatTerminal:
        """The host's terminal as a seat's screen."""
        width, height = self.console.size
        color = self.console.color_system if not self.console.no_color else None
        return SeatTerminal(width, height, color, self.look.ascii_only)

    def draw(self) -> None:
        if not self.console.is_terminal:
            return
        if self.mode is Mode.SEAT and self.seat is not None and self.seat.frame is not None:
            self._draw_seat(self.seat.frame)
            return
        width, height = self.console.size
        rows: list[RenderableType] = []
        if self.table.host is None:  # how to join, whole, while the seats fill
            rows.append(public_frame(self.table, width, height - 2, self.look, self.joining))
        else:
            rows += [self.header(), public_frame(self.table, width, height - 3, self.look)]
        rows.append(self._footer())
        self.screen.show(Group(*rows))

    def _footer(self) -> Text:
        """The host's keys that work now, or the answer to the last one."""
        if self.flash is not None:
            return Text(self.look.text(self.flash), "bold")
        keys: list[str] = []
        if self.seat is not None and self.seat.farewell is None:
            mine = self.seat.shown is not None and self.seat.shown.my_turn
            keys.append(_("Tab: your turn, your hand") if mine else _("Tab: your hand"))
        for index, place in enumerate(self.table.standing().places):
            if place.presence is Presence.AWAY and self.table.host is not None:
                keys.append(
                    _("{key}: a computer plays for {name}").format(key=index + 1, name=place.name)
                )
        return Text(self.look.text(" · ".join(keys)), "dim")

    def _draw_seat(self, frame: Frame) -> None:
        width = self.console.size[0]
        row, column = frame.prompt
        typed, room = "", width - column - 1
        for char in reversed(self.editor.text):  # as much of the line's end as fits
            room -= cell_width(char)
            if room < 0:
                break
            typed = char + typed
        text = frame.text.replace("\n", "\r\n") + f"\x1b[{row + 1};{column + 1}H{typed}\x1b[K"
        self.screen.show_text(text)

    # ---------------------------------------------------------------- the host's keys

    def sit(self, name: str) -> str | None:
        """The host sits at the table as `name`; None, or why not."""
        seat = LocalSeat(self, name)
        refusal = self.table.admit(seat)
        if refusal is None:
            self.seat = seat
            self.table.joined(seat)
        return refusal

    def keys(self, data: bytes) -> None:
        """Bytes typed at the host's terminal: Tab flips between the wall and his seat."""
        for index, piece in enumerate(data.split(TAB)):
            if index:
                self._flip()
            self._typed(piece)
        self.draw()

    def _flip(self) -> None:
        if self.seat is None or self.seat.farewell is not None:
            return
        self.mode = Mode.WALL if self.mode is Mode.SEAT else Mode.SEAT
        self.flash = None
        self.table.resized(self.seat)

    def _typed(self, data: bytes) -> None:
        if not data:
            return
        if self.mode is Mode.WALL:
            for byte in data:
                if byte in DIGITS:
                    refusal = self.table.hand_over(DIGITS[byte])
                    self.flash = refusal
            return
        seat = self.seat
        assert seat is not None
        while data:
            event, used = self.editor.take(data)
            data = data[used:]
            match event:
                case Submitted(text=text, cut=cut):
                    if seat.shown is None:
                        continue
                    with speaking(seat.shown.lang):
                        intent = read_typed(text.strip(), seat.shown, seat.pages, cut)
                    self.table.act(seat, intent)
                case Interrupted() | EndOfInput() | None:
                    pass  # Ctrl-C stops the table (a signal); the host's seat has no Ctrl-D
            if event is None and used == 0:
                break

    @contextlib.contextmanager
    def reading(self, loop: asyncio.AbstractEventLoop) -> Iterator[None]:
        """Read the host's keys as they are typed (no Enter, no echo; Ctrl-C still a signal)
        while the block runs; a terminal that is no terminal gives none."""
        fd = sys.stdin.fileno() if sys.stdin is not None else -1
        if fd < 0 or not os.isatty(fd):
            yield
            return
        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        loop.add_reader(fd, self._read, fd)
        try:
            yield
        finally:
            loop.remove_reader(fd)
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def _read(self, fd: int) -> None:
        try:
            data = os.read(fd, 1024)
        except OSError:
            return
        self.keys(data)

    def close(self) -> None:
        self.screen.close()
