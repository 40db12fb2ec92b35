"""`mushka host --web` as a host runs it: the installed command serves browser seats beside
the SSH ones; its screen shows the QR (which decodes to the page's address with the join
token), the plain address and the privacy note; two browser seats, one joined with the QR's
token and one with the code typed by hand, play the session to the final sheet."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from test_host_e2e import ANSI, CODE, MUSHKA, Screen, answer, environment, free_port, seat
from test_web_e2e import browser, phone, play_a_tap
from webclient import play_by_taps, seated

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not MUSHKA.exists(), reason="needs the installed mushka"),
]
HALF_BLOCKS = set(" ▀▄█")
__all__ = ["browser"]  # the chromium fixture, shared with test_web_e2e


def drawn(text: str) -> bool:
    """Whether the wall with its QR is whole on the screen (the key's line comes last)."""
    lines = text.splitlines()
    return any("This table's key" in line for line in lines[16:]) and "fills up" in text


def screen_text(child: object, rows: int, cols: int, until: Callable[[str], bool]) -> str:
    screen = pyte.Screen(cols, rows)
    stream = pyte.Stream(screen)
    text = ""
    for _ in range(200):
        with contextlib.suppress(pexpect.TIMEOUT):
            stream.feed(child.read_nonblocking(65536, timeout=0.1))  # type: ignore[attr-defined]
        text = "\n".join(line.rstrip() for line in screen.display)
        if until(text):
            break
    return text


def elsewhere(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run `scenario` to its end on a loop of its own, in a thread of its own."""
    failure: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(asyncio.wait_for(scenario(), 120))
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def start(tmp_path: Path, *extra: str) -> tuple[object, int, int, str, str]:
    """`mushka host --web` with `extra`; the process, its ports, its screen and the QR's URL."""
    from test_web_qr import decode

    ssh_port, web_port = free_port(), free_port()
    args = ["host", "--web", "--web-port", str(web_port), "--port", str(ssh_port)]
    args += ["--bind", "127.0.0.1", "--code", CODE, *extra]
    child = pexpect.spawn(
        str(MUSHKA), args, env=environment(tmp_path), dimensions=(30, 100), encoding="utf-8"
    )
    text = screen_text(child, 30, 100, drawn)
    side = 33  # version 2 (25 modules) and its quiet zone of four on each side: 17 lines
    qr = [line[:side] for line in text.splitlines()[:17]]
    assert all(set(line) <= HALF_BLOCKS for line in qr), qr
    (url,) = decode([line.ljust(side) for line in qr], dark_outside=True)
    return child, ssh_port, web_port, text, url


def test_two_phones_and_an_ssh_seat_play_a_four_deal_session_to_the_final_sheet(
    tmp_path: Path, browser: object
) -> None:
    """README's promise: `mushka host --web --player Anna --bots 1`; Anna joins with ssh, Boris
    scans the QR (its URL, decoded from the host's screen), Vera types the address and the code;
    four deals to the final sheet on every seat."""
    if shutil.which("ssh") is None:
        pytest.skip("needs the OpenSSH client (ssh)")
    child, ssh_port, web_port, _text, url = start(
        tmp_path, "--player", "Anna", "--bots", "1", "--strategy", "random",
        "--bot-delay", "0", "--deals", "4", "--seed", "7",
    )  # fmt: skip
    try:
        anna = Screen(seat(tmp_path, ssh_port, "Anna"), 24, 80)
        boris = phone(browser)
        boris.goto(url)
        boris.fill("#name", "Boris")
        boris.click("#sit")
        vera = phone(browser, 360, 640)
        vera.goto(f"http://127.0.0.1:{web_port}/")
        vera.fill("#name", "Vera")
        vera.fill("#code", CODE)
        vera.click("#sit")
        deadline = time.monotonic() + 400
        while child.isalive() and time.monotonic() < deadline:  # type: ignore[attr-defined]
            with contextlib.suppress(pexpect.TIMEOUT, pexpect.EOF):
                child.read_nonblocking(65536, timeout=0.02)  # type: ignore[attr-defined]
            answer(anna, anna.text(0.05), tmp_path, "Anna")
            for page in (boris, vera):
                if page.is_visible("#table") and play_a_tap(page):
                    page.wait_for_timeout(20)
        assert not child.isalive(), "the session did not end"  # type: ignore[attr-defined]
        for page in (boris, vera):
            page.wait_for_selector("#bye:not([hidden])")
            assert "Final score sheet" in page.inner_text("#bye")
        final = ANSI.sub("", anna.child.before or "") + anna.text(0.5)
        assert "Final score sheet" in final
        child.close()  # type: ignore[attr-defined]
        assert child.exitstatus == 0  # type: ignore[attr-defined]
    finally:
        if child.isalive():  # type: ignore[attr-defined]
            child.terminate(force=True)  # type: ignore[attr-defined]


def test_mushka_host_web_seats_two_phones_to_the_final_sheet(tmp_path: Path) -> None:
    child, _ssh, web_port, text, url = start(
        tmp_path, "--player", "Anna", "--bots", "2", "--strategy", "random",
        "--bot-delay", "0", "--deals", "2",
    )  # fmt: skip
    try:
        assert f"http://127.0.0.1:{web_port}/" in text
        words = " ".join("".join(c for c in text if c not in "▀▄█").split())  # the QR aside
        assert "as private as the" in words and "SSH seat is" in words
        match = re.fullmatch(rf"HTTP://127\.0\.0\.1:{web_port}/([0-9A-Z]{{18}})", url)
        assert match is not None, url
        token = match.group(1)

        async def play() -> None:
            anna = await seated(web_port, "Anna", code=CODE.upper())
            boris = await seated(web_port, "Boris", token=token)
            await anna.first("welcome")
            await boris.first("welcome")
            assert await play_by_taps([anna, boris]) > 10
            for client in (anna, boris):
                bye = client.of("bye")[-1]
                assert "session is over" in bye["text"]
                assert "Final score sheet" in bye["final"]["title"] and "sheet" not in bye

        elsewhere(play)  # Playwright's loop may be running on this thread
        child.expect(pexpect.EOF, timeout=30)  # type: ignore[attr-defined]
        child.close()  # type: ignore[attr-defined]
        assert child.exitstatus == 0  # type: ignore[attr-defined]
    finally:
        if child.isalive():  # type: ignore[attr-defined]
            child.terminate(force=True)  # type: ignore[attr-defined]
