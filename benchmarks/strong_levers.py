"""What each of `strong`'s levers is worth: variants against three `basic` on the same seeds.

Each variant is `strong` with one lever taken away (or the frozen `strong_v1`); the table gives each
one's mean net per session against three `basic` (duplicate seats) and its difference from the full
`strong`, paired seed by seed, with 95% intervals.

    .venv/bin/python benchmarks/strong_levers.py [--seeds N] [--jobs J]

From issue 37 on, each measured run is kept as a JSON file in benchmarks/results/ by
benchmarks/results.py (which seats these variants), and tabled in benchmarks/results/README.md;
the figures below are the earlier rounds', as reported then.

Measured 2026-11-30 (--seeds 100 --seed 7, 400 sessions each, paired difference from `strong`):
strong +36.91 ± 5.88; without the exchange information in play +37.49 ± 5.85 (+0.58 ± 1.42,
no measurable effect); with basic's fixed discard +20.57 ± 4.81 (−16.34 ± 6.34); strong_v1
+21.26 ± 4.72 (−15.66 ± 6.31). Rollouts leading by the imagined hands (since removed) measured
−4.54 ± 4.28 against rollouts with `basic` for everyone.

Measured 2026-11-30 (--seeds 60 --seed 7, 240 sessions each, load ~5 on 2 cores): imagined hands
dealt to agree with the others' leads, follows and mushka answers read as `basic`'s (the
`lead_inference` flag) +34.32 ± 6.96, without it +39.08 ± 7.72: the inference is +4.76 ± 6.25
weaker, paired, so it is off by default (the "lead inference" line measures it again). On the
untuned master seeds (tournament.py --only strong:basic --seeds 100) it did better, though:
--seed 4242 +31.81 ± 5.87 with it, +30.45 ± 5.57 without; --seed 31337 +34.30 ± 4.98 with it,
+29.55 ± 5.22 without (same deals, not paired per seed). Undecided; worth a longer paired run. The "key" variants (more worlds only for the draw,
mushka and discard decisions) are measured below.

Measured 2026-11-30 (--seeds 100 --seed 4242, 400 sessions each, load 5-8 on 2 cores): strong
+30.45 ± 5.57; counting 25% of what the kitty gains in a rollout before the last deal as the
searcher's own (its likely share of the kitty later) +30.04 ± 6.23, paired −0.41 ± 3.80: no
measurable effect, removed. Paired differences from `strong` on the same 400 sessions:
- "low leads" (the searcher's own leads in its rollouts by `low_lead`, which alone makes a
  `basic` player +7.9 ± 1.4 kop per session stronger against three `basic`): +30.27 ± 5.69,
  −0.18 ± 3.59 — a better rollout policy for the searching seat does not show;
- "later exchanges" (the exchanges still to come carried out in an imagined discard): +29.71 ±
  6.84, −0.74 ± 5.01;
- "key 96" (96 worlds for the draw, mushka and discard decisions): +33.68 ± 5.99, +3.23 ± 4.81;
- "key 96 last 128" (and 128 worlds for every decision of the last deal, where
  `--oracle-loss` finds most of the sampling's loss): +32.70 ± 6.46, +2.24 ± 4.90.
None is told apart from `strong` on this seed alone. `--oracle-loss 24 --seed 21` (24 sessions):
4.9 kop per session lost to a 384-world oracle, 3.8 of it in the last deal (leads 1.40 kop per
decision, discards 1.09, follows 0.16; earlier deals: discards 0.13, leads 0.11, follows 0.02).
Seed 31337 (400 sessions, paired with the then `strong`, key 48): strong +29.55 ± 5.22, "key 96"
+36.02 ± 5.67 (+6.47 ± 4.98), "key 144" +32.60 ± 5.65 (+3.05). Over both untuned seeds (800
sessions) key 96 gains +4.85 ± 3.46, so twice the worlds at the key decisions is now the
default ("key 48" is the former `strong`). The ladder with it (tournament.py --only strong:basic
--seeds 100 --seed S): 4242 +33.68 ± 5.99, 31337 +36.02 ± 5.67, 555 +33.21 ± 5.84 — +34.3 over
1200 sessions, short of the +35 aimed at. Decisions (--timing-sessions 20, idle machine, one
core): median 14.7 ms, 99th percentile 113 ms, slowest 120 ms (strong_v1: 11.5, 43, 48 ms).
With the new default, the basic-reading inference ("lead inference"), paired with "key 96":
31337 +33.18 ± 4.96 (−2.84 ± 4.66), 4242 +34.69 ± 6.28 (+1.01 ± 3.40), both −0.91 ± 2.89: still
nothing to tell; off.
Decision time against the key-48 `strong` (interleaved, loaded machine): key 96 median 1.26x, slowest 2.0x;
last 128 median 1.25x, slowest 2.75x; both median 1.4x, slowest 2.4x.

Measured 2026-11-30, second session, after the playouts moved to mushka/players/playout.py (the
same values to the last bit, 2.4x faster per decision; "no lookahead" is the `strong` of before,
whose per-seed results it reproduced exactly: 101 +31.19, 202 +36.72). 400 sessions per seed;
paired differences from "no lookahead" (4242 and 31337 against its recorded per-seed results):
- "w96 k192 last 256" (twice the worlds everywhere, 256 in the last deal): 4242 −0.04 ± 3.68,
  31337 +0.19 ± 4.09 — more sampling is worth nothing now;
- "fast low leads" (the searcher's own playout leads by `low_lead`, since removed): 4242 −3.21;
- "basic leads" (leads not searched): 4242 −12.94 ± 5.19, 31337 −12.79 ± 4.22; "basic plain
  follows" (follows without a draw or the mushka to weigh): −7.17 ± 4.83, −7.05 ± 5.18;
- "look 1" (the searcher's next decision in each playout made the best for that imagined deal,
  in every deal): 4242 −2.24 ± 4.24, 31337 +0.50 ± 4.49;
- the same in the last deal only (now `strong`): 4242 +1.35 ± 3.37, 31337 +0.61 ± 4.01, 101
  +1.15 ± 3.50, 202 +2.61 ± 4.50, 303 +0.31 ± 3.67, 404 +0.80 ± 4.23, 505 +3.78 ± 3.70: +1.52 on
  average over 2800 sessions, each seed positive;
- "look 2 last" (two decisions ahead in the last deal): 4242 −0.82 ± 3.73, 31337 +1.50 ± 4.10
  (below one decision ahead, for ~1.5x its time); one ahead in the last deal plus the discard
  searched one ahead in every deal: 4242 +1.89 ± 3.46, 31337 −0.28 ± 3.81 (removed).
Against the new `strong` (one decision ahead in the last deal), paired, options since removed:
one ahead in the last two deals 4242 +0.30 ± 2.42, 31337 +0.50 ± 2.25, 101 −0.24 ± 2.74; one
ahead in every deal once the hand is down to three cards 4242 −1.20 ± 2.48, 31337 −0.03 ± 2.87,
101 +0.32 ± 3.11, 202 −1.36 ± 2.56.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import strong_v1
import strong_v2

from mushka.actions import DRAW, PLAYS
from mushka.cards import MUSHKA
from mushka.engine import Session, Step
from mushka.house_rules import HouseRules
from mushka.players.bots import BasicBot, PolicyBot, StrongBot, low_lead_rollout_move
from mushka.study.ladder import Match, duplicate
from mushka.study.simulate import BotFactory, Estimate, session_seed
from mushka.view import SeatView


def is_lead(view: SeatView) -> bool:
    return view.step is Step.LEAD


def is_plain_follow(view: SeatView) -> bool:
    legal = view.legal_actions
    return view.step is Step.FOLLOW and DRAW not in legal and PLAYS[int(MUSHKA)] not in legal


def variant(**options: Any) -> Callable[[random.Random], StrongBot]:
    """`strong` with `options` (picklable, for the worker processes)."""
    return functools.partial(StrongBot, **options)


def before_lookahead(**options: Any) -> Callable[[random.Random], StrongBot]:
    """A variant measured against the `strong` of before the last-deal lookahead (same options
    plus `last_deal_lookahead=0`, so that its recorded figures still stand)."""
    return variant(last_deal_lookahead=0, **options)


VARIANTS: dict[str, BotFactory] = {
    "strong": variant(),
    "no lookahead": before_lookahead(),  # the `strong` of before 2026-11-30's last session
    "look 1": variant(lookahead=1),
    "look 2 last": variant(last_deal_lookahead=2),
    "look 2": variant(lookahead=2, last_deal_lookahead=2),
    "w96 k192 last 256": before_lookahead(worlds=96, key_worlds=192, last_deal_worlds=256),
    "last 256": before_lookahead(last_deal_worlds=256),
    "basic leads": before_lookahead(leave_to_basic=is_lead),
    "basic plain follows": before_lookahead(leave_to_basic=is_plain_follow),
    "key 144": before_lookahead(key_worlds=144),
    "key 48": before_lookahead(key_worlds=48),
    "key 96 last 128": before_lookahead(key_worlds=96, last_deal_worlds=128),
    "low leads": before_lookahead(policy=low_lead_rollout_move),
    "later exchanges": before_lookahead(later_exchanges=True),
    "lead inference": before_lookahead(lead_inference=True),
    "key 96 play 32": before_lookahead(worlds=32, key_worlds=96),
    "no exchange info": before_lookahead(exchange_knowledge=False),
    "basic discard": before_lookahead(search_discard=False),
    "strong_v1": strong_v1.make,
    "strong_v2": strong_v2.make,
    "policy": PolicyBot,
    "policy leads self": variant(policy_leads="self"),
    "policy leads others": variant(policy_leads="others"),
    "policy leads all": variant(policy_leads="all"),
    "weights basic 0.1": variant(world_weights="basic", epsilon=0.1),
    "weights basic 0.3": variant(world_weights="basic", epsilon=0.3),
    "weights policy": variant(world_weights="policy"),
}


def players_code() -> str:
    """A digest of the computer players' code: a recorded result stands only for the same code."""
    digest = hashlib.sha256()
    for path in sorted((Path(__file__).parent.parent / "mushka" / "players").glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def recorded(record: Path | None, key: dict[str, object]) -> Match | None:
    """The match recorded under `key` in `record`, if any."""
    if record is None or not record.exists():
        return None
    for line in record.read_text().splitlines():
        entry = json.loads(line)
        entry.setdefault("field", "basic")  # recorded before there was a choice
        if all(entry.get(k) == v for k, v in key.items()):
            per_seed = tuple(entry["per_seed"])
            return Match(
                str(key["name"]),
                str(key["field"]),
                Estimate.of(per_seed),
                4 * len(per_seed),
                0.0,
                per_seed,
            )
    return None


def oracle_loss(sessions: int, worlds: int, master_seed: int) -> None:
    """Where `strong`'s sampling costs money: `strong` in seat 1 against three `basic`; at each of
    its searched decisions a `worlds`-world `strong` (the oracle) values every move, and the
    oracle's value of its best move less that of `strong`'s choice is summed per decision type.
    The oracle shares the rollout policy, so this measures the sampling, not the policy."""
    basic = BasicBot()
    loss: dict[tuple[bool, str], float] = {}
    count: dict[tuple[bool, str], int] = {}
    for index in range(sessions):
        session = Session(rules=HouseRules(), seed=session_seed(master_seed, index))
        hero = StrongBot(random.Random(index))
        oracle = StrongBot(random.Random(10**6 + index), worlds=worlds)
        while not session.is_over:
            seat = session.to_act
            assert seat is not None
            view = session.view(seat)
            if seat != 0:
                session.apply(basic.choose(view))
                continue
            values = hero.evaluate(view)
            action = hero.choose_from(view, values)
            if values:
                truth = oracle.evaluate(view)
                key = (view.deal_number == view.rules.deals, view.step.name.lower())
                loss[key] = loss.get(key, 0.0) + max(truth.values()) - truth[action]
                count[key] = count.get(key, 0) + 1
            session.apply(action)
    for (last, step), total in sorted(loss.items()):
        deal = "last deal" if last else "earlier deals"
        print(
            f"{step:<8}{deal:<14}{count[(last, step)]:>6} decisions   "
            f"{total / sessions:5.2f} kop per session   {total / count[(last, step)]:5.2f} per decision"
        )
    print(f"in all: {sum(loss.values()) / sessions:.2f} kop per session ({sessions} sessions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument(
        "--field", default="basic", help="the three opponents: basic, or a variant's name"
    )
    parser.add_argument(
        "--record",
        type=Path,
        help="JSON-lines file: each variant's per-seed means are appended, and a baseline already "
        "recorded there for the same seeds and the same players' code is reused",
    )
    parser.add_argument(
        "--code", help="the players' code digest to record under (default: the current code's)"
    )
    parser.add_argument(
        "--skip-baseline", action="store_true", help="record the variants without `strong` itself"
    )
    parser.add_argument(
        "--oracle-loss",
        type=int,
        metavar="SESSIONS",
        help="instead: what strong's choices lose per decision type against a 384-world oracle",
    )
    args = parser.parse_args()
    if args.oracle_loss:
        oracle_loss(args.oracle_loss, 384, args.seed)
        return
    code = args.code or players_code()
    names = args.only or list(VARIANTS)
    if "strong" not in names and not args.skip_baseline:
        names.insert(0, "strong")
    factories = [
        (name, VARIANTS[name]) for name in sorted({*names, args.field}) if name in VARIANTS
    ]
    results = {}
    for name in names:
        key = {"name": name, "seeds": args.seeds, "seed": args.seed, "code": code}
        key["field"] = args.field
        match = recorded(args.record, key) if name == "strong" else None
        if match is None:
            match = duplicate(
                name,
                args.field,
                args.seeds,
                jobs=args.jobs,
                master_seed=args.seed,
                factories=factories,
            )
            if args.record is not None:
                with args.record.open("a") as out:
                    out.write(json.dumps({**key, "per_seed": match.per_seed}) + "\n")
        results[name] = match
        e = match.estimate
        line = f"{name:<18}{match.sessions:>6} sessions {e.mean:+7.2f} ± {e.ci95:5.2f}"
        if name != "strong" and "strong" in results:
            diff = Estimate.of(
                [a - b for a, b in zip(match.per_seed, results["strong"].per_seed, strict=True)]
            )
            line += f"   vs strong {diff.mean:+6.2f} ± {diff.ci95:5.2f}"
        print(line + f"   ({match.seconds:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
