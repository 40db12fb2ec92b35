"""`strong` as it was at issue 28, frozen as the reference its successors are measured against.

Not part of the package: the tournament seats it as `strong_v2`. It is the `StrongBot` of then at
its default settings (48 worlds, 96 for the draw, mushka and discard decisions, the exchange's
information, one decision looked ahead in the last deal's playouts), its options that were off by
default left out, and the time cap off, so that its results depend on the seed alone. Its playouts
are frozen beside it (strong_v2_playout.py); `basic` is the package's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from strong_v2_playout import playout

from mushka.actions import DRAW, PLAYS, Action
from mushka.cards import CARDS, MUSHKA_INDEX
from mushka.engine import Phase, Position, Step
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
from mushka.players.bots import BasicBot, lowest_card
from mushka.view import SeatView

NO_SUIT = -1


def trick_state(view: SeatView) -> tuple[list[tuple[int, int]], list[int]]:
    """The cards on the open trick as (seat, card), and the seats still to answer, in order."""
    trick = view.trick
    if not trick or view.step is not Step.FOLLOW:
        return [], []
    plays: list[tuple[int, int]] = []
    acted: set[int] = set()
    for event in trick:
        if isinstance(event, Lead | Follow):
            acted.add(event.seat)
            plays.append((event.seat, event.card))
        elif isinstance(event, Draw):
            acted.add(event.seat)
            if event.played and event.card is not None:
                plays.append((event.seat, event.card))
        elif isinstance(event, Pass):
            acted.add(event.seat)
    leader = plays[0][0]
    order = [(leader + i) % 4 for i in (1, 2, 3)]
    waiting = [
        s for s in order if s not in acted and view.hand_sizes[s] > 0 and s not in view.out_order
    ]
    return plays, waiting


@dataclass
class Knowledge:
    """What a seat knows of the current deal beyond the public counts: cards gone, cards known in
    another's hand (a taken-back lead), suits a seat lacks, (suit, count) a seat holds at least
    (an exposer's cards nobody took), the last lead, the takebacks since the last trick, and the
    suit of the exchange under way if this seat knows it."""

    gone: set[int] = field(default_factory=set)
    held: dict[int, set[int]] = field(default_factory=lambda: {s: set() for s in range(4)})
    voids: list[set[int]] = field(default_factory=lambda: [set(), set(), set(), set()])
    musts: dict[int, tuple[int, int]] = field(default_factory=dict)
    last_lead: int = NO_SUIT
    takebacks: int = 0
    exposed_suit: int = NO_SUIT


def knowledge(view: SeatView) -> Knowledge:
    """Read the seat's knowledge from the deal's events as it saw them."""
    me = view.seat
    k = Knowledge()
    led = NO_SUIT
    exposer, laid, taken, suit = -1, 0, 0, NO_SUIT
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
            case Lead(seat=seat, card=card) | Follow(seat=seat, card=card):
                if isinstance(event, Lead):
                    led = k.last_lead = card >> 3
                k.gone.add(card)
                k.held[seat].discard(card)
                _spend(k, seat, card)
            case Draw(seat=seat, card=card, played=played):
                if played:
                    assert card is not None  # a card on the trick is seen by everyone
                    k.gone.add(card)
                    k.voids[seat].add(led)
                else:
                    k.voids[seat] = {led}  # he lacked the suit; the new card may be of any other
            case Pass(seat=seat, remise=remise):
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


def _spend(k: Knowledge, seat: int, card: int) -> None:
    must = k.musts.get(seat)
    if must is not None and card >> 3 == must[0]:
        if must[1] <= 1:
            del k.musts[seat]
        else:
            k.musts[seat] = (must[0], must[1] - 1)


def sample_position(view: SeatView, rng: random.Random, k: Knowledge) -> Position:
    """One deal the seat cannot tell from the real one, the unseen cards shuffled out."""
    me = view.seat
    mine = set(view.hand)
    known_elsewhere = set().union(*(k.held[s] for s in range(4) if s != me))
    pool = [c for c in range(32) if c not in mine and c not in k.gone and c not in known_elsewhere]
    need = {s: view.hand_sizes[s] - len(k.held[s]) for s in range(4) if s != me}
    hands = deal_unseen(pool, need, k.voids, k.musts, rng)
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
) -> dict[int, list[int]]:
    """Give each other seat `need[s]` unseen cards: none of a suit he lacks, at least the cards of
    a suit he is known to hold, where the pool allows (else as close as it comes)."""
    for attempt in range(20):
        strict = attempt < 19
        left = list(pool)
        rng.shuffle(left)
        hands: dict[int, list[int]] = {}
        ok = True
        for seat in sorted(need, key=lambda s: (s not in musts, -len(voids[s]), s)):
            lacking = voids[seat] if strict else set()
            hand: list[int] = []
            must = musts.get(seat) if strict else None
            if must is not None:
                hand = [c for c in left if c >> 3 == must[0]][: min(must[1], need[seat])]
            chosen = set(hand)
            for c in left:
                if len(hand) >= need[seat]:
                    break
                if c not in chosen and c >> 3 not in lacking:
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


@dataclass
class ExchangeWorld:
    """An imagined deal stopped at the seat's discard."""

    view: SeatView
    hands: list[list[int]]
    face_down: list[int]
    talon: list[int]
    gone: list[int]

    def after_discard(self, card: int, others_discard: Callable[[Sequence[int]], int]) -> Position:
        """The position at the first lead once the seat discards `card` and the rest of this
        exchange is carried out (later takers discard by `others_discard`)."""
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
        return Position(
            players=view.players,
            rules=view.rules,
            deal_index=view.deal_number - 1,
            dealer=view.dealer,
            hands=tuple(tuple(CARDS[c] for c in h) for h in hands),
            talon=tuple(CARDS[c] for c in self.talon[taken:]),
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


class StrongV2:
    """Flat Monte Carlo over determinised deals, each legal action played out in the same imagined
    worlds with `basic` for everyone; in the last deal the searcher's own next decision in each
    playout is the best for that world. The exchange discard is searched the same way."""

    name = "strong_v2"

    def __init__(self, rng: random.Random, worlds: int = 48, key_worlds: int = 96) -> None:
        self.rng = rng
        self.worlds = worlds
        self.key_worlds = key_worlds
        self.basic = BasicBot()
        self._known: tuple[SeatView, Knowledge] | None = None

    def choose(self, view: SeatView) -> Action:
        fallback = self.basic.choose(view)
        values = self.evaluate(view)
        if not values:
            return fallback
        return max(view.legal_actions, key=lambda a: (values[a], a == fallback))

    def evaluate(self, view: SeatView) -> dict[Action, float]:
        """The expected money of each legal action to the end of this deal; empty when there is
        nothing to weigh."""
        legal = view.legal_actions
        if len(legal) < 2:
            return {}
        if view.phase is Phase.PLAY:
            key = DRAW in legal or PLAYS[MUSHKA_INDEX] in legal
            return self._search(
                view, legal, self._play_world, self.key_worlds if key else self.worlds
            )
        if view.step is Step.DISCARD:
            return self._search(view, legal, self._discard_world, self.key_worlds)
        return {}

    def _search(
        self,
        view: SeatView,
        legal: Sequence[Action],
        world: Callable[[SeatView], Callable[[Action], Position]],
        worlds: int,
    ) -> dict[Action, float]:
        totals = dict.fromkeys(legal, 0.0)
        seat = view.seat
        playing = view.phase is Phase.PLAY
        lookahead = 1 if view.deal_number == view.rules.deals else 0
        for _ in range(worlds):
            imagined = world(view)
            self.rng.getrandbits(32)  # the seed the engine's rollouts took, kept for the same draws
            for action in legal:
                first = action if playing else None
                totals[action] += playout(imagined(action), first, seat, lookahead)
        return {a: totals[a] / worlds for a in legal}

    def _play_world(self, view: SeatView) -> Callable[[Action], Position]:
        if self._known is None or self._known[0] is not view:
            self._known = (view, knowledge(view))
        position = sample_position(view, self.rng, self._known[1])
        return lambda _action: position

    def _discard_world(self, view: SeatView) -> Callable[[Action], Position]:
        world = sample_exchange(view, self.rng)
        prices = view.rules.prices

        def imagined(action: Action) -> Position:
            assert action.card is not None
            return world.after_discard(action.card, lambda h: lowest_card(h, prices))

        return imagined


def make(rng: random.Random) -> StrongV2:
    """The factory the tournament's worker processes call (a module-level name, so it pickles)."""
    return StrongV2(rng)
