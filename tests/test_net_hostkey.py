"""The table's host key: made 0600 on first use, reused, never through a symlink, fingerprinted
as ssh shows it."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from mushka.net.hostkey import FILE_NAME, HostKeyError, load_or_create


@pytest.fixture(params=[0o000, 0o022, 0o277])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    before = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(before)


def test_the_key_is_made_0600_whatever_the_umask_and_reused(tmp_path: Path, umask: int) -> None:
    state = tmp_path / "state" / "mushka"
    if umask & 0o200:  # a umask that takes the owner's write bit: the state dir is there already
        state.mkdir(parents=True)
        state.chmod(0o700)
    first = load_or_create(state)
    assert first.path == state / FILE_NAME
    assert stat.S_IMODE(first.path.stat().st_mode) == 0o600
    assert first.key.get_algorithm() == "ssh-ed25519"
    written = first.path.read_bytes()
    again = load_or_create(state)
    assert again.fingerprint == first.fingerprint and first.path.read_bytes() == written
    assert [p.name for p in state.iterdir()] == [FILE_NAME]  # no temporary file left behind


def test_an_older_looser_key_file_is_tightened(tmp_path: Path) -> None:
    key = load_or_create(tmp_path)
    key.path.chmod(0o644)
    assert load_or_create(tmp_path).fingerprint == key.fingerprint
    assert stat.S_IMODE(key.path.stat().st_mode) == 0o600


def test_a_symlink_in_the_keys_place_is_refused_and_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = load_or_create(elsewhere).path
    before = real.read_bytes()
    state = tmp_path / "state"
    state.mkdir()
    (state / FILE_NAME).symlink_to(real)
    with pytest.raises(HostKeyError, match="symbolic link") as refused:
        load_or_create(state)
    assert len(str(refused.value).splitlines()) == 1
    dangling = tmp_path / "dangling"
    dangling.mkdir()
    (dangling / FILE_NAME).symlink_to(tmp_path / "nothing")
    with pytest.raises(HostKeyError, match="symbolic link"):
        load_or_create(dangling)
    assert not (tmp_path / "nothing").exists() and real.read_bytes() == before


def test_what_is_not_a_regular_file_of_ours_holding_a_key_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "a"
    (folder / FILE_NAME).mkdir(parents=True)
    with pytest.raises(HostKeyError, match="not a regular file"):
        load_or_create(folder)
    fifo = tmp_path / "b"
    fifo.mkdir()
    os.mkfifo(fifo / FILE_NAME)
    with pytest.raises(HostKeyError, match="not a regular file"):
        load_or_create(fifo)  # and it does not hang waiting for a writer
    for name, content in (
        ("c", b"garbage"),
        ("d", b""),
        ("e", asyncssh.generate_private_key("ecdsa-sha2-nistp256").export_private_key()),
        ("f", b"x" * 100_000),
    ):
        (tmp_path / name).mkdir()
        (tmp_path / name / FILE_NAME).write_bytes(content)
        with pytest.raises(HostKeyError, match="not an ed25519 private key"):
            load_or_create(tmp_path / name)


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_a_key_file_of_another_user_is_refused(tmp_path: Path) -> None:
    key = load_or_create(tmp_path)
    os.chown(key.path, 65534, -1)
    with pytest.raises(HostKeyError, match="belongs to another user"):
        load_or_create(tmp_path)


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen is not installed")
def test_the_fingerprint_is_what_ssh_keygen_shows(tmp_path: Path) -> None:
    key = load_or_create(tmp_path)
    public = tmp_path / "key.pub"
    public.write_bytes(key.key.export_public_key())
    shown = subprocess.run(
        ["ssh-keygen", "-lf", str(public)], capture_output=True, text=True, check=True
    ).stdout
    assert shown.split()[1] == key.fingerprint
    assert key.fingerprint.startswith("SHA256:") and not key.fingerprint.endswith("=")
