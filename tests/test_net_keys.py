"""Reading an authorized_keys file: each key admits the name in its comment, bad lines refused."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import pytest

from mushka.net.keys import AuthorizedKeys, AuthorizedKeysError, read_authorized_keys


def public_line(key: asyncssh.SSHKey, comment: str) -> str:
    """The key as a line of authorized_keys: its type, its blob and `comment`."""
    kind, blob = key.export_public_key().decode().split()[:2]
    return f"{kind} {blob} {comment}"


def test_each_key_admits_its_comment_as_a_name() -> None:
    anna, boris = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    text = "\n".join(
        (
            "# the table's players",
            public_line(anna, "Anna"),
            "",
            'from="127.0.0.1",no-agent-forwarding ' + public_line(boris, "Boris"),
            public_line(asyncssh.generate_private_key("ssh-ed25519"), "Anna"),  # a second key
        )
    )
    keys = AuthorizedKeys(text, "keys")
    assert keys.names == ["Anna", "Boris"]
    assert keys.for_name("Gleb") is None and keys.for_name("anna") is None
    for_anna = keys.for_name("Anna")
    assert for_anna is not None
    assert for_anna.validate(anna.convert_to_public(), "", "127.0.0.1") is not None
    assert for_anna.validate(boris.convert_to_public(), "", "127.0.0.1") is None
    for_boris = keys.for_name("Boris")
    assert for_boris is not None  # from= applies as in OpenSSH
    assert for_boris.validate(boris.convert_to_public(), "", "127.0.0.1") is not None
    assert for_boris.validate(boris.convert_to_public(), "", "10.0.0.9") is None


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("ssh-ed25519 not-base64 Anna", "not a public key"),
        ("hello world", "not a public key"),
        ("cert-authority {key} Anna", "cert-authority"),
        ('permitopen="x" {key} Anna', "options"),
        ("{key}", "without a name"),
    ],
)
def test_a_bad_line_is_refused_naming_it(line: str, problem: str) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    text = "# first\n" + line.format(key=key)
    with pytest.raises(AuthorizedKeysError, match=problem) as refused:
        AuthorizedKeys(text, "keys.txt")
    message = str(refused.value)
    assert message.startswith("keys.txt, line 2: ") and len(message.splitlines()) == 1


def test_a_file_must_be_a_small_regular_utf8_file_with_keys(tmp_path: Path) -> None:
    with pytest.raises(AuthorizedKeysError, match="cannot read it: no such file"):
        read_authorized_keys(tmp_path / "missing")
    with pytest.raises(AuthorizedKeysError, match="not a regular file"):
        read_authorized_keys(tmp_path)
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(AuthorizedKeysError, match="not a regular file"):
        read_authorized_keys(tmp_path / "fifo")
    for name, data, problem in (
        ("empty", b"# nobody\n", "no keys"),
        ("latin1", b"\xff\xfe", "not UTF-8"),
        ("huge", b"#" * (1024 * 1024 + 1), "longer than"),
    ):
        (tmp_path / name).write_bytes(data)
        with pytest.raises(AuthorizedKeysError, match=problem):
            read_authorized_keys(tmp_path / name)
    good = tmp_path / "good"
    good.write_text(public_line(asyncssh.generate_private_key("ssh-ed25519"), "Vera") + "\n")
    assert read_authorized_keys(good).names == ["Vera"]
