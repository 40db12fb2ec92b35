"""Imagined deals consistent with one seat's knowledge: the hidden cards dealt out at random."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from mushka.cards import CARDS, MUSHKA_INDEX
from mushka.engine import Position, Step
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
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
from mushka.house_rules import Exchange
from mushka.view import SeatView

NO_SUIT = -1
SPADES = 3
RICH_PRICE_SHARE = (
    0.75  # `basic` keeps the mushka for tricks worth at least this share of the dearest
)


def rich(led: int, prices: Sequence[int]) -> bool:
    """Whether a trick led in this suit is worth the mushka to `basic`."""
    return prices[led] >= RICH_PRICE_SHARE * max(prices) and prices[led] > 0


def trick_state(view: SeatView) -> tuple[list[tuple[int, int]], list[int]]:
    """The cards on the open trick as (seat, card), and the seats still to answer, in order."""
    trick = view.trick
    if not trick or view.step is not Step.FOLLOW:
        return [], []
    plays: list[tuple[int, int]] = []
    acted: set[int] = set()
    for event in trick:
        match event:
            case Lead(seat=seat, card=card) | Follow(seat=seat, card=card):
                acted.add(seat)
                plays.append((seat, card))
            case Draw(seat=seat, card=card, played=played):
                acted.add(seat)
                if played and card is not None:
                    plays.append((seat, card))
            case Pass(seat=seat):
                acted.add(seat)
            case Remise() | Out() | Ante() | Expose() | Take() | Discard() | Replenish():
                pass  # not a play to the trick
            case TakeBack() | Trick() | End() | Payout():
                pass
            case _:
                assert_never(event)
    leader = plays[0][0]
    order = [(leader + i) % 4 for i in (1, 2, 3)]
    waiting = [
        s for s in order if s not in acted and view.hand_sizes[s] > 0 and s not in view.out_order
    ]
    return plays, waiting


@dataclass
class Knowledge:
    """What a seat knows of the current deal beyond the public counts.

    `held`: cards known to be in another's hand (a taken-back lead); `voids`: suits a seat is known
    to lack; `musts`: (suit, count) a seat is known to hold at least — an exposer gets back the
    face-down cards nobody took, all of the exposed suit, which a taker knows from his own card.
    """

    gone: set[int] = field(default_factory=set)
    held: dict[int, set[int]] = field(default_factory=lambda: {s: set() for s in range(4)})
    voids: list[set[int]] = field(default_factory=lambda: [set(), set(), set(), set()])
    musts: dict[int, tuple[int, int]] = field(default_factory=dict)
    last_lead: int = NO_SUIT
    takebacks: int = 0
    exposed_suit: int = NO_SUIT  # of the exchange under way, when this seat knows it
    caps: dict[int, LeadCap] = field(default_factory=dict)
    lacks: dict[int, set[int]] = field(default_factory=lambda: {s: set() for s in range(4)})
    """Cards a seat's answers say he lacks, if he answers like `basic`."""


@dataclass
class LeadCap:
    """What a seat's last lead says of the cards he held then, if he leads like `basic` (the card
    most likely to win the dearest trick): none of them, bar the mushka and the suit he could not
    lead, ranked above it. `free`: cards drawn into his hand since, which the lead says nothing of.
    """

    card: int
    barred: int
    free: int = 0

    def above(self, card: int, prices: Sequence[int]) -> bool:
        """Whether `basic` would have led `card` rather than this cap's card."""
        if card == MUSHKA_INDEX or card >> 3 == self.barred:
            return False
        return lead_rank(card, prices) > lead_rank(self.card, prices)


def lead_rank(card: int, prices: Sequence[int]) -> tuple[int, int]:
    """`basic`'s preference among leads: the trick's price times the card's rank, then the rank."""
    return (prices[card >> 3] * ((card & 7) + 1), card & 7)


def knowledge(view: SeatView) -> Knowledge:
    """Read the seat's knowledge from the deal's events as it saw them."""
    me = view.seat
    k = Knowledge()
    led = NO_SUIT
    exposer, laid, taken, suit = -1, 0, 0, NO_SUIT
    prices = view.rules.prices
    mushka_on = False
    high = -1  # the highest card of the led suit on the trick
    for event in view.events:
        match event:
            case Expose(seat=seat, cards=cards):
                exposer, laid, taken = seat, len(cards), 0
                known = [c for c in cards if c is not None]
                suit = known[0] >> 3 if known else NO_SUIT
                k.exposed_suit = suit
            case Take(seat=seat, card=card):
                taken += 1
                if card is not None and seat == me:
                    suit = k.exposed_suit = card >> 3
            case Replenish(seat=seat):
                if suit != NO_SUIT and seat != me and laid > taken:
                    k.musts[seat] = (suit, laid - taken)
                k.exposed_suit = NO_SUIT
                exposer = -1
            case Discard(card=card):
                if card is not None:
                    k.gone.add(card)
            case Lead(seat=seat, card=card):
                barred = k.last_lead
                if seat != me and card != MUSHKA_INDEX and card >> 3 != barred:
                    k.caps[seat] = LeadCap(card, barred)
                else:
                    k.caps.pop(seat, None)
                led = k.last_lead = card >> 3
                mushka_on = card == MUSHKA_INDEX
                high = card
                k.gone.add(card)
                k.held[seat].discard(card)
                _spend(k, seat, card)
            case Follow(seat=seat, card=card):
                if seat != me and led != NO_SUIT:
                    _read_answer(k, event, led, high, mushka_on, prices)
                mushka_on = mushka_on or card == MUSHKA_INDEX
                if card >> 3 == led:
                    high = max(high, card)
                k.gone.add(card)
                k.held[seat].discard(card)
                _spend(k, seat, card)
            case Draw(seat=seat, card=card, played=played):
                if seat != me and led != NO_SUIT:
                    _read_answer(k, event, led, high, mushka_on, prices)
                if played:
                    assert card is not None  # a card on the trick is seen by everyone
                    mushka_on = mushka_on or card == MUSHKA_INDEX
                    if card >> 3 == led:
                        high = max(high, card)
                    k.gone.add(card)
                    k.voids[seat].add(led)
                else:
                    k.voids[seat] = {led}  # he lacked the suit; the new card may be of any other
                    if seat in k.caps:
                        k.caps[seat].free += 1
            case Pass(seat=seat, remise=remise):
                if seat != me and led != NO_SUIT:
                    _read_answer(k, event, led, high, mushka_on, prices)
                if not remise:
                    k.voids[seat].add(led)
            case TakeBack(seat=seat, card=card):
                k.gone.discard(card)
                k.held[seat].add(card)
                k.takebacks += 1
                led = NO_SUIT
            case Trick():
                k.takebacks = 0
                led = NO_SUIT
            case Ante() | Remise() | Out() | End() | Payout():
                pass  # money and the deal's end tell nothing of the hands
            case _:
                assert_never(event)
    if exposer >= 0 and exposer != me and suit != NO_SUIT:
        k.voids[exposer].add(suit)  # mid-exchange: he laid down every card of that suit
    for seat, (must_suit, _) in list(k.musts.items()):
        if must_suit in k.voids[seat]:
            del k.musts[seat]  # a pass without remise showed he has none left
    return k


def _read_answer(
    k: Knowledge,
    event: Follow | Pass | Draw,
    led: int,
    high: int,
    mushka_on: bool,
    prices: Sequence[int],
) -> None:
    """What an answer says of the answerer's hand if he answers like `basic`: the mushka played
    on a spade lead or a rich one, the lowest card followed when he cannot beat the trick."""
    lacks = k.lacks[event.seat]
    match event:
        case Draw(played=False):
            lacks.clear()  # the card he drew may be any he was thought to lack
            return
        case Draw(card=card) | Follow(card=card):
            pass
        case Pass():
            card = None
        case _:
            assert_never(event)
    if card == MUSHKA_INDEX:
        return
    if not mushka_on and (led == SPADES or rich(led, prices)):
        lacks.add(MUSHKA_INDEX)
    if isinstance(event, Follow) and card is not None and (mushka_on or card < high):
        lacks.update(range(led * 8, card))  # he followed with his lowest
        if not mushka_on:
            lacks.update(range(high + 1, led * 8 + 8))  # and had nothing to beat the trick


def _spend(k: Knowledge, seat: int, card: int) -> None:
    must = k.musts.get(seat)
    if must is not None and card >> 3 == must[0]:
        if must[1] <= 1:
            del k.musts[seat]
        else:
            k.musts[seat] = (must[0], must[1] - 1)


def sample_position(view: SeatView, rng: random.Random, known: Knowledge | None = None) -> Position:
    """One deal the seat cannot tell from the real one: its own hand and everything public kept,
    the unseen cards shuffled into the other hands, the talon and the unseen discards.
    (`known`: the seat's `knowledge`, if already read from this view.)"""
    me = view.seat
    k = known if known is not None else knowledge(view)
    mine = set(view.hand)
    known_elsewhere = set().union(*(k.held[s] for s in range(4) if s != me))
    pool = [c for c in range(32) if c not in mine and c not in k.gone and c not in known_elsewhere]
    need = {s: view.hand_sizes[s] - len(k.held[s]) for s in range(4) if s != me}
    hands = deal_unseen(pool, need, k.voids, k.musts, rng, k.caps, view.rules.prices, k.lacks)
    dealt = {c for h in hands.values() for c in h}
    rest = [c for c in pool if c not in dealt]
    rng.shuffle(rest)
    talon = rest[: view.talon_count]
    plays, waiting = trick_state(view)
    on_trick = {c for _, c in plays}
    all_hands = tuple(
        tuple(CARDS[c] for c in view.hand)
        if s == me
        else tuple(CARDS[c] for c in (*k.held[s], *hands[s]))
        for s in range(4)
    )
    return Position(
        players=view.players,
        rules=view.rules,
        deal_index=view.deal_number - 1,
        dealer=view.dealer,
        hands=all_hands,
        talon=tuple(CARDS[c] for c in talon),
        kitty=view.kitty,
        net=view.net,
        first_outs=view.first_outs,
        tricks_won=tuple(tuple(int(s) for s in t) for t in view.tricks),
        out_order=view.out_order,
        last_lead_suit=k.last_lead,
        takebacks=k.takebacks,
        to_act=me,
        trick=tuple((s, CARDS[c]) for s, c in plays),
        followers=tuple(waiting),
        out_of_play=tuple(CARDS[c] for c in k.gone if c not in on_trick),
    )


def deal_unseen(
    pool: Sequence[int],
    need: dict[int, int],
    voids: list[set[int]],
    musts: dict[int, tuple[int, int]],
    rng: random.Random,
    caps: dict[int, LeadCap] | None = None,
    prices: Sequence[int] = (),
    lacks: dict[int, set[int]] | None = None,
) -> dict[int, list[int]]:
    """Give each other seat `need[s]` unseen cards: none of a suit he is known to lack, at least
    the cards of a suit he is known to hold, and (`caps`) none his last lead says he lacked beyond
    the cards he drew since, nor a card in `lacks[s]`, where the pool allows (else as
    close as it comes)."""
    caps = caps or {}
    for attempt in range(20):
        strict = attempt < 19
        left = list(pool)
        rng.shuffle(left)
        hands: dict[int, list[int]] = {}
        ok = True
        for seat in sorted(need, key=lambda s: (s not in musts, s not in caps, -len(voids[s]), s)):
            lacking = voids[seat] if strict else set()
            hand: list[int] = []
            must = musts.get(seat) if strict else None
            if must is not None:
                hand = [c for c in left if c >> 3 == must[0]][: min(must[1], need[seat])]
            cap = caps.get(seat) if strict and attempt < 15 else None
            free = cap.free if cap is not None else 0
            banned = lacks.get(seat, set()) if lacks and strict and attempt < 15 else set()
            chosen = set(hand)
            for c in left:
                if len(hand) >= need[seat]:
                    break
                if c not in chosen and c >> 3 not in lacking and c not in banned:
                    if cap is not None and cap.above(c, prices):
                        if free == 0:
                            continue
                        free -= 1
                    hand.append(c)
            if len(hand) < need[seat]:
                ok = False
                break
            hands[seat] = hand
            taken = set(hand)
            left = [c for c in left if c not in taken]
        if ok:
            return hands
    raise AssertionError("unreachable: the last attempt ignores what the seats know")


# ---------------------------------------------------------------- the exchange, imagined

DiscardRule = Callable[[Sequence[int]], int]


def sample_exchange(view: SeatView, rng: random.Random) -> ExchangeWorld:
    """The hidden cards at a discard of the exchange, dealt out consistently with the seat's view:
    the face-down cards left are of the suit the seat just took, and the exposer holds none of it."""
    me = view.seat
    assert view.exchange is not None
    exposer = view.exchange[0]
    k = knowledge(view)
    suit = k.exposed_suit
    mine = set(view.hand)
    pool = [c for c in range(32) if c not in mine and c not in k.gone]
    rng.shuffle(pool)
    face_down = [c for c in pool if c >> 3 == suit][: view.face_down_count]
    short = view.face_down_count - len(face_down)
    left = [c for c in pool if c not in face_down]
    face_down += left[:short]
    left = left[short:]
    need = {s: view.hand_sizes[s] for s in range(4) if s != me}
    voids: list[set[int]] = [set(), set(), set(), set()]
    voids[exposer] = {suit} if suit != NO_SUIT else set()
    hands = deal_unseen(left, need, voids, {}, rng)
    dealt = {c for h in hands.values() for c in h}
    rest = [c for c in left if c not in dealt]
    hands[me] = list(view.hand)
    return ExchangeWorld(
        view=view,
        hands=[hands[s] for s in range(4)],
        face_down=face_down,
        talon=rest[: view.talon_count],
        gone=sorted(k.gone) + rest[view.talon_count :],
    )


@dataclass
class ExchangeWorld:
    """An imagined deal stopped at the seat's discard."""

    view: SeatView
    hands: list[list[int]]
    face_down: list[int]
    talon: list[int]
    gone: list[int]

    def after_discard(
        self, card: int, others_discard: DiscardRule, later: random.Random | None = None
    ) -> Position:
        """The position at the first lead once the seat discards `card` and the rest of this
        exchange is carried out (later takers discard by `others_discard`). With `later` (which
        picks the blind takes) the exchanges of the seats still to be checked are carried out
        too, every taker discarding by `others_discard`; without it they are not imagined."""
        view = self.view
        assert view.exchange is not None
        exposer, _, me = view.exchange
        hands = [list(h) for h in self.hands]
        hands[me].remove(card)
        gone = [*self.gone, card]
        face_down = list(self.face_down)
        if view.rules.exchange is Exchange.OLD:
            receivers = [(exposer + 1) % 4, (exposer + 2) % 4]
        else:
            receivers = [(exposer + i) % 4 for i in (1, 2, 3)]
        taken = len(receivers)
        for receiver in receivers[receivers.index(me) + 1 :]:
            hands[receiver].append(face_down.pop())
            dropped = others_discard(hands[receiver])
            hands[receiver].remove(dropped)
            gone.append(dropped)
        hands[exposer] += face_down + self.talon[:taken]
        talon = self.talon[taken:]
        if later is not None:
            order = [(view.dealer + i) % 4 for i in (1, 2, 3, 4)]
            for seat in order[order.index(exposer) + 1 :]:
                talon = _exchange(
                    seat, hands, talon, gone, view.rules.exchange, later, others_discard
                )
        return Position(
            players=view.players,
            rules=view.rules,
            deal_index=view.deal_number - 1,
            dealer=view.dealer,
            hands=tuple(tuple(CARDS[c] for c in h) for h in hands),
            talon=tuple(CARDS[c] for c in talon),
            kitty=view.kitty,
            net=view.net,
            first_outs=view.first_outs,
            tricks_won=((), (), (), ()),
            out_order=(),
            last_lead_suit=NO_SUIT,
            takebacks=0,
            to_act=(view.dealer + 1) % 4,
            out_of_play=tuple(CARDS[c] for c in gone),
        )


def _exchange(
    seat: int,
    hands: list[list[int]],
    talon: list[int],
    gone: list[int],
    rule: Exchange,
    rng: random.Random,
    discard: DiscardRule,
) -> list[int]:
    """Check `seat` for an exchange and carry it out in `hands` (blind takes drawn from `rng`,
    discards by `discard`, into `gone`); the talon left."""
    hand = hands[seat]
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[c >> 3] += 1
    suit = next((s for s in range(4) if counts[s] >= 3), NO_SUIT)
    if suit == NO_SUIT:
        return talon
    laid = [c for c in hand if c >> 3 == suit]
    rng.shuffle(laid)
    hands[seat] = [c for c in hand if c >> 3 != suit]
    if rule is Exchange.OLD:
        receivers = [(seat + 1) % 4, (seat + 2) % 4]
    else:
        receivers = [(seat + i) % 4 for i in (1, 2, 3)]
    for receiver in receivers:
        hands[receiver].append(laid.pop())
        dropped = discard(hands[receiver])
        hands[receiver].remove(dropped)
        gone.append(dropped)
    hands[seat] += laid + talon[: len(receivers)]
    return talon[len(receivers) :]
