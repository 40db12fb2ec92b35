"""`mushka rules` in a pager: styles only where the pager shows them, never raw escape codes."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from mushka.tui.rulebook import pager_shows_styles

MUSHKA = Path(sys.executable).with_name("mushka")


@pytest.mark.parametrize(
    ("env", "styles", "less"),
    [
        ({}, True, "-R"),
        ({"LESS": "-i"}, True, "-i -R"),
        ({"LESS": "FRX"}, True, "FRX"),
        ({"LESS": "--quit-if-one-screen"}, True, "--quit-if-one-screen -R"),
        ({"PAGER": "less -S"}, True, "-R"),
        ({"PAGER": "/usr/bin/less"}, True, "-R"),
        ({"PAGER": "more"}, False, None),
        ({"PAGER": "most -s"}, False, None),
        ({"PAGER": "'unbalanced"}, False, None),
    ],
)
def test_the_pager_gets_what_it_needs(env: dict[str, str], styles: bool, less: str | None) -> None:
    assert pager_shows_styles(env) is styles
    assert env.get("LESS") == less


@pytest.mark.e2e
@pytest.mark.skipif(
    shutil.which("less") is None or not MUSHKA.exists(), reason="needs less and mushka"
)
def test_the_rulebook_in_less_shows_no_raw_escape_codes() -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("LESS", "PAGER", "MANPAGER")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(
        str(MUSHKA), ["rules"], env=env, dimensions=(24, 80), encoding="utf-8", timeout=15
    )
    child.expect("The game in brief")
    child.expect(r"\n:\x1b\[K|\(END\)", timeout=5)  # less's prompt below the first screen
    shown = child.before + child.after
    child.send("q")
    child.expect(pexpect.EOF)
    assert "ESC[" not in re.sub(r"\x1b\[[0-9;]*m", "", shown)  # less's own rendering of a raw ESC
    assert "\x1b[1m" in shown  # the headings are bold all the same
    # the summary card is whole on the first screen of 80x24: its last words are shown
    assert "(section 5)." in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)
