"""A seat at the table over SSH: its screen, its size, its language, its line editor, and that a
flood or a stalled client on one seat never holds up another."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import asyncssh
import pytest
from sshclient import Echo, Terminal, connect, join, run, table

from mushka.net.seat import OUTPUT_HIGH, Seat
from mushka.net.server import Limits
from mushka.net.terminal import ACCEPTED
from mushka.present.editor import MAX_LINE_CHARS


def test_typing_echoes_at_the_prompt_and_a_redraw_keeps_the_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            await anna.send("qh\x7fs")
            await anna.wait_for("> qs")
            assert anna.terminal.screen.cursor.y == 5 and anna.terminal.screen.cursor.x == 4
            app.draw(app.seats[0])  # a redraw in the middle of typing
            await anna.send("x")
            await anna.wait_for("> qsx")
            await anna.send("\x15ks\r")
            await anna.wait_for("last ks")
            assert anna.lines()[5] == ">"

    run(scenario)


def test_keys_that_are_not_text_are_never_echoed(tmp_path: Path) -> None:
    keys = b"\x1b[A\x1b[B\x1bOP\x1b[15~\x1b[200~\x1b[201~\x1b[<0;3;4M\x1b[M !!\x1b]0;TITLE\x07\tz"

    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            await anna.send(b"a" + keys + "я\xff".encode("utf-8", "surrogateescape") + b"\r")
            await anna.wait_for("last azя")
            assert b"TITLE" not in anna.raw and b"[200~" not in anna.raw
            await anna.send(b"\x03")
            await app.wait_until(lambda: ("interrupt", "Anna") in app.events, "Ctrl-C")
            await anna.send(b"\x04")
            await app.wait_until(lambda: ("eof", "Anna") in app.events, "Ctrl-D")

    run(scenario)


def test_a_line_too_long_is_cut_and_said_to_be(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna", size=(300, 24))
            await anna.wait_for("name Anna")
            await anna.send("x" * (MAX_LINE_CHARS + 100) + "\r")
            await anna.wait_for("(cut)")
            assert app.last["Anna"] == "x" * MAX_LINE_CHARS + " (cut)"

    run(scenario)


def test_a_resize_redraws_at_the_new_size(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("size 80x24")
            await anna.send("typed")
            await anna.resize(40, 16)
            await anna.wait_for("size 40x16")
            assert anna.lines()[5] == "> typed"  # the line being typed is drawn again
            for width in range(41, 141):  # a storm of resizes ...
                anna.chan.change_terminal_size(width, 30)
            await anna.resize(120, 30)
            await anna.wait_for("size 120x30")  # ... ends at the last size
            assert app.events.count(("resized", "Anna")) < 50

    run(scenario)


def test_each_seat_has_its_own_language_charset_and_colours(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            clients = {
                "Anna": ({"LANG": "ru_RU.UTF-8"}, "xterm-256color"),
                "Boris": ({"LANG": "C"}, "vt100"),
                "Vera": ({"LC_ALL": "en_GB.UTF-8", "NO_COLOR": "1"}, "xterm"),
                "Gleb": ({"LANG": "ru_RU.KOI8-R", "COLORTERM": "truecolor"}, "xterm-256color"),
                "Oleg": ({}, "dumb"),
            }
            for name, (env, term) in clients.items():
                player = await join(server.port, name, env=env, term=term)
                await player.wait_for(f"name {name}")
            facts = {s.name: (s.lang, s.ascii, s.color, s.term) for s in app.seats}
            assert facts == {
                "Anna": ("ru", False, "256", "xterm-256color"),
                "Boris": ("en", True, "standard", "vt100"),
                "Vera": ("en", False, None, "xterm"),
                "Gleb": ("ru", True, "truecolor", "xterm-256color"),
                "Oleg": ("en", False, None, "dumb"),  # the host's language: en here
            }

    run(scenario)


def test_a_flood_of_environment_variables_is_dropped_as_it_arrives(tmp_path: Path) -> None:
    env = {f"JUNK_{n}": "y" * 500 for n in range(3000)}
    env |= {"LANG": "ru_RU.UTF-8", "LC_ALL": "\x1b[31mbad", "TERM_PROGRAM": "x"}

    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna", env=env)
            await anna.wait_for("name Anna")
            (seat,) = app.seats
            assert seat.env == {"LANG": "ru_RU.UTF-8"} and seat.lang == "ru"
            channel: Any = seat._channel  # the server's SSHServerChannel
            kept = channel.get_environment_bytes()
            assert set(kept) <= {name.encode() for name in ACCEPTED} and len(kept) <= 2

    run(scenario)


def test_a_refused_name_is_told_why_and_may_try_again(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo(refuse={"Anna": "the name Anna is taken: choose another"})
        async with table(tmp_path, app) as server:
            first = await join(server.port, "Anna")
            assert await first.wait_closed() == 1
            assert "the name Anna is taken: choose another" in first.screen_text()
            second = await join(server.port, "Anya")
            await second.wait_for("name Anya")
            assert app.admitted == ["Anna", "Anya"]
            assert ("left", "Anna") not in app.events  # never joined, so never left

    run(scenario)


class HostileName(asyncssh.SSHClient):
    """A client that sends a user name asyncssh's own client would not."""

    def __init__(self, name: str) -> None:
        self.name = name

    def connection_made(self, conn: asyncssh.SSHClientConnection) -> None:
        conn._username = self.name  # what the client sends, unchecked


class Kept(logging.Handler):
    """A handler that keeps every record it is given."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def root_log() -> Iterator[Kept]:
    """What reaches the root logger (where a host's logging would be configured) at DEBUG."""
    root, kept = logging.getLogger(), Kept()
    level = root.level
    root.addHandler(kept)
    root.setLevel(logging.DEBUG)
    try:
        yield kept
    finally:
        root.removeHandler(kept)
        root.setLevel(level)


def test_a_hostile_user_name_is_refused_or_passed_on_intact_and_never_echoed(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], root_log: Kept
) -> None:
    refused_by_protocol = ["\x1b[31mAnna\x1b]0;owned\x07", "Ann\u202ea", "M" * (1 << 20)]
    too_long = ["Я" * 129, "x" * 1000]  # over 256 bytes, under asyncssh's 1024
    passed = ["Анна٣", "O'Neil ♥", "Ａｎｎａ"]  # the last as SASLprep leaves it: "Anna"

    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            for name in refused_by_protocol:
                with pytest.raises(asyncssh.Error):
                    await connect(server.port, "x", client_factory=lambda n=name: HostileName(n))
            for name in too_long + passed:
                conn = await connect(server.port, "x", client_factory=lambda n=name: HostileName(n))
                _, session = await conn.create_session(
                    lambda: Terminal(80, 24), term_type="xterm", term_size=(80, 24), encoding=None
                )
                terminal = cast(Terminal, session)
                if name in too_long:
                    await asyncio.wait_for(conn.wait_closed(), 30)  # the server hangs up
                    assert terminal.exit_status == 1
                    said = bytes(terminal.raw).decode()
                    assert said == "this name is longer than 256 bytes: choose a shorter one\r\n"
                else:
                    await app.wait_until(lambda: len(app.seats) == len(app.admitted), "a seat")
                    conn.close()
            assert app.admitted == ["Анна٣", "O'Neil ♥", "Anna"]

    run(scenario)
    printed = capfd.readouterr()
    assert printed.out == "" and printed.err == ""  # the host's terminal is the public table
    assert not [r for r in root_log.records if r.name.startswith("asyncssh")]  # nor its log


def test_a_paste_and_a_flood_of_escapes_never_hold_up_another_seat(tmp_path: Path) -> None:
    paste = b"p" * 100_000
    escapes = b"\x1b[A\x1b[1;5C\x1bOP\x1b]0;t\x07\x1b[<0;1;1M" * 3_000  # about 100 KB
    flood = paste + escapes + b"\rlast\r"

    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            boris = await join(server.port, "Boris")
            await anna.wait_for("name Anna")
            await boris.wait_for("name Boris")
            await anna.send(flood)
            await boris.send("ping\r")
            await boris.wait_for("last ping")  # Boris's frame came ...
            assert app.last.get("Anna") is None  # ... while Anna's flood was still being read
            await anna.wait_for("last last")
            assert [name for what, name in app.events if what == "line"].count("Anna") == 2
            assert app.last["Anna"] == "last" and b"\x1b]0;t" not in anna.raw
            assert b"p" * (MAX_LINE_CHARS + 1) not in anna.raw  # the paste was cut at the limit

    run(scenario)


def test_a_client_that_stops_reading_costs_bounded_memory_and_gets_the_newest_frame(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            anna.chan.pause_reading()
            (seat,) = app.seats
            channel: Any = seat._channel  # the server's SSHServerChannel
            filler = "\n".join("♥" * 79 for _ in range(22))
            for n in range(3000):  # about 700 KB each: 2 GB if every frame were kept
                seat.draw(f"frame {n}\n{filler}")
                assert channel.get_write_buffer_size() <= OUTPUT_HIGH + 32_000
                if n % 100 == 0:
                    await asyncio.sleep(0)
            anna.chan.resume_reading()
            await anna.wait_for("frame 2999")

    run(scenario)


def test_an_application_that_fails_closes_only_that_seat(tmp_path: Path) -> None:
    failures: list[dict[str, Any]] = []

    class Failing(Echo):
        def line(self, seat: Seat, text: str, cut: bool) -> None:
            if text == "boom":
                raise RuntimeError("a bug")
            super().line(seat, text, cut)

    async def scenario() -> None:
        asyncio.get_running_loop().set_exception_handler(
            lambda _, context: failures.append(context)
        )
        app = Failing()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            boris = await join(server.port, "Boris")
            await anna.wait_for("name Anna")
            await anna.send("boom\r")
            assert await anna.wait_closed() == 1
            assert "the table failed: this connection is closed" in anna.screen_text()
            await app.wait_until(lambda: ("left", "Anna") in app.events, "Anna to leave")
            await boris.send("fine\r")
            await boris.wait_for("last fine")

    run(scenario)
    assert [type(c["exception"]) for c in failures] == [RuntimeError]


def test_a_dropped_connection_is_left_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            anna.conn.abort()
            await app.wait_until(lambda: ("left", "Anna") in app.events, "Anna to be gone")
            (seat,) = app.seats
            assert seat.closed
            seat.draw("nobody sees this")
            seat.close()
            assert app.events.count(("left", "Anna")) == 1

    run(scenario)


def test_the_seat_closes_with_a_line_left_on_the_players_own_screen(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        async with table(tmp_path, app) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            (seat,) = app.seats
            seat.line("The final sheet:\nAnna +12")
            seat.close(0)
            assert await anna.wait_closed() == 0
            assert anna.raw.endswith(b"The final sheet:\r\nAnna +12\r\n")
            assert b"\x1b[?1049l" in anna.raw  # the alternate screen was left first

    run(scenario)


def test_a_link_gone_dead_is_noticed_by_keepalives(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = Echo()
        limits = Limits(keepalive_interval=0.2, keepalive_count_max=2)
        async with table(tmp_path, app, limits=limits) as server:
            anna = await join(server.port, "Anna")
            await anna.wait_for("name Anna")
            transport: Any = anna.conn._transport  # the client stops reading: a dead link
            transport.pause_reading()
            await app.wait_until(lambda: ("left", "Anna") in app.events, "the keepalives to fail")
            anna.conn.abort()

    run(scenario)


def test_a_goodbye_breaks_at_word_boundaries_on_a_narrow_seat() -> None:
    from mushka.net.sshseat import wrapped

    words = "Хозяин остановил игру. Войдите снова, когда он её продолжит."
    lines = wrapped(words, 40).splitlines()
    assert len(lines) == 2 and all(len(line) <= 39 for line in lines)
    assert " ".join(line.strip() for line in lines) == words  # no word cut in two
