"""Where sessions live on disk: the atomic, private, locked autosave, saves kept aside, the score
history, and reading files that may be hostile."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Final

import platformdirs

from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.i18n import _, _n, say
from mushka.names import names_problem
from mushka.record import FORMAT, dumps, replay, to_record

SAVE_FORMAT: Final = "mushka-save"
SAVE_VERSION: Final = 1
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


def state_dir() -> Path:
    """Per-user state (the running game's autosave), e.g. ~/.local/state/mushka."""
    return Path(platformdirs.user_state_dir("mushka", appauthor=False))


def data_dir() -> Path:
    """Per-user data (the score history), e.g. ~/.local/share/mushka."""
    return Path(platformdirs.user_data_dir("mushka", appauthor=False))


def save_path() -> Path:
    return state_dir() / "current-game.json"


def lock_path() -> Path:
    return state_dir() / "current-game.lock"


def crash_log_path() -> Path:
    return state_dir() / "crash.log"


def scores_path() -> Path:
    return data_dir() / "scores.jsonl"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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
    with _replacing(path) as handle:
        handle.write(text)


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[IO[str]]:
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


# ---------------------------------------------------------------- game records


def record_target(path: Path) -> Path:
    """Where a game record named on the command line will go, checked before any play: a regular
    file that can be created or replaced. A symlink the player named is followed here, once; the
    path returned has none. FileProblem (one line) otherwise; nothing is opened (a FIFO would hang).
    """
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        raise FileProblem(_("the folder {folder} does not exist").format(folder=target.parent))
    _check_record_file(target)
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise FileProblem(
            _("mushka cannot write in the folder {folder}").format(folder=target.parent)
        )
    return target


def _check_record_file(path: Path) -> os.stat_result | None:
    """The file at `path` (None if there is none), which must be a regular file."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _cannot_read(exc) from None
    if stat.S_ISDIR(found.st_mode):
        raise FileProblem(_("{file} is a directory").format(file=path))
    if not stat.S_ISREG(found.st_mode):
        raise FileProblem(
            _("{file} is not a regular file (a link, pipe or device)").format(file=path)
        )
    return found


def record_text(session: Session, session_id: str | None) -> str:
    """A finished game's record as written to a file: it names its session, so that the same
    game finished again (after a resume) may replace it, and nothing else."""
    data = to_record(session)
    if session_id is not None:
        data["session"] = session_id
    return dumps(data) + "\n"


def write_record(path: Path, text: str, session_id: str | None, trusted: bool) -> None:
    """Write a game record to `path` as a new private file (see `write_atomic`).

    `trusted` only for a path the player gave this very process; a path read from a file (a
    save's) is used only where nothing is yet, or where this session's own record is, with no
    symlink anywhere in it: never over another file, never through a link, never a FIFO or
    device. FileProblem (one line) when it may not be written there.
    """
    if not trusted and os.path.realpath(path) != str(path):
        raise FileProblem(
            _("{file} is not a plain path (it goes through a link)").format(file=path)
        )
    found = _check_record_file(path)
    if found is not None and not trusted and not _holds_record_of(path, session_id):
        raise FileProblem(
            _("{file} holds something mushka did not write, and is left as it is").format(file=path)
        )
    write_atomic(path, text, make_folder=False)


def _holds_record_of(path: Path, session_id: str | None) -> bool:
    """Whether `path` holds the record of session `session_id`, as `write_record` wrote it."""
    if session_id is None:
        return False
    try:
        data = json.loads(read_text_limited(path))
    except UNUSABLE:
        return False
    return (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("session") == session_id
    )


@contextlib.contextmanager
def record_stream(path: Path) -> Iterator[IO[str]]:
    """A record file to write line by line (simulate's), checked like `record_target`'s: it
    appears, whole and private, at `path` only once all of it is written."""
    _check_record_file(path)
    with _replacing(path) as handle:
        yield handle


def rescue_record(text: str) -> Path | None:
    """A record that could not go where it was asked for, written to another place (data dir,
    home, temp) as a new private file; where it went, or None if nowhere would take it."""
    return _rescue("mushka-rescued-record", text)


# ---------------------------------------------------------------- reading what may be hostile


def _open_regular(path: Path) -> int:
    """A file descriptor for reading `path`, which must be a regular file (a FIFO must not hang us)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise _cannot_read(exc) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise FileProblem(_("cannot read it: it is a directory"), unreadable=True)
        raise FileProblem(_("cannot read it: it is not a regular file"), unreadable=True)
    return fd


def read_text_limited(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The whole of a small UTF-8 file; FileProblem (one line) for anything else."""
    fd = _open_regular(path)
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
        raise _cannot_read(exc) from None
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


def _lines(handle: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
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
    fd = _open_regular(path)
    try:
        size = os.fstat(fd).st_size
    except OSError as exc:
        os.close(fd)
        raise _cannot_read(exc) from None
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
            for number, raw in enumerate(_lines(handle), start=1):
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
            raise _cannot_read(exc) from None


def _line(number: int) -> str:
    """Where a record stands in a JSON Lines file, as a message's prefix: "line 3: "."""
    return _("line {number}: ").format(number=number)


def _cannot_read(exc: OSError) -> FileProblem:
    return FileProblem(_("cannot read it: {reason}").format(reason=os_reason(exc)), unreadable=True)


# ---------------------------------------------------------------- the autosave


class SaveError(MushkaError):
    """A save file that cannot be used; it has been kept aside at `kept` (None if it could not be)."""

    def __init__(self, message: str, kept: Path | None) -> None:
        super().__init__(message)
        self.kept = kept


class GameOpenElsewhere(MushkaError):
    """Another mushka holds the save's lock: the game is open in another terminal."""


class SaveLock:
    """An OS lock (flock) on a file next to the save, held for the whole game: a second `mushka
    play` or `resume` on the same state directory is refused instead of overwriting the first's
    save. The kernel drops the lock when the process ends, however it ends."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or lock_path()
        self.fd: int | None = None

    def acquire(self) -> None:
        """Take the lock; GameOpenElsewhere if another process has it, OSError if it cannot be made."""
        make_private_dir(self.path.parent)
        fd = open_private(self.path, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise GameOpenElsewhere(
                _("the saved game is open in another terminal: finish or quit it there first")
            ) from None
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor drops the lock
            self.fd = None

    def __enter__(self) -> SaveLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


@dataclass
class SavedGame:
    """A session in progress and the table's own settings."""

    session: Session
    ui: dict[str, Any] = field(default_factory=dict)


def save_game(session: Session, ui: dict[str, Any], path: Path | None = None) -> None:
    write_atomic(path or save_path(), dumps(_save_data(session, ui)))


def _save_data(session: Session, ui: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved": now(),
        "ui": ui,
        "record": to_record(session),
    }


def rescue_save(session: Session, ui: dict[str, Any]) -> Path | None:
    """When the save cannot be written: try another place (data dir, home, temp), private still.
    Returns where the game was written, or None if nowhere would take it."""
    return _rescue("mushka-rescued-game", dumps(_save_data(session, ui)))


def _rescue(prefix: str, text: str) -> Path | None:
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


def keep_aside(path: Path, why: str) -> Path:
    """Rename a save that will not be used, so nothing is ever lost; returns its new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{why}-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.stem}.{why}-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


def _unusable(path: Path, why: str, message: str) -> SaveError:
    try:
        kept: Path | None = keep_aside(path, why)
    except OSError as exc:
        kept = None
        message += _("; it could not be kept aside either ({reason})").format(reason=os_reason(exc))
    return SaveError(message, kept)


def load_game(
    path: Path | None = None, check: Callable[[SavedGame], object] | None = None
) -> SavedGame | None:
    """The saved game, or None if there is none; a save that cannot be used, however hostile, is
    kept aside and SaveError raised with one short line. `check` vets the table's part."""
    path = path or save_path()
    if not os.path.lexists(path):
        return None
    try:
        data = json.loads(read_text_limited(path))
    except FileProblem as exc:
        raise _unusable(path, "corrupt", _could_not_read(str(exc))) from None
    except UNUSABLE as exc:
        raise _unusable(path, "corrupt", _could_not_read(json_problem(exc))) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise _unusable(path, "corrupt", _("the saved game is not a mushka save file"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > SAVE_VERSION:
        shown = one_line(repr(version), 20)
        raise _unusable(
            path,
            "newer",
            _(
                "the saved game was written by a newer mushka (save version {version}); "
                "this one reads version {supported}"
            ).format(version=shown, supported=SAVE_VERSION),
        )
    record = data.get("record")
    problem = names_problem(record.get("players") if isinstance(record, dict) else None)
    if problem is not None and isinstance(record, dict) and "players" in record:
        raise _unusable(
            path,
            "corrupt",
            _("the saved game's players are not valid: {problem}").format(problem=say(problem)),
        )
    try:
        session = replay(record, complete=False)
    except UNUSABLE as exc:
        raise _unusable(
            path,
            "corrupt",
            _("the saved game does not replay under the rules ({problem})").format(
                problem=one_line(exc)
            ),
        ) from None
    ui = data.get("ui", {})
    if not isinstance(ui, dict):
        raise _unusable(path, "corrupt", _("the saved game's table settings are not an object"))
    saved = SavedGame(session, ui)
    if check is not None:
        try:
            check(saved)
        except UNUSABLE as exc:
            raise _unusable(
                path,
                "corrupt",
                _("the saved game's table settings are not valid: {problem}").format(
                    problem=one_line(exc)
                ),
            ) from None
    return saved


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


def _could_not_read(problem: str) -> str:
    return _("the saved game could not be read ({problem})").format(problem=problem)


def discard_save(path: Path | None = None) -> None:
    (path or save_path()).unlink(missing_ok=True)


# ---------------------------------------------------------------- score history


@dataclass(frozen=True)
class ScoreEntry:
    finished: str
    players: tuple[str, ...]
    net: tuple[int, ...]
    record: dict[str, Any] | None  # kept for the latest entry only: the history may be long
    session_id: str | None = None

    @property
    def winner(self) -> str:
        best = max(self.net)
        return " & ".join(p for p, n in zip(self.players, self.net, strict=True) if n == best)


def _entry(data: object) -> ScoreEntry:
    """One history entry, every field checked; ValueError if it is not one."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    finished, players, net, record = (data.get(k) for k in ("finished", "players", "net", "record"))
    session_id = data.get("session")
    if not isinstance(finished, str) or len(finished) > 64:
        raise ValueError("bad date")
    if names_problem(players) is not None:
        raise ValueError("bad players")
    if not (
        isinstance(net, list)
        and len(net) == 4
        and all(isinstance(n, int) and not isinstance(n, bool) and abs(n) < 10**15 for n in net)
    ):
        raise ValueError("bad results")
    if not isinstance(record, dict) or record.get("players") != players:
        raise ValueError("bad record")
    if session_id is not None and not (isinstance(session_id, str) and len(session_id) <= 64):
        raise ValueError("bad session id")
    assert isinstance(players, list)
    return ScoreEntry(finished, tuple(players), tuple(net), record, session_id)


def _read_entries(handle: IO[bytes]) -> Iterator[ScoreEntry | None]:
    """Every line of the history as an entry, or None for a line that is not one."""
    for raw in _lines(handle):
        if raw is None:
            yield None
            continue
        if not raw.strip():
            continue
        try:
            yield _entry(json.loads(raw.decode("utf-8")))
        except UNUSABLE:
            yield None


def append_score(session: Session, session_id: str | None = None, path: Path | None = None) -> bool:
    """Add a finished session to the history (one JSON line each), once: an entry with the same
    `session_id` already there (a finish interrupted after this, then resumed) is not repeated.
    Returns whether a line was added."""
    path = path or scores_path()
    make_private_dir(path.parent)
    entry = {
        "finished": now(),
        "session": session_id,
        "players": list(session.players),
        "net": list(session.net),
        "record": to_record(session),
    }
    line = (dumps(entry) + "\n").encode("utf-8")
    with os.fdopen(open_private(path, os.O_RDWR | os.O_APPEND), "r+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # two games finishing at once: whole lines
        if session_id is not None and _has_session(handle, session_id):
            return False
        end = handle.seek(0, os.SEEK_END)
        if end:
            handle.seek(end - 1)
            if handle.read(1) != b"\n":  # a line cut short by a kill: do not glue onto it
                line = b"\n" + line
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())
    return True


def _has_session(handle: IO[bytes], session_id: str) -> bool:
    handle.seek(0)
    needle = session_id.encode("utf-8")
    for raw in _lines(handle):
        if raw is not None and needle in raw:
            try:
                data = json.loads(raw.decode("utf-8"))
            except UNUSABLE:
                continue
            if isinstance(data, dict) and data.get("session") == session_id:
                return True
    return False


def read_scores(path: Path | None = None) -> tuple[list[ScoreEntry], int]:
    """Past sessions, oldest first, and how many lines could not be read. The history is streamed
    line by line; only the latest entry keeps its record. FileProblem if it cannot be read."""
    path = path or scores_path()
    if not os.path.lexists(path):
        return [], 0
    fd = _open_regular(path)
    entries: list[ScoreEntry] = []
    bad = 0
    with os.fdopen(fd, "rb") as handle:
        try:
            for entry in _read_entries(handle):
                if entry is None:
                    bad += 1
                    continue
                if entries:
                    last = entries[-1]
                    entries[-1] = ScoreEntry(
                        last.finished, last.players, last.net, None, last.session_id
                    )
                entries.append(entry)
        except OSError as exc:
            raise _cannot_read(exc) from None
    return entries, bad
