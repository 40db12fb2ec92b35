"""The lesson of `mushka learn`: which rule to explain at which moment of one deal, and its words,
decided from the learner's own view and the table's outcomes alone (no terminal, no other hand).

The live table asks it (as a `mushka.host.teaching.Teacher`) at four moments: `news` between
moves (what just happened on the table), `turn` before the learner's decision, `before_pass`
when he is about to pass, `take_back` right after his move; each answers with the explanations
due now, each topic at most once, and the table puts them on the learner's offer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, assert_never

from mushka.actions import DRAW
from mushka.cards import MUSHKA, SUITS, Card, Suit
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
from mushka.host.table import Outcome, TakeBackOffer
from mushka.i18n import N_, _, card_label, kopecks, language, suit_noun
from mushka.present.command import command
from mushka.present.keys import move_keys
from mushka.present.topics import (
    MAY_NOT_COME_UP,
    Explanation,
    Topic,
    first_word,
)
from mushka.state import Step
from mushka.view import SeatView

COACH_TURNS: Final = 3  # the learner's first decisions that show the coach's advice unasked


class Lesson:
    """What the learner in `seat` has been told so far, and what he is to be told next.

    `names` are the players' names as the table shows them; `ascii_only` spells cards QH;
    `keys`: the seat types (its keys are named), else it taps; `guided`: the one deal of
    `mushka learn` against three computer players, else a table that teaches its people
    (`mushka host --teach`) over a whole session."""

    def __init__(
        self,
        seat: int,
        names: Sequence[str],
        ascii_only: bool = False,
        keys: bool = True,
        guided: bool = True,
    ) -> None:
        self.seat = seat
        self.names = tuple(names)
        self.ascii_only = ascii_only
        self.keys, self.guided = keys, guided
        self._last = guided  # the deal under way is the session's last
        self.given: list[Explanation] = []  # in the order they were explained
        self.covered: set[Topic] = set()  # explained, or said within another topic
        self.coached = 0  # decisions that showed the coach's advice
        self._deal = 0
        self._seen = 0  # events of the deal already looked at

    @property
    def explained(self) -> list[Topic]:
        """The topics explained so far, in order."""
        return [explanation.topic for explanation in self.given]

    # ---------------------------------------------------------------- the four moments

    def news(self, view: SeatView, outcome: Outcome | None = None) -> list[Explanation]:
        """Between moves: what the events since the last look (and the table's forced passes in
        `outcome`) first show. The first news of all is the welcome."""
        if view.deal_number != self._deal:
            self._deal, self._seen = view.deal_number, 0
        self._last = view.deal_number == view.rules.deals
        self._seen = min(self._seen, len(view.events))  # a move taken back shortens the deal
        fresh = view.events[self._seen :]
        self._seen = len(view.events)
        found: list[Explanation] = []
        welcome = Topic.WELCOME if self.guided else Topic.TEACHING
        found += self._once(welcome, lambda: self._welcome(view))
        if outcome is not None and self.seat in outcome.forced:
            found += self._once(Topic.FORCED, _forced_lines)
        for index, event in enumerate(fresh):
            found += self._event(event, fresh[index + 1 :], view)
        return found

    def turn(self, view: SeatView) -> list[Explanation]:
        """Before the learner's prompt: the rules his decision now meets for the first time."""
        found: list[Explanation] = []
        match view.step:
            case Step.TAKE:
                found += self._once(Topic.BLIND_TAKE, lambda: self._blind_take(view))
            case Step.DISCARD:
                found += self._once(Topic.DISCARD, lambda: self._discard(view))
            case Step.LEAD:
                found += self._once(Topic.LEAD, lambda: self._lead(view))
                if view.barred_suit is not None and any(
                    c.suit == view.barred_suit for c in view.hand
                ):
                    found += self._once(Topic.BARRED, lambda: self._barred(view))
            case Step.FOLLOW:
                found += self._once(Topic.ANSWER, lambda: self._answer(view))
                if DRAW in view.legal_actions:
                    found += self._once(Topic.DRAW, lambda: self._draw(view))
            case Step.NONE:
                return []
            case _:
                assert_never(view.step)
        if MUSHKA in view.hand:
            found += self._once(Topic.MUSHKA, self._mushka_held)
        if len(view.hand) == 1 and view.step in (Step.LEAD, Step.FOLLOW):
            found += self._once(Topic.GOING_OUT, self._last_card)
        if self.wants_coach(view):
            found += self._once(Topic.COACH, self._coach)
        return found

    def before_pass(self, view: SeatView) -> list[Explanation]:
        """The learner is about to pass: while holding the suit led, the remise comes first."""
        led = view.led_suit
        held = [c for c in view.hand if led is not None and c.suit == led]
        if not held or led is None:
            return []
        return self._once(Topic.REVOKE, lambda: self._revoke_mine(led, held, view))

    def take_back(self, offer: TakeBackOffer | None) -> list[Explanation]:
        """Right after the learner's move: the take-back, offered once, on a move that may go
        back (a driver then asks whether it should)."""
        if offer is None or offer.seat != self.seat or offer.refusal is not None:
            return []
        if not self.guided:  # a seat of its own offers the take-back itself, every time
            return []
        return self._once(Topic.UNDO, _undo_lines)

    def wants_coach(self, view: SeatView) -> bool:
        """Whether the coach's advice is shown, unasked, above this prompt: the learner's first
        few decisions where there is something to weigh (a blind take has not)."""
        return (
            self.coached < COACH_TURNS
            and len(view.legal_actions) > 1
            and view.step is not Step.TAKE
        )

    def missed(self) -> list[Topic]:
        """The rules this deal never showed, for the closing words."""
        return [topic for topic in MAY_NOT_COME_UP if topic not in self.covered]

    # ---------------------------------------------------------------- bookkeeping

    def advised(self) -> None:
        """The coach's advice was shown above a prompt (see `wants_coach`)."""
        self.coached += 1

    def _once(
        self, topic: Topic, lines: Callable[[], Sequence[str]], *also: Topic
    ) -> list[Explanation]:
        """The topic's explanation (`lines()` called only now), unless it was covered before;
        `also` are topics its words cover too."""
        if topic in self.covered:
            return []
        explanation = Explanation(topic, tuple(lines()))
        self.given.append(explanation)
        self.covered.update((topic, *also))
        return [explanation]

    def _event(self, event: Event, after: Sequence[Event], view: SeatView) -> list[Explanation]:
        """The explanation an event calls for, if it is the first of its kind."""
        match event:
            case Expose(seat=seat):
                return self._once(Topic.EXCHANGE, lambda: self._exchange(seat))
            case Lead(seat=seat, card=card) | Follow(seat=seat, card=card) if card == MUSHKA:
                return self._mushka_played(seat)
            case Draw(seat=seat, card=card, played=True) if card == MUSHKA:
                return self._mushka_played(seat)
            case Pass(seat=seat, remise=True) if seat != self.seat:
                return self._once(Topic.REVOKE, lambda: self._revoke_theirs(seat, view))
            case Trick():
                return self._trick(event, view)
            case TakeBack(seat=seat, card=card):
                return self._once(Topic.TAKEN_BACK, lambda: self._taken_back(seat, card))
            case Out(seat=seat):
                return self._once(Topic.GOING_OUT, lambda: self._first_out(seat))
            case End():
                return self._once(Topic.SETTLING, lambda: self._settling(event, after, view))
            case Lead() | Follow() | Draw() | Pass():
                return []  # an ordinary play: the answer to a lead is explained at his turn
            case Ante() | Take() | Discard() | Replenish() | Remise() | Payout():
                return []  # said with the exchange, or with the end of the deal
            case _:
                assert_never(event)

    # ---------------------------------------------------------------- words

    def _who(self, seat: int) -> str:
        return _("you") if seat == self.seat else self.names[seat]

    def _card(self, card: Card) -> str:
        return card_label(card, ascii_only=self.ascii_only)

    def _money(self, amount: int) -> str:
        return kopecks(amount, language())

    def _symbol(self, suit: Suit) -> str:
        return suit.code if self.ascii_only else suit.symbol

    def _welcome(self, view: SeatView) -> list[str]:
        if not self.guided:
            return [
                _(
                    "This table teaches: each rule is explained to you the first time it comes "
                    "up in your game."
                ),
                _(
                    "Everyone has paid the stake, {stake}, into the kitty: it holds {kitty}. The "
                    "kitty pays for each trick at once, and after the last deal whoever ran out "
                    "of cards first in it takes what is left."
                ).format(stake=self._money(view.rules.stake), kitty=self._money(view.kitty)),
            ]
        return [
            _(
                "One deal against three computer players. Each rule is explained the first "
                "time it comes up; Enter goes on."
            ),
            _(
                "Everyone has paid the stake, {stake}, into the kitty: it holds {kitty}. The "
                "kitty pays for each trick at once, and whoever first runs out of cards takes "
                "what is left in it at the end."
            ).format(stake=self._money(view.rules.stake), kitty=self._money(view.kitty)),
            _(
                "At your move, the line above the prompt says what you may do: ? lists the "
                "keys, r shows the rules, {hint} asks the coach, {quit} leaves (nothing is "
                "saved)."
            ).format(hint=first_word(N_("h hint")), quit=first_word(N_("q leave"))),
        ]

    def _exchange(self, seat: int) -> list[str]:
        # The rule behind what the screen shows, not the laying down once more: the exchange
        # box says whose cards lie face down and how many, the news line that they were laid.
        rule = _(
            "Whoever is dealt three or more cards of one suit lays them all face down; nobody "
            "is told the suit."
        )
        if seat == self.seat:
            return [
                rule,
                _(
                    "Each other player in turn takes one of them blind and discards a card of "
                    "his choice. You take back the cards nobody took and draw as many from the "
                    "talon as were taken."
                ),
            ]
        name = self.names[seat]
        return [
            rule,
            _(
                "Each other player in turn takes one of them blind, sees what he got and "
                "discards a card of his choice face down. {name} takes back the cards nobody "
                "took and draws as many from the talon as were taken. The mushka too can change "
                "hands this way."
            ).format(name=name),
        ]

    def _blind_take(self, view: SeatView) -> list[str]:
        count = view.face_down_count
        if count == 1:
            first = _("One face-down card is left for you: take it (1).")
        else:
            first = _(
                "Take one of the {n} face-down cards by its position, 1 to {n}: you cannot see "
                "them, so any is as good as another."
            ).format(n=count)
        return [
            first,
            _(
                "You will see the card you got, then discard one card of your choice face down "
                "(it may be that very card); nobody else sees either."
            ),
        ]

    def _discard(self, view: SeatView) -> list[str]:
        lines = []
        taken = next(
            (e.card for e in reversed(view.events) if isinstance(e, Take) and e.seat == self.seat),
            None,
        )
        if taken is not None:
            lines.append(_("The card you got is {card}.").format(card=self._card(taken)))
        lines.append(
            _(
                "Now discard one card face down: it is out of play for this deal and nobody "
                "else sees it. A low card that cannot win a trick is the usual choice."
            )
        )
        return lines

    def _prices(self, view: SeatView) -> str:
        parts = [
            f"{self._symbol(suit)} {price}"
            for suit, price in zip(SUITS, view.rules.prices, strict=True)
        ]
        return _("{prices} kop").format(prices=", ".join(parts))

    def _lead(self, view: SeatView) -> list[str]:
        return [
            _(
                "Your lead: put down any card, and each other player answers it once, in turn. "
                "The trick goes to the highest card of the suit led, or to the mushka ({mushka}) "
                "if it is played."
            ).format(mushka=self._card(MUSHKA)),
            _("The kitty pays the trick's taker at once, by the suit led: {prices}.").format(
                prices=self._prices(view)
            ),
        ]

    def _barred(self, view: SeatView) -> list[str]:
        assert view.barred_suit is not None
        return [
            _(
                "The last lead was in {suit}, so you may not lead {suit} now: the same suit is "
                "never led twice running, even when the last lead was taken back. Only a hand "
                "of nothing but {suit} may lead one."
            ).format(suit=suit_noun(view.barred_suit))
        ]

    def _answer(self, view: SeatView) -> list[str]:
        led = view.led_suit
        assert led is not None
        draw, pass_ = move_keys()
        leader = next((e for e in view.trick if isinstance(e, Lead)), None)
        lines = []
        if leader is not None:
            lines.append(
                _("{who} led {card}. Each player answers once, in turn, with one of:").format(
                    who=self.names[leader.seat], card=self._card(leader.card)
                )
            )
        suit = suit_noun(led)
        lines += [
            _("· a card of the suit led, {suit};").format(suit=suit),
            _("· the mushka, {mushka}, on any lead, even when you hold {suit};").format(
                mushka=self._card(MUSHKA), suit=suit
            ),
        ]
        if not self.keys:
            return [
                *lines,
                _("· a draw from the talon, only when you hold no card of the suit led;"),
                _(
                    "· a pass: free without the suit led; holding it, a revoke that costs a "
                    "remise, {remise}."
                ).format(remise=self._money(view.rules.remise)),
            ]
        return [
            *lines,
            _(
                "· a draw from the talon ({draw}), only when you hold no card of the suit led;"
            ).format(draw=draw),
            _(
                "· a pass ({pass_key}): free without the suit led; holding it, a revoke that "
                "costs a remise, {remise}."
            ).format(pass_key=pass_, remise=self._money(view.rules.remise)),
        ]

    def _draw(self, view: SeatView) -> list[str]:
        assert view.led_suit is not None  # a draw answers a lead
        draw, pass_ = move_keys()
        if not self.keys:
            return [
                _(
                    "You hold no card of the suit led, so you may draw: you take the talon's top "
                    "card and look at it. If it is {suit}, it goes to the trick as your answer; "
                    "if not, it goes to your hand, unseen by the others, and your turn ends as a "
                    "pass, free. A plain pass is free too."
                ).format(suit=suit_noun(view.led_suit))
            ]
        return [
            _(
                "You hold no card of the suit led, so you may draw ({draw}): you take the "
                "talon's top card and look at it. If it is {suit}, it goes to the trick as your "
                "answer; if not, it goes to your hand, unseen by the others, and your turn ends "
                "as a pass, free. A plain pass ({pass_key}) is free too."
            ).format(draw=draw, pass_key=pass_, suit=suit_noun(view.led_suit))
        ]

    def _mushka_held(self) -> list[str]:
        if not self.keys:
            return [
                _(
                    "You hold the mushka, {mushka}. It takes every trick it is in, whatever "
                    "suit was led, and a trick it takes is paid double. You may play it on any "
                    "lead, even when you hold the suit led: keep it for a dear trick, or for "
                    "your last card."
                ).format(mushka=self._card(MUSHKA))
            ]
        return [
            _(
                "You hold the mushka, {mushka} (m plays it). It takes every trick it is in, "
                "whatever suit was led, and a trick it takes is paid double. You may play it on "
                "any lead, even when you hold the suit led: keep it for a dear trick, or for "
                "your last card."
            ).format(mushka=self._card(MUSHKA))
        ]

    def _last_card(self) -> list[str]:
        if not self._last:
            return [
                _(
                    "This is your last card. Once it is played and the trick settled, you are "
                    "out of the deal. The first player out is spared the next deal's stake, and "
                    "the first out of the last deal takes everything left in the kitty."
                )
            ]
        return [
            _(
                "This is your last card. Once it is played and the trick settled, you are out of "
                "the deal. The first player out is spared the next deal's stake, and the first out "
                "of the last deal (this one) takes everything left in the kitty."
            )
        ]

    def _coach(self) -> list[str]:
        if not self.keys:
            return [
                _(
                    "The coach is the strong computer player: it weighs each move you may make "
                    "by the money it expects that move to bring you by the end of the deal. For "
                    "your first few moves its advice is shown with your move; after that, ask "
                    "for it whenever you like. The table is told that you asked, never what you "
                    "were told."
                )
            ]
        return [
            _(
                "The coach is the strong computer player: it weighs each move you may make by the "
                "money it expects that move to bring you by the end of the deal. For your first "
                "few moves its advice is shown above the prompt; after that, ask for it with {hint} "
                "whenever you like. The table is told that you asked, never what you were told."
            ).format(hint=first_word(N_("h hint")))
        ]

    def _mushka_played(self, seat: int) -> list[Explanation]:
        if seat == self.seat:
            return self._once(Topic.MUSHKA, self._mushka_held)
        return self._once(
            Topic.MUSHKA,
            lambda: [
                _(
                    "{who} played the mushka, {mushka}: it takes every trick it is in, whatever "
                    "suit was led, and a trick it takes is paid double. It may be played on any "
                    "lead, even by a player who holds the suit led."
                ).format(who=self.names[seat], mushka=self._card(MUSHKA))
            ],
        )

    def _revoke_mine(self, led: Suit, held: Sequence[Card], view: SeatView) -> list[str]:
        return [
            _(
                "You hold {suit} ({cards}): a pass now is a revoke, and it costs a remise, "
                "{remise}, paid into the kitty at once. Answering with one of them (or with the "
                "mushka) costs nothing. You are asked to confirm the pass."
            ).format(
                suit=suit_noun(led),
                cards=", ".join(self._card(c) for c in held),
                remise=self._money(view.rules.remise),
            )
        ]

    def _revoke_theirs(self, seat: int, view: SeatView) -> list[str]:
        return [
            _(
                "{who} passed while holding the suit led: that is a revoke, and it costs a "
                "remise, {remise}, paid into the kitty at once."
            ).format(who=self.names[seat], remise=self._money(view.rules.remise))
        ]

    def _trick(self, trick: Trick, view: SeatView) -> list[Explanation]:
        if Topic.TRICK in self.covered:
            if not trick.doubled:
                return []
            return self._once(
                Topic.DOUBLED,
                lambda: [
                    _(
                        "The mushka took this trick, so it is paid double: {value} instead of "
                        "{price}."
                    ).format(
                        value=self._money(trick.value),
                        price=self._money(view.rules.prices[trick.suit]),
                    )
                ],
            )
        also = (Topic.DOUBLED,) if trick.doubled else ()
        return self._once(Topic.TRICK, lambda: self._trick_lines(trick, view), *also)

    def _trick_lines(self, trick: Trick, view: SeatView) -> list[str]:
        winner = trick.winner
        card = self._card(trick.card) if trick.card is not None else ""
        lines = [
            _("You took the trick with {card}.").format(card=card)
            if winner == self.seat
            else _("{who} took the trick with {card}.").format(who=self.names[winner], card=card)
        ]
        suit = suit_noun(trick.suit)
        price = self._money(view.rules.prices[trick.suit])
        if trick.doubled:
            lines.append(
                _(
                    "The mushka took it, so it is paid double: a trick in {suit} is worth {price}, "
                    "this one {value}, paid from the kitty at once."
                ).format(suit=suit, price=price, value=self._money(trick.value))
            )
        else:
            lines.append(
                _(
                    "A trick is worth the price of the suit led: in {suit}, {price}, paid from the "
                    "kitty at once."
                ).format(suit=suit, price=price)
            )
        if trick.paid < trick.value:
            lines.append(
                _("The kitty held only {paid}: that is all it pays.").format(
                    paid=self._money(trick.paid)
                )
            )
        if view.hand_sizes[winner]:
            lines.append(_("The taker leads next, but not in {suit}.").format(suit=suit))
        return lines

    def _taken_back(self, seat: int, card: Card) -> list[str]:
        if seat == self.seat:
            first = _(
                "Nobody joined your lead of {card}: there is no trick, you take the card back, "
                "and the next player who holds cards leads."
            ).format(card=self._card(card))
        else:
            first = _(
                "Nobody joined the lead of {card}: there is no trick, {who} takes the card back, "
                "and the next player who holds cards leads."
            ).format(card=self._card(card), who=self.names[seat])
        return [
            first,
            _(
                "If that happens to every player still holding cards, lead after lead, the deal "
                "is blocked and ends."
            ),
        ]

    def _first_out(self, seat: int) -> list[str]:
        if not self._last:
            if seat == self.seat:
                return [
                    _(
                        "You have played your last card: you are out of the deal, and the first "
                        "out! You are spared the next deal's stake."
                    )
                ]
            return [
                _(
                    "{who} has played his last card and is out of the deal: the first out. The "
                    "first out is spared the next deal's stake, and the first out of the last "
                    "deal takes everything left in the kitty at the end."
                ).format(who=self.names[seat])
            ]
        if seat == self.seat:
            return [
                _(
                    "You have played your last card: you are out of the deal, and the first "
                    "out! At the end of this deal, the last one, you take everything left in the "
                    "kitty."
                )
            ]
        return [
            _(
                "{who} has played his last card and is out of the deal: the first out. The "
                "first out is spared the next deal's stake, and the first out of the last deal "
                "(this one) takes everything left in the kitty at the end."
            ).format(who=self.names[seat])
        ]

    def _settling(self, end: End, after: Sequence[Event], view: SeatView) -> list[str]:
        lines = [
            _(
                "The deal is blocked: every player still holding cards led in turn, and each "
                "lead was taken back."
            )
            if end.blocked
            else _("The deal is over: at most one player still holds cards.")
        ]
        first = self._who(end.first_out)
        if view.out_order:
            lines.append(_("First out: {who}.").format(who=first))
        else:
            lines.append(
                _(
                    "Nobody went out, so the one with the fewest cards counts as first out: {who}."
                ).format(who=first)
            )
        fined = [
            self._who(e.seat) for e in after if isinstance(e, Remise) and e.reason == "no-trick"
        ]
        if fined:
            lines.append(
                _("Whoever took no trick pays a remise, {remise}: {names}.").format(
                    remise=self._money(view.rules.remise), names=", ".join(fined)
                )
            )
        else:
            lines.append(_("Everyone took a trick, so nobody pays the no-trick remise."))
        payout = next((e for e in after if isinstance(e, Payout)), None)
        if payout is not None:
            lines.append(
                _(
                    "The first out of the last deal takes what is left in the kitty: {amount}."
                ).format(amount=self._money(payout.amount))
            )
        return lines


def _forced_lines() -> list[str]:
    return [
        _(
            "The table passed for you: your only move was a pass (the talon is empty, and you "
            "hold neither the suit led nor the mushka), and it told nobody anything new."
        )
    ]


def _undo_lines() -> list[str]:
    return [
        _(
            "This table agreed to take-backs (--undo): right after your move, before the next "
            "player acts, you may take it back, in front of everyone; never after a draw or a "
            "blind take, nor once the trick is complete. At a table of several people the "
            "screen after your move offers it; here, just this once:"
        )
    ]


def stopped_words() -> str:
    """What a lesson says when it stops before its end."""
    return _("The lesson stopped; nothing was saved. Start it again with: {command}").format(
        command=command("learn")
    )
