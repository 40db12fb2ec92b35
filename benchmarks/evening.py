"""A whole evening at the live table, counted: three people at fake seats (answering at once)
and one `strong` computer player at the default pace play a four-deal session; in the second
deal Boris goes home and the host hands his seat to a computer player. Printed: the answers each
person gave (one typed line each at an SSH seat, one tap at a browser seat), the longest a
person waited from his own move to his next turn (the others' play and the computer players'
pace included, and once he is out of cards the rest of the deal: hence the public events counted
meanwhile), and the time from the host's hand-over (the table
waiting on the away seat's turn) to the computer player's decision for it.

    .venv/bin/python benchmarks/evening.py [--seed S]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fakeseat import FakeSeat, first_move, join

from mushka.host.live import LiveTable
from mushka.host.offer import Answer, Command, Play
from mushka.host.settings import TableSettings
from mushka.host.table import TableHost
from mushka.host.workers import pool
from mushka.house_rules import HouseRules


def moves(host: TableHost) -> int:
    """How many public events the session holds so far."""
    return sum(len(deal) for deal in host.public_events())


def redrawn(drawn: int) -> Callable[[FakeSeat], bool]:
    """Whether a seat was drawn again since it had been drawn `drawn` times (or was let go)."""
    return lambda seat: len(seat.offers) > drawn or seat.farewell is not None


async def evening(seed: int) -> None:
    workers = pool()
    table = LiveTable(HouseRules(), TableSettings(bots={3: "strong"}), seed=seed, workers=workers)
    people = [join(table, name) for name in ("Anna", "Boris", "Vera")]
    answers = dict.fromkeys((p.name for p in people), 0)
    longest = dict.fromkeys(answers, (0.0, 0))  # seconds, and the moves made meanwhile
    moved_at: dict[str, tuple[float, int]] = {}
    handed_over: float | None = None
    hand_over_time = None
    boris = people[1]
    await table.idle()
    host = table.host
    assert host is not None
    started = time.perf_counter()
    while not table.finished and table.failure is None:
        await asyncio.sleep(0.001)
        turn = host.pending()
        second_deal = len(host.public_events()) == 2
        if handed_over is None and second_deal and turn is not None and turn.seat == 1:
            boris.act(Command.LEAVE)  # on his turn in the second deal, he goes home
            boris.act(Answer(True))
            await table.idle()
            before = moves(host)
            refusal = table.hand_over(1)
            assert refusal is None, refusal
            handed_over = time.perf_counter()
        if handed_over is not None and hand_over_time is None and moves(host) > before:
            hand_over_time = time.perf_counter() - handed_over  # the stand-in made his move
        for seat in people:
            if seat.farewell is not None or not seat.offers or not seat.shown.my_turn:
                continue
            if seat is boris and handed_over is None and second_deal:
                continue  # he leaves instead
            now = time.perf_counter()
            if seat.name in moved_at:
                then, made = moved_at[seat.name]
                longest[seat.name] = max(longest[seat.name], (now - then, moves(host) - made))
            move = first_move(seat.shown)
            drawn = len(seat.offers)
            seat.act(Play(move.action))
            answers[seat.name] += 1
            if move.asks:
                await seat.until(lambda s: s.shown.question is not None, "the question")
                seat.act(Answer(True))
                answers[seat.name] += 1
            moved_at[seat.name] = time.perf_counter(), moves(host)
            await seat.until(redrawn(drawn), "the redraw")
    await table.closed()
    workers.shutdown()
    assert table.failure is None, table.failure
    print(f"a four-deal session in {time.perf_counter() - started:.1f} s (seed {seed})")
    for name in answers:
        print(
            f"{name}: {answers[name]} answers, longest from his move to his next turn "
            f"{longest[name][0]:.2f} s ({longest[name][1]} public events meanwhile)"
        )
    print(f"hand-over to the computer player's decision for Boris: {hand_over_time:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_STATE_HOME"] = str(Path(home) / "state")
        os.environ["XDG_DATA_HOME"] = str(Path(home) / "data")
        asyncio.run(evening(args.seed))


if __name__ == "__main__":
    main()
