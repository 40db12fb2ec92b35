"""Engine throughput: random full sessions on one core, in player actions and sessions per second.

A player action is one decision (lead, follow, draw, pass, take, discard); each one goes through
`legal_actions()` and a validated `apply()`, exactly as a UI or a bot drives the engine.

    .venv/bin/python benchmarks/engine_speed.py [--sessions N] [--runs R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mushka.engine import Session
from mushka.house_rules import HouseRules


def one_run(sessions: int, seed: int) -> tuple[int, float]:
    rules = HouseRules()
    actions = 0
    started = time.perf_counter()
    for index in range(sessions):
        session = Session(rules=rules, seed=seed + index)
        choice = random.Random(index).choice
        legal = session.legal_actions
        apply = session.apply
        while moves := legal():
            apply(choice(moves))
            actions += 1
    return actions, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=2000, help="sessions per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    args = parser.parse_args()
    one_run(100, 0)  # warm up
    rates = []
    for run in range(args.runs):
        actions, seconds = one_run(args.sessions, run * 1_000_003)
        rates.append((actions / seconds, args.sessions / seconds, actions / args.sessions))
        print(
            f"run {run + 1}: {actions / seconds:>10,.0f} actions/s  {args.sessions / seconds:>8,.0f} sessions/s"
        )
    print(
        f"median of {args.runs} runs of {args.sessions} sessions: "
        f"{statistics.median(r[0] for r in rates):,.0f} player actions/s, "
        f"{statistics.median(r[1] for r in rates):,.0f} sessions/s "
        f"({statistics.mean(r[2] for r in rates):.0f} actions per session)"
    )


if __name__ == "__main__":
    main()
