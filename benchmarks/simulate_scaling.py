"""`mushka simulate` at scale: peak memory against the number of sessions, and the `--jobs` speed-up.

Memory: each run is a fresh `mushka simulate` process; its peak resident size is read back from the
operating system. Speed-up: sessions per second with `--jobs 1` and `--jobs N`, runs interleaved
so that the machine's other load falls on both alike; the core count and load average are printed
with it, since a speed-up near N needs N idle cores.

    .venv/bin/python benchmarks/simulate_scaling.py [--memory 1000,20000] [--sessions 300] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from mushka.house_rules import HouseRules
from mushka.study.simulate import RunConfig, simulate

MUSHKA = str(Path(sys.executable).with_name("mushka"))


def peak_rss_kib(sessions: int) -> int:
    """Peak resident memory (KiB) of one `mushka simulate -n SESSIONS --json` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(
        [MUSHKA, "simulate", "-n", str(sessions), "--seed", "1", "--json"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(before, after)  # the largest child so far: run the sizes in increasing order


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--memory", default="1000,20000", help="session counts to measure")
    parser.add_argument("--sessions", type=int, default=300, help="sessions per speed run")
    parser.add_argument("--bot", default="basic", help="strategy of all four seats")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    for count in sorted(int(n) for n in args.memory.split(",") if n):
        print(f"simulate -n {count}: peak RSS {peak_rss_kib(count) / 1024:.1f} MiB", flush=True)
    config = RunConfig(HouseRules(), 1, (args.bot, args.bot, args.bot, args.bot))
    rates: dict[int, list[float]] = {1: [], args.jobs: []}
    loads = []
    for _ in range(args.rounds):
        for jobs in rates:
            loads.append(os.getloadavg()[0])
            started = time.perf_counter()
            simulate(config, args.sessions, jobs)
            rates[jobs].append(args.sessions / (time.perf_counter() - started))
    one, many = max(rates[1]), max(rates[args.jobs])
    print(
        f"--bot {args.bot}: {one:.1f} sessions/s on 1 process, {many:.1f} on {args.jobs}: "
        f"speed-up {many / one:.2f}x ({os.cpu_count()} cores, load average "
        f"{min(loads):.1f}-{max(loads):.1f} during the runs)"
    )


if __name__ == "__main__":
    main()
