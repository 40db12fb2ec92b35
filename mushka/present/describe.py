"""Plain-words sentences for events, as the table, the public screens and replays show them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from mushka.cards import CARDS, HAND_SIZE, SUITS, Card, Suit
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
from mushka.i18n import N_, _, _n, card_label, kopecks, language, suit_noun


class Words:
    """Turns events into sentences for given player names; `ascii` writes QH instead of Q♥.

    Each sentence that can be about the reader has its own wording for him ("You led Q♥"): the
    Russian verb agrees with «вы», not with a name."""

    def __init__(
        self, players: Sequence[str], ascii_only: bool = False, me: int | None = None
    ) -> None:
        self.players = players
        self.ascii_only = ascii_only
        self.me = me

    def card(self, card: Card | int) -> str:
        return card_label(CARDS[card], ascii_only=self.ascii_only)

    def suit(self, suit: int) -> str:
        return suit_noun(SUITS[suit])

    def symbol(self, suit: int) -> str:
        s = SUITS[suit]
        return s.code if self.ascii_only else s.symbol

    def who(self, seat: int) -> str:
        return _("you") if seat == self.me else self.players[seat]

    def Who(self, seat: int) -> str:
        name = self.who(seat)
        return name[0].upper() + name[1:]

    def cards(self, cards: Sequence[Card | None]) -> str:
        if any(c is None for c in cards):
            return _n("{n} card", "{n} cards", len(cards)).format(n=len(cards))
        return " ".join(self.card(c) for c in cards if c is not None)

    def is_me(self, seat: int) -> bool:
        return seat == self.me

    def says(self, seat: int, theirs: str, mine: str, **values: object) -> str:
        """`theirs` (a template naming {who}) of another seat, `mine` of the reader, translated."""
        if self.is_me(seat):
            return _(mine).format(**values)
        return _(theirs).format(who=self.Who(seat), **values)

    def event(
        self, event: Event, led_suit: int | None = None, left: Sequence[int] | None = None
    ) -> str | None:
        """One sentence for `event`; None for bookkeeping not worth a line. `left` is the cards
        each seat held when the deal ended, when known (a blocked deal's End names the count)."""
        say = self.says
        match event:
            case Ante():
                return None
            case Expose():
                cards = event.cards
                if self.is_me(event.seat) and cards and all(c is not None for c in cards):
                    # his own view names them
                    return _("You laid {cards} face down").format(cards=self.cards(cards))
                n = len(cards)
                if self.is_me(event.seat):
                    return _n(
                        "You laid {n} cards of one suit face down",
                        "You laid {n} cards of one suit face down",
                        n,
                    ).format(n=n)
                return _n(
                    "{who} laid {n} cards of one suit face down",
                    "{who} laid {n} cards of one suit face down",
                    n,
                ).format(who=self.Who(event.seat), n=n)
            case Take():
                if event.card is not None:
                    return say(
                        event.seat,
                        N_("{who} got a face-down card ({card})"),
                        N_("You got a face-down card ({card})"),
                        card=self.card(event.card),
                    )
                return say(
                    event.seat, N_("{who} got a face-down card"), N_("You got a face-down card")
                )
            case Discard():
                if event.card is not None:
                    return say(
                        event.seat,
                        N_("{who} discarded {card}"),
                        N_("You discarded {card}"),
                        card=self.card(event.card),
                    )
                return say(event.seat, N_("{who} discarded a card"), N_("You discarded a card"))
            case Replenish():
                drawn = event.cards
                if any(c is None for c in drawn):
                    n = len(drawn)
                    if self.is_me(event.seat):
                        return _n(
                            "You drew {n} card from the talon",
                            "You drew {n} cards from the talon",
                            n,
                        ).format(n=n)
                    return _n(
                        "{who} drew {n} card from the talon",
                        "{who} drew {n} cards from the talon",
                        n,
                    ).format(who=self.Who(event.seat), n=n)
                return say(
                    event.seat,
                    N_("{who} drew {cards} from the talon"),
                    N_("You drew {cards} from the talon"),
                    cards=self.cards(drawn),
                )
            case Lead():
                return say(
                    event.seat,
                    N_("{who} led {card}"),
                    N_("You led {card}"),
                    card=self.card(event.card),
                )
            case Follow():
                if CARDS[event.card].is_mushka and led_suit is not None and led_suit != Suit.S:
                    return say(
                        event.seat,
                        N_("{who} played {card} (the mushka)"),
                        N_("You played {card} (the mushka)"),
                        card=self.card(event.card),
                    )
                return say(
                    event.seat,
                    N_("{who} played {card}"),
                    N_("You played {card}"),
                    card=self.card(event.card),
                )
            case Draw():
                return self._draw(event, led_suit)
            case Pass():
                if event.remise:
                    return say(
                        event.seat,
                        N_("{who} passed holding the suit"),
                        N_("You passed holding the suit"),
                    )
                return say(event.seat, N_("{who} passed"), N_("You passed"))
            case TakeBack():
                if self.is_me(event.seat):
                    return _("nobody joined: you took {card} back").format(
                        card=self.card(event.card)
                    )
                return _("nobody joined: {who} took {card} back").format(
                    who=self.who(event.seat), card=self.card(event.card)
                )
            case Trick():
                return self._trick(event)
            case Remise():
                why = _("revoke") if event.reason == "revoke" else _("no trick this deal")
                return say(
                    event.seat,
                    N_("{who} paid a {amount} kop remise ({why})"),
                    N_("You paid a {amount} kop remise ({why})"),
                    amount=event.amount,
                    why=why,
                )
            case Out():
                return say(event.seat, N_("{who} is out"), N_("You are out"))
            case End():
                return self._end(event, left)
            case Payout():
                return say(
                    event.seat,
                    N_("{who} took the kitty: {money}"),
                    N_("You took the kitty: {money}"),
                    money=kopecks(event.amount, language()),
                )
            case _:
                assert_never(event)

    def _draw(self, event: Draw, led_suit: int | None) -> str:
        if event.played and event.card is not None:
            return self.says(
                event.seat,
                N_("{who} drew {card} and played it"),
                N_("You drew {card} and played it"),
                card=self.card(event.card),
            )
        values: dict[str, object] = {}
        if event.card is not None:
            values["card"] = self.card(event.card)
        if led_suit is not None:
            values["suit"] = self.suit(led_suit)
        if "card" in values and "suit" in values:
            theirs = N_("{who} drew a card ({card}), not {suit}")
            mine = N_("You drew a card ({card}), not {suit}")
        elif "card" in values:
            theirs, mine = N_("{who} drew a card ({card})"), N_("You drew a card ({card})")
        elif "suit" in values:
            theirs, mine = N_("{who} drew a card, not {suit}"), N_("You drew a card, not {suit}")
        else:
            theirs, mine = N_("{who} drew a card"), N_("You drew a card")
        return self.says(event.seat, theirs, mine, **values)

    def _trick(self, event: Trick) -> str:
        if event.doubled:
            took = self.says(
                event.winner,
                N_("{who} took the {suit} trick (doubled by the mushka)"),
                N_("You took the {suit} trick (doubled by the mushka)"),
                suit=self.suit(event.suit),
            )
        else:
            took = self.says(
                event.winner,
                N_("{who} took the {suit} trick"),
                N_("You took the {suit} trick"),
                suit=self.suit(event.suit),
            )
        if event.paid == event.value:
            tail = "{took}, +{money}"  # no words of its own to translate
        elif event.paid == 0:
            tail = _("{took}, worth {money}, but the kitty was empty")
        else:
            tail = _("{took}, +{money}, all the kitty had (it was worth {value})")
        money = kopecks(event.value if event.paid == 0 else event.paid, language())
        return tail.format(took=took, money=money, value=event.value)

    def _end(self, event: End, left: Sequence[int] | None) -> str:
        first = event.first_out
        me, name = self.is_me(first), self.who(first)
        if not event.blocked:
            if me:
                return _("The deal is over: you were first out")
            return _("The deal is over: {who} was first out").format(who=name)
        if left is None:
            return _("The deal is blocked (first out: {who})").format(who=name)
        if left[first] == 0:
            if me:
                return _("The deal is blocked: you were first out")
            return _("The deal is blocked: {who} was first out").format(who=name)
        if me:
            return _(
                "The deal is blocked and nobody went out; you, with the fewest cards ({n}), "
                "count as first out"
            ).format(n=left[first])
        return _(
            "The deal is blocked and nobody went out; {who}, with the fewest cards ({n}), "
            "counts as first out"
        ).format(who=name, n=left[first])

    def events(
        self, events: Sequence[Event], led: int | None = None, before: Sequence[Event] | None = None
    ) -> list[str]:
        """Sentences for a run of events; `led` is the suit of a trick already open before them.
        With `before`, the deal's earlier events, a blocked deal's end can say how many cards
        its counted first out held."""
        lines = []
        left = cards_left([*before, *events]) if before is not None else None
        for event in events:
            if isinstance(event, Lead):
                led = CARDS[event.card].suit
            line = self.event(event, led, left)
            if line:
                lines.append(line[0].upper() + line[1:])
            if isinstance(event, Trick | TakeBack):
                led = None
        return lines


def cards_left(events: Sequence[Event]) -> list[int]:
    """How many cards each seat holds after `events`, the whole deal's from its start."""
    left = [HAND_SIZE] * 4
    exposer, face_down = 0, 0  # the cards not taken go back to the exposer when he replenishes
    for event in events:
        match event:
            case Expose(seat=seat, cards=laid):
                left[exposer] += face_down
                exposer, face_down = seat, len(laid)
                left[exposer] -= face_down
            case Take(seat=seat):
                face_down -= 1
                left[seat] += 1
            case Replenish(seat=seat, cards=drawn):
                left[seat] += len(drawn) + face_down
                face_down = 0
            case TakeBack(seat=seat) | Draw(seat=seat, played=False):
                left[seat] += 1
            case Discard(seat=seat) | Lead(seat=seat) | Follow(seat=seat):
                left[seat] -= 1
            case Draw() | Ante() | Pass() | Trick() | Remise() | Out() | End() | Payout():
                pass  # no hand changes (a card drawn and played goes to the trick)
            case _:
                assert_never(event)
    return left
