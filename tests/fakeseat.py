"""A fake seat at the live table: it keeps every offer it was drawn and its farewell, and answers
with intents chosen from the offer (never from words on a screen), so whole sessions run
in-process with no SSH, no terminal and no sleeps but the table's own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mushka.cards import CARDS
from mushka.host.link import Farewell
from mushka.host.live import LiveTable
from mushka.host.offer import Answer, Intent, Move, Offer, Play
from mushka.i18n import ENGLISH
from mushka.view import SeatView

TIMEOUT = 30.0  # seconds a fake waits for what it expects


@dataclass(eq=False)
class FakeSeat:
    """A connection that records what the table tells it (a `host.live.Link`)."""

    table: LiveTable
    name: str
    lang: str = ENGLISH
    address: str = "127.0.0.1"
    via: str = "fake"
    offers: list[Offer] = field(default_factory=list)
    farewell: Farewell | None = None
    changes: asyncio.Event = field(default_factory=asyncio.Event)

    def changed(self) -> None:
        self.offers.append(self.table.offer(self))
        self.changes.set()

    def close(self, farewell: Farewell) -> None:
        self.farewell = farewell
        self.changes.set()
        self.table.left(self)  # as a transport does once its connection is gone

    @property
    def shown(self) -> Offer:
        assert self.offers, f"nothing was drawn on {self.name}'s seat"
        return self.offers[-1]

    def act(self, intent: Intent) -> None:
        self.table.act(self, intent)

    async def until(self, check: Callable[[FakeSeat], bool], what: str) -> None:
        """Wait until `check(self)` holds, each time the table tells this seat something."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TIMEOUT
        while not check(self):
            if loop.time() > deadline:
                last = self.offers[-1] if self.offers else None
                raise AssertionError(f"{self.name} waited for {what}; last offer: {last}")
            self.changes.clear()
            try:
                await asyncio.wait_for(self.changes.wait(), deadline - loop.time())
            except TimeoutError:
                continue


def join(table: LiveTable, name: str, secret: str | None = None, **facts: str) -> FakeSeat:
    """A fake seat admitted and seated at `table` (AssertionError if it is refused), with its
    seat's `secret` if given."""
    seat = FakeSeat(table, name, **facts)  # type: ignore[arg-type]
    refusal = table.admit(seat, secret)
    assert refusal is None, refusal
    table.joined(seat)
    return seat


def first_move(offer: Offer) -> Move:
    """The move a test plays: a pass where one is offered first, else the first move offered."""
    moves = offer.moves
    return moves[-1] if moves[0].action.kind.value == "pass" else moves[0]


async def play_out(
    table: LiveTable,
    seats: Sequence[FakeSeat],
    choose: Callable[[Offer], Move] = first_move,
    over: asyncio.Event | None = None,
) -> int:
    """Answer each seat's turn from its offer until every seat is let go; moves made."""
    moves = 0
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10 * TIMEOUT
    while not all(s.farewell is not None for s in seats) and not (over and over.is_set()):
        assert loop.time() < deadline, "the session never ended"
        await table.idle()
        ready = [s for s in seats if s.offers and s.farewell is None and s.shown.my_turn]
        if not ready:
            await asyncio.sleep(0.005)
            continue
        seat = ready[0]
        move = choose(seat.shown)
        before = len(seat.offers)
        seat.act(Play(move.action))
        if move.asks:
            await seat.until(lambda s: s.shown.question is not None, "the pass question")
            seat.act(Answer(True))
        moves += 1
        await seat.until(
            lambda s, n=before: len(s.offers) > n or s.farewell is not None,  # type: ignore[misc]
            "a redraw",
        )
    return moves


def knowable(view: SeatView) -> frozenset[str]:
    """The cards `view`'s seat may know now: its hand, and every card its events show it."""
    known = {card.code for card in view.hand}
    for event in view.events:
        for name in ("card", "cards"):
            value = getattr(event, name, None)
            for card in value if isinstance(value, tuple) else (value,):
                if isinstance(card, int):
                    known.add(CARDS[card].code)
                elif card is not None and hasattr(card, "code"):
                    known.add(card.code)
    return frozenset(known)
