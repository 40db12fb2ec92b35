"""`mushka host`: one table, several terminals. Checks the options like `play`, guards the save,
serves the table over SSH and shows the public table on this terminal until the session ends."""

from __future__ import annotations

import asyncio
import functools
import signal
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Final, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from mushka.commands.exits import bad_option, checked_record_target, fail
from mushka.commands.saves import save_lock, saved_or_fail
from mushka.commands.table_setup import (
    PlayOptions,
    bot_seats,
    check_bot_delay,
    check_names,
    check_seating,
)
from mushka.host.codes import new_code, new_join_token
from mushka.host.link import PLACEHOLDER
from mushka.host.live import LiveTable
from mushka.host.offer import Presence
from mushka.host.settings import TableSettings
from mushka.host.storage.paths import save_path, state_dir
from mushka.host.storage.saves import load_game
from mushka.host.table import TableHost, resumed, saved_table
from mushka.host.workers import pool
from mushka.house_rules import HouseRules
from mushka.i18n import _, say
from mushka.names import printable
from mushka.present.command import command
from mushka.present.exchange import ExchangeLesson
from mushka.present.lesson import Lesson
from mushka.render.look import Look, make_console
from mushka.render.seat_screen import plain
from mushka.render.wall import Joining, joining_lines, public_frame, public_lines, sheet
from mushka.tui.host_terminal import HostTerminal
from mushka.tui.hotseat import finished_words, stopped_words

if TYPE_CHECKING:  # asyncssh and websockets are imported only once `host` runs
    from mushka.net.hostkey import HostKey
    from mushka.net.keys import AuthorizedKeys
    from mushka.net.server import TableServer
    from mushka.web.server import WebServer

# The command that continues a table this command stopped (`mushka resume` would seat it at one
# terminal instead).
AGAIN: Final = ("host", "--resume")


@dataclass(frozen=True)
class HostOptions:
    """Everything `mushka host` was asked for: `play`'s options, and where and how to listen."""

    play: PlayOptions
    port: int
    bind: str
    code: str | None
    authorized_keys: Path | None
    sit: str | None = None  # the host sits at the table himself, at this terminal, by this name
    web: bool = False  # browser seats too (plain HTTP and a WebSocket), on `web_port`
    web_port: int = 8765
    teach: bool = False  # every person's seat is taught, as in `mushka learn`


def host_session(options: HostOptions) -> None:
    """Serve one table over SSH until its session ends (exit 0), or stop it (saved, exit 0)."""
    from mushka.host import codes

    if options.code is not None and options.authorized_keys is None:
        try:  # refused before anything else is looked at: a weak code is the host's own choice
            codes.parse_code(options.code)
        except codes.CodeError as exc:
            bad_option("--code", say(exc))
    from mushka.net import addresses, hostkey  # here: asyncssh only for `host`
    from mushka.net.keys import AuthorizedKeysError, read_authorized_keys

    play = options.play
    rules = play.house.rules()
    sitting = [] if options.sit is None else [options.sit]  # his own seat is kept, the first
    others = [n for n in play.players if options.sit is None or n.strip() != options.sit.strip()]
    reserved = check_names(sitting + others)
    if options.sit is not None:
        options = replace(options, sit=reserved[0])
    record = checked_record_target(play.record)
    seats = bot_seats(play.bot, play.bots, play.strategy)
    check_bot_delay(play.bot_delay)
    check_seating(reserved, seats)
    if len(seats) == 4:
        bad_option("--bots", _("a hosted table needs at least one seat for a person"))
    if not 0 < options.port < 65536:
        bad_option("--port", _("must be from 1 to 65535"))
    keys = None
    if options.authorized_keys is not None:
        try:
            keys = read_authorized_keys(options.authorized_keys)
        except AuthorizedKeysError as exc:
            bad_option("--authorized-keys", say(exc))
    console, ascii_table = make_console(play.ascii_only)
    settings = TableSettings(
        ascii_only=ascii_table,
        record_path=str(record) if record else None,
        bots=seats,
        bot_delay=play.bot_delay,
        undo=play.undo,
        hints=play.hints,
        record_trusted=True,
    )
    with save_lock():
        host: TableHost | None = None
        if play.resume:
            host = resumed(saved_or_fail(), play.ascii_only)
            settings = host.settings
        try:  # a continued table keeps its code unless another is given
            given = options.code or settings.code or codes.new_code()
            code = None if keys is not None else codes.parse_code(given, options.code is not None)
        except codes.CodeError as exc:
            bad_option("--code", say(exc))
        settings.code = code
        if not play.resume and _saved_quietly() is not None:
            fail(
                _(
                    "an unfinished game is saved ({file}): continue it at this table with "
                    "{resume}, or at one terminal with {play}"
                ).format(
                    file=save_path(),
                    resume=command(*AGAIN),
                    play=command("resume"),
                ),
                1,
            )
        try:
            key = hostkey.load_or_create(state_dir())
        except hostkey.HostKeyError as exc:
            fail(say(exc), 1)
        listening = options.bind not in ("", "0.0.0.0", "::")
        where = [options.bind] if listening else addresses.lan_addresses() or ["localhost"]
        token = new_join_token() if options.web else None
        web_port = options.web_port if options.web else None
        joining = Joining(tuple(where), options.port, code, key.fingerprint, web_port, token)
        table = asyncio.run(
            _serve(options, rules, settings, reserved, host, key, code, keys, console, joining)
        )
        exit_code = _closing(table, console)
    raise typer.Exit(exit_code)


def _saved_quietly() -> object | None:
    try:
        return load_game(check=saved_table)
    except (
        Exception
    ):  # a save that cannot be used is kept aside by load_game: a new table may go on
        return None


async def _serve(
    options: HostOptions,
    rules: HouseRules,
    settings: TableSettings,
    reserved: list[str],
    host: TableHost | None,
    key: HostKey,
    code: str | None,
    keys: AuthorizedKeys | None,
    console: Console,
    joining: Joining,
) -> LiveTable:
    """The table, its servers and the host's terminal, from the first listen to the last save."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    look = Look(settings.ascii_only)
    # Computer players and the coach think in processes of their own: a thread would share the
    # interpreter's lock with the loop, and every seat's keys and screens would wait on `strong`.
    workers = pool()
    table = LiveTable(
        rules,
        settings,
        reserved=reserved,
        seed=options.play.seed,
        host=host,
        on_over=stop.set,
        workers=workers,
        make_secret=new_code,  # a seat's own code: short, typed like the table's at the login
        teach=functools.partial(Lesson, guided=False) if options.teach else None,
        explains=ExchangeLesson,  # the first exchange explained at every untaught seat
    )
    wall = HostTerminal(
        table, console, joining, functools.partial(_join_line, table, joining, look)
    )
    table.watchers.append(wall.draw)
    server, web = await _listen(options, table, key, code, keys, joining, look)
    for line in joining_lines(joining, table, look):  # said once the table listens
        console.print(line)
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(number, stop.set)
    loop.add_signal_handler(signal.SIGWINCH, table.refresh)  # the wall redrawn at its new size
    live = console.is_terminal
    if live:
        console.set_alt_screen(True)
    if options.sit is not None:
        refusal = wall.sit(options.sit)
        assert refusal is None, refusal  # his name passed the checks of --sit
    table.refresh()
    try:
        with wall.reading(loop):
            await stop.wait()
    finally:
        if not table.finished:
            table.stop()  # a goodbye on every seat (a finished table has said its own)
        await table.closed()  # the last save, or the finish's writes, done
        if web is not None:
            await web.goodbye()  # the TV's last word: the final sheet, or the table stopped
            web.close()
        await server.shutdown(grace=2.0)
        if web is not None:
            await web.wait_closed()
        wall.close()
        workers.shutdown(wait=False, cancel_futures=True)
        if live:
            console.set_alt_screen(False)
    return table


def _join_line(table: LiveTable, joining: Joining, look: Look) -> Text:
    """The wall's top line in play: how to join a free seat, else how the first of those away
    comes back, else nothing (every seat is taken)."""
    places = table.standing().places
    waited = (Presence.AWAY, Presence.RECONNECTING, Presence.AWAITED)
    name = next((p.name for p in places if p.presence in waited), None)
    if any(p.presence is Presence.FREE for p in places):
        name = _(PLACEHOLDER)
    if name is None:
        return Text("")
    address = joining.addresses[0] if joining.addresses else "localhost"
    line = _("Join: {ssh} · code {code}").format(
        ssh=f"ssh -p {joining.port} {printable(name)}@{address}",
        code=joining.code or _("your key"),
    )
    return Text(look.text(line), "dim")


async def _listen(
    options: HostOptions,
    table: LiveTable,
    key: HostKey,
    code: str | None,
    keys: AuthorizedKeys | None,
    joining: Joining,
    look: Look,
) -> tuple[TableServer, WebServer | None]:
    """The SSH server listening, and with `--web` the browser seats' one; a port that cannot be
    had fails the command in one line."""
    from mushka.net.server import TableServer  # here: asyncssh only for `host`
    from mushka.net.sshseat import SshTable

    server = TableServer(SshTable(table), key, code=code, authorized_keys=keys)
    try:
        await server.start(options.bind, options.port)
    except OSError as exc:
        _port_taken(options.port, exc)
    if not options.web:
        return server, None
    from mushka.web.server import WebServer  # here: websockets only for `--web`

    tv = replace(joining, token=None)  # the wall page's text: no QR, it has no colours
    web = WebServer(
        table,
        code=code,
        addresses=joining.addresses,
        token=joining.token,
        lockout=server.lockout,  # a wrong code counts the same, typed in ssh or a page
        wall=lambda: plain(public_frame(table, 100, 34, look, tv), 100),
    )
    try:
        await web.start(options.bind, options.web_port)
    except OSError as exc:
        server.close()
        _port_taken(options.web_port, exc)
    return server, web


def _port_taken(port: int, exc: OSError) -> NoReturn:
    fail(
        _("cannot listen on port {port}: {reason}").format(port=port, reason=exc.strerror or exc),
        1,
    )


def _closing(table: LiveTable, console: Console) -> int:
    """The wall's last words, once the loop is gone (the last save is written here): the public
    log, then how the session ended; the exit code."""
    look = Look(table.settings.ascii_only)
    for line in public_lines(table, look):
        console.print(Text(line))
    if table.failure is not None and table.host is not None:
        log = table.host.crash_log(str(table.failure))
        words, _saved = stopped_words(table.host.stop(), AGAIN)
        console.print(
            Text(
                _("mushka stopped on an unexpected error. {words}").format(words=words), "bold red"
            )
        )
        if log is not None:
            console.print(Text(_("Details for the developers: {log}").format(log=log)))
        return 1
    if table.report is not None and table.host is not None:
        console.print(sheet(table.host, look))  # the wall's last word stays in the scrollback
        for words, style in finished_words(table.report, AGAIN):
            console.print(Text(words, style=style))
        return 0 if table.report.ok else 1
    if table.host is None:
        console.print(Text(_("The table closed before its session began.")))
        return 0
    words, saved = stopped_words(table.host.stop(), AGAIN)
    console.print(Text(words))
    return 0 if saved else 1
