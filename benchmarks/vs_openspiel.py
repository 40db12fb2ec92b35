"""Engine speed against OpenSpiel's C++ hearts: player actions per second, random legal play.

Both games are played with random legal moves on one core, measured in alternating rounds in
the same process, in CPU time of this process (so other work on a shared machine disturbs the
comparison as little as it can). Only player actions are counted;
OpenSpiel's chance nodes (the pass direction and the deal) are resolved inside the timed loop
with a random outcome, as mushka's deals are. Each round uses one random generator for both
chance and the players' choices, in both games.

    .venv/bin/python benchmarks/vs_openspiel.py [--seconds S] [--rounds R]

OpenSpiel is not a dependency of mushka: install it in a separate environment that also holds
mushka, e.g. `python3 -m venv /work/bench-venv && /work/bench-venv/bin/pip install open_spiel
-e .`, and run the script with that environment's python. To measure another checkout with the
same environment, put it first on the path: `PYTHONPATH=/path/to/checkout python
benchmarks/vs_openspiel.py`; the script prints which engine file it measured.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from mushka.engine import Session
from mushka.engine import __file__ as engine_file
from mushka.house_rules import HouseRules


def mushka_round(seconds: float, seed: int) -> tuple[int, float]:
    """Random sessions for about `seconds`: (player actions, time taken)."""
    rules = HouseRules()
    rng = random.Random(seed)  # one generator for chance and choices, as for hearts below
    choice = rng.choice
    actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        session = Session(rules=rules, rng=rng)
        legal = session.legal_actions
        apply = session.apply
        while moves := legal():
            apply(choice(moves))
            actions += 1
    return actions, time.process_time() - started


def hearts_round(game: Any, seconds: float, seed: int) -> tuple[int, float]:
    """Random games of OpenSpiel hearts for about `seconds`: (player actions, time taken)."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                actions += 1
    return actions, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of each round")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of each; medians compared")
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print(
            "OpenSpiel is not installed here: run this script with a python that has both "
            "mushka and open_spiel (pip install open_spiel); see this file's docstring."
        )
        actions, seconds = mushka_round(args.seconds, 0)
        print(f"mushka alone: {actions / seconds:,.0f} player actions/s")
        return
    game = pyspiel.load_game("hearts")
    print(f"mushka engine: {engine_file}; OpenSpiel {pyspiel.__version__} hearts")
    mushka_round(0.3, 0)  # warm up both
    hearts_round(game, 0.3, 0)
    ours: list[float] = []
    theirs: list[float] = []
    for r in range(args.rounds):
        actions, seconds = mushka_round(args.seconds, r * 1_000_003)
        ours.append(actions / seconds)
        actions, seconds = hearts_round(game, args.seconds, r)
        theirs.append(actions / seconds)
        print(
            f"round {r + 1}: mushka {ours[-1]:>10,.0f}  OpenSpiel hearts {theirs[-1]:>10,.0f} "
            f"player actions/s  ratio {ours[-1] / theirs[-1]:.2f}"
        )
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(
        f"median: mushka {statistics.median(ours):,.0f}, OpenSpiel hearts "
        f"{statistics.median(theirs):,.0f} player actions/s; "
        f"ratio {statistics.median(ratios):.2f} (median of {args.rounds} interleaved rounds)"
    )


if __name__ == "__main__":
    main()
