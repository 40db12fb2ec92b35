"""The real OpenSSH client against the table's server (the echo application), under pexpect."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from sshclient import CODE, Echo, table

pytestmark = pytest.mark.skipif(
    shutil.which("ssh") is None, reason="the OpenSSH client (ssh) is not installed"
)
SSH_OPTIONS = [
    "-F",
    "/dev/null",  # no user or system configuration: the same client everywhere
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "PubkeyAuthentication=no",
    "-o",
    "SendEnv=LANG",  # as Debian's ssh_config does (LANG LC_*)
]  # and the default LogLevel: a lower one would hide the server's banner


class Host:
    """The echo table served from a thread of its own, so pexpect can block this one."""

    def __init__(self, state: Path) -> None:
        self.app = Echo()
        self.fingerprint = ""
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(
            target=self._loop.run_until_complete, args=(self._serve(state),)
        )
        self.port = 0

    async def _serve(self, state: Path) -> None:
        self._stop = asyncio.Event()
        async with table(state, self.app) as server:
            self.port, self.fingerprint = server.port, server.host_key.fingerprint
            self._ready.set()
            await self._stop.wait()

    def __enter__(self) -> Host:
        self._thread.start()
        assert self._ready.wait(30), "the table did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._stop is not None
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)
        self._loop.close()


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    with Host(tmp_path) as running:
        yield running


def ssh(host: Host, name: str, *args: str, lang: str = "en_US.UTF-8") -> pexpect.spawn:
    return pexpect.spawn(
        "ssh",
        ["-tt", "-p", str(host.port), *SSH_OPTIONS, f"{name}@127.0.0.1", *args],
        env={**os.environ, "LANG": lang, "TERM": "xterm-256color"},
        dimensions=(24, 80),
        timeout=30,
        encoding="utf-8",
        codec_errors="replace",
    )


def test_a_player_joins_with_plain_ssh_types_resizes_and_leaves(host: Host) -> None:
    child = ssh(host, "Anna", lang="ru_RU.UTF-8")
    child.expect_exact("Table code (password): ")
    child.sendline(CODE.upper())
    child.expect_exact("name Anna")
    child.expect_exact("lang ru ascii False color 256 term xterm-256color")
    child.send("q\x1b[Ah\r")  # an arrow key in the middle is swallowed
    child.expect_exact("last qh")
    child.setwinsize(16, 40)
    child.expect_exact("size 40x16")
    child.send("quit\r")
    child.expect_exact("bye, Anna")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert [what for what, _ in host.app.events] == ["joined", "line", "resized", "line", "left"]


def test_wrong_codes_are_refused_then_the_address_is_told_it_is_locked_out(host: Host) -> None:
    child = ssh(host, "Anna")
    prompts = 0  # OpenSSH asks three times by keyboard-interactive, then three by password
    while child.expect_exact(["Table code (password): ", "password: ", "Permission denied ("]) < 2:
        child.sendline("nope-nope-nope")
        prompts += 1
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 255 and prompts == 6
    child = ssh(host, "Anna")
    child.expect_exact("too many wrong codes from your address: try again in a minute")
    child.expect_exact("Table code (password): ")
    child.sendline(CODE)  # the right code, but too late
    child.expect_exact("Table code (password): ")
    child.close(force=True)
    assert host.app.admitted == []


def test_no_terminal_and_commands_are_refused(host: Host) -> None:
    base = ["ssh", "-p", str(host.port), *SSH_OPTIONS, "-o", "BatchMode=no"]
    for extra, said in (
        (["-T", "Anna@127.0.0.1"], "mushka needs a terminal: ssh -t"),
        (["Anna@127.0.0.1", "cat /etc/passwd"], ""),
    ):
        child = pexpect.spawn(base[0], [*base[1:], *extra], timeout=30, encoding="utf-8")
        child.expect_exact("Table code (password): ")
        child.sendline(CODE)
        child.expect(pexpect.EOF)
        output = child.before or ""
        child.close()
        assert said in output and "root:" not in output
        assert child.exitstatus != 0
    assert host.app.admitted == []


@pytest.mark.skipif(shutil.which("ssh-keyscan") is None, reason="ssh-keyscan is not installed")
def test_the_fingerprint_printed_is_the_one_ssh_sees(host: Host) -> None:
    scanned = subprocess.run(
        ["ssh-keyscan", "-t", "ed25519", "-p", str(host.port), "127.0.0.1"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    ).stdout
    shown = subprocess.run(
        ["ssh-keygen", "-lf", "-"], input=scanned, capture_output=True, text=True, check=True
    ).stdout
    assert shown.split()[1] == host.fingerprint
