"""Engine fuzz: throw invalid and illegal input of every kind at random sessions.

The engine promises that anything it refuses raises a MushkaError and changes nothing. This
campaign plays random sessions (random house rules, seeded or scripted chance, some scripted
chances that run out of deals or lay face-down cards wrongly), and at every decision throws
a batch of bad input at the session: malformed actions (plain-string kinds, cards out of range,
floats, strings and bools as cards, plain tuples, wrong positions), legal-looking actions that
the rules forbid now, bad seats for `apply`, `view`, `hand` and `log`, and bad constructor
arguments. It counts the exceptions that are not MushkaError and the refusals after which the
session's state differs (a full-state fingerprint is compared after every refusal).

    .venv/bin/python benchmarks/engine_fuzz.py [--inputs N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mushka.actions import DISCARDS, DRAW, PASS, PLAYS, TAKES, Action, Kind
from mushka.cards import CARDS, Card
from mushka.chance import ScriptedChance, SeededChance
from mushka.engine import Session
from mushka.errors import ChanceError, MushkaError
from mushka.house_rules import Exchange, HouseRules

ALL_ACTIONS: tuple[Action, ...] = (*PLAYS, *DISCARDS, *TAKES, DRAW, PASS)
BAD_CARDS: tuple[Any, ...] = (
    32,
    33,
    99,
    -1,
    -32,
    -33,
    10**100,
    -(10**100),
    5.0,
    0.5,
    float("nan"),
    float("inf"),
    "QH",
    "0",
    "",
    True,
    False,
    b"\x00",
    [],
    (5,),
    None,
)
BAD_POSITIONS: tuple[Any, ...] = (-1, 8, 99, 10**100, 1.0, "1", True, [], None)
BAD_SEATS: tuple[Any, ...] = (4, 5, 9, -1, -4, 10**100, -(10**100), 1.0, "0", "1", True, False, [])
BAD_KINDS: tuple[Any, ...] = ("draw", "pass", "play", "take", "discard", "DRAW", 0, None, b"play")


@dataclass
class Report:
    """What a campaign found."""

    inputs: int = 0
    refused: int = 0
    accepted: int = 0  # bad input that was not refused
    foreign: Counter[str] = field(default_factory=Counter)  # non-MushkaError exceptions
    changed: int = 0  # refusals after which the state differed
    sessions: int = 0
    examples: list[str] = field(default_factory=list)

    def note(self, problem: str) -> None:
        if len(self.examples) < 20:
            self.examples.append(problem)


def fingerprint(session: Session) -> object:
    """The session's whole state (every private field, every deal's events), comparable."""
    state = session._snapshot()
    state.pop("_seen", None)  # a cache of redacted events: derived, rebuilt on demand
    return (state, [list(d.events) for d in session.deals])


def bad_actions(rng: random.Random, session: Session) -> list[Any]:
    """A batch of malformed and illegal actions for the session's current state."""
    legal = session.legal_actions()
    batch: list[Any] = []
    card = rng.choice(BAD_CARDS)
    batch.append(Action(rng.choice(BAD_KINDS), rng.choice((None, *CARDS[:3])), None))
    batch.append(Action(rng.choice((Kind.PLAY, Kind.DISCARD)), card))
    batch.append(Action(Kind.TAKE, None, rng.choice(BAD_POSITIONS)))
    batch.append(Action(Kind.TAKE, rng.choice(CARDS), 0))
    batch.append(Action(rng.choice((Kind.DRAW, Kind.PASS)), rng.choice(CARDS)))
    batch.append(Action(rng.choice((Kind.DRAW, Kind.PASS)), None, rng.choice((0, 1))))
    batch.append(Action(Kind.PLAY, rng.choice(CARDS), 0))
    good = rng.choice(legal) if legal else PASS
    batch.append(tuple(good))  # a plain tuple equal to a legal action
    batch.append(list(good))
    batch.append(rng.choice((None, 0, "QH", "draw", b"", 3.5, object(), Kind.DRAW, CARDS[0])))
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    batch.extend(rng.sample(illegal, min(3, len(illegal))))
    return batch


def attempt(
    report: Report, session: Session, what: str, call: Callable[..., object], *args: Any
) -> bool:
    """Run `call(*args)`, one bad input; True if it was refused with a MushkaError and changed
    nothing."""
    before = fingerprint(session)
    report.inputs += 1
    try:
        call(*args)
    except MushkaError:
        report.refused += 1
        if fingerprint(session) != before:
            report.changed += 1
            report.note(f"state changed by refused {what}")
            return False
        return True
    except Exception as exc:
        report.foreign[type(exc).__name__] += 1
        report.note(f"{type(exc).__name__} from {what}: {exc!s:.80}")
        return False
    report.accepted += 1
    report.note(f"accepted: {what}")
    return False


class FailingChance:
    """A chance whose face-down orders are wrong or fail, to test atomic exchanges."""

    def __init__(self, rng: random.Random, mode: str) -> None:
        self.inner = SeededChance(rng)
        self.mode = mode

    def first_dealer(self) -> int:
        return self.inner.first_dealer()

    def deal(self, deal_index: int) -> tuple[list[list[Card]], list[Card]]:
        if self.mode == "deal" and deal_index > 0:
            raise LookupError("no more deals")
        if self.mode == "bad deal" and deal_index > 0:
            hands, talon = self.inner.deal(deal_index)
            return hands, talon[:-1]
        return self.inner.deal(deal_index)

    def face_down(self, deal_index: int, seat: int, cards: Sequence[Card]) -> list[Card]:
        if self.mode == "face down":
            raise RuntimeError("no order")
        if self.mode == "bad face down":
            return list(cards)[:-1]
        return self.inner.face_down(deal_index, seat, cards)


def random_session(rng: random.Random) -> Session:
    rules = HouseRules(
        stake=rng.randrange(0, 30),
        remise=rng.randrange(0, 10),
        prices=(rng.randrange(5), rng.randrange(5), rng.randrange(5), rng.randrange(5)),
        deals=rng.randrange(1, 4),
        exchange=rng.choice(list(Exchange)),
    )
    kind = rng.random()
    if kind < 0.6:
        return Session(rules=rules, seed=rng.getrandbits(64))
    if kind < 0.8:  # scripted chance with fewer deals than agreed: the last decision must fail
        source = SeededChance(random.Random(rng.getrandbits(32)))
        deals = [source.deal(i) for i in range(max(1, rules.deals - 1))]
        return Session(rules=rules, chance=ScriptedChance(rng.randrange(4), deals))
    mode = rng.choice(("deal", "bad deal", "face down", "bad face down"))
    return Session(rules=rules, chance=FailingChance(random.Random(rng.getrandbits(32)), mode))


def constructor_inputs(report: Report, rng: random.Random) -> None:
    """Bad arguments to Session(): each must raise a MushkaError."""
    cases: list[Callable[[], object]] = [
        lambda: Session(seed=1, chance=SeededChance(random.Random(1))),
        lambda: Session(seed=1, rng=random.Random(1)),
        lambda: Session(rng=random.Random(1), chance=SeededChance(random.Random(1))),
        lambda: Session(["A", "B", "C"]),
        lambda: Session("ABCD"),
        lambda: Session([1, 2, 3, 4]),  # type: ignore[list-item]
        lambda: Session(seed="7"),  # type: ignore[arg-type]
        lambda: Session(seed=True),
        lambda: Session(rules={"stake": 1}),  # type: ignore[arg-type]
        lambda: Session(rng=7),  # type: ignore[arg-type]
        lambda: Session(chance=ScriptedChance(0, [])),
        lambda: Session(chance=ScriptedChance(0, [([[CARDS[0]] * 5] * 4, list(CARDS[:12]))])),
    ]
    call = rng.choice(cases)
    report.inputs += 1
    try:
        call()
    except MushkaError:
        report.refused += 1
    except Exception as exc:
        report.foreign[type(exc).__name__] += 1
        report.note(f"{type(exc).__name__} from Session(...): {exc!s:.80}")
    else:
        report.accepted += 1
        report.note("a bad Session(...) was accepted")


def good_move(report: Report, session: Session, action: Action) -> bool:
    """Make a legal move; False when a failing chance refused it (atomically, it must be)."""
    before = None if type(session._chance) is SeededChance else fingerprint(session)
    try:
        session.apply(action)
    except ChanceError:
        report.inputs += 1
        report.refused += 1
        if fingerprint(session) != before:
            report.changed += 1
            report.note("state changed by a refused move (chance failed)")
        return False
    except Exception as exc:
        report.inputs += 1
        report.foreign[type(exc).__name__] += 1
        report.note(f"{type(exc).__name__} from a legal move: {exc!s:.80}")
        return False
    return True


def campaign(inputs: int, seed: int = 0) -> Report:
    """Run until `inputs` bad inputs were thrown; return what was found."""
    rng = random.Random(seed)
    report = Report()
    while report.inputs < inputs:
        try:
            session = random_session(rng)
        except MushkaError:  # a failing chance may fail in the first deal's exchange
            continue
        except Exception as exc:
            report.inputs += 1
            report.foreign[type(exc).__name__] += 1
            report.note(f"{type(exc).__name__} from Session(...): {exc!s:.80}")
            continue
        report.sessions += 1
        constructor_inputs(report, rng)
        while not session.is_over and report.inputs < inputs:
            if rng.random() < 0.7:  # spread the input over more sessions: skip most decisions
                if not good_move(report, session, rng.choice(session.legal_actions())):
                    break
                continue
            for action in bad_actions(rng, session):
                attempt(report, session, f"apply({action!r})", session.apply, action)
            legal = session.legal_actions()
            if not legal:  # only if some bad input was taken and ended the session
                break
            seat = rng.choice(BAD_SEATS)
            action = rng.choice(legal)
            attempt(report, session, f"seat {seat!r}", session.apply, action, seat)
            to_act = session.to_act
            assert to_act is not None
            wrong = (to_act + rng.randrange(1, 4)) % 4
            attempt(report, session, "another's turn", session.apply, action, wrong)
            for probe in (session.view, session.hand, session.log, session.tricks_won):
                bad = rng.choice(BAD_SEATS)
                attempt(report, session, f"{probe.__name__}({bad!r})", probe, bad)
            if not good_move(report, session, action):
                break
        if session.is_over:
            attempt(report, session, "a move after the end", session.apply, PASS)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    report = campaign(args.inputs, args.seed)
    seconds = time.perf_counter() - started
    print(
        f"{report.inputs:,} bad inputs against {report.sessions:,} random sessions in "
        f"{seconds:.0f} s: {report.refused:,} refused with a MushkaError, "
        f"{report.accepted:,} accepted, "
        f"{sum(report.foreign.values()):,} other exceptions {dict(report.foreign)}, "
        f"{report.changed:,} refusals that changed the state"
    )
    for example in report.examples:
        print("  ", example)


if __name__ == "__main__":
    main()
