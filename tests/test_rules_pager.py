"""`mushka rules` in a pager: styles only where the pager shows them, never raw escape codes."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from mushka.render.rulebook import pager_shows_styles

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
@pytest.mark.parametrize(
    ("args", "heading", "last_words"),
    [
        ([], "The game in brief", "(section 5)."),
        (["--lang", "ru"], "Коротко об игре", "(раздел 5)."),
        (["--ascii"], "The game in brief", "(section 5)."),
        (["--lang", "ru", "--ascii"], "Korotko ob igre", "(razdel 5)."),
    ],
)
def test_the_rulebook_in_less_shows_no_raw_escape_codes(
    args: list[str], heading: str, last_words: str
) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("LESS", "PAGER", "MANPAGER")}
    env["TERM"] = "xterm-256color"
    lang, rest = (args[:2], args[2:]) if args[:1] == ["--lang"] else ([], args)
    child = pexpect.spawn(
        str(MUSHKA),
        [*lang, "rules", *rest],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=15,
    )
    child.expect(heading)
    child.expect(r"\n:\x1b\[K|\(END\)", timeout=5)  # less's prompt below the first screen
    shown = child.before + child.after
    child.send("q")
    child.expect(pexpect.EOF)
    assert "ESC[" not in re.sub(r"\x1b\[[0-9;]*m", "", shown)  # less's own rendering of a raw ESC
    assert "\x1b[1m" in shown  # the headings are bold all the same
    # the summary card is whole on the first screen of 80x24: its last words are shown
    assert last_words in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)
    if "--ascii" in args:
        assert shown.isascii()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rulebook_piped_with_ascii_is_ascii(lang: str) -> None:
    from typer.testing import CliRunner

    from mushka.cli import app

    result = CliRunner().invoke(app, ["--lang", lang, "rules", "--ascii"])
    assert result.exit_code == 0
    assert "(section 5)." in result.output or "(razdel 5)." in result.output
    assert result.output.isascii(), {c for c in result.output if not c.isascii()}
