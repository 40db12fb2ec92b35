"""Decisions by event type are exhaustive: a sixteenth event type makes `mypy --strict` fail at
every `match` over events that ends in `assert_never`, so nobody can forget one."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from mypy import api

PACKAGE = Path(__file__).resolve().parent.parent / "mushka"
# The modules that decide by event type (a filter picking one or two types stays an isinstance).
DECIDING = {
    "mushka/host/undo.py",
    "mushka/ledger.py",
    "mushka/players/determinize.py",
    "mushka/record.py",
    "mushka/present/describe.py",
    "mushka/present/journal.py",  # the log's lines, worded for each reader (render/journal.py's before)
    "mushka/present/played.py",  # the cards played as data (render/panels.py's before)
    "mushka/view.py",
}
UNION = "\nEvent = (\n    Ante\n"
NEW_EVENT = '\nclass Fold(NamedTuple):\n    """An event nobody handles yet."""\n\n    seat: int\n\n'


def matching_modules() -> set[str]:
    """The package's modules that match over the deal's events and end in `assert_never`."""
    return {
        path.relative_to(PACKAGE.parent).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "assert_never(event)" in (text := path.read_text(encoding="utf-8"))
        and re.search(r"^from mushka\.events import", text, re.MULTILINE)
    }


@pytest.mark.slow  # mypy over a copy of the package, without a cache: seconds
def test_a_new_event_type_fails_mypy_wherever_events_are_matched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(PACKAGE, tmp_path / "mushka", ignore=shutil.ignore_patterns("__pycache__"))
    events = tmp_path / "mushka" / "events.py"
    text = events.read_text(encoding="utf-8")
    assert UNION in text, "the Event union moved: update this test"
    events.write_text(text.replace(UNION, NEW_EVENT + UNION + "    | Fold\n"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the copy is the package mypy finds
    cache = str(tmp_path / "cache")
    out, err, status = api.run(["--strict", "--cache-dir", cache, "--no-incremental", "mushka"])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1, out + err
    assert all('"assert_never" has incompatible type "Fold"' in line for line in errors), out
    flagged = {line.split(":")[0] for line in errors}
    assert flagged == matching_modules()
    assert flagged >= DECIDING
