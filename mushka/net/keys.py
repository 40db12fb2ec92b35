"""An authorized_keys file for a table that wants real authentication: each key admits one name."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Final

import asyncssh

from mushka.errors import MushkaError
from mushka.wording import N_, Wording

MAX_FILE_BYTES: Final = 1024 * 1024  # a key is under 1 KB a line; a table has a few
_CERT_AUTHORITY: Final = re.compile(r"(?:^|,)cert-authority(?:,|$)", re.IGNORECASE)


class AuthorizedKeysError(MushkaError):
    """An authorized_keys file that cannot be used; the message names the file (and the line)."""


class AuthorizedKeys:
    """Public keys in OpenSSH's authorized_keys format, each with the player's name as its comment
    (`ssh-ed25519 AAAA... Anna`); options such as from="..." apply as in OpenSSH. `source` names
    the file in messages."""

    def __init__(self, text: str, source: str) -> None:
        lines: dict[str, list[str]] = {}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if line and not line.startswith("#"):
                lines.setdefault(_name_of(line, source, number), []).append(line)
        if not lines:
            raise AuthorizedKeysError(Wording("{file}: no keys in it", file=source))
        self._keys: Final = {
            name: asyncssh.import_authorized_keys("\n".join(group)) for name, group in lines.items()
        }

    @property
    def names(self) -> list[str]:
        """The players' names, in the file's order."""
        return list(self._keys)

    def for_name(self, name: str) -> asyncssh.SSHAuthorizedKeys | None:
        """The keys that may join as `name` (compared exactly), or None."""
        return self._keys.get(name)


def read_authorized_keys(path: Path) -> AuthorizedKeys:
    """The keys in the file at `path`, or AuthorizedKeysError (one line) saying what is wrong."""
    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise _os_problem(source, exc) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise AuthorizedKeysError(Wording("{file}: not a regular file", file=source))
        data = os.read(fd, MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _os_problem(source, exc) from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise AuthorizedKeysError(
            Wording(
                "{file}: longer than {n} bytes, not a list of keys", file=source, n=MAX_FILE_BYTES
            )
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise AuthorizedKeysError(Wording("{file}: not UTF-8 text", file=source)) from None
    return AuthorizedKeys(text, source)


def _name_of(line: str, source: str, number: int) -> str:
    """The name a line's key admits (its comment), once the whole line reads as OpenSSH's."""
    key, options = _public_key(line), ""
    if key is None:  # the line starts with options: OpenSSH's rule is the same
        options = _first_word(line)
        key = _public_key(line[len(options) :])
    if key is None:
        raise _line_problem(
            N_("{file}, line {line}: not a public key in OpenSSH format"), source, number
        )
    if _CERT_AUTHORITY.search(options):
        raise _line_problem(
            N_("{file}, line {line}: cert-authority keys are not supported"), source, number
        )
    try:
        asyncssh.import_authorized_keys(line)
    except (ValueError, asyncssh.KeyImportError):
        raise _line_problem(
            N_("{file}, line {line}: options OpenSSH would not read"), source, number
        ) from None
    name = (key.get_comment() or "").strip()
    if not name:
        raise _line_problem(
            N_("{file}, line {line}: a key without a name: write the player's name after it"),
            source,
            number,
        )
    return name


def _public_key(text: str) -> asyncssh.SSHKey | None:
    try:
        return asyncssh.import_public_key(text.strip())
    except (ValueError, asyncssh.KeyImportError):
        return None


def _first_word(line: str) -> str:
    """The line up to its first space outside double quotes (options may hold quoted spaces:
    command="echo hi")."""
    quoted = escaped = False
    for index, char in enumerate(line):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char.isspace() and not quoted:
            return line[:index]
    return line


def _line_problem(template: str, source: str, number: int) -> AuthorizedKeysError:
    return AuthorizedKeysError(Wording(template, file=source, line=number))


def _os_problem(source: str, exc: OSError) -> AuthorizedKeysError:
    reason = exc.strerror or type(exc).__name__
    return AuthorizedKeysError(
        Wording(
            "{file}: cannot read it: {reason}", file=source, reason=reason[:1].lower() + reason[1:]
        )
    )
