"""Files written privately and atomically, files that may be hostile read with limits, and what
is wrong with either said in one line."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Final

from mushka.errors import MushkaError
from mushka.host.storage.paths import data_dir
from mushka.i18n import _, _n, say

MAX_FILE_BYTES: Final = 64 * 1024 * 1024  # a save or one record document; no real one is near this
MAX_LINE_BYTES: Final = 8 * 1024 * 1024  # one JSON line of a record stream or the score history
MAX_QUOTE: Final = 160  # characters of an error message shown: a file's megabytes are never echoed

# What the rules core and the JSON reader may raise on a hostile file, whatever else they promise.
UNUSABLE: Final = (
    MushkaError,
    RecursionError,
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    OverflowError,
    MemoryError,
    OSError,
    UnicodeError,
    AssertionError,
)


# ---------------------------------------------------------------- messages about files


class FileProblem(MushkaError):
    """A file that cannot be used; the message is one short line. `unreadable` when the file could
    not be read at all (missing, a directory, no permission), as opposed to read but bad."""

    def __init__(self, message: str, unreadable: bool = False) -> None:
        super().__init__(message)
        self.unreadable = unreadable


def one_line(text: object, limit: int = MAX_QUOTE) -> str:
    """`text` as one short printable line: a hostile file's megabytes or escapes never reach a screen.

    A mushka error is said in the language this process speaks (its English `str()` otherwise).
    """
    try:
        raw = str(text)
    except UNUSABLE:
        return _("(a message that cannot be shown)")
    if isinstance(text, MushkaError):
        with contextlib.suppress(*UNUSABLE):  # a wording that cannot be spelled: its English
            raw = say(text)
    cut = len(raw) > limit
    shown = "".join(c if c.isprintable() else " " for c in raw[:limit])
    shown = " ".join(shown.split())
    return shown + "…" if cut else shown


def os_reason(exc: OSError) -> str:
    """An OSError in plain words: "no space left on device", "permission denied"."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return one_line(reason[:1].lower() + reason[1:])


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return _("{n} MB").format(n=f"{n / (1024 * 1024):.0f}")
    return _n("{n} bytes", "{n} bytes", n).format(n=n)


# ---------------------------------------------------------------- writing privately


def make_private_dir(path: Path) -> None:
    """Create `path` and any missing parents as 0700, whatever the umask; existing ones are left be."""
    missing: list[Path] = []
    here = path
    while not here.is_dir():
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for directory in reversed(missing):
        try:
            os.mkdir(directory, 0o700)
        except FileExistsError:
            if not directory.is_dir():
                raise NotADirectoryError(20, "not a directory", str(directory)) from None
            continue
        os.chmod(directory, 0o700)


def open_private(path: Path, flags: int) -> int:
    """Open (creating if need be) one of the game's own files so that only its owner can read
    it: 0600 whatever the umask, and an older file's looser mode is tightened too. A symlink
    planted in its place is refused rather than written through."""
    fd = os.open(path, flags | os.O_NOFOLLOW | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_private(path: Path, text: str) -> None:
    """Write `text` to one of the game's own files (the crash log), readable by its owner only."""
    make_private_dir(path.parent)
    fd = open_private(path, os.O_WRONLY | os.O_TRUNC)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def write_atomic(path: Path, text: str, make_folder: bool = True) -> None:
    """Replace `path` with `text` so that a crash leaves either the old file or the new, never half.

    The text goes to a new file, made 0600 by mushka, that is renamed over `path`: a file that was
    there is replaced, never written into (nor its mode changed), and a symlink there is replaced
    rather than followed.
    """
    if make_folder:
        make_private_dir(path.parent)
    with replacing(path) as handle:
        handle.write(text)


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[IO[str]]:
    """A new private file beside `path` to write; renamed over `path` only if all went well."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


# ---------------------------------------------------------------- reading what may be hostile


def open_regular(path: Path) -> int:
    """A file descriptor for reading `path`, which must be a regular file (a FIFO must not hang us)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise cannot_read(exc) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise FileProblem(_("cannot read it: it is a directory"), unreadable=True)
        raise FileProblem(_("cannot read it: it is not a regular file"), unreadable=True)
    return fd


def read_text_limited(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The whole of a small UTF-8 file; FileProblem (one line) for anything else."""
    fd = open_regular(path)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise FileProblem(
                _("it is {size}; mushka reads files of up to {limit}").format(
                    size=_size(size), limit=_size(limit)
                )
            )
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise cannot_read(exc) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileProblem(_("it grew past {limit} while being read").format(limit=_size(limit)))
    return _decode(data, "")


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(
            where
            + _("not UTF-8 text (byte 0x{byte} at position {position})").format(
                byte=f"{data[exc.start]:02x}", position=exc.start
            )
        ) from None


def limited_lines(handle: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """The lines of a stream, each at most `limit` bytes; None stands for a longer line, skipped."""
    while True:
        raw = handle.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit and not raw.endswith(b"\n"):
            while True:  # skip the rest of the over-long line without holding it
                more = handle.readline(limit)
                if not more or more.endswith(b"\n"):
                    break
            yield None
            continue
        yield raw


def record_texts(path: Path) -> Iterator[tuple[str, str]]:
    """The record texts in `path`, each with where it is ("" for a lone record, "line N: " for JSON
    Lines): one JSON object (laid out freely), or one per line.

    A file above MAX_FILE_BYTES is streamed as JSON Lines, each line at most MAX_LINE_BYTES, so
    no file, however large, is held in memory at once.
    """
    fd = open_regular(path)
    try:
        size = os.fstat(fd).st_size
    except OSError as exc:
        os.close(fd)
        raise cannot_read(exc) from None
    if size <= MAX_FILE_BYTES:
        os.close(fd)
        text = read_text_limited(path).strip()
        if text.startswith("{") and "\n{" not in text:
            yield "", text
            return
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield _line(number), line
        return
    with os.fdopen(fd, "rb") as handle:
        try:
            for number, raw in enumerate(limited_lines(handle), start=1):
                if raw is None:
                    raise FileProblem(
                        _(
                            "line {number} is longer than {limit}; "
                            "a file this large ({size}) is read as one record per line"
                        ).format(number=number, limit=_size(MAX_LINE_BYTES), size=_size(size))
                    )
                line = _decode(raw, _line(number))
                if line.strip():
                    yield _line(number), line
        except OSError as exc:
            raise cannot_read(exc) from None


def _line(number: int) -> str:
    """Where a record stands in a JSON Lines file, as a message's prefix: "line 3: "."""
    return _("line {number}: ").format(number=number)


def cannot_read(exc: OSError) -> FileProblem:
    return FileProblem(_("cannot read it: {reason}").format(reason=os_reason(exc)), unreadable=True)


def json_problem(exc: BaseException) -> str:
    """What is wrong with a JSON text, in one short line."""
    if isinstance(exc, json.JSONDecodeError):
        return _("not valid JSON: {reason}, line {line}").format(
            reason=one_line(exc.msg), line=exc.lineno
        )
    if isinstance(exc, RecursionError):
        return _("not usable JSON: nested too deeply")
    if isinstance(exc, MemoryError):
        return _("not usable JSON: too large")
    return _("not usable JSON: {reason}").format(reason=one_line(exc))


def rescue_copy(prefix: str, text: str) -> Path | None:
    """Where a copy of `text` that could not go where it belonged was kept (the data folder, else
    home, else the temporary folder; never over anything), or None."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    for folder in (data_dir(), Path.home(), Path(tempfile.gettempdir())):
        target = folder / f"{prefix}-{stamp}-{os.getpid()}.json"
        n = 1
        while os.path.lexists(target):  # never over anything, not even an earlier rescue
            n += 1
            target = folder / f"{prefix}-{stamp}-{os.getpid()}-{n}.json"
        try:
            write_atomic(target, text)
        except UNUSABLE:
            continue
        return target
    return None
