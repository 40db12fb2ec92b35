"""End to end: `mushka host --web --teach --bots 3` teaches a phone: the installed command, its
QR decoded from the host's screen, chromium as a phone; the lesson's explanations shown on the
page as a card to read (a tap on its button goes on), each rule once, no key named to a seat
that taps, the session played to its final sheet between them."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from test_web_e2e import browser, phone, play_a_tap
from test_web_host_e2e import start

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.e2e
__all__ = ["browser"]  # the chromium fixture, shared with test_web_e2e

# a key named as the terminal's lesson names it: "(d)", "(m plays it)", "with h"
KEYS = re.compile(r"\((?:[dpmuhr?]|m plays it)\)|\bwith h\b|\bpress\b|\bEnter\b")


def read_lesson(page: Any) -> tuple[list[str], str] | None:
    """The titles and the text of the lesson's card, if it is showing."""
    if not page.is_visible("#explain"):
        return None
    titles = [t.strip() for t in page.locator("#etext h3").all_inner_texts()]
    return titles, page.inner_text("#etext")


def read(page: Any, text: str) -> bool:
    """Tap the lesson's card read until it goes (a tap on a state just replaced is stale:
    refused, the page redrawn, the player taps again); False if the session ended first."""
    for _ in range(10):
        try:
            page.click("#eread", timeout=5000)
            page.wait_for_function(
                "(before) => document.querySelector('#explain').hidden"
                " || document.querySelector('#etext').innerText !== before",
                arg=text,
                timeout=3000,
            )
            return True
        except Exception:
            if page.is_visible("#bye"):
                return False
    raise AssertionError(f"the lesson's card never went: {text}")


def test_mushka_host_teach_teaches_a_phone_each_rule_once_by_taps(
    tmp_path: Path, browser: object
) -> None:
    child, _ssh, _web, _text, url = start(
        tmp_path, "--teach", "--bots", "3", "--bot-delay", "0", "--deals", "1", "--seed", "7"
    )
    try:
        anna = phone(browser)
        anna.goto(url)
        anna.fill("#name", "Anna")
        anna.click("#sit")
        titles: list[str] = []
        taps = 0
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not anna.is_visible("#bye"):
            lesson = read_lesson(anna)
            if lesson is not None:
                said, text = lesson
                assert said and not KEYS.search(text), text
                titles += said  # one card a tap: a rule said again would show twice here
                if not read(anna, text):
                    break  # the session ended as the last deal's end was explained
                continue
            if anna.is_visible("#table") and play_a_tap(anna):
                taps += 1
            anna.wait_for_timeout(50)
        anna.wait_for_selector("#bye:not([hidden])")
        bye = anna.inner_text("#bye")
        assert "Final score sheet" in bye
        # the last deal's end explained: read on its card, or (no time left) above the sheet
        assert "The end of the deal" in titles or "The end of the deal" in bye, (titles, bye)
        assert taps >= 3
        assert titles[0] == "A table that teaches" and len(titles) >= 4, titles
        assert len(set(titles)) == len(titles), titles
        child.expect(pexpect.EOF, timeout=30)  # type: ignore[attr-defined]
        child.close()  # type: ignore[attr-defined]
        assert child.exitstatus == 0  # type: ignore[attr-defined]
    finally:
        if child.isalive():  # type: ignore[attr-defined]
            child.terminate(force=True)  # type: ignore[attr-defined]
