"""Start-up: `mushka --version` against a bare `python -c "import typer"`, measured interleaved.

The program is the installed `mushka` script next to this Python (what a user types), not
`python -m mushka`, which adds runpy's own start-up. Each round runs both commands once, in alternating order, timing each with `time.perf_counter`
around `subprocess.run`; the figure is the ratio of the medians (the target is at most 1.2).

    .venv/bin/python benchmarks/startup.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("mushka")  # the program as installed beside this Python
COMMANDS = {
    "mushka --version": [str(SCRIPT), "--version"],
    'python -c "import typer"': [sys.executable, "-c", "import typer"],
}


def seconds(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for command in COMMANDS.values():  # warm the bytecode caches once, untimed
        seconds(command)
    for index in range(rounds):
        order = list(COMMANDS.items())
        if index % 2:
            order.reverse()
        for name, command in order:
            times[name].append(seconds(command))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, median in medians.items():
        print(f"{name:28} median {median * 1000:6.1f} ms over {rounds} runs")
    mushka, typer = medians.values()
    print(f"ratio: {mushka / typer:.2f}x")


if __name__ == "__main__":
    main()
