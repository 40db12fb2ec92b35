"""The public log in short: one line per trick, one per exchange, the kitty after each payment."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.text import Text

from mushka.cards import CARDS
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
    Event,
    Expose,
    Follow,
    Lead,
    Out,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.tui.describe import Words

_EXCHANGE = (Expose, Take, Discard, Replenish)


class LogLine:
    """One line of the log that, on a screen too narrow for it, breaks between its parts (at
    `dot`, with a hanging indent) and before its outcome (`arrow`), never leaving a lone word."""

    def __init__(self, text: str, dot: str = " · ", arrow: str = " → ") -> None:
        self.text, self.dot, self.arrow = text, dot, arrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = options.max_width
        if cell_len(self.text) <= width:
            yield Text(self.text)
            return
        head, arrow, outcome = self.text.partition(self.arrow)
        first, *rest = head.split(self.dot)
        pieces = [(self.dot, part) for part in rest]
        if arrow:
            pieces.append((" ", f"{arrow.strip()} {outcome}"))
        line = first
        for joiner, piece in pieces:
            if cell_len(line + joiner + piece) <= width:
                line += joiner + piece
            else:
                yield Text(line)
                line = "  " + piece
        yield Text(line)


def kitty_before(deals: Sequence[Sequence[Event]], kitty: int = 0) -> int:
    """The kitty after every event of `deals`, from `kitty` (a session's starts empty)."""
    for events in deals:
        for event in events:
            kitty += _kitty_change(event)
    return kitty


def _kitty_change(event: Event) -> int:
    if isinstance(event, Ante | Remise):
        return event.amount
    if isinstance(event, Trick):
        return -event.paid
    if isinstance(event, Payout):
        return -event.amount
    return 0


def deal_lines(
    events: Sequence[Event],
    words: Words,
    kitty: int = 0,
    forced: Collection[int] = (),
) -> list[str]:
    """The public lines of one deal's (public) events; `kitty` is the kitty before them, `forced`
    the indexes of passes made for a seat whose only move was a public one. A trick still open
    is the last line, as far as it has gone."""
    lines: list[str] = []
    parts: list[str] = []  # the open trick's or exchange's pieces
    head = ""
    tricks = 0
    led: int | None = None

    def close(tail: str = "") -> None:
        nonlocal parts, head
        if head:
            lines.append(head + " · ".join(parts) + tail)
        parts, head = [], ""

    for index, event in enumerate(events):
        kitty += _kitty_change(event)
        who = words.Who
        if isinstance(event, Ante | End):
            continue
        if isinstance(event, _EXCHANGE):
            if not head.startswith("Exchange"):
                close()
                head = "Exchange: "
            parts.append(_exchange_part(event, words, parts))
            continue
        if isinstance(event, Lead):
            close()
            tricks += 1
            led = CARDS[event.card].suit
            head = f"Trick {tricks} {words.symbol(led)} led by {who(event.seat)}: "
            parts = [words.card(event.card)]
        elif isinstance(event, Follow):
            mushka = " (mushka)" if CARDS[event.card].is_mushka and led != 3 else ""
            parts.append(f"{who(event.seat)} {words.card(event.card)}{mushka}")
        elif isinstance(event, Draw):
            if event.played and event.card is not None:
                parts.append(f"{who(event.seat)} draws {words.card(event.card)}")
            else:
                parts.append(f"{who(event.seat)} draws")
        elif isinstance(event, Pass):
            if event.remise:
                parts.append(f"{who(event.seat)} revokes")
            elif index in forced and led is not None:
                parts.append(f"{who(event.seat)} passes: no {words.suit(led)}, talon empty")
            else:
                parts.append(f"{who(event.seat)} passes")
        elif isinstance(event, Remise) and event.reason == "revoke" and head:
            parts[-1] += f" (remise {event.amount})"
        elif isinstance(event, TakeBack):
            close(f" → nobody joined: {who(event.seat)} takes it back")
        elif isinstance(event, Trick):
            doubled = " (doubled)" if event.doubled else ""
            close(f" → {who(event.winner)} +{event.paid}{doubled}, kitty {kitty}")
        elif isinstance(event, Out) and lines and not head:
            lines[-1] += f"; {who(event.seat)} is out"
        else:
            close()
            sentence = words.event(event)
            if sentence:
                lines.append(sentence[0].upper() + sentence[1:])
    if head:
        close(" …")
    return lines


def _exchange_part(event: Event, words: Words, parts: list[str]) -> str:
    """A short piece of the exchange line; a take and its discard become one swap."""
    who = words.Who
    if isinstance(event, Expose):
        return f"{who(event.seat)} lays {len(event.cards)} face down"
    if isinstance(event, Take):
        return f"{who(event.seat)} takes one"
    if isinstance(event, Discard):
        if parts and parts[-1] == f"{who(event.seat)} takes one":
            return parts.pop().replace("takes one", "swaps one")
        return f"{who(event.seat)} discards one"
    assert isinstance(event, Replenish)
    return f"{who(event.seat)} draws {len(event.cards)}"
