"""Fit the lead policy (mushka/players/policy.py) to `strong`'s leads over seeded sessions.

    .venv/bin/python tools/train_policy.py collect --sessions 300 --seed 1 --jobs 2 --out leads.json
    .venv/bin/python tools/train_policy.py fit leads.json [--write]

`collect` seats four `strong` players (no time cap, so the data follow from the seed alone) and
keeps, at each lead with a choice, every legal card's features from the leader's view and the card
`strong` led. `fit` maximises the likelihood of those choices under a softmax of the linear score
(a conditional logit, light L2), reports how often the fitted policy and `basic` agree with
`strong` on held-out sessions, and with --write stores the weights in mushka/players/policy.json.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
from pathlib import Path
from typing import Any

from mushka.engine import Session, Step
from mushka.house_rules import HouseRules
from mushka.players import policy
from mushka.players.bots import BasicBot, StrongBot
from mushka.study.simulate import session_seed

WEIGHTS = Path(__file__).parent.parent / "mushka" / "players" / "policy.json"
Sample = tuple[list[list[float]], int, int]  # features per legal card, strong's pick, session


def collect_session(job: tuple[int, int]) -> list[Sample]:
    master, index = job
    seed = session_seed(master, index)
    session = Session(rules=HouseRules(), seed=seed)
    bots = [StrongBot(random.Random(f"{seed}:{s}")) for s in range(4)]
    basic = BasicBot()
    samples: list[Sample] = []
    while not session.is_over:
        seat = session.to_act
        assert seat is not None
        view = session.view(seat)
        action = bots[seat].choose(view)
        cards = [int(a.card) for a in view.legal_actions if a.card is not None]
        plain = basic.choose(view)
        if (
            view.step is Step.LEAD
            and len(cards) > 1
            and action.card is not None
            and plain.card is not None
        ):
            seen = policy.view_seen(view)
            hand = [int(c) for c in view.hand]
            last = view.deal_number == view.rules.deals
            rows = [
                policy.lead_features(
                    c,
                    hand,
                    view.rules.prices,
                    seen,
                    view.hand_sizes,
                    seat,
                    view.kitty,
                    last,
                    int(plain.card),
                )
                for c in cards
            ]
            samples.append((rows, cards.index(int(action.card)), index))
        session.apply(action)
    return samples


def collect(sessions: int, master: int, jobs: int) -> list[Sample]:
    work = [(master, i) for i in range(sessions)]
    if jobs <= 1:
        return [s for job in work for s in collect_session(job)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return [s for part in pool.imap(collect_session, work) for s in part]


def scores(w: list[float], rows: list[list[float]]) -> list[float]:
    return [sum(a * b for a, b in zip(w, f, strict=True)) for f in rows]


def fit(samples: list[Sample], epochs: int, l2: float) -> list[float]:
    """Batch gradient ascent (Adam steps) on the conditional log-likelihood."""
    n = len(policy.FEATURES)
    w = [0.0] * n
    w[0] = 1.0  # start from `basic`
    m, v = [0.0] * n, [0.0] * n
    rate, b1, b2 = 0.05, 0.9, 0.999
    for t in range(1, epochs + 1):
        grad = [-l2 * x * len(samples) for x in w]
        for rows, pick, _ in samples:
            s = scores(w, rows)
            top = max(s)
            e = [math.exp(x - top) for x in s]
            total = sum(e)
            for j, f in enumerate(rows):
                g = (1.0 if j == pick else 0.0) - e[j] / total
                if g:
                    for i in range(n):
                        grad[i] += g * f[i]
        for i in range(n):
            g = grad[i] / len(samples)
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            w[i] += rate * (m[i] / (1 - b1**t)) / (math.sqrt(v[i] / (1 - b2**t)) + 1e-8)
    return w


def agreement(w: list[float], samples: list[Sample]) -> float:
    hits = 0
    for rows, pick, _ in samples:
        s = scores(w, rows)
        # ties go to basic's card, as in policy.best_lead
        best = max(range(len(rows)), key=lambda j: (s[j], rows[j][0]))
        hits += best == pick
    return hits / max(1, len(samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--sessions", type=int, default=300)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--epochs", type=int, default=300)
    f.add_argument("--l2", type=float, default=1e-3)
    f.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.command == "collect":
        data = collect(args.sessions, args.seed, args.jobs)
        args.out.write_text(json.dumps({"seed": args.seed, "samples": data}))
        print(f"{len(data)} leads from {args.sessions} sessions -> {args.out}")
        return
    samples: list[Sample] = []
    for path in args.data:
        loaded: dict[str, Any] = json.loads(path.read_text())
        samples += [(s[0], s[1], s[2]) for s in loaded["samples"]]
    train = [s for s in samples if s[2] % 5 != 0]
    held = [s for s in samples if s[2] % 5 == 0]
    w = fit(train, args.epochs, args.l2)
    basic_w = [1.0] + [0.0] * (len(w) - 1)
    print(f"{len(train)} training leads, {len(held)} held out")
    print(f"agreement with strong, held out: policy {agreement(w, held):.3f}, ", end="")
    print(f"basic {agreement(basic_w, held):.3f}; training {agreement(w, train):.3f}")
    for name, x in zip(policy.FEATURES, w, strict=True):
        print(f"  {name:<40}{x:+.3f}")
    if args.write:
        w = fit(samples, args.epochs, args.l2)  # the shipped weights use every session
        WEIGHTS.write_text(
            json.dumps(
                {
                    "fitted_by": "tools/train_policy.py fit " + " ".join(map(str, args.data)),
                    "leads": len(samples),
                    "features": list(policy.FEATURES),
                    "weights": [round(x, 5) for x in w],
                },
                indent=1,
            )
            + "\n"
        )
        print(f"-> {WEIGHTS}")


if __name__ == "__main__":
    main()
