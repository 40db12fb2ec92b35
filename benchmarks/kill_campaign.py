"""Kill campaign: real games under a pseudo-terminal, killed (SIGKILL, SIGTERM, SIGHUP, SIGINT) at
random moments, then `mushka resume`; counts acknowledged moves that the resumed game lost.

A move is acknowledged once the next screen after it appeared. When that screen appears the save
must already hold the move (checked at every acknowledgement), and after the kill `mushka resume`
must start from a game that holds every acknowledged move (checked on the save it writes at start).

    python benchmarks/kill_campaign.py --trials 120 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from drivers import choose_move

MUSHKA = Path(sys.executable).with_name("mushka")
NAMES = ["Anna", "Boris", "Vera", "Gleb"]
HANDOFF = r"press\s+Enter\s+when\s+only\s+you\s+can\s+see\s+the\s+screen"
CONFIRM = r"Pass\s+anyway\?\s+\[y/N\]"  # a long question wraps at 80 columns
MOVE = r"Your\s+move\s+\["
FINAL = r"Final\s+score\s+sheet"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
SIGNALS = {
    "SIGKILL": signal.SIGKILL,
    "SIGTERM": signal.SIGTERM,
    "SIGHUP": signal.SIGHUP,
    "SIGINT": signal.SIGINT,
}


@dataclass
class Tally:
    trials: int = 0
    acknowledged: int = 0  # moves acknowledged before the kills, in all trials
    lost: int = 0  # acknowledged moves missing from the resumed game
    unsaved_at_ack: int = 0  # a next screen shown before the move was in the save
    kills_mid_move: int = 0  # signals sent while a move was being applied and saved
    resumed: int = 0
    slowest_exit: float = 0.0  # seconds from a signal to the end of the process
    problems: list[str] = field(default_factory=list)
    by_signal: dict[str, int] = field(default_factory=dict)


def _spawn(home: Path, args: list[str]) -> Any:
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
    }
    child = pexpect.spawn(
        str(MUSHKA), args, env=env, dimensions=(24, 80), encoding="utf-8", timeout=20
    )
    child.delaybeforesend = None
    return child


def _save(home: Path) -> dict[str, Any]:
    path = home / "state" / "mushka" / "current-game.json"
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["record"]
    return record


def _events(record: dict[str, Any]) -> int:
    return sum(len(d["events"]) for d in record["deals"])


def _missing(acked: dict[str, Any], resumed: dict[str, Any]) -> int:
    """How many of the acknowledged record's events the resumed record does not start with."""
    missing = 0
    for d, deal in enumerate(acked["deals"]):
        later = resumed["deals"][d]["events"] if d < len(resumed["deals"]) else []
        same = 0
        for a, b in zip(deal["events"], later, strict=False):
            if a != b:
                break
            same += 1
        missing += len(deal["events"]) - same
    return missing


def _stall(child: Any) -> str:
    """A process that did not stop after a signal: does one key let it act on the signal? (A signal
    that lands just before a blocking read is only acted on when the read returns.)"""
    tail = ANSI.sub("", child.before or "")[-200:]
    child.sendline("")
    try:
        child.expect(pexpect.EOF, timeout=10)
        after = "it stopped after one Enter, saying " + repr(
            ANSI.sub("", child.before or "")[-120:]
        )
    except pexpect.TIMEOUT:
        after = "it did not stop after an Enter either"
    child.close(force=True)
    return f"screen before: {tail!r}; {after}"


def trial(home: Path, rng: random.Random, tally: Tally) -> None:
    """One game: play a random number of moves, kill it at a random moment, resume, compare."""
    seed = rng.randrange(10_000)
    args = ["play", "--seed", str(seed)]
    for name in NAMES:
        args += ["--player", name]
    child = _spawn(home, args)
    target = rng.randrange(0, 70)
    moves = 0
    acked: dict[str, Any] | None = None
    moved = False  # a move was sent and its next screen is awaited
    mid_move = False
    while True:
        seen = child.expect([HANDOFF, CONFIRM, MOVE, FINAL])
        if seen == 3:
            tally.problems.append(f"seed {seed}: the session ended before the kill")
            child.close(force=True)
            return
        if moved and seen != 1:  # the next screen after a move: it is acknowledged
            record = _save(home)
            if acked is not None and _events(record) <= _events(acked):
                tally.unsaved_at_ack += 1
            acked, moved = record, False
            tally.acknowledged += 1
        if moves >= target and seen in (0, 2) and rng.random() < 0.5:
            break  # kill while a prompt waits
        if seen == 0:
            child.sendline("")
        elif seen == 1:
            child.sendline("y")
            moved = True
        else:
            if moves >= target:  # kill while this move is being applied and saved
                child.sendline(choose_move(home, rng))
                time.sleep(rng.uniform(0, 0.03))
                mid_move = True
                break
            child.sendline(choose_move(home, rng))
            moves += 1
            moved = True
    name = rng.choice(list(SIGNALS))
    tally.by_signal[name] = tally.by_signal.get(name, 0) + 1
    tally.kills_mid_move += mid_move
    sent = time.monotonic()
    child.kill(SIGNALS[name])
    try:
        child.expect(pexpect.EOF, timeout=60)
    except pexpect.TIMEOUT:
        tally.problems.append(f"seed {seed}: still running 60 s after {name}; {_stall(child)}")
        return
    tally.slowest_exit = max(tally.slowest_exit, time.monotonic() - sent)
    child.close()
    tally.trials += 1
    if acked is None:
        acked = {"deals": []}

    again = _spawn(home, ["resume"])
    again.expect("Resuming the saved game")
    again.expect([HANDOFF, CONFIRM, MOVE])
    resumed = _save(home)  # written by resume before its first screen
    tally.resumed += 1
    lost = _missing(acked, resumed)
    tally.lost += lost
    if lost:
        tally.problems.append(f"seed {seed} {name}: {lost} acknowledged event(s) lost")
    again.sendcontrol("c")
    try:
        again.expect(pexpect.EOF, timeout=60)
    except pexpect.TIMEOUT:
        tally.problems.append(
            f"seed {seed}: resume still running 60 s after Ctrl-C; {_stall(again)}"
        )
        return
    again.close()
    kept = [p.name for p in (home / "state" / "mushka").iterdir() if ".corrupt-" in p.name]
    if kept or (home / "state" / "mushka" / "crash.log").exists():
        tally.problems.append(f"seed {seed} {name}: a save was kept aside or a crash logged")


def campaign(trials: int, seed: int, keep: bool = False) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for n in range(trials):
        home = Path(tempfile.mkdtemp(prefix=f"mushka-kill-{n}-"))
        try:
            trial(home, rng, tally)
        except pexpect.ExceptionPexpect as exc:  # the harness lost its way: count it, go on
            tally.problems.append(f"trial {n}: {type(exc).__name__}: {str(exc)[-300:]!r}")
        finally:
            if not keep:
                shutil.rmtree(home, ignore_errors=True)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    start = time.monotonic()
    tally = campaign(options.trials, options.seed)
    seconds = time.monotonic() - start
    print(
        f"kills: {tally.trials} ({', '.join(f'{k} {v}' for k, v in sorted(tally.by_signal.items()))})"
    )
    print(f"kills while a move was being applied and saved: {tally.kills_mid_move}")
    print(f"resumed: {tally.resumed}; slowest exit after a signal: {tally.slowest_exit:.2f} s")
    print(f"acknowledged moves before the kills: {tally.acknowledged}")
    print(
        f"acknowledged moves not in the save when their next screen appeared: {tally.unsaved_at_ack}"
    )
    print(f"acknowledged events lost after resume: {tally.lost}")
    print(f"problems: {len(tally.problems)}")
    for problem in tally.problems:
        print("  " + problem)
    print(f"({seconds:.0f} s)")
    sys.exit(1 if tally.lost or tally.unsaved_at_ack or tally.problems else 0)


if __name__ == "__main__":
    main()
