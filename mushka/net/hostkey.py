"""The table's SSH host key: made on first use in a private file, reused after, and its fingerprint."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import asyncssh

from mushka.errors import MushkaError
from mushka.wording import N_, Wording

FILE_NAME: Final = "ssh_host_ed25519_key"  # in the per-user state directory, beside the save
ALGORITHM: Final = "ssh-ed25519"
MAX_KEY_BYTES: Final = 64 * 1024  # an ed25519 key file is about 400 bytes


class HostKeyError(MushkaError):
    """A host key file that cannot be used or made; the message is one line naming the file."""


@dataclass(frozen=True)
class HostKey:
    """The private key the server proves itself with, where it lives, and what `ssh` shows of it."""

    key: asyncssh.SSHKey
    path: Path

    @property
    def fingerprint(self) -> str:
        """'SHA256:' and the unpadded base64 of the public key blob's SHA-256, as `ssh` shows it."""
        return fingerprint(self.key)


def fingerprint(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")


def load_or_create(directory: Path) -> HostKey:
    """The host key kept in `directory` (made there on first use, 0600), or HostKeyError."""
    path = directory / FILE_NAME
    try:
        return HostKey(_read(path), path)
    except FileNotFoundError:
        pass
    _create(path)
    return HostKey(_read(path), path)  # whoever made it first, this process or another


def _read(path: Path) -> asyncssh.SSHKey:
    """The key in `path`, which must be a regular file of ours holding an ed25519 private key.

    FileNotFoundError when there is none; a symbolic link in its place is refused, never followed.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _problem(
                N_("the host key {path} is a symbolic link: mushka does not follow it"), path
            ) from None
        raise _os_problem(N_("cannot read the host key {path}: {reason}"), path, exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _problem(N_("the host key {path} is not a regular file"), path)
        if info.st_uid != os.geteuid():
            raise _problem(N_("the host key {path} belongs to another user"), path)
        if stat.S_IMODE(info.st_mode) & 0o077:  # ours, but readable by others: tightened
            os.fchmod(fd, 0o600)
        data = os.read(fd, MAX_KEY_BYTES + 1)
    except OSError as exc:
        raise _os_problem(N_("cannot read the host key {path}: {reason}"), path, exc) from None
    finally:
        os.close(fd)
    try:
        key = asyncssh.import_private_key(data) if len(data) <= MAX_KEY_BYTES else None
    except (asyncssh.KeyImportError, asyncssh.KeyEncryptionError, ValueError):
        key = None
    if key is None or key.get_algorithm() != ALGORITHM:
        raise _problem(N_("the host key {path} is not an ed25519 private key"), path)
    return key


def _create(path: Path) -> None:
    """Write a new key to `path` unless a file is already there: written aside, then linked in, so
    that nobody ever reads half a key and an existing file (or link) is never overwritten."""
    key = asyncssh.generate_private_key(ALGORITHM, comment="mushka table")
    try:
        os.makedirs(path.parent, mode=0o700, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as exc:
        raise _os_problem(N_("cannot write the host key {path}: {reason}"), path, exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(fd, 0o600)  # mkstemp's 0600 is cut by the umask; this is exactly 0600
            handle.write(key.export_private_key())
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(temp, path)
    except OSError as exc:
        raise _os_problem(N_("cannot write the host key {path}: {reason}"), path, exc) from None
    finally:
        Path(temp).unlink(missing_ok=True)


def _problem(template: str, path: Path) -> HostKeyError:
    return HostKeyError(Wording(template, path=str(path)))


def _os_problem(template: str, path: Path, exc: OSError) -> HostKeyError:
    reason = exc.strerror or type(exc).__name__
    return HostKeyError(Wording(template, path=str(path), reason=reason[:1].lower() + reason[1:]))
