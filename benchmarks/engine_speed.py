"""Engine throughput: random full sessions on one core, in player actions and sessions per second.

A player action is one decision (lead, follow, draw, pass, take, discard); each one goes through
`legal_actions()` and a validated `apply()`, exactly as a UI or a bot drives the engine.

    .venv/bin/python benchmarks/engine_speed.py [--sessions N] [--runs R]
    .venv/bin/python benchmarks/engine_speed.py --against /path/to/other/checkout [--runs R]

With `--against`, runs alternate between this checkout's engine and the other's (each run in a
fresh process with that checkout first on the path, timed in CPU time of the play alone, the
same seeds for both), and the median ratio of the paired runs is printed: a speed-up measured
side by side on a shared machine. Make the other checkout with e.g.
`git worktree add /tmp/engine-prev 8f2bd15`.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def one_run(sessions: int, seed: int) -> tuple[int, float]:
    from mushka.engine import Session
    from mushka.house_rules import HouseRules

    rules = HouseRules()
    actions = 0
    started = time.process_time()
    for index in range(sessions):
        session = Session(rules=rules, seed=seed + index)
        choice = random.Random(index).choice
        legal = session.legal_actions
        apply = session.apply
        while moves := legal():
            apply(choice(moves))
            actions += 1
    return actions, time.process_time() - started


def child_run(checkout: Path, sessions: int, seed: int) -> tuple[int, float]:
    """One run in a fresh process that imports the engine from `checkout`."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import engine_speed; "
        "import mushka.engine as e; assert e.__file__.startswith(sys.argv[2]), e.__file__; "
        "engine_speed.one_run(50, 0); "
        "print(*engine_speed.one_run(int(sys.argv[3]), int(sys.argv[4])))"
    )
    args = [str(Path(__file__).parent), str(checkout), str(sessions), str(seed)]
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=checkout,  # "" on the path is the working directory: make it the checkout too
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return int(out[0]), float(out[1])


def against(other: Path, sessions: int, runs: int) -> None:
    ratios = []
    for run in range(runs):
        seed = run * 1_000_003
        ours, our_time = child_run(HERE, sessions, seed)
        theirs, their_time = child_run(other, sessions, seed)
        ratios.append((ours / our_time) / (theirs / their_time))
        print(
            f"run {run + 1}: this {ours / our_time:>10,.0f}  other {theirs / their_time:>10,.0f} "
            f"player actions/s  ratio {ratios[-1]:.3f}"
            + ("" if ours == theirs else f"  (different play: {ours} vs {theirs} actions)")
        )
    print(
        f"median ratio this/other: {statistics.median(ratios):.3f} over {runs} paired runs of "
        f"{sessions} sessions ({HERE} against {other})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=2000, help="sessions per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    args = parser.parse_args()
    if args.against is not None:
        against(args.against.resolve(), args.sessions, args.runs)
        return
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
