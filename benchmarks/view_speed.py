"""Seat views: basic computer players' sessions per second, which is mostly building views.

Every decision of a computer player asks for its seat's view (its hand, the public table, the
redacted events of the deal). This plays whole sessions of four `basic` players and prints the
rate; compare two checkouts by running it in each, or see the interleaved figure in the
closing note of issue 8.

    .venv/bin/python benchmarks/view_speed.py [--sessions N] [--runs R]
"""

from __future__ import annotations

import argparse
import statistics
import time

from mushka.house_rules import HouseRules

try:
    from mushka.study.simulate import RunConfig, play_session
except ImportError:  # a checkout from before the package had its study/ folder
    from mushka.simulate import RunConfig, play_session  # type: ignore[no-redef]


def one_run(sessions: int, start: int) -> float:
    config = RunConfig(HouseRules(), 1, ("basic", "basic", "basic", "basic"))
    started = time.perf_counter()
    for index in range(start, start + sessions):
        play_session(config, index)
    return sessions / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rates = [one_run(args.sessions, run * args.sessions) for run in range(args.runs)]
    print(
        f"median of {args.runs} runs: {statistics.median(rates):,.1f} basic-bot sessions/s "
        f"({args.sessions} sessions each)"
    )


if __name__ == "__main__":
    main()
