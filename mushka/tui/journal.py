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
from mushka.i18n import _, _n
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
    exchange = False  # whether the open line is the exchange's
    tricks = 0
    led: int | None = None

    def close(tail: str = "") -> None:
        nonlocal parts, head, exchange
        if head:
            lines.append(head + " · ".join(parts) + tail)
        parts, head, exchange = [], "", False

    for index, event in enumerate(events):
        kitty += _kitty_change(event)
        who = words.Who
        if isinstance(event, Ante | End):
            continue
        if isinstance(event, _EXCHANGE):
            if not exchange:
                close()
                head, exchange = _("Exchange: "), True
            parts.append(_exchange_part(event, words, parts))
            continue
        if isinstance(event, Lead):
            close()
            tricks += 1
            led = CARDS[event.card].suit
            head = _("Trick {n} {suit} led by {who}: ").format(
                n=tricks, suit=words.symbol(led), who=who(event.seat)
            )
            parts = [words.card(event.card)]
        elif isinstance(event, Follow):
            card = words.card(event.card)
            if CARDS[event.card].is_mushka and led != 3:
                parts.append(_("{who} {card} (mushka)").format(who=who(event.seat), card=card))
            else:
                parts.append(f"{who(event.seat)} {card}")
        elif isinstance(event, Draw):
            if event.played and event.card is not None:
                parts.append(
                    _("{who} draws {card}").format(who=who(event.seat), card=words.card(event.card))
                )
            else:
                parts.append(_("{who} draws").format(who=who(event.seat)))
        elif isinstance(event, Pass):
            if event.remise:
                parts.append(_("{who} revokes").format(who=who(event.seat)))
            elif index in forced and led is not None:
                parts.append(
                    _("{who} passes: no {suit}, talon empty").format(
                        who=who(event.seat), suit=words.suit(led)
                    )
                )
            else:
                parts.append(_("{who} passes").format(who=who(event.seat)))
        elif isinstance(event, Remise) and event.reason == "revoke" and head:
            parts[-1] += _(" (remise {amount})").format(amount=event.amount)
        elif isinstance(event, TakeBack):
            close(_(" → nobody joined: {who} takes it back").format(who=who(event.seat)))
        elif isinstance(event, Trick):
            doubled = _(" → {who} +{paid} (doubled), kitty {kitty}")
            plain = _(" → {who} +{paid}, kitty {kitty}")
            close(
                (doubled if event.doubled else plain).format(
                    who=who(event.winner), paid=event.paid, kitty=kitty
                )
            )
        elif isinstance(event, Out) and lines and not head:
            lines[-1] += _("; {who} is out").format(who=who(event.seat))
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
        n = len(event.cards)
        return _n("{who} lays {n} face down", "{who} lays {n} face down", n).format(
            who=who(event.seat), n=n
        )
    if isinstance(event, Take):
        return _("{who} takes one").format(who=who(event.seat))
    if isinstance(event, Discard):
        if parts and parts[-1] == _("{who} takes one").format(who=who(event.seat)):
            parts.pop()
            return _("{who} swaps one").format(who=who(event.seat))
        return _("{who} discards one").format(who=who(event.seat))
    assert isinstance(event, Replenish)
    n = len(event.cards)
    return _n("{who} draws {n}", "{who} draws {n}", n).format(who=who(event.seat), n=n)
