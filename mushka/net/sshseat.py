"""The SSH seat: a connected terminal (`net.seat.Seat`) seated at the live table. It draws what
its seat is offered and reads each typed line as an intent; the table's rules are the live
table's, the drawing is `mushka.render`'s, the reading `mushka.present`'s."""

from __future__ import annotations

from typing import Final

from rich.text import Text

from mushka.host.link import Farewell, Why
from mushka.host.live import LiveTable
from mushka.host.offer import Command, Offer
from mushka.i18n import say, speaking
from mushka.net.seat import Seat
from mushka.present.typed import read_typed
from mushka.render.lesson import lesson_panel
from mushka.render.look import Look
from mushka.render.seat_screen import Frame, SeatTerminal, plain, seat_code_words, seat_frame
from mushka.render.wall import sheet

FRAMES_KEPT: Final = 4  # a seat's newest frames: the table, an overlay or two, a question


class SshSeat:
    """One SSH connection as the live table sees it (a `host.live.Link`)."""

    via = "ssh"

    def __init__(self, seat: Seat, table: LiveTable) -> None:
        self.seat = seat
        self.table = table
        self.shown: Offer | None = None  # what the player sees: his keys are read against it
        self.pages = 1  # the pages of the overlay shown
        self.let_go = False  # the table closed it (else its connection dropped)
        self.drawn: object = None  # what its last frame was drawn from (see `changed`)
        self.frames: list[tuple[object, Frame]] = []  # the newest frames, with what made each

    @property
    def name(self) -> str:
        return self.seat.name

    @property
    def lang(self) -> str:
        return self.seat.lang

    @property
    def address(self) -> str:
        return self.seat.address

    def terminal(self) -> SeatTerminal:
        seat = self.seat
        return SeatTerminal(seat.width, seat.height, seat.color, seat.ascii)

    def changed(self) -> None:
        if self.seat.closed:
            return
        with speaking(self.table.lang_of(self)):
            offer = self.table.offer(self)
            terminal, host = self.terminal(), self.table.host
            # Every change of the table asks every seat; one whose offer, terminal and table
            # (its moves: `changes`) are as last drawn would draw the same frame: Rich's work
            # is spared, the seat's last screen stands.
            drawn = (offer, terminal, host.changes if host is not None else -1)
            if drawn == self.drawn:
                return
            # A frame drawn before for the same offer, terminal and table (the table under
            # the help, which `?` opened and Enter closes) is the same frame: kept, not drawn.
            frame = next((kept for made, kept in self.frames if made == drawn), None)
            if frame is None:
                frame = seat_frame(offer, host, terminal)
                self.frames = [(drawn, frame), *self.frames[: FRAMES_KEPT - 1]]
        self.drawn = drawn
        self.shown, self.pages = offer, frame.pages
        self.seat.draw(frame.text, frame.prompt)

    def close(self, farewell: Farewell) -> None:
        self.let_go = True
        with speaking(self.shown.lang if self.shown is not None else self.lang):
            host = self.table.host
            if farewell.why is Why.FINISHED and host is not None:
                look = Look(self.seat.ascii)
                if farewell.told:  # the lesson's last words, then the final sheet
                    self.seat.line(plain(lesson_panel(farewell.told, look), self.seat.width))
                self.seat.line(plain(sheet(host, look), self.seat.width))
            else:
                words = say(farewell.words)
                code = self.shown.seat_code if self.shown is not None else None
                if farewell.why in (Why.LEFT, Why.STOPPED) and code is not None:
                    words += " " + seat_code_words(code)  # he will need it to come back
                self.seat.line(wrapped(words, self.seat.width))
        self.seat.close(farewell.status)

    def typed(self, text: str, cut: bool) -> None:
        """A line the player typed (`cut`: longer than a line may be, only its start here)."""
        if self.shown is None:
            return  # nothing drawn yet: nothing to answer
        self.drawn = None  # a line typed is answered by a frame, even the same one again
        with speaking(self.shown.lang):
            intent = read_typed(text.strip(), self.shown, self.pages, cut)
        self.table.act(self, intent)


def wrapped(words: str, width: int) -> str:
    """`words` broken into lines at word boundaries, each at most `width` cells (a terminal
    would break them mid-word)."""
    return plain(Text(words), max(1, width - 1))


class SshTable:
    """The live table behind the SSH server (its `net.seat.Application`): each connection a
    seat, its keys read as intents."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.links: dict[Seat, SshSeat] = {}

    def proves(self, name: str, answer: str) -> bool:
        return self.table.proves(name, answer)

    def admit(self, seat: Seat) -> str | None:
        link = SshSeat(seat, self.table)
        refusal = self.table.admit(link, proven=seat.proven)
        if refusal is None:
            self.links[seat] = link
            return None
        return wrapped(refusal, seat.width)

    def joined(self, seat: Seat) -> None:
        self.table.joined(self.links[seat])

    def line(self, seat: Seat, text: str, cut: bool) -> None:
        link = self.links.get(seat)
        if link is not None:
            link.typed(text, cut)

    def interrupt(self, seat: Seat) -> None:
        link = self.links.get(seat)
        if link is not None and not self.table.finished:
            self.table.act(link, Command.LEAVE)  # Ctrl-C asks whether to leave

    def eof(self, seat: Seat) -> None:
        link = self.links.get(seat)
        if link is not None:
            self.table.leave(link)
        else:
            seat.close(0)

    def resized(self, seat: Seat) -> None:
        link = self.links.get(seat)
        if link is not None:
            self.table.resized(link)

    def left(self, seat: Seat) -> None:
        link = self.links.pop(seat, None)
        if link is None:
            return
        if link.let_go:
            self.table.left(link)
        else:  # a dropped link: "reconnecting…" for the table's grace, then away
            self.table.dropped(link)
