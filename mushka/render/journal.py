"""The public log in short: one line per trick, one per exchange, the kitty after each payment."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from typing import assert_never

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
from mushka.present.describe import Words


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
    match event:
        case Ante(amount=amount) | Remise(amount=amount):
            return amount
        case Trick(paid=paid):
            return -paid
        case Payout(amount=amount):
            return -amount
        case Expose() | Take() | Discard() | Replenish() | Lead() | Follow() | Draw() | Pass():
            return 0
        case TakeBack() | Out() | End():
            return 0
        case _:
            assert_never(event)


def deal_lines(
    events: Sequence[Event],
    words: Words,
    kitty: int = 0,
    forced: Collection[int] = (),
) -> list[str]:
    """The public lines of one deal's (public) events; `kitty` is the kitty before them, `forced`
    the indexes of the moves the table made for a seat (a forced pass, a last card led, the last
    face-down card taken). A trick still open
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
        match event:
            case Ante() | End():
                pass  # no line of their own
            case Take(seat=seat) if index in forced:
                if not exchange:
                    close()
                    head, exchange = _("Exchange: "), True
                parts.append(_("{who} takes the last one").format(who=who(seat)))
            case Expose() | Take() | Discard() | Replenish():
                if not exchange:
                    close()
                    head, exchange = _("Exchange: "), True
                parts.append(_exchange_part(event, words, parts))
            case Lead(seat=seat, card=card):
                close()
                tricks += 1
                led = CARDS[card].suit
                lead = (
                    _("Trick {n} {suit}, {who} leads the last card: ")
                    if index in forced
                    else _("Trick {n} {suit} led by {who}: ")
                )
                head = lead.format(n=tricks, suit=words.symbol(led), who=who(seat))
                parts = [words.card(card)]
            case Follow(seat=seat, card=card):
                shown = words.card(card)
                if CARDS[card].is_mushka and led != 3:
                    parts.append(_("{who} {card} (mushka)").format(who=who(seat), card=shown))
                else:
                    parts.append(f"{who(seat)} {shown}")
            case Draw(seat=seat, card=card, played=played):
                if played and card is not None:
                    parts.append(
                        _("{who} draws {card}").format(who=who(seat), card=words.card(card))
                    )
                else:
                    parts.append(_("{who} draws").format(who=who(seat)))
            case Pass(seat=seat, remise=remise):
                if remise:
                    parts.append(_("{who} revokes").format(who=who(seat)))
                elif index in forced and led is not None:
                    parts.append(
                        _("{who} passes: no {suit}, talon empty").format(
                            who=who(seat), suit=words.suit(led)
                        )
                    )
                else:
                    parts.append(_("{who} passes").format(who=who(seat)))
            case Remise(reason="revoke", amount=amount) if head:
                parts[-1] += _(" (remise {amount})").format(amount=amount)
            case TakeBack(seat=seat):
                close(_(" → nobody joined: {who} takes it back").format(who=who(seat)))
            case Trick(winner=winner, doubled=doubled, paid=paid):
                by_mushka = _(" → {who} +{paid} (doubled), kitty {kitty}")
                plain = _(" → {who} +{paid}, kitty {kitty}")
                close(
                    (by_mushka if doubled else plain).format(
                        who=who(winner), paid=paid, kitty=kitty
                    )
                )
            case Out(seat=seat) if lines and not head:
                lines[-1] += _("; {who} is out").format(who=who(seat))
            case Remise() | Out() | Payout():
                close()
                sentence = words.event(event)
                if sentence:
                    lines.append(sentence[0].upper() + sentence[1:])
            case _:
                assert_never(event)
    if head:
        close(" …")
    return lines


def _exchange_part(
    event: Expose | Take | Discard | Replenish, words: Words, parts: list[str]
) -> str:
    """A short piece of the exchange line; a take and its discard become one swap."""
    who = words.Who
    match event:
        case Expose(seat=seat, cards=laid):
            n = len(laid)
            return _n("{who} lays {n} face down", "{who} lays {n} face down", n).format(
                who=who(seat), n=n
            )
        case Take(seat=seat):
            return _("{who} takes one").format(who=who(seat))
        case Discard(seat=seat):
            if parts and parts[-1] == _("{who} takes one").format(who=who(seat)):
                parts.pop()
                return _("{who} swaps one").format(who=who(seat))
            return _("{who} discards one").format(who=who(seat))
        case Replenish(seat=seat, cards=drawn):
            n = len(drawn)
            return _n("{who} draws {n}", "{who} draws {n}", n).format(who=who(seat), n=n)
        case _:
            assert_never(event)
