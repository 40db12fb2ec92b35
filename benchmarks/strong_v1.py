"""`strong` as it was before issue 9, frozen as the reference its successors are measured against.

Not part of the package: the tournament seats it as `strong_v1`. Its only change is that the
time cap is off by default, so that its results depend on the seed alone.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from mushka.actions import Action
from mushka.cards import CARDS
from mushka.chance import SeededChance
from mushka.engine import Phase, Position, Session, Step
from mushka.events import Discard, Draw, Follow, Lead, Pass, TakeBack, Trick
from mushka.players.bots import BasicBot, basic_action
from mushka.view import SeatView


def trick_state(view: SeatView) -> tuple[list[tuple[int, int]], list[int]]:
    """The cards on the open trick as (seat, card), and the seats still to answer, in order."""
    trick = view.trick
    if not trick or view.step is not Step.FOLLOW:
        return [], []
    plays: list[tuple[int, int]] = []
    acted: set[int] = set()
    for event in trick:
        if not isinstance(event, Lead | Follow | Draw | Pass):
            continue
        acted.add(event.seat)
        card = None if isinstance(event, Pass) else event.card
        if card is not None and (not isinstance(event, Draw) or event.played):
            plays.append((event.seat, card))
    leader = plays[0][0]
    order = [(leader + i) % 4 for i in (1, 2, 3)]
    waiting = [
        s for s in order if s not in acted and view.hand_sizes[s] > 0 and s not in view.out_order
    ]
    return plays, waiting


def _knowledge(view: SeatView) -> tuple[set[int], dict[int, set[int]], list[set[int]], int, int]:
    """What the seat knows of this deal: cards gone from play, cards known in others' hands,
    suits each seat is known to lack, the suit led last, and the run of taken-back leads since
    the last trick. (Unseen discards are the unseen cards in no hand and not in the talon.)"""
    gone: set[int] = set()
    held: dict[int, set[int]] = {s: set() for s in range(4)}
    voids: list[set[int]] = [set(), set(), set(), set()]
    led = -1
    last_lead = -1
    takebacks = 0
    for event in view.events:
        if isinstance(event, Discard):
            if event.card is not None:
                gone.add(event.card)
        elif isinstance(event, Lead):
            led = last_lead = event.card >> 3
            gone.add(event.card)
            held[event.seat].discard(event.card)
        elif isinstance(event, Follow):
            gone.add(event.card)
            held[event.seat].discard(event.card)
        elif isinstance(event, Draw):
            if event.played and event.card is not None:
                gone.add(event.card)
                voids[event.seat].add(led)
            else:
                voids[event.seat] = {led}  # he lacked the suit; the new card may be of any other
        elif isinstance(event, Pass):
            if not event.remise:
                voids[event.seat].add(led)
        elif isinstance(event, TakeBack):
            gone.discard(event.card)
            held[event.seat].add(event.card)
            takebacks += 1
            led = -1
        elif isinstance(event, Trick):
            takebacks = 0
            led = -1
    return gone, held, voids, last_lead, takebacks


def sample_position(view: SeatView, rng: random.Random) -> Position:
    """One deal the seat cannot tell from the real one: its own hand and everything public kept,
    the unseen cards shuffled into the other hands, the talon and the unseen discards."""
    me = view.seat
    gone, held, voids, last_lead, takebacks = _knowledge(view)
    mine = set(view.hand)
    known_elsewhere = set().union(*(held[s] for s in range(4) if s != me))
    pool = [c for c in range(32) if c not in mine and c not in gone and c not in known_elsewhere]
    need = {s: view.hand_sizes[s] - len(held[s]) for s in range(4) if s != me}
    hands = _deal_unseen(pool, need, voids, rng)
    rest = [c for c in pool if all(c not in h for h in hands.values())]
    rng.shuffle(rest)
    talon = rest[: view.talon_count]
    plays, waiting = trick_state(view)
    all_hands = tuple(
        tuple(CARDS[c] for c in view.hand)
        if s == me
        else tuple(CARDS[c] for c in (*held[s], *hands[s]))
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
        last_lead_suit=last_lead,
        takebacks=takebacks,
        to_act=me,
        trick=tuple((s, CARDS[c]) for s, c in plays),
        followers=tuple(waiting),
        out_of_play=tuple(CARDS[c] for c in gone if c not in {c for _, c in plays}),
    )


def _deal_unseen(
    pool: Sequence[int], need: dict[int, int], voids: list[set[int]], rng: random.Random
) -> dict[int, list[int]]:
    """Give each other seat `need[s]` unseen cards, none of a suit he is known to lack if possible."""
    for attempt in range(20):
        left = list(pool)
        rng.shuffle(left)
        hands: dict[int, list[int]] = {}
        ok = True
        for seat in sorted(need, key=lambda s: -len(voids[s])):
            lacking = voids[seat] if attempt < 19 else set()
            allowed = [c for c in left if c >> 3 not in lacking]
            if len(allowed) < need[seat]:
                ok = False
                break
            hands[seat] = allowed[: need[seat]]
            taken = set(hands[seat])
            left = [c for c in left if c not in taken]
        if ok:
            return hands
    raise AssertionError("unreachable: the last attempt ignores what the seats lack")


def _basic_move(session: Session) -> Action:
    """`basic_action` in a session the searcher imagines (it may look at every hand there)."""
    seat = session.to_act
    assert seat is not None
    plays = session.trick_plays
    step = session.step
    followers_after = 0
    if step is Step.FOLLOW:
        followers_after = session.followers_left - 1
    return basic_action(
        step,
        session.hand(seat),
        session.legal_actions(),
        session.led_suit,
        plays,
        session.rules.prices,
        session.hand_sizes(),
        seat,
        followers_after,
    )


class StrongV1:
    """Flat Monte Carlo over determinised deals: for each legal action, imagine many deals
    consistent with everything this seat has seen, play each out with `basic` for everyone to
    the end of the deal, and choose the action with the best average money result (the next
    deal's ante, saved by going out first, and the final kitty included).
    """

    name = "strong_v1"

    def __init__(
        self, rng: random.Random, worlds: int = 48, time_limit: float | None = None
    ) -> None:
        self.rng = rng
        self.worlds = worlds
        self.time_limit = time_limit
        self.basic = BasicBot()

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1 or view.phase is not Phase.PLAY:
            return self.basic.choose(view)
        deadline = time.perf_counter() + (self.time_limit or float("inf"))
        totals = dict.fromkeys(legal, 0.0)
        rollouts = 0
        for _ in range(self.worlds):
            position = sample_position(view, self.rng)
            seed = self.rng.getrandbits(32)
            for action in legal:  # the same imagined world for every action: fairer comparisons
                totals[action] += rollout(position_session(position, seed), view.seat, action)
            rollouts += 1
            if time.perf_counter() > deadline:
                break
        fallback = self.basic.choose(view)
        return max(legal, key=lambda a: (totals[a] / rollouts, a == fallback))


def position_session(position: Position, seed: int) -> Session:
    return Session.at_position(position, SeededChance(random.Random(seed)))


def rollout(session: Session, seat: int, first: Action) -> float:
    """Play `first`, then `basic` for everyone to the end of the deal; the seat's money gained."""
    start = session.net[seat]
    deal = session.deal_index
    session.apply(first)
    apply = session.apply
    while not session.is_over and session.deal_index == deal:
        apply(_basic_move(session))
    return float(session.net[seat] - start)


def make(rng: random.Random) -> StrongV1:
    """The factory the tournament's worker processes call (a module-level name, so it pickles)."""
    return StrongV1(rng)
