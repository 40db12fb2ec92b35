"""Many sessions played by computer players, and what they say about the game (no I/O)."""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from mushka.engine import Session
from mushka.events import Ante, End, Payout, Remise, Trick, is_decision
from mushka.house_rules import HouseRules
from mushka.players.bots import make_bot
from mushka.record import dumps_session


def session_seed(master_seed: int, index: int) -> int:
    """The card seed of session `index` in a run: independent of how the run is split up."""
    return random.Random(f"mushka:{master_seed}:{index}").getrandbits(63)


def play_random_session(
    rules: HouseRules, seed: int, players: tuple[str, ...] | None = None
) -> Session:
    """One session in which every seat picks uniformly among its legal actions."""
    session = Session(players, rules, seed=seed)
    choice = random.Random(seed ^ 0x5EED).choice
    apply = session.apply
    legal = session.legal_actions
    while actions := legal():
        apply(choice(actions))
    return session


@dataclass(frozen=True)
class RunConfig:
    """What to simulate: the house rules, the master seed and each seat's strategy."""

    rules: HouseRules
    master_seed: int
    strategies: tuple[str, str, str, str] = ("random", "random", "random", "random")
    keep_records: bool = False


@dataclass(frozen=True)
class Outcome:
    """The facts of one finished session that the report needs (small, so processes can send it)."""

    index: int
    first_dealer: int
    net: tuple[int, ...]
    antes: tuple[int, ...]
    received: tuple[int, ...]
    final_kitty: int
    deals: int
    tricks: int
    remises: int
    blocked: int
    underpaid: int
    actions: int
    record: str | None = None


def play_session(config: RunConfig, index: int) -> Outcome:
    seed = session_seed(config.master_seed, index)
    if all(s == "random" for s in config.strategies):
        session = play_random_session(config.rules, seed)
    else:
        session = Session(None, config.rules, seed=seed)
        bots = [
            make_bot(name, random.Random(f"{seed}:{seat}"))
            for seat, name in enumerate(config.strategies)
        ]
        while not session.is_over:
            seat = session.to_act
            assert seat is not None
            session.apply(bots[seat].choose(session.view(seat)), seat=seat)
    return outcome_of(session, index, config.keep_records)


def outcome_of(session: Session, index: int, keep_record: bool = False) -> Outcome:
    antes = [0, 0, 0, 0]
    received = [0, 0, 0, 0]
    tricks = remises = blocked = underpaid = actions = final_kitty = 0
    for deal in session.deals:
        for event in deal.events:
            if isinstance(event, Trick):
                tricks += 1
                received[event.winner] += event.paid
                underpaid += event.paid < event.value
            elif isinstance(event, Ante):
                antes[event.seat] += event.amount
            elif isinstance(event, Remise):
                remises += 1
            elif isinstance(event, End):
                blocked += event.blocked
            elif isinstance(event, Payout):
                received[event.seat] += event.amount
                final_kitty = event.amount
            elif is_decision(event):
                actions += 1
    return Outcome(
        index=index,
        first_dealer=session.deals[0].dealer,
        net=session.net,
        antes=tuple(antes),
        received=tuple(received),
        final_kitty=final_kitty,
        deals=len(session.deals),
        tricks=tricks,
        remises=remises,
        blocked=blocked,
        underpaid=underpaid,
        actions=actions,
        record=dumps_session(session) if keep_record else None,
    )


def _play_chunk(job: tuple[RunConfig, int, int]) -> list[Outcome]:
    config, start, stop = job
    return [play_session(config, i) for i in range(start, stop)]


def run_sessions(config: RunConfig, count: int, jobs: int = 1) -> Iterator[Outcome]:
    """Play sessions 0..count-1 and yield their outcomes in order, on `jobs` processes.

    Each session's cards and decisions follow from (master seed, index) alone, so the outcomes are
    the same whatever `jobs` is.
    """
    if jobs <= 1 or count < 2:
        for index in range(count):
            yield play_session(config, index)
        return
    chunk = max(1, min(50, count // (jobs * 8) or 1))
    work = [(config, start, min(count, start + chunk)) for start in range(0, count, chunk)]
    # spawn, not fork: the caller may be running threads (a progress bar) that fork would copy
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for outcomes in pool.imap(_play_chunk, work):
            yield from outcomes


# ---------------------------------------------------------------- the report


@dataclass(frozen=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval."""

    mean: float
    ci95: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        if not values:
            return cls(0.0, 0.0, 0)
        mean = statistics.fmean(values)
        spread = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(mean, 1.96 * spread / math.sqrt(len(values)), len(values))


@dataclass
class Report:
    """What many sessions say about the game; `to_json()` for machines, the CLI draws it."""

    rules: dict[str, Any]
    strategies: tuple[str, ...]
    sessions: int = 0
    deals: int = 0
    tricks: int = 0
    remises: int = 0
    blocked: int = 0
    underpaid: int = 0
    actions: int = 0
    sessions_with_dry_kitty: int = 0
    nets: list[int] = field(default_factory=list)
    seat_nets: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    position_nets: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    final_kitties: list[int] = field(default_factory=list)
    winner_nets: list[int] = field(default_factory=list)
    recouped: int = 0
    all_recouped: int = 0
    seconds: float = 0.0

    def add(self, outcome: Outcome) -> None:
        self.sessions += 1
        self.deals += outcome.deals
        self.tricks += outcome.tricks
        self.remises += outcome.remises
        self.blocked += outcome.blocked
        self.underpaid += outcome.underpaid
        self.actions += outcome.actions
        self.sessions_with_dry_kitty += outcome.underpaid > 0
        for seat, net in enumerate(outcome.net):
            self.nets.append(net)
            self.seat_nets[seat].append(net)
            self.position_nets[(seat - outcome.first_dealer) % 4].append(net)
        self.final_kitties.append(outcome.final_kitty)
        self.winner_nets.append(max(outcome.net))
        recouped = [r >= a for r, a in zip(outcome.received, outcome.antes, strict=True)]
        self.recouped += sum(recouped)
        self.all_recouped += all(recouped)

    def percentiles(self) -> dict[str, float]:
        if len(self.nets) < 2:
            return {}
        cuts = statistics.quantiles(self.nets, n=20, method="inclusive")
        return {"p5": cuts[0], "p25": cuts[4], "p50": cuts[9], "p75": cuts[14], "p95": cuts[18]}

    def histogram(self, bins: int = 12) -> list[tuple[int, int, int]]:
        """(low, high, count) buckets of the players' net results."""
        if not self.nets:
            return []
        low, high = min(self.nets), max(self.nets)
        width = max(1, math.ceil((high - low + 1) / bins))
        counts = [0] * bins
        for net in self.nets:
            counts[min(bins - 1, (net - low) // width)] += 1
        return [(low + i * width, low + (i + 1) * width - 1, c) for i, c in enumerate(counts)]

    @property
    def kitty_share_of_winners(self) -> float:
        total = sum(self.winner_nets)
        return sum(self.final_kitties) / total if total > 0 else 0.0

    def seat(self, seat: int) -> Estimate:
        return Estimate.of(self.seat_nets[seat])

    def position(self, position: int) -> Estimate:
        return Estimate.of(self.position_nets[position])

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "strategies": list(self.strategies),
            "sessions": self.sessions,
            "deals": self.deals,
            "tricks_per_deal": self.tricks / self.deals if self.deals else 0.0,
            "remises_per_deal": self.remises / self.deals if self.deals else 0.0,
            "blocked_deal_rate": self.blocked / self.deals if self.deals else 0.0,
            "dry_kitty_session_rate": self.sessions_with_dry_kitty / self.sessions
            if self.sessions
            else 0.0,
            "underpaid_trick_rate": self.underpaid / self.tricks if self.tricks else 0.0,
            "net_percentiles": self.percentiles(),
            "net_histogram": [
                {"low": lo, "high": hi, "count": c} for lo, hi, c in self.histogram()
            ],
            "seat_net": [asdict(self.seat(s)) for s in range(4)],
            "position_net": {name: asdict(self.position(p)) for p, name in enumerate(POSITIONS)},
            "final_kitty": asdict(Estimate.of(self.final_kitties)),
            "winner_net": asdict(Estimate.of(self.winner_nets)),
            "kitty_share_of_winner_net": self.kitty_share_of_winners,
            "player_recoup_rate": self.recouped / (4 * self.sessions) if self.sessions else 0.0,
            "all_four_recoup_rate": self.all_recouped / self.sessions if self.sessions else 0.0,
            "seconds": self.seconds,
            "sessions_per_second": self.sessions / self.seconds if self.seconds else 0.0,
            "actions_per_second": self.actions / self.seconds if self.seconds else 0.0,
        }


POSITIONS = ("first dealer", "first leader", "third seat", "fourth seat")


def simulate(
    config: RunConfig,
    count: int,
    jobs: int = 1,
    on_outcome: Callable[[Outcome], None] | None = None,
) -> Report:
    now = time.perf_counter
    report = Report(config.rules.to_json(), config.strategies)
    started = now()
    for outcome in run_sessions(config, count, jobs):
        report.add(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
    report.seconds = now() - started
    return report
