"""A test that starts a process or a terminal must be marked e2e (conftest fails it otherwise,
before the process exists), so that --quick leaves out exactly the tests that start one."""

from __future__ import annotations

import multiprocessing
import os
import pty
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest


def forked() -> None:
    pid = os.fork()
    if pid == 0:  # only if the guard let it through: the child leaves at once
        os._exit(0)
    os.waitpid(pid, 0)


def pty_forked() -> None:
    pid, fd = pty.fork()
    if pid == 0:
        os._exit(0)
    os.close(fd)
    os.waitpid(pid, 0)


def spawned() -> None:
    process = multiprocessing.get_context("spawn").Process(target=os.getpid)
    process.start()
    process.join()


STARTS: dict[str, Callable[[], object]] = {
    "subprocess": lambda: subprocess.run([sys.executable, "-c", "pass"], check=True),
    "os.fork": forked,
    "pty.fork": pty_forked,
    "os.system": lambda: os.system("true"),
    "os.posix_spawn": lambda: os.waitpid(os.posix_spawn("/bin/true", ["true"], {}), 0),
    "multiprocessing": spawned,
}


@pytest.mark.parametrize("way", list(STARTS))
def test_a_test_unmarked_that_starts_a_process_fails(way: str) -> None:
    with pytest.raises(pytest.fail.Exception, match=r"starts a process \(.+\): mark it e2e"):
        STARTS[way]()


def test_the_unmarked_test_fails_before_the_process_runs(tmp_path: Path) -> None:
    flag = tmp_path / "ran"
    with pytest.raises(pytest.fail.Exception):
        subprocess.run([sys.executable, "-c", f"open({str(flag)!r}, 'w')"], check=False)
    assert not flag.exists()


@pytest.mark.e2e
@pytest.mark.parametrize("way", ["subprocess", "os.fork"])
def test_a_test_marked_e2e_may_start_one(way: str) -> None:
    STARTS[way]()
