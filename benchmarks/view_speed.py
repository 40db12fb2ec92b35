"""Seat views: basic computer players' sessions per second, which is mostly building views.

Every decision of a computer player asks for its seat's view (its hand, the public table, the
redacted events of the deal). This plays whole sessions of four `basic` players and prints the
rate. With `--against CHECKOUT` it compares this tree with another one (e.g. an older version
in a `git worktree`), the two measured in alternating child processes, and prints the ratio of
their medians: the machine's noise then falls on both alike.

    .venv/bin/python benchmarks/view_speed.py [--sessions N] [--runs R] [--against CHECKOUT]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mushka.house_rules import HouseRules

try:
    from mushka.study.simulate import RunConfig, play_session
except ImportError:  # a checkout from before the package had its study/ folder
    from mushka.simulate import RunConfig, play_session  # type: ignore[no-redef, import-untyped]


def one_run(sessions: int, start: int) -> float:
    config = RunConfig(HouseRules(), 1, ("basic", "basic", "basic", "basic"))
    started = time.perf_counter()
    for index in range(start, start + sessions):
        play_session(config, index)
    return sessions / (time.perf_counter() - started)


def child_rate(tree: Path, sessions: int, start: int) -> float:
    """One run in a fresh process that imports mushka from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, __file__, "--sessions", str(sessions), "--start", str(start), "--raw"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout)


def compare(against: Path, sessions: int, runs: int) -> None:
    here = Path(__file__).resolve().parents[1]
    rates: dict[str, list[float]] = {"this tree": [], str(against): []}
    for run in range(runs):
        pair = [("this tree", here), (str(against), against)]
        for name, tree in pair if run % 2 == 0 else reversed(pair):
            rates[name].append(child_rate(tree, sessions, run * sessions))
    new, old = (statistics.median(r) for r in rates.values())
    print(f"this tree: {new:,.1f} sessions/s; {against}: {old:,.1f} sessions/s (medians)")
    print(f"ratio: {new / old:.2f}x over {runs} alternating runs of {sessions} basic-bot sessions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.raw:
        print(one_run(args.sessions, args.start))
        return
    if args.against is not None:
        compare(args.against.resolve(), args.sessions, args.runs)
        return
    rates = [one_run(args.sessions, run * args.sessions) for run in range(args.runs)]
    print(
        f"median of {args.runs} runs: {statistics.median(rates):,.1f} basic-bot sessions/s "
        f"({args.sessions} sessions each)"
    )


if __name__ == "__main__":
    main()
