"""Find seeds for `mushka learn`: deals that show most of the rules, early, to the learner in seat 1.

Each seed's deal is played by the lesson's own table (three `basic` players, house rules of the
lesson) with a stand-in for the learner: `basic` (a careful beginner), the coach's move (one who
follows the advice shown) and `random` (one who tries things, revokes included). The lesson is
asked at the moments its driver asks it; a seed scores the rules that may or may not come up in
a deal that each stand-in met, and how early, and whether he chose a card blind among several
(a learner who takes one learns more than one who watches). A revoke is the learner's own doing:
the report says when he first could make one (a pass while holding the suit led).

    .venv/bin/python tools/lesson_seeds.py --seeds 2000 --top 10
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from mushka.actions import PASS, Action
from mushka.commands.learn import LEARNER, lesson_table
from mushka.host.table import hint_seed
from mushka.players.bots import BasicBot, RandomBot
from mushka.players.coach import hint
from mushka.present.lesson import Lesson
from mushka.present.topics import MAY_NOT_COME_UP, Topic
from mushka.state import Step
from mushka.view import SeatView

Choose = Callable[[SeatView], Action]
SCORED = tuple(t for t in MAY_NOT_COME_UP if t is not Topic.REVOKE)
# Besides the topics, `met` holds the learner's decision count when he first could revoke (a
# pass while holding the suit led) and when he first chose a card blind among two or more (a
# lone face-down card teaches less, and a table may one day take it for him).
COULD_REVOKE = -1
CHOSE_BLIND = -2


def rehearse(seed: int, choose: Choose) -> dict[Topic | int, int]:
    """The topics the lesson explains in seed's deal, each with the learner's decision count
    when it first came up (and COULD_REVOKE's)."""
    host = lesson_table("Learner", seed, ascii_only=True, bot_delay=0)
    lesson = Lesson(LEARNER, host.players, ascii_only=True)
    decisions = 0
    met: dict[Topic | int, int] = {}

    def note() -> None:
        for topic in lesson.covered:
            met.setdefault(topic, decisions)

    outcome = host.begin()
    while (turn := host.pending()) is not None:
        lesson.news(host.view(LEARNER), outcome)
        note()
        if turn.computer:
            outcome = host.play_computer(host.computer_move(turn.seat)())
            continue
        lesson.turn(turn.view)
        if any(c.suit == turn.view.led_suit for c in turn.view.hand):
            met.setdefault(COULD_REVOKE, decisions)
        if turn.view.step is Step.TAKE and turn.view.face_down_count > 1:
            met.setdefault(CHOSE_BLIND, decisions)
        action = choose(turn.view)
        if action == PASS:
            lesson.before_pass(turn.view)
        decisions += 1
        note()
        outcome = host.submit(LEARNER, action)
        lesson.take_back(host.take_back_offer())  # declined: the deal goes on as played
        note()
    lesson.news(host.view(LEARNER))
    note()
    return met


def learners(seed: int) -> dict[str, Choose]:
    basic = BasicBot()
    chance = random.Random(seed)

    def coach(view: SeatView) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return hint(view, seed=hint_seed(seed, 0, len(view.events))).best

    return {"basic": basic.choose, "coach": coach, "random": RandomBot(chance).choose}


def score(met: dict[Topic | int, int]) -> float:
    """Each rule that may not come up counts 1, less a little the later it came."""
    return sum(1 - min(met[t], 12) / 24 for t in (*SCORED, CHOSE_BLIND) if t in met)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2000)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    first = []
    for seed in range(args.seeds):
        met = rehearse(seed, BasicBot().choose)
        first.append((score(met), seed))
    first.sort(reverse=True)
    ranked = []
    for _score, seed in first[: args.top * 5]:
        results = {who: rehearse(seed, choose) for who, choose in learners(seed).items()}
        total = sum(score(met) for met in results.values())
        ranked.append((total, seed, results))
    ranked.sort(key=lambda item: -item[0])
    for total, seed, results in ranked[: args.top]:
        print(f"seed {seed}: score {total:.2f}")
        for who, met in results.items():
            shown = ", ".join(f"{t.value}@{met[t]}" for t in SCORED if t in met)
            missing = ", ".join(t.value for t in SCORED if t not in met) or "-"
            revoke = met.get(COULD_REVOKE, "never")
            blind = met.get(CHOSE_BLIND, "never")
            print(f"  {who:6} {shown}; missing: {missing}; revoke @{revoke}; blind @{blind}")


if __name__ == "__main__":
    main()
