"""Computer players: each sees only its seat's view and legal actions, exactly like a human."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from mushka.actions import DISCARDS, DRAW, PASS, PLAYS, Action
from mushka.cards import MUSHKA
from mushka.chance import SeededChance
from mushka.engine import Phase, Position, Session, Step
from mushka.players.determinize import sample_position, trick_state
from mushka.players.strategies import check_strategy
from mushka.view import SeatView

_MUSHKA: Final = int(MUSHKA)
_SPADES: Final = 3
RICH_PRICE_SHARE: Final = (
    0.75  # the mushka is kept for tricks worth at least this share of the dearest suit
)


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
        rich = prices[led] >= RICH_PRICE_SHARE * max(prices) and prices[led] > 0
        if mushka_ok and (rich or len(hand) == 1):
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
        keep_last = [c for c in hand if c != _MUSHKA] or list(hand)
        return DISCARDS[min(keep_last, key=lambda c: (c & 7, -prices[c >> 3]))]
    return legal[0]  # a blind take: every position is alike


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


# ---------------------------------------------------------------- `strong`: Monte Carlo search


class StrongBot:
    """Flat Monte Carlo over determinised deals: for each legal action, imagine many deals
    consistent with everything this seat has seen, play each out with `basic` for everyone to
    the end of the deal, and choose the action with the best average money result (the next
    deal's ante, saved by going out first, and the final kitty included).
    """

    name = "strong"

    def __init__(self, rng: random.Random, worlds: int = 48, time_limit: float = 0.35) -> None:
        self.rng = rng
        self.worlds = worlds
        self.time_limit = time_limit
        self.basic = BasicBot()

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1 or view.phase is not Phase.PLAY:
            return self.basic.choose(view)
        deadline = time.perf_counter() + self.time_limit
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
        apply(basic_move(session))
    return float(session.net[seat] - start)


STRATEGIES: Final[dict[str, Callable[[random.Random], Bot]]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strong": StrongBot,
}


def make_bot(strategy: str, rng: random.Random) -> Bot:
    """A computer player of the named strategy; UnknownStrategyError if there is none."""
    return STRATEGIES[check_strategy(strategy)](rng)
