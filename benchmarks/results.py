"""Every strength measurement kept: one JSON file per run in benchmarks/results/, and its table.

A run is a duplicate match (mushka.study.ladder's format): each deal seed played four times, the
hero moving through the four seats among three copies of the field. The file holds the command,
the commit, the seeds, each seat's nets seed by seed, the hero's mean with its 95% interval and,
when a reference player was run on the same master seed and field, the paired difference from it
over the seeds both cover (a session's cards and decisions depend on (master seed, index) alone,
so the first N seeds of a longer run pair with a shorter one).

    .venv/bin/python benchmarks/results.py run HERO --field basic --seeds 50 --seed 7 --jobs 2 \\
        --lever "what this measures" [--reference strong] [--kept yes|no|-]
    .venv/bin/python benchmarks/results.py latency strong "policy leads self" --sessions 10
    .venv/bin/python benchmarks/results.py table      # rebuilds benchmarks/results/README.md

HERO and the field name `strong_levers.VARIANTS` (the package's players, the frozen ones and the
variants measured), or a package strategy.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import re
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from strong_levers import VARIANTS, players_code

from mushka.engine import Session
from mushka.house_rules import HouseRules
from mushka.players.bots import make_bot
from mushka.study.simulate import BotFactory, Estimate, RunConfig, run_sessions, session_seed

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


def load(kind: str = "match") -> list[dict[str, Any]]:
    """Every recorded run of `kind` (a match, or decision latency), oldest first."""
    runs = [json.loads(p.read_text()) for p in sorted(RESULTS.glob("*.json"))]
    return sorted((r for r in runs if r.get("kind", "match") == kind), key=lambda r: str(r["when"]))


def latency(names: Sequence[str], sessions: int) -> Path:
    """Each player's seconds per decision with a choice, in seat 1 against three `basic`, the
    players interleaved session by session on the same deals in this one process: the process's
    CPU time (one core's work, which a loaded machine does not inflate as it does the wall clock)."""
    times: dict[str, list[float]] = {name: [] for name in names}
    for index in range(sessions):
        for name in names:
            session = Session(rules=HouseRules(), seed=session_seed(99, index))
            factory = VARIANTS.get(name)
            hero = (
                factory(random.Random(index)) if factory else make_bot(name, random.Random(index))
            )
            bots = [hero] + [make_bot("basic", random.Random(index)) for _ in range(3)]
            while not session.is_over:
                seat = session.to_act
                assert seat is not None
                view = session.view(seat)
                started = time.process_time()
                action = bots[seat].choose(view)
                if seat == 0 and len(view.legal_actions) > 1:
                    times[name].append(time.process_time() - started)
                session.apply(action)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    entry: dict[str, Any] = {
        "kind": "latency",
        "when": when,
        "command": shlex.join([Path(sys.executable).name, *sys.argv]),
        "commit": commit(),
        "players_code": players_code(),
        "sessions": sessions,
        "load": os.getloadavg()[0],
        "players": {},
    }
    for name, ts in times.items():
        ts.sort()
        entry["players"][name] = {
            "decisions": len(ts),
            "median_ms": round(statistics.median(ts) * 1000, 2),
            "p99_ms": round(ts[min(len(ts) - 1, int(0.99 * len(ts)))] * 1000, 1),
            "slowest_ms": round(ts[-1] * 1000, 1),
        }
    stamp = when.replace(":", "").replace("-", "")
    path = RESULTS / f"{stamp}-latency-{slug('-'.join(names))}.json"
    path.write_text(json.dumps(entry, indent=1) + "\n")
    return path


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


def pair(entry: dict[str, Any]) -> bool:
    """Set the entry's paired difference from its reference's longest recorded run on the same
    master seed and field, if there is one and it covers more seeds than the one set already."""
    reference = entry.get("reference", "strong")
    if reference is None or reference == entry["hero"] or not entry.get("per_seed"):
        return False
    ref = reference_run(reference, entry["field"], entry["master_seed"])
    if ref is None:
        return False
    d = paired(entry["per_seed"], ref["per_seed"])
    old = entry.get("paired")
    if old is not None and old.get("seeds", 0) >= d.n:
        return False
    entry["paired"] = {
        "reference": reference,
        "reference_when": ref["when"],
        "reference_players_code": ref["players_code"],
        "seeds": d.n,
        "mean": round(d.mean, 3),
        "ci95": round(d.ci95, 3),
    }
    return True


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
    entry["reference"] = reference
    pair(entry)
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
    timed = load("latency")
    if timed:
        lines += [
            "",
            "Decision latency (decisions with a choice, seat 1 against three `basic`, players",
            "interleaved on the same deals, one process; CPU time, the machine's load beside it):",
            "",
            "| when | player | decisions | median ms | 99th pct ms | slowest ms | load |",
            "|---|---|---|---|---|---|---|",
        ]
        for r in timed:
            for name, t in r["players"].items():
                lines.append(
                    f"| {r['when'][:16]} | {name} | {t['decisions']} | {t['median_ms']} | "
                    f"{t['p99_ms']} | {t['slowest_ms']} | {r['load']:.1f} |"
                )
    others = sorted(p.name for p in RESULTS.glob("*.md") if p != TABLE)
    if others:
        lines += ["", "Other measurements written up here: " + ", ".join(others) + "."]
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
    timing = sub.add_parser("latency", help="time players' decisions and record it")
    timing.add_argument("names", nargs="+")
    timing.add_argument("--sessions", type=int, default=10)
    sub.add_parser("table", help="rebuild benchmarks/results/README.md")
    sub.add_parser("pair", help="pair recorded runs with references recorded after them")
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
    if args.command == "latency":
        path = latency(args.names, args.sessions)
        for name, t in json.loads(path.read_text())["players"].items():
            print(f"{name}: {t}")
    if args.command == "pair":
        for path in sorted(RESULTS.glob("*.json")):
            entry = json.loads(path.read_text())
            if entry.get("kind", "match") == "match" and not entry.get("source") and pair(entry):
                path.write_text(json.dumps(entry, indent=1) + "\n")
                print(f"{path.name}: {figure(entry['paired']['mean'], entry['paired']['ci95'])}")
    TABLE.write_text(table())


if __name__ == "__main__":
    main()
