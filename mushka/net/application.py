"""The seam between the SSH transport and the game: what the server calls, and when.

The server knows nothing about cards. For each player who joins it makes a `Seat` (one
connected terminal) and tells the application about it through the methods below, always on the
event loop's thread, one call at a time. None of them may block: work that takes long (a
computer player thinking) goes to a thread or a task, whose results come back to the loop (e.g.
with `loop.call_soon_threadsafe`) before touching a seat.

The life of a seat:

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

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from mushka.net.seat import Seat


class Application(Protocol):
    """What the server calls; see the module's text for when."""

    def admit(self, seat: Seat) -> str | None: ...

    def joined(self, seat: Seat) -> None: ...

    def line(self, seat: Seat, text: str, cut: bool) -> None: ...

    def interrupt(self, seat: Seat) -> None: ...

    def eof(self, seat: Seat) -> None: ...

    def resized(self, seat: Seat) -> None: ...

    def left(self, seat: Seat) -> None: ...
