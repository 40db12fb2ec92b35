"""The public log as plain values, worded for one reader: one line per trick, one per exchange,
the kitty after each payment (`deal_lines`); each deal's opening, the table's notes and each
deal's sheet between them (`table_log`). The log is kept as data (the session's public events
and the table's notes) and worded only here, in the reader's language with his names; no Rich."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, assert_never

from mushka.cards import CARDS, SUITS
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
from mushka.host.table import TableHost
from mushka.house_rules import Exchange, HouseRules
from mushka.i18n import N_, _, _n, kopecks, language, say
from mushka.ledger import deal_summary, session_accounts
from mushka.names import printable
from mushka.present.describe import Words
from mushka.present.sheets import DOT, Sheet, deal_sheet
from mushka.table_options import TableOptions


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


# ---------------------------------------------------------------- the table's log as entries


class EntryKind(StrEnum):
    """What an entry of the log is."""

    RULES = "rules"  # the house rules, above the first deal's opening
    OPENING = "opening"  # a deal's first line: who deals, who antes
    LINE = "line"  # a trick, the exchange, a payment
    NOTE = "note"  # the table's own note: the coach asked, a move taken back, a stand-in
    ALARM = "alarm"  # a note of something going wrong: the save failed
    SHEET = "sheet"  # a deal's sheet, once it is over


@dataclass(frozen=True)
class Entry:
    """One entry of the log, worded for its reader: `head` the bold start of a deal's opening
    ("Deal 2 of 8"), `text` the rest (or the line); a deal's sheet as data; the house rules as
    their parts."""

    kind: EntryKind
    deal: int
    text: str = ""
    head: str = ""
    sheet: Sheet | None = None
    parts: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value, "deal": self.deal, "text": self.text}
        if self.head:
            data["head"] = self.head
        if self.sheet is not None:
            data["sheet"] = self.sheet.to_json()
        if self.parts:
            data["parts"] = list(self.parts)
        return data

    @property
    def plain(self) -> str:
        """The entry as one line of text (a sheet by its title, the rules joined)."""
        if self.kind is EntryKind.SHEET and self.sheet is not None:
            return self.sheet.title.replace("\n", " ")
        if self.kind is EntryKind.RULES:
            return f" {DOT} ".join(self.parts)
        return f"{self.head} {DOT} {self.text}" if self.head else self.text


def house_rules_words(rules: HouseRules, options: TableOptions) -> tuple[str, ...]:
    """The agreed house rules, each a part, as render/help.house_rules_parts says them."""
    prices = " ".join(f"{s.symbol}{p}" for s, p in zip(SUITS, rules.prices, strict=True))
    parts = [
        _("stake {stake}").format(stake=rules.stake),
        _("remise {remise}").format(remise=rules.remise),
        prices,
        _n("{n} deal", "{n} deals", rules.deals).format(n=rules.deals),
        _(EXCHANGES[rules.exchange]) if rules.exchange in EXCHANGES else _("no exchange"),
    ]
    for setting, on in ((N_("undo on"), options.undo), (N_("hints on"), options.hints)):
        if on:
            parts.append(_(setting))
    return tuple(parts)


EXCHANGES: Final = {Exchange.MODERN: N_("modern exchange"), Exchange.OLD: N_("old exchange")}


def table_log(host: TableHost, ascii_only: bool = False, me: int | None = None) -> list[Entry]:
    """Everything public so far, worded in the language spoken now with the names its reader
    reads: the house rules, each deal's opening, a line per trick and exchange, the table's
    notes where they were noted, and each deal's sheet once it is over (the final sheet is the
    caller's). `me`: the reader's seat, whose sheet rows are marked."""
    events_of = host.public_events()
    names = tuple(printable(n) for n in host.names())
    words = Words(names, ascii_only)
    table_log = host.log()
    entries: list[Entry] = [
        Entry(EntryKind.RULES, 0, parts=house_rules_words(host.rules, host.settings.options))
    ]
    kitty = 0
    for deal, events in enumerate(events_of):
        entries.append(deal_opening(host, deal, events, names))
        forced = table_log.forced.get(deal, ())
        lines = [
            Entry(EntryKind.LINE, deal, line) for line in deal_lines(events, words, kitty, forced)
        ]
        # each note goes after the lines of the moves made before it, in the order noted
        for note in reversed(table_log.notes_of(deal)):
            at = len(deal_lines(events[: note.at], words, kitty, forced))
            kind = EntryKind.ALARM if note.alarming else EntryKind.NOTE
            lines.insert(min(at, len(lines)), Entry(kind, deal, say(note.wording(names))))
        entries.extend(lines)
        kitty = kitty_before([events], kitty)
        if any(isinstance(e, End) for e in events) and (deal + 1 < len(events_of) or host.is_over):
            totals = [a.net for a in session_accounts(events_of[: deal + 1])]
            summary = deal_summary(deal + 1, events)
            sheet = deal_sheet(summary, names, totals, me)
            entries.append(Entry(EntryKind.SHEET, deal, sheet.title, sheet=sheet))
    return entries


def deal_opening(
    host: TableHost, deal: int, events: Sequence[Event], names: Sequence[str]
) -> Entry:
    """A deal's first line: who deals (the first by lot), who antes, who is let off."""
    dealer = host.dealer(deal)
    antes = [e for e in events if isinstance(e, Ante)]
    payers = ", ".join(names[e.seat] for e in antes)
    amount = antes[0].amount if antes else 0
    deals = (_("{dealer} deals (drawn by lot).") if deal == 0 else _("{dealer} deals.")).format(
        dealer=names[dealer]
    )
    exempt = [names[s] for s in range(4) if s not in {e.seat for e in antes}]
    antes_words = _("Antes of {amount} from {payers}").format(
        amount=kopecks(amount, language()), payers=payers
    )
    if exempt:
        antes_words += _("; {name}, first out last deal, pays nothing").format(name=exempt[0])
    head = _("Deal {n} of {deals}").format(n=deal + 1, deals=host.rules.deals)
    return Entry(EntryKind.OPENING, deal, f"{deals} {antes_words}.", head)
