"""`mushka host --web` as a host runs it: the installed command serves browser seats beside
the SSH ones; its screen shows the QR (which decodes to the page's address with the join
token), the plain address and the privacy note; two browser seats, one joined with the QR's
token and one with the code typed by hand, play the session to the final sheet."""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path

import pytest
from test_host_e2e import CODE, MUSHKA, environment, free_port
from webclient import play_by_taps, seated

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not MUSHKA.exists(), reason="needs the installed mushka"),
]
HALF_BLOCKS = set(" ▀▄█")


def screen_text(child: object, rows: int, cols: int, until: str) -> str:
    screen = pyte.Screen(cols, rows)
    stream = pyte.Stream(screen)
    text = ""
    for _ in range(200):
        with contextlib.suppress(pexpect.TIMEOUT):
            stream.feed(child.read_nonblocking(65536, timeout=0.1))  # type: ignore[attr-defined]
        text = "\n".join(line.rstrip() for line in screen.display)
        if until in text:
            break
    return text


def test_mushka_host_web_seats_two_phones_to_the_final_sheet(tmp_path: Path) -> None:
    from test_web_qr import decode

    ssh_port, web_port = free_port(), free_port()
    args = ["host", "--web", "--web-port", str(web_port), "--port", str(ssh_port)]
    args += ["--bind", "127.0.0.1", "--code", CODE, "--player", "Anna", "--bots", "2"]
    args += ["--strategy", "random", "--bot-delay", "0", "--deals", "2"]
    child = pexpect.spawn(
        str(MUSHKA), args, env=environment(tmp_path), dimensions=(30, 100), encoding="utf-8"
    )
    try:
        text = screen_text(child, 30, 100, "the table fills up")
        assert f"http://127.0.0.1:{web_port}/" in text
        words = " ".join(text.split())
        assert "as private as the" in words and "SSH seat is" in words
        qr = [line[:31] for line in text.splitlines()[:16]]
        assert all(set(line) <= HALF_BLOCKS for line in qr), qr
        (url,) = decode([line.ljust(31) for line in qr], dark_outside=True)
        match = re.fullmatch(rf"http://127\.0\.0\.1:{web_port}/#([\w-]+)", url)
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
                assert "session is over" in bye["text"] and "Final score sheet" in bye["sheet"]

        asyncio.run(asyncio.wait_for(play(), 120))
        child.expect(pexpect.EOF, timeout=30)
        child.close()
        assert child.exitstatus == 0
    finally:
        if child.isalive():
            child.terminate(force=True)
