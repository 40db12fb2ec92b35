"""A seat's connection as the live table sees it (`Link`), why the table closes one and its last
word (`Farewell`), and the place a player sits in; what the join line puts for his name."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Protocol

from mushka.host.offer import (
    PlaceInfo,
    Presence,
    Told,
)
from mushka.host.seating import bot_name
from mushka.i18n import N_
from mushka.wording import Wording

# What the join line puts where a player's own name goes: a name the table refuses, in either
# language (NAME is what the join line said before).
PLACEHOLDER: Final = N_("YOUR-NAME")
PLACEHOLDERS: Final = frozenset({"your-name", "name", "ваше-имя", "имя", "<name>", "<имя>"})


class Why(StrEnum):
    """Why a seat's connection is closed."""

    LEFT = "left"  # the player left (q and yes, Ctrl-D): his seat waits for him
    FREED = "freed"  # he left before the session began: his seat is free again
    STOPPED = "stopped"  # the host stopped the table: it continues with `--resume`
    CLOSED = "closed"  # the host closed the table before its session began
    FAILED = "failed"  # the table stopped on an unexpected error (the game is saved)
    FINISHED = "finished"  # the session is over: the final sheet is the last word
    BROKEN = "broken"  # this seat's own connection failed the table
    TAKEN_OVER = "taken over"  # the same player sat down again from another connection


FAREWELLS = {
    Why.LEFT: Wording("You left the table; join again to take your seat back."),
    Why.FREED: Wording("You left the table before the session began; your seat is free again."),
    Why.STOPPED: Wording("The host stopped the table. Join again when the host continues it."),
    Why.CLOSED: Wording("The host closed the table."),
    Why.FAILED: Wording("The table stopped on an unexpected error; it is saved."),
    Why.FINISHED: Wording("The session is over."),
    Why.BROKEN: Wording("the table failed: this connection is closed"),
    Why.TAKEN_OVER: Wording("Your seat was taken up from another connection."),
}


@dataclass(frozen=True)
class Farewell:
    """The table's last word to a seat: why, in words, and the exit status its connection ends
    with. A finished session's seat draws the final sheet (`LiveTable.host`) instead of words,
    after what its lesson had still to say (`told`: how the last deal was settled, say), which
    a seat of its own had no time to read before the session ended."""

    why: Why
    told: tuple[Told, ...] = ()

    @property
    def words(self) -> Wording:
        return FAREWELLS[self.why]

    @property
    def status(self) -> int:
        return 1 if self.why in (Why.FAILED, Why.BROKEN) else 0


class Link(Protocol):
    """A seat's connection as the table sees it: who sits (the name he asked for, hostile until
    admitted), his language, where he comes from and how; "your screen changed" (ask for your
    `offer` now and draw it: the table host may be read during this call only), and "you are
    closed" (say the farewell, end the connection; `LiveTable.left` follows)."""

    @property
    def name(self) -> str: ...

    @property
    def lang(self) -> str: ...

    @property
    def address(self) -> str: ...

    @property
    def via(self) -> str: ...

    def changed(self) -> None: ...

    def close(self, farewell: Farewell) -> None: ...


@dataclass
class Place:
    """A seat at the table: who sits there, and the connection that is his screen (None while he
    is away, or before anyone sat down)."""

    index: int
    name: str | None = None
    computer: str | None = None  # the computer player's strategy
    link: Link | None = None
    address: str = ""  # where he last came from
    secret: str | None = None  # proves a return: given to his first connection (see `secret`)
    lang: str | None = None  # the language he chose at this table (kept when he comes back)
    leaving: bool = False  # he is leaving on purpose (not a dropped connection)
    reconnecting: bool = False  # his connection dropped a moment ago: the table waits a grace
    stand_in: str | None = None  # the strategy of the computer player playing for him meanwhile

    @property
    def away(self) -> bool:
        return self.computer is None and self.name is not None and self.link is None

    def info(self) -> PlaceInfo:
        if self.computer is not None:
            name = self.name or bot_name(self.index, self.computer)
            return PlaceInfo(name, Presence.COMPUTER, computer=self.computer)
        if self.name is None:
            return PlaceInfo("", Presence.FREE)
        if self.link is not None:
            return PlaceInfo(self.name, Presence.HERE, self.link.via)
        if self.stand_in is not None:
            return PlaceInfo(self.name, Presence.STAND_IN)
        if self.reconnecting:
            return PlaceInfo(self.name, Presence.RECONNECTING)
        return PlaceInfo(self.name, Presence.AWAY if self.address else Presence.AWAITED)
