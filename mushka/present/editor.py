"""The line editor of a seat: raw terminal bytes in, an edited line and key events out; no I/O.

It edits at the end of the line only: printable characters are added, Backspace (or DEL) takes the
last one off, Ctrl-U clears the line, Enter submits it, Ctrl-C clears it and interrupts, Ctrl-D
is end of input. Every escape sequence a terminal sends (arrows, function keys, Alt+key, mouse
reports, bracketed-paste markers, answers to queries) is swallowed whole, other control
characters are ignored and invalid UTF-8 is dropped, so nothing but text ever reaches the line.
Its memory is constant whatever it is fed: a sequence's parameters are not kept, and the line
stops growing at its limit (the rest of it is dropped and the submitted line says it was cut).
"""

from __future__ import annotations

import codecs
import enum
import unicodedata
from dataclasses import dataclass
from typing import Final

MAX_LINE_CHARS: Final = 200

ESC: Final = 0x1B
CAN: Final = 0x18  # cancel: ends any escape sequence (ECMA-48)
SUB: Final = 0x1A  # substitute: likewise
BEL: Final = 0x07  # ends an OSC string
CTRL_C: Final = 0x03
CTRL_D: Final = 0x04
CTRL_U: Final = 0x15
BACKSPACE: Final = (0x08, 0x7F)
MOUSE_BYTES: Final = 3  # an X10 mouse report: ESC [ M and three raw bytes


@dataclass(frozen=True)
class Submitted:
    """Enter: the line as typed; `cut` when it was longer than the limit and only its start is here
    (a cut line is not what was meant: better refused than acted on)."""

    text: str
    cut: bool = False


@dataclass(frozen=True)
class Interrupted:
    """Ctrl-C (the line typed so far is dropped)."""


@dataclass(frozen=True)
class EndOfInput:
    """Ctrl-D (the line typed so far is kept)."""


Event = Submitted | Interrupted | EndOfInput


class _State(enum.Enum):
    GROUND = enum.auto()
    ESCAPE = enum.auto()  # after ESC
    INTERMEDIATE = enum.auto()  # ESC and intermediate bytes, e.g. ESC ( B
    CSI = enum.auto()  # ESC [ ...
    SS3 = enum.auto()  # ESC O ... (F1-F4, the keypad)
    STRING = enum.auto()  # ESC ] / P / _ / ^ / X ... up to BEL or ESC \
    STRING_ESCAPE = enum.auto()  # ESC inside a string: the start of ESC \ or of a new sequence
    MOUSE = enum.auto()  # the raw bytes of an X10 mouse report


_STRING_OPENERS: Final = frozenset(b"]P_^X")


def cell_width(text: str) -> int:
    """How many terminal cells `text` takes: wide (East Asian) characters two, combining ones none."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


class LineEditor:
    """One seat's input line; give `take` the bytes the terminal sends, in pieces of any size."""

    def __init__(self, limit: int = MAX_LINE_CHARS) -> None:
        self.limit: Final = limit
        self._chars: list[str] = []
        self.cut = False  # characters were dropped from this line because it was full
        self.version = 0  # goes up whenever the line changes, so a caller knows to show it again
        self._state = _State.GROUND
        self._csi_plain = True  # no parameter or intermediate byte yet (ESC [ M is a mouse report)
        self._skip = 0
        self._after_cr = False  # a LF right after a CR is the same Enter
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="ignore")

    @property
    def text(self) -> str:
        return "".join(self._chars)

    def take(self, data: bytes | bytearray) -> tuple[Event | None, int]:
        """Take in `data` up to the first event it completes: that event (None if it completes
        none) and how many bytes were taken. The caller hands the rest in later, so that a
        flood of Enters gives one event per turn of the loop."""
        events: list[Event] = []
        for index, byte in enumerate(data):
            self._byte(byte, events)  # one byte completes at most one event
            if events:
                return events[0], index + 1
        return None, len(data)

    # ------------------------------------------------------------------ the states

    def _byte(self, byte: int, events: list[Event]) -> None:
        match self._state:
            case _State.GROUND:
                self._ground(byte, events)
            case _State.ESCAPE:
                self._escape(byte, events)
            case _State.INTERMEDIATE:
                if 0x20 <= byte <= 0x2F:
                    return
                self._end_sequence(byte, events, final=0x30 <= byte <= 0x7E)
            case _State.CSI:
                self._csi(byte, events)
            case _State.SS3:
                if 0x30 <= byte <= 0x3F:  # parameters some terminals put before the key
                    return
                self._end_sequence(byte, events, final=0x40 <= byte <= 0x7E)
            case _State.STRING:
                if byte == BEL:
                    self._state = _State.GROUND
                elif byte == ESC:
                    self._state = _State.STRING_ESCAPE
                elif byte < 0x20:  # no answer a terminal sends holds these: a person typing does
                    self._abort(byte, events)
            case _State.STRING_ESCAPE:
                if byte == ord("\\"):
                    self._state = _State.GROUND
                else:
                    self._state = _State.ESCAPE
                    self._escape(byte, events)
            case _State.MOUSE:
                self._skip -= 1
                if self._skip <= 0:
                    self._state = _State.GROUND

    def _ground(self, byte: int, events: list[Event]) -> None:
        after_cr, self._after_cr = self._after_cr, byte == 0x0D
        if byte >= 0x80:
            self._add(self._utf8.decode(bytes((byte,))))
            return
        self._utf8.reset()  # an ASCII byte ends any unfinished multi-byte character: it is dropped
        if 0x20 <= byte <= 0x7E:
            self._add(chr(byte))
        elif byte == ESC:
            self._state = _State.ESCAPE
        elif byte == 0x0D or (byte == 0x0A and not after_cr):
            events.append(Submitted(self.text, self.cut))
            self._clear()
        elif byte in BACKSPACE:
            if self._chars:
                self._chars.pop()
                self.version += 1
        elif byte == CTRL_U:
            self._clear()
        elif byte == CTRL_C:
            self._clear()
            events.append(Interrupted())
        elif byte == CTRL_D:
            events.append(EndOfInput())
        # any other control character (Tab, NUL, Ctrl-G, ...) means nothing here

    def _escape(self, byte: int, events: list[Event]) -> None:
        if byte == ESC:
            return  # ESC ESC: the first was the Escape key alone
        if byte == ord("["):
            self._state, self._csi_plain = _State.CSI, True
        elif byte == ord("O"):
            self._state = _State.SS3
        elif byte in _STRING_OPENERS:
            self._state = _State.STRING
        elif 0x20 <= byte <= 0x2F:
            self._state = _State.INTERMEDIATE
        else:  # Alt+key (ESC and the key), Alt+Backspace; a control or non-ASCII byte is its own
            self._end_sequence(byte, events, final=0x30 <= byte <= 0x7F)

    def _csi(self, byte: int, events: list[Event]) -> None:
        if 0x20 <= byte <= 0x3F:  # parameters and intermediates: counted as present, never kept
            self._csi_plain = False
        elif 0x40 <= byte <= 0x7E:
            if byte == ord("M") and self._csi_plain:
                self._state, self._skip = _State.MOUSE, MOUSE_BYTES
            else:
                self._state = _State.GROUND
        else:
            self._abort(byte, events)

    def _end_sequence(self, byte: int, events: list[Event], final: bool) -> None:
        """The sequence ends at `byte`: swallowed with it if it is its final byte, else cut off
        before it (and `byte` is read as if no sequence had been under way)."""
        if final:
            self._state = _State.GROUND
        else:
            self._abort(byte, events)

    def _abort(self, byte: int, events: list[Event]) -> None:
        self._state = _State.GROUND
        if byte not in (CAN, SUB):
            self._ground(byte, events)

    # ------------------------------------------------------------------ the line

    def _add(self, char: str) -> None:
        if not char or not char.isprintable():  # C1 controls, bidi controls, unassigned, ...
            return
        if len(self._chars) >= self.limit:
            self.cut = True
            return
        self._chars.append(char)
        self.version += 1

    def _clear(self) -> None:
        if self._chars:
            self.version += 1
        self._chars.clear()
        self.cut = False
