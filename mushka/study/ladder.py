"""Strategies measured against each other in the duplicate format, with 95% intervals (no I/O).

A match seats one hero against three copies of a field strategy. Each deal seed is played four
times, the hero moving through all four seats while the cards stay the same, so card luck cancels
out; the hero's mean net per session (over the four seats) is one sample per seed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from mushka.house_rules import HouseRules
from mushka.study.simulate import BotFactory, Estimate, RunConfig, run_sessions


@dataclass(frozen=True)
class Match:
    """A hero's result against three copies of `field`: kop per session, 95% CI over the seeds."""

    hero: str
    field: str
    estimate: Estimate
    sessions: int
    seconds: float
    per_seed: tuple[float, ...] = ()  # the hero's mean over the four seats, seed by seed

    @property
    def verdict(self) -> str:
        if self.estimate.mean - self.estimate.ci95 > 0:
            return "beats"
        if self.estimate.mean + self.estimate.ci95 < 0:
            return "loses to"
        return "is not told apart from"


def duplicate(
    hero: str,
    field: str,
    seeds: int,
    *,
    jobs: int = 1,
    master_seed: int = 0,
    rules: HouseRules | None = None,
    factories: Sequence[tuple[str, BotFactory]] = (),
) -> Match:
    """Play `seeds` deal seeds four times each, the hero in each seat in turn among three `field`."""
    started = time.perf_counter()
    per_seed = [0] * seeds
    for seat in range(4):
        names = [field] * 4
        names[seat] = hero
        config = RunConfig(
            rules or HouseRules(),
            master_seed,
            (names[0], names[1], names[2], names[3]),
            factories=tuple(factories),
        )
        for outcome in run_sessions(config, seeds, jobs):
            per_seed[outcome.index] += outcome.net[seat]
    means = tuple(total / 4 for total in per_seed)
    seconds = time.perf_counter() - started
    return Match(hero, field, Estimate.of(means), 4 * seeds, seconds, means)


def compare(
    strategies: Sequence[str],
    seeds: int,
    *,
    jobs: int = 1,
    master_seed: int = 0,
    rules: HouseRules | None = None,
) -> list[Match]:
    """Every listed strategy as hero against three copies of each other listed strategy."""
    return [
        duplicate(hero, field, seeds, jobs=jobs, master_seed=master_seed, rules=rules)
        for hero in strategies
        for field in strategies
        if hero != field
    ]
