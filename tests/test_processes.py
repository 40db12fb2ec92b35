"""Real `mushka` processes under pseudo-terminals: two terminals on one save, and kills at random
moments followed by `mushka resume` (a bounded run of benchmarks/kill_campaign.py)."""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

MUSHKA = Path(sys.executable).with_name("mushka")
NAMES = ["Anna", "Boris", "Vera", "Gleb"]
HANDOFF = r"press Enter when only you can see the screen"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not MUSHKA.exists() or not hasattr(os, "openpty"),
        reason="needs the installed mushka and a pseudo-terminal",
    ),
]


def spawn(home: Path, *args: str) -> Any:
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
    }
    child = pexpect.spawn(
        str(MUSHKA), list(args), env=env, dimensions=(24, 80), encoding="utf-8", timeout=20
    )
    child.delaybeforesend = None
    return child


def players() -> list[str]:
    return [arg for name in NAMES for arg in ("--player", name)]


def finish(child: Any) -> int:
    child.expect(pexpect.EOF)
    child.close()
    status: int = child.exitstatus
    return status


def test_a_second_terminal_on_the_same_save_is_refused_and_offered_nothing(tmp_path: Path) -> None:
    first = spawn(tmp_path, "play", "--seed", "11", *players())
    first.expect(HANDOFF)
    first.sendline("")
    first.expect(r"Your move \[")
    save = tmp_path / "state" / "mushka" / "current-game.json"
    before = save.read_bytes()
    for args in (["play", *players()], ["play"], ["resume"], ["play", "--resume"]):
        second = spawn(tmp_path, *args)
        second.expect("open in another terminal")
        output = second.before + second.after
        assert finish(second) == 1, args
        rest = output + (second.before or "")
        assert "Resume it?" not in rest and "kept" not in rest and "Name of player" not in rest
    assert save.read_bytes() == before  # the first game's save, untouched
    assert {p.name for p in save.parent.iterdir()} == {"current-game.json", "current-game.lock"}

    first.sendline("q")
    first.expect("Save and stop the game")
    first.sendline("y")
    first.expect("mushka resume")
    assert finish(first) == 0
    again = spawn(tmp_path, "resume")  # once the first has quit, the game can be resumed
    again.expect("Resuming the saved game")
    again.expect(HANDOFF)
    again.sendcontrol("c")
    assert finish(again) == 130


def load_campaign() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "kill_campaign.py"
    spec = importlib.util.spec_from_file_location("kill_campaign", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["kill_campaign"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_random_kills_then_resume_lose_no_acknowledged_move(tmp_path: Path) -> None:
    campaign = load_campaign()
    tally = campaign.Tally()
    rng = random.Random(20261130)
    for n in range(8):
        home = tmp_path / f"trial-{n}"
        home.mkdir()
        campaign.trial(home, rng, tally)
    assert tally.trials == tally.resumed >= 7, tally.problems
    assert tally.acknowledged > 50
    assert tally.unsaved_at_ack == 0 and tally.lost == 0, tally.problems
    assert not [p for p in tally.problems if "ended before the kill" not in p]
