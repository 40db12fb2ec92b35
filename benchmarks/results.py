"""Every strength measurement kept: one JSON file per run in benchmarks/results/, and its table.

A run is a duplicate match (mushka.study.ladder's format): each deal seed played four times, the
hero moving through the four seats among three copies of the field. The file holds the command,
the commit, the seeds, each seat's nets seed by seed, the hero's mean with its 95% interval and,
when a reference player was run on the same master seed and field, the paired difference from it
over the seeds both cover (a session's cards and decisions depend on (master seed, index) alone,
so the first N seeds of a longer run pair with a shorter one).

    .venv/bin/python benchmarks/results.py run HERO --field basic --seeds 50 --seed 7 --jobs 2 \\
        --lever "what this measures" [--reference strong] [--kept yes|no|-]
    .venv/bin/python benchmarks/results.py table      # rebuilds benchmarks/results/README.md

HERO and the field name `strong_levers.VARIANTS` (the package's players, the frozen ones and the
variants measured), or a package strategy.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from strong_levers import VARIANTS, players_code

from mushka.house_rules import HouseRules
from mushka.study.simulate import BotFactory, Estimate, RunConfig, run_sessions

RESULTS = Path(__file__).parent / "results"
TABLE = RESULTS / "README.md"


@dataclass(frozen=True)
class Run:
    """A duplicate match's raw result: `nets[seat][i]` is the hero's net in seed i in that seat."""

    hero: str
    field: str
    master_seed: int
    nets: tuple[tuple[int, ...], ...]
    seconds: float

    @property
    def per_seed(self) -> list[float]:
        return [sum(seat[i] for seat in self.nets) / 4 for i in range(len(self.nets[0]))]


def play(
    hero: str,
    field: str,
    seeds: int,
    *,
    jobs: int,
    master_seed: int,
    factories: Sequence[tuple[str, BotFactory]],
) -> Run:
    """The hero in each seat in turn among three `field`, on `seeds` deal seeds."""
    started = time.perf_counter()
    nets: list[tuple[int, ...]] = []
    for seat in range(4):
        names = [field] * 4
        names[seat] = hero
        config = RunConfig(
            HouseRules(),
            master_seed,
            (names[0], names[1], names[2], names[3]),
            factories=tuple(factories),
        )
        nets.append(tuple(o.net[seat] for o in run_sessions(config, seeds, jobs)))
    return Run(hero, field, master_seed, tuple(nets), time.perf_counter() - started)


def commit() -> str:
    """The checkout's commit, '+dirty' when the working tree differs from it."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", *args], cwd=Path(__file__).parent, capture_output=True, text=True, check=False
        )
        return done.stdout.strip()

    if "MUSHKA_COMMIT" in os.environ:  # a run from a snapshot of the checkout (tools/snapshot.sh)
        return os.environ["MUSHKA_COMMIT"]
    head = git("rev-parse", "--short=12", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--", "mushka", "benchmarks") else "")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def load() -> list[dict[str, Any]]:
    """Every recorded run, oldest first."""
    runs = [json.loads(p.read_text()) for p in sorted(RESULTS.glob("*.json"))]
    return sorted(runs, key=lambda r: str(r["when"]))


def reference_run(name: str, field: str, master_seed: int) -> dict[str, Any] | None:
    """The longest recorded measured run of `name` against `field` on `master_seed`."""
    found = [
        r
        for r in load()
        if r["hero"] == name
        and r["field"] == field
        and r.get("master_seed") == master_seed
        and r.get("per_seed")
    ]
    return max(found, key=lambda r: len(r["per_seed"]), default=None)


def paired(per_seed: Sequence[float], other: Sequence[float]) -> Estimate:
    n = min(len(per_seed), len(other))
    return Estimate.of([a - b for a, b in zip(per_seed[:n], other[:n], strict=True)])


def write(run: Run, *, lever: str, kept: str, reference: str | None, note: str) -> Path:
    """The run as a JSON file in benchmarks/results/ (its paired difference from `reference`'s
    longest recorded run on the same master seed and field, if there is one)."""
    per_seed = run.per_seed
    e = Estimate.of(per_seed)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    entry: dict[str, Any] = {
        "when": when,
        "command": shlex.join([Path(sys.executable).name, *sys.argv]),
        "commit": commit(),
        "players_code": players_code(),
        "hero": run.hero,
        "field": run.field,
        "lever": lever,
        "kept": kept,
        "note": note,
        "master_seed": run.master_seed,
        "seeds": len(per_seed),
        "sessions": 4 * len(per_seed),
        "seconds": round(run.seconds, 1),
        "mean": round(e.mean, 3),
        "ci95": round(e.ci95, 3),
        "per_seat": [list(seat) for seat in run.nets],
        "per_seed": per_seed,
    }
    if reference is not None and reference != run.hero:
        ref = reference_run(reference, run.field, run.master_seed)
        if ref is not None:
            d = paired(per_seed, ref["per_seed"])
            entry["paired"] = {
                "reference": reference,
                "reference_when": ref["when"],
                "reference_players_code": ref["players_code"],
                "seeds": d.n,
                "mean": round(d.mean, 3),
                "ci95": round(d.ci95, 3),
            }
    stamp = when.replace(":", "").replace("-", "")
    path = RESULTS / (
        f"{stamp}-{slug(run.hero)}-vs-{slug(run.field)}-m{run.master_seed}-s{len(per_seed)}.json"
    )
    RESULTS.mkdir(exist_ok=True)
    path.write_text(json.dumps(entry, indent=1) + "\n")
    return path


def figure(mean: float | None, ci95: float | None) -> str:
    if mean is None:
        return "?"
    return f"{mean:+.2f}" + ("" if ci95 is None else f" ± {ci95:.2f}")


def table() -> str:
    """benchmarks/results/README.md: every recorded run, oldest first."""
    lines = [
        "# Strength measurements, one per run",
        "",
        "Rebuilt from the JSON files beside it by `benchmarks/results.py table`; do not edit by",
        "hand. Each run is a duplicate match (each deal seed played four times, the hero in each",
        "seat in turn among three copies of the field); the figure is the hero's mean net per",
        "session in kop with its 95% interval over the seeds; *paired* is the difference from the",
        "reference player on the same seeds (master seed and field alike). Rows marked with a",
        "source in brackets are figures quoted from an earlier report whose raw results were lost.",
        "",
        "| when | hero | field | seeds × 4 | master | mean ± 95% | paired vs | lever | kept |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in load():
        pair = r.get("paired")
        vs = f"{pair['reference']} {figure(pair['mean'], pair['ci95'])}" if pair else ""
        source = f" ({r['source']})" if r.get("source") else ""
        seeds = r["seeds"] if r["seeds"] is not None else "?"
        master = r["master_seed"] if r["master_seed"] is not None else "?"
        lever = str(r["lever"]).replace("|", "/")
        lines.append(
            f"| {r['when'][:16]}{source} | {r['hero']} | {r['field']} | {seeds} | {master} | "
            f"{figure(r['mean'], r['ci95'])} | {vs} | {lever} | {r['kept']} |"
        )
    notes = [r for r in load() if r.get("note")]
    if notes:
        lines += ["", "Notes:", ""]
        lines += [f"- {r['when'][:16]} {r['hero']} vs {r['field']}: {r['note']}" for r in notes]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play a duplicate match and record it")
    run.add_argument("hero")
    run.add_argument("--field", default="basic")
    run.add_argument("--seeds", type=int, default=50)
    run.add_argument("--seed", type=int, default=7, help="master seed")
    run.add_argument("--jobs", type=int, default=2)
    run.add_argument("--lever", default="", help="what the run measures")
    run.add_argument("--kept", default="-", help="whether the lever was kept: yes, no, -")
    run.add_argument("--reference", default="strong", help="paired against this player's runs")
    run.add_argument("--note", default="")
    sub.add_parser("table", help="rebuild benchmarks/results/README.md")
    args = parser.parse_args()
    if args.command == "run":
        factories = [(name, f) for name, f in VARIANTS.items() if name in (args.hero, args.field)]
        result = play(
            args.hero,
            args.field,
            args.seeds,
            jobs=args.jobs,
            master_seed=args.seed,
            factories=factories,
        )
        path = write(
            result, lever=args.lever, kept=args.kept, reference=args.reference, note=args.note
        )
        entry = json.loads(path.read_text())
        line = f"{args.hero} vs 3 {args.field}: {figure(entry['mean'], entry['ci95'])}"
        if "paired" in entry:
            p = entry["paired"]
            line += f", vs {p['reference']} {figure(p['mean'], p['ci95'])} ({p['seeds']} seeds)"
        print(f"{line}  [{result.seconds:.0f} s] -> {path.name}")
    TABLE.write_text(table())


if __name__ == "__main__":
    main()
