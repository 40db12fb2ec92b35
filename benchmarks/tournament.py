"""The strength ladder: `strong` against three `basic`, `basic` against three `random`.

Each deal seed is played four times, the tested player moving through all four seats while the
cards stay the same (duplicate style), so card luck cancels out; the tested player's mean net per
session is reported with a 95% confidence interval over the seeds. Also times `strong`'s
decisions (the median, 99th percentile and slowest).

    .venv/bin/python benchmarks/tournament.py [--seeds N] [--jobs J]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mushka.engine import Session
from mushka.house_rules import HouseRules
from mushka.players.bots import make_bot
from mushka.study.simulate import Estimate, RunConfig, run_sessions, session_seed

LADDER = (("strong", "basic"), ("basic", "random"))


def matchup(hero: str, foe: str, seeds: int, jobs: int, master: int) -> tuple[Estimate, float]:
    """The hero's mean net per session, seats rotated over the same deals; and the seconds taken."""
    started = time.perf_counter()
    per_seed = [0.0] * seeds
    for seat in range(4):
        strategies = [foe] * 4
        strategies[seat] = hero
        config = RunConfig(
            HouseRules(), master, (strategies[0], strategies[1], strategies[2], strategies[3])
        )
        for outcome in run_sessions(config, seeds, jobs):
            per_seed[outcome.index] += outcome.net[seat] / 4
    return Estimate.of(per_seed), time.perf_counter() - started


def strong_decision_times(sessions: int) -> list[float]:
    times = []
    for index in range(sessions):
        session = Session(rules=HouseRules(), seed=session_seed(99, index))
        bots = [
            make_bot("strong" if seat == 0 else "basic", random.Random(index * 4 + seat))
            for seat in range(4)
        ]
        while not session.is_over:
            seat = session.to_act
            assert seat is not None
            view = session.view(seat)
            started = time.perf_counter()
            action = bots[seat].choose(view)
            if seat == 0 and len(view.legal_actions) > 1:
                times.append(time.perf_counter() - started)
            session.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seeds", type=int, default=500, help="deal seeds per matchup (each played 4 times)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=2026, help="master seed")
    parser.add_argument("--timing-sessions", type=int, default=20)
    args = parser.parse_args()
    print(f"{'matchup':<22}{'sessions':>9}{'mean net per session (kop)':>30}{'seconds':>9}")
    for hero, foe in LADDER:
        estimate, seconds = matchup(hero, foe, args.seeds, args.jobs, args.seed)
        verdict = "beats" if estimate.mean - estimate.ci95 > 0 else "does not clearly beat"
        print(
            f"{hero + ' vs 3 ' + foe:<22}{4 * args.seeds:>9}"
            f"{f'{estimate.mean:+.2f} ± {estimate.ci95:.2f}':>30}{seconds:>9.0f}   {hero} {verdict} {foe}",
            flush=True,
        )
    times = sorted(strong_decision_times(args.timing_sessions))
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(
        f"strong decisions with a choice: {len(times)}; median {statistics.median(times) * 1000:.0f} ms, "
        f"99th percentile {p99 * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
