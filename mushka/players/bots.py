"""Computer players: each sees only its seat's view and legal actions, exactly like a human."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from mushka.actions import DISCARDS, DRAW, PASS, PLAYS, Action
from mushka.cards import MUSHKA
from mushka.chance import SeededChance
from mushka.engine import Phase, Position, Session, Step
from mushka.players.determinize import (
    Knowledge,
    knowledge,
    rich,
    sample_exchange,
    sample_position,
    trick_state,
)
from mushka.players.playout import playout
from mushka.players.policy import view_lead
from mushka.players.strategies import check_strategy
from mushka.players.weights import (
    LastLead,
    basic_violations,
    last_leads,
    policy_log_likelihood,
)
from mushka.view import SeatView

_MUSHKA: Final = int(MUSHKA)
_SPADES: Final = 3


class Bot(Protocol):
    """A computer player. `choose` gets the seat's view (legal actions included) and decides."""

    name: str

    def choose(self, view: SeatView) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)


# ---------------------------------------------------------------- the heuristics of `basic`


def basic_action(
    step: Step,
    hand: Sequence[int],
    legal: Sequence[Action],
    led: int,
    plays: Sequence[tuple[int, int]],
    prices: Sequence[int],
    hand_sizes: Sequence[int],
    seat: int,
    followers_after: int,
) -> Action:
    """A sensible decision from what any player at the table knows.

    Lead the card most likely to win the dearest trick, never wasting the mushka on a lead; follow
    high enough to win or else as low as possible (shedding cards to go out first); keep the
    mushka for a rich trick or the last card; draw only when going out first is out of reach
    anyway; never revoke.
    """
    if len(legal) == 1:
        return legal[0]
    if step is Step.LEAD:
        cards = [a.card for a in legal if a.card is not None]
        if len(hand) == 1 or all(c == _MUSHKA for c in cards):
            return PLAYS[cards[0]]
        best = max(
            (c for c in cards if c != _MUSHKA),
            key=lambda c: (prices[c >> 3] * ((c & 7) + 1), c & 7),
        )
        return PLAYS[best]
    if step is Step.FOLLOW:
        mushka_on_trick = any(c == _MUSHKA for _, c in plays)
        current = max((c for _, c in plays if c >> 3 == led), default=-1)
        follows = [
            a.card for a in legal if a.card is not None and a.card >> 3 == led and a.card != _MUSHKA
        ]
        mushka_ok = PLAYS[_MUSHKA] in legal and led != _SPADES and not mushka_on_trick
        if mushka_ok and (rich(led, prices) or len(hand) == 1):
            return PLAYS[_MUSHKA]
        if led == _SPADES and PLAYS[_MUSHKA] in legal:
            return PLAYS[_MUSHKA]  # on spades the ace is just the best spade
        if follows:
            winners = [c for c in follows if c > current] if not mushka_on_trick else []
            if winners:
                return PLAYS[min(winners) if followers_after == 0 else max(winners)]
            return PLAYS[min(follows)]
        if DRAW in legal and not mushka_on_trick:
            others = [n for s, n in enumerate(hand_sizes) if s != seat and n > 0]
            if others and len(hand) > min(others) + 1:
                return DRAW
        return PASS
    if step is Step.DISCARD:
        return DISCARDS[lowest_card(hand, prices)]
    return legal[0]  # a blind take: every position is alike


def lowest_card(hand: Sequence[int], prices: Sequence[int]) -> int:
    """`basic`'s discard: the lowest card, the cheapest suit among equals, never the mushka."""
    keep_last = [c for c in hand if c != _MUSHKA] or list(hand)
    return min(keep_last, key=lambda c: (c & 7, -prices[c >> 3]))


class BasicBot:
    """Plays the sensible heuristics of `basic_action`."""

    name = "basic"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        plays, followers_after = _trick_facts(view)
        return basic_action(
            view.step,
            view.hand,
            view.legal_actions,
            view.led_suit if view.led_suit is not None else -1,
            plays,
            view.rules.prices,
            view.hand_sizes,
            view.seat,
            followers_after,
        )


def _trick_facts(view: SeatView) -> tuple[list[tuple[int, int]], int]:
    """The cards on the trick, and how many players still answer after this seat."""
    plays, followers = trick_state(view)
    return plays, max(0, len(followers) - 1)


def basic_move(session: Session) -> Action:
    """`basic_action` in a session the searcher imagines (it may look at every hand there)."""
    seat = session.to_act
    assert seat is not None
    legal = session.legal_actions()
    if len(legal) == 1:
        return legal[0]
    plays = session.trick_plays
    step = session.step
    followers_after = 0
    if step is Step.FOLLOW:
        followers_after = session.followers_left - 1
    return basic_action(
        step,
        session.hand(seat),
        legal,
        session.led_suit,
        plays,
        session.rules.prices,
        session.hand_sizes(),
        seat,
        followers_after,
    )


class PolicyBot:
    """Leads by the learned policy (mushka.players.policy); every other decision is `basic`'s."""

    name = "policy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.basic = BasicBot()

    def choose(self, view: SeatView) -> Action:
        plain = self.basic.choose(view)
        return view_lead(view, plain) or plain


# ---------------------------------------------------------------- `strong`: Monte Carlo search

INTERACTIVE_TIME_LIMIT: Final = 2.0
"""Seconds after which a computer player at the table stops searching: a safety net only — at the
default settings no decision comes near it, so a seeded game replays the same."""

Policy = Callable[[Session, int], Action]


def rollout_move(session: Session, hero: int) -> Action:
    """The rollout policy through the engine: `basic` for everyone — the reference that the fast
    `playout` is checked against (tests/test_playout.py). (Leading by looking at every imagined
    hand measured 4.5 ± 4.3 kop per session weaker; see benchmarks/strong_levers.py.)"""
    return basic_move(session)


def low_lead(hand: Sequence[int], legal: Sequence[Action]) -> Action | None:
    """From four cards or more, the lowest card of the longest suit the seat may lead (never the
    mushka); None otherwise, or when there is nothing to choose. A `basic` player who leads so
    gains ~8 kop per session against three `basic` (1.4 at 95%, 800 deal seeds, duplicate);
    leading low from fewer cards loses."""
    cards = [a.card for a in legal if a.card is not None and a.card != _MUSHKA]
    if len(hand) < 4 or not cards:
        return None
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[c >> 3] += 1
    return PLAYS[max(cards, key=lambda c: (counts[c >> 3], -(c & 7)))]


def low_lead_rollout_move(session: Session, hero: int) -> Action:
    """A rollout policy: `basic` for everyone, except that the searching seat leads `low_lead`."""
    if session.to_act == hero and session.step is Step.LEAD:
        lead = low_lead(session.hand(hero), session.legal_actions())
        if lead is not None:
            return lead
    return basic_move(session)


def rollout(session: Session, seat: int, first: Action, policy: Policy = rollout_move) -> float:
    """Play `first`, then `policy` for everyone to the end of the deal; the seat's money gained.

    `session` stops at the deal's end (see `Session.at_position`): the next deal's ante, which
    going out first saves, is counted here; in the last deal the final kitty is in the net.
    (Counting a share of what the kitty gains as the seat's too measured nothing: see
    benchmarks/strong_levers.py.)
    """
    start = session.net[seat]
    session.apply(first)
    apply = session.apply
    while not session.is_over:
        apply(policy(session, seat))
    gained = session.net[seat] - start
    rules = session.rules
    if session.deal_index + 1 < rules.deals and session.first_outs[-1] != seat:
        gained -= rules.stake
    return float(gained)


def position_session(position: Position, seed: int) -> Session:
    """An imagined deal as a session that ends with the deal."""
    return Session.at_position(position, SeededChance(random.Random(seed)), stop_at_deal_end=True)


class StrongBot:
    """Flat Monte Carlo over determinised deals: for each legal action, imagine many deals
    consistent with everything this seat has seen (what an exchange revealed included), play each
    out to the end of the deal with the rollout policy, and choose the action with the best average
    money result (the next deal's ante, saved by going out first, and the final kitty included).
    The exchange discard is searched the same way. In the last deal each playout makes the
    searcher's own next decision the best for that imagined deal (`last_deal_lookahead`). The
    playouts run on `playout`, which gives the engine's results several times faster. The amount
    of work is fixed (`worlds`), so decisions follow from the seed alone; `time_limit` is only a
    safety net for interactive play.
    """

    name = "strong"

    def __init__(
        self,
        rng: random.Random,
        worlds: int = 48,
        time_limit: float | None = None,
        *,
        policy: Policy | None = None,
        search_discard: bool = True,
        exchange_knowledge: bool = True,
        key_worlds: int | None = None,
        lead_inference: bool = False,
        later_exchanges: bool = False,
        last_deal_worlds: int | None = None,
        lookahead: int = 0,
        last_deal_lookahead: int = 1,
        leave_to_basic: Callable[[SeatView], bool] | None = None,
        policy_leads: str = "",
        world_weights: str = "",
        epsilon: float = 0.1,
    ) -> None:
        self.rng = rng
        self.worlds = worlds
        # Twice the worlds for the draw, mushka and discard decisions: +4.85 ± 3.46 kop per session
        # (paired, 800 sessions, benchmarks/strong_levers.py) for ~1.3x the median decision time.
        self.key_worlds = 2 * worlds if key_worlds is None else key_worlds
        self.time_limit = time_limit
        # None: `basic` for everyone, by the fast `playout` (the same results as `rollout_move`
        # through the engine, several times faster). Another policy is played through the engine,
        # and without lookahead.
        self.policy = policy
        self.search_discard = search_discard
        self.exchange_knowledge = exchange_knowledge
        # Dealing the imagined hands to agree with the others' leads and answers read as `basic`'s
        # measured 4.8 ± 6.3 kop per session weaker, paired (benchmarks/strong_levers.py): off.
        self.lead_inference = lead_inference
        self.later_exchanges = later_exchanges
        # the last deal's kitty goes to its first out: its values spread widest, so more worlds
        self.last_deal_worlds = last_deal_worlds
        # Its own next decision in each playout made the best for that imagined deal: in the last
        # deal, whose kitty goes to the first out, +1.5 kop per session (paired, 7 deal seeds,
        # 2800 sessions; benchmarks/strong_levers.py) for ~1.3x the time; in every deal, in the
        # last two, from hands of three cards, or two decisions ahead, it measured no better.
        self.lookahead = lookahead
        self.last_deal_lookahead = last_deal_lookahead
        self.leave_to_basic = leave_to_basic  # decisions not searched (for measuring the search)
        # Who leads by the learned policy (mushka.players.policy) in the playouts: "" nobody,
        # "self" the searcher, "others", or "all".
        self.policy_leads = policy_leads
        # Each imagined deal of a play decision weighted by how likely the others' seen moves were
        # in it (mushka.players.weights): "" not at all, "basic" (each move `basic`'s with
        # probability 1 - epsilon), or "policy" (the learned lead policy's softmax).
        self.world_weights = world_weights
        self.epsilon = epsilon
        self._reading: tuple[SeatView, Knowledge, dict[int, LastLead]] | None = None
        self.basic = BasicBot()
        self._known: tuple[SeatView, Knowledge] | None = None

    def choose(self, view: SeatView) -> Action:
        return self.choose_from(view, self.evaluate(view))

    def choose_from(self, view: SeatView, values: dict[Action, float]) -> Action:
        """The best action by `values` (from `evaluate`); `basic`'s among equals or without any."""
        fallback = self.basic.choose(view)
        if not values:
            return fallback
        return max(view.legal_actions, key=lambda a: (values[a], a == fallback))

    def evaluate(self, view: SeatView) -> dict[Action, float]:
        """The expected money (kop) of each legal action to the end of this deal, from the seat's
        view alone; empty when there is nothing to weigh (one choice, or a blind take)."""
        legal = view.legal_actions
        if len(legal) < 2 or (self.leave_to_basic is not None and self.leave_to_basic(view)):
            return {}
        last = view.deal_number == view.rules.deals and self.last_deal_worlds is not None
        if view.phase is Phase.PLAY:
            key = DRAW in legal or PLAYS[_MUSHKA] in legal
            worlds = self.key_worlds if key else self.worlds
            if last:
                worlds = max(worlds, self.last_deal_worlds or 0)
            return self._search(view, legal, self._play_world, worlds)
        if view.step is Step.DISCARD and self.search_discard:
            worlds = self.key_worlds
            if last:
                worlds = max(worlds, self.last_deal_worlds or 0)
            return self._search(view, legal, self._discard_world, worlds)
        return {}

    def _search(
        self,
        view: SeatView,
        legal: Sequence[Action],
        world: Callable[[SeatView], Callable[[Action, int], Position]],
        worlds: int,
    ) -> dict[Action, float]:
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        totals = dict.fromkeys(legal, 0.0)
        seat = view.seat
        playing = view.phase is Phase.PLAY
        policy = self.policy
        last = view.deal_number == view.rules.deals
        lookahead = self.last_deal_lookahead if last else self.lookahead
        seats = _policy_seats(self.policy_leads, seat)
        weighted = playing and self.world_weights != ""
        mass = 0.0
        for _ in range(worlds):
            imagined = world(view)
            seed = self.rng.getrandbits(32)
            weight = self._weight(view, imagined(legal[0], seed)) if weighted else 1.0
            for action in legal:  # the same imagined world for every action: fairer comparisons
                position = imagined(action, seed)
                first = action if playing else None
                if policy is None:
                    value = float(playout(position, first, seat, lookahead, seats))
                else:
                    value = _finish(position_session(position, seed), seat, first, policy)
                totals[action] += weight * value
            mass += weight
            if deadline is not None and time.perf_counter() > deadline:
                break
        return {a: totals[a] / mass for a in legal}

    def _weight(self, view: SeatView, position: Position) -> float:
        """The likelihood of the others' seen moves in `position` under the opponent model."""
        if self._reading is None or self._reading[0] is not view:
            self._reading = (view, knowledge(view), last_leads(view))
        _, known, leads = self._reading
        match self.world_weights:
            case "basic":
                return float(self.epsilon ** basic_violations(position, view.seat, known))
            case "policy":
                prices = view.rules.prices
                return math.exp(policy_log_likelihood(position, view.seat, leads, prices))
            case other:
                raise ValueError(f"world_weights is '', 'basic' or 'policy', not {other!r}")

    def _play_world(self, view: SeatView) -> Callable[[Action, int], Position]:
        if self._known is None or self._known[0] is not view:
            known = knowledge(view)
            if not self.exchange_knowledge:
                known.musts.clear()
            if not self.lead_inference:
                known.caps.clear()
                known.lacks.clear()
            self._known = (view, known)
        position = sample_position(view, self.rng, self._known[1])
        return lambda _action, _seed: position

    def _discard_world(self, view: SeatView) -> Callable[[Action, int], Position]:
        world = sample_exchange(view, self.rng)
        prices = view.rules.prices
        later = self.later_exchanges

        def imagined(action: Action, seed: int) -> Position:
            assert action.card is not None
            takes = random.Random(seed) if later else None  # the same blind takes for every action
            return world.after_discard(action.card, lambda h: lowest_card(h, prices), takes)

        return imagined


def _policy_seats(who: str, seat: int) -> tuple[int, ...]:
    if who == "":
        return ()
    if who == "self":
        return (seat,)
    if who == "others":
        return tuple(s for s in range(4) if s != seat)
    if who == "all":
        return (0, 1, 2, 3)
    raise ValueError(f"policy_leads is '', 'self', 'others' or 'all', not {who!r}")


def _finish(session: Session, seat: int, first: Action | None, policy: Policy) -> float:
    if first is None:
        first = policy(session, seat)
    return rollout(session, seat, first, policy)


STRATEGIES: Final[dict[str, Callable[[random.Random], Bot]]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strong": StrongBot,
}


def make_bot(
    strategy: str, rng: random.Random, time_limit: float | None = INTERACTIVE_TIME_LIMIT
) -> Bot:
    """A computer player of `strategy`, its choices drawn from `rng`. The study passes
    `time_limit=None`: its results then depend on the seed alone, whatever the machine's load."""
    factory = STRATEGIES[check_strategy(strategy)]
    if factory is StrongBot:
        return StrongBot(rng, time_limit=time_limit)
    return factory(rng)
