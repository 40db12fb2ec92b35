"""The strength ladder in the duplicate format, and how long `strong` takes to decide.

Lines: each computer player vs three `basic` (`strong`, the frozen `strong_v2` and `strong_v1`,
benchmarks/strong_v2.py and strong_v1.py, and `random`), then `strong` vs three `strong_v2` (the
previous `strong`). Each deal seed is played four times, the tested player moving through all four
seats while the cards stay the same, so card luck cancels out; the tested player's mean net per
session is reported with a 95% confidence interval over the seeds (machinery: mushka.study.ladder).
Then `strong`'s decisions with a choice are timed on one core (median, 99th percentile, slowest)
against three `basic`, interleaved with `strong_v2`'s.

    .venv/bin/python benchmarks/tournament.py [--seeds N] [--jobs J] [--only strong:basic]
    .venv/bin/python benchmarks/tournament.py --seeds 0 --timing-sessions 10   # timing only
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import strong_v1
import strong_v2

from mushka.engine import Session
from mushka.house_rules import HouseRules
from mushka.players.bots import make_bot
from mushka.study.ladder import duplicate
from mushka.study.simulate import BotFactory, session_seed

LADDER = (
    ("strong", "basic"),
    ("strong_v2", "basic"),
    ("strong_v1", "basic"),
    ("random", "basic"),
    ("strong", "strong_v2"),
)
FACTORIES: tuple[tuple[str, BotFactory], ...] = (
    ("strong_v1", strong_v1.make),
    ("strong_v2", strong_v2.make),
)
REFERENCE = "strong_v2"  # timed beside `strong`


def decision_times(sessions: int) -> dict[str, list[float]]:
    """Seconds per decision with more than one legal action of `strong` and, interleaved session by
    session on the same deals, of `REFERENCE`, each in seat 1 against three `basic`, in this one
    process."""
    times: dict[str, list[float]] = {"strong": [], REFERENCE: []}
    extra = dict(FACTORIES)
    for index in range(sessions):
        for name in times:
            session = Session(rules=HouseRules(), seed=session_seed(99, index))
            hero = (
                extra[name](random.Random(index))
                if name in extra
                else make_bot(name, random.Random(index), None)
            )
            bots = [hero] + [make_bot("basic", random.Random(index)) for _ in range(3)]
            while not session.is_over:
                seat = session.to_act
                assert seat is not None
                view = session.view(seat)
                started = time.perf_counter()
                action = bots[seat].choose(view)
                if seat == 0 and len(view.legal_actions) > 1:
                    times[name].append(time.perf_counter() - started)
                session.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--seeds", type=int, default=150, help="deal seeds per line (each played 4 times)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=2026, help="master seed")
    parser.add_argument("--timing-sessions", type=int, default=20)
    parser.add_argument(
        "--only", action="append", default=[], help="HERO:FIELD lines to run (default: all)"
    )
    args = parser.parse_args()
    ladder = [tuple(line.split(":", 1)) for line in args.only] or LADDER
    if args.seeds == 0:
        ladder = []  # timing only
    print(f"{'match':<24}{'sessions':>9}{'mean net per session (kop)':>30}{'seconds':>9}")
    for hero, field in ladder:
        match = duplicate(
            hero, field, args.seeds, jobs=args.jobs, master_seed=args.seed, factories=FACTORIES
        )
        e = match.estimate
        print(
            f"{hero + ' vs 3 ' + field:<24}{match.sessions:>9}"
            f"{f'{e.mean:+.2f} ± {e.ci95:.2f}':>30}{match.seconds:>9.0f}   "
            f"{hero} {match.verdict} {field}",
            flush=True,
        )
    if args.timing_sessions:
        for name, times in decision_times(args.timing_sessions).items():
            times.sort()
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(
                f"{name} decisions with a choice (one core): {len(times)}; "
                f"median {statistics.median(times) * 1000:.1f} ms, "
                f"99th percentile {p99 * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms"
            )


if __name__ == "__main__":
    main()
