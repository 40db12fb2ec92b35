"""Many sessions played by computer players, and what they say about the game (no I/O)."""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from mushka.engine import Session
from mushka.events import End, Remise, Trick, is_decision
from mushka.house_rules import HouseRules
from mushka.ledger import session_accounts
from mushka.players.bots import Bot, make_bot
from mushka.record import dumps_session
from mushka.wording import N_


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


BotFactory = Callable[[random.Random], Bot]


@dataclass(frozen=True)
class RunConfig:
    """What to simulate: the house rules, the master seed and each seat's strategy.

    `factories` names extra players (module-level callables, so worker processes can rebuild
    them), such as a frozen reference kept outside the package.
    """

    rules: HouseRules
    master_seed: int
    strategies: tuple[str, str, str, str] = ("random", "random", "random", "random")
    keep_records: bool = False
    factories: tuple[tuple[str, BotFactory], ...] = ()


@dataclass(frozen=True)
class SessionResult:
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


def play_session(config: RunConfig, index: int) -> SessionResult:
    seed = session_seed(config.master_seed, index)
    if all(s == "random" for s in config.strategies) and not config.factories:
        session = play_random_session(config.rules, seed)
    else:
        session = Session(None, config.rules, seed=seed)
        extra = dict(config.factories)
        bots = [
            extra[name](rng) if name in extra else make_bot(name, rng, time_limit=None)
            for seat, name in enumerate(config.strategies)
            for rng in (random.Random(f"{seed}:{seat}"),)
        ]
        while not session.is_over:
            seat = session.to_act
            assert seat is not None
            session.apply(bots[seat].choose(session.view(seat)), seat=seat)
    return outcome_of(session, index, config.keep_records)


def outcome_of(session: Session, index: int, keep_record: bool = False) -> SessionResult:
    """The session's money (from the ledger) and counts of what happened in it."""
    accounts = session_accounts([deal.events for deal in session.deals])
    tricks = remises = blocked = underpaid = actions = 0
    for deal in session.deals:
        for event in deal.events:
            if isinstance(event, Trick):
                tricks += 1
                underpaid += event.paid < event.value
            elif isinstance(event, Remise):
                remises += 1
            elif isinstance(event, End):
                blocked += event.blocked
            elif is_decision(event):
                actions += 1
    return SessionResult(
        index=index,
        first_dealer=session.deals[0].dealer,
        net=session.net,
        antes=tuple(a.antes for a in accounts),
        received=tuple(a.winnings + a.payout for a in accounts),
        final_kitty=sum(a.payout for a in accounts),
        deals=len(session.deals),
        tricks=tricks,
        remises=remises,
        blocked=blocked,
        underpaid=underpaid,
        actions=actions,
        record=dumps_session(session) if keep_record else None,
    )


def _play_chunk(job: tuple[RunConfig, int, int]) -> list[SessionResult]:
    config, start, stop = job
    return [play_session(config, i) for i in range(start, stop)]


def run_sessions(config: RunConfig, count: int, jobs: int = 1) -> Iterator[SessionResult]:
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
class Tally:
    """Streaming statistics of whole numbers: count, sum and sum of squares, kept exactly, so the
    result does not depend on the order the values came in (nor on how the run was split)."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def estimate(self) -> Estimate:
        n = self.n
        if n == 0:
            return Estimate(0.0, 0.0, 0)
        mean = self.total / n
        if n < 2:
            return Estimate(mean, 0.0, n)
        variance = Fraction(n * self.squares - self.total * self.total, n * (n - 1))
        return Estimate(mean, 1.96 * math.sqrt(variance) / math.sqrt(n), n)


@dataclass
class Report:
    """What many sessions say about the game; `to_json()` for machines, the CLI draws it.

    Memory stays constant however many sessions are added: sums, and an exact histogram of the
    players' nets (whole kopecks within the session's bounds, so its size does not grow with them).
    """

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
    net_counts: Counter[int] = field(default_factory=Counter)
    seat_nets: list[Tally] = field(default_factory=lambda: [Tally() for _ in range(4)])
    position_nets: list[Tally] = field(default_factory=lambda: [Tally() for _ in range(4)])
    final_kitty: Tally = field(default_factory=Tally)
    winner_net: Tally = field(default_factory=Tally)
    recouped: int = 0
    all_recouped: int = 0
    seconds: float = 0.0

    def add(self, outcome: SessionResult) -> None:
        self.sessions += 1
        self.deals += outcome.deals
        self.tricks += outcome.tricks
        self.remises += outcome.remises
        self.blocked += outcome.blocked
        self.underpaid += outcome.underpaid
        self.actions += outcome.actions
        self.sessions_with_dry_kitty += outcome.underpaid > 0
        for seat, net in enumerate(outcome.net):
            self.net_counts[net] += 1
            self.seat_nets[seat].add(net)
            self.position_nets[(seat - outcome.first_dealer) % 4].add(net)
        self.final_kitty.add(outcome.final_kitty)
        self.winner_net.add(max(outcome.net))
        recouped = [r >= a for r, a in zip(outcome.received, outcome.antes, strict=True)]
        self.recouped += sum(recouped)
        self.all_recouped += all(recouped)

    def _sorted_nets(self) -> list[tuple[int, int]]:
        return sorted(self.net_counts.items())

    def _order_statistic(self, rank: int) -> int:
        """The `rank`-th smallest net (0-based)."""
        seen = 0
        for value, count in self._sorted_nets():
            seen += count
            if rank < seen:
                return value
        raise IndexError(rank)

    def percentiles(self) -> dict[str, float]:
        """The 5th to 95th percentiles of the players' nets (interpolated, as `statistics.quantiles`
        with the inclusive method)."""
        n = sum(self.net_counts.values())
        if n < 2:
            return {}
        cuts = {}
        for name, i in (("p5", 1), ("p25", 5), ("p50", 10), ("p75", 15), ("p95", 19)):
            j, delta = divmod(i * (n - 1), 20)  # exact integer steps, as the textbook does
            below, above = self._order_statistic(j), self._order_statistic(j + 1)
            cuts[name] = (below * (20 - delta) + above * delta) / 20
        return cuts

    def histogram(self, bins: int = 12) -> list[tuple[int, int, int]]:
        """(low, high, count) buckets of the players' net results."""
        if not self.net_counts:
            return []
        low, high = min(self.net_counts), max(self.net_counts)
        width = max(1, math.ceil((high - low + 1) / bins))
        counts = [0] * bins
        for net, count in self.net_counts.items():
            counts[min(bins - 1, (net - low) // width)] += count
        return [(low + i * width, low + (i + 1) * width - 1, c) for i, c in enumerate(counts)]

    @property
    def kitty_share_of_winners(self) -> float:
        total = self.winner_net.total
        return self.final_kitty.total / total if total > 0 else 0.0

    def seat(self, seat: int) -> Estimate:
        return self.seat_nets[seat].estimate()

    def position(self, position: int) -> Estimate:
        return self.position_nets[position].estimate()

    def to_json(self) -> dict[str, Any]:
        """The results, then the timing (`seconds`, `sessions_per_second`, `actions_per_second`):
        only the timing depends on the machine; see `results_json`."""
        return self.results_json() | self.timing_json()

    def results_json(self) -> dict[str, Any]:
        """Everything that follows from the seed alone: the same for any `--jobs` and any load."""
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
            "final_kitty": asdict(self.final_kitty.estimate()),
            "winner_net": asdict(self.winner_net.estimate()),
            "kitty_share_of_winner_net": self.kitty_share_of_winners,
            "player_recoup_rate": self.recouped / (4 * self.sessions) if self.sessions else 0.0,
            "all_four_recoup_rate": self.all_recouped / self.sessions if self.sessions else 0.0,
        }

    def timing_json(self) -> dict[str, float]:
        return {
            "seconds": self.seconds,
            "sessions_per_second": self.sessions / self.seconds if self.seconds else 0.0,
            "actions_per_second": self.actions / self.seconds if self.seconds else 0.0,
        }


TIMING_KEYS = ("seconds", "sessions_per_second", "actions_per_second")


# the JSON report's keys; the terminal shows them translated (hence marked for the catalog)
POSITIONS = (N_("first dealer"), N_("first leader"), N_("third seat"), N_("fourth seat"))


def simulate(
    config: RunConfig,
    count: int,
    jobs: int = 1,
    on_outcome: Callable[[SessionResult], None] | None = None,
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
