"""The `mushka` command line: options parsed and checked for form, then each command's module runs.

The language comes first: `main` reads `--lang` (else MUSHKA_LANG, else the locale) from the
arguments before anything else, because the help is written into the command tree as it is
built; `build_app` then builds the tree in that language.

Start-up stays light: nothing here imports Rich, the engine, the computer players or the study;
each command imports its own module when it runs. (No `from __future__ import annotations`:
typer would then evaluate every annotation string again while building the command tree.)
"""

import contextlib
import importlib
import inspect
import io
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, Protocol, TextIO

import typer
from typer._click.core import Command
from typer._click.exceptions import BadParameter, ClickException, NoArgsIsHelpError
from typer._click.formatting import HelpFormatter
from typer.core import TyperCommand, TyperGroup

from mushka import __version__, defaults
from mushka.i18n import (
    ENGLISH,
    N_,
    LanguageError,
    _,
    choose_language,
    language,
    say,
    unknown_language,
    use_language,
)


class _Words(Command):
    """Help in the process language: click's own headings and notes are English words of ours."""

    def get_help(self, ctx: Any) -> str:
        if not _carries(sys.stdout, _("Usage: ")):  # a console that cannot show this language
            ctx.formatter_class = _Spelled
        return super().get_help(ctx)

    def format_usage(self, ctx: Any, formatter: HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))

    def format_options(self, ctx: Any, formatter: HelpFormatter) -> None:
        rows = [
            record
            for param in self.get_params(ctx)
            if param.param_type_name == "option"
            and (record := param.get_help_record(ctx)) is not None
        ]
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl([(names, _noted(text)) for names, text in rows])


def shown(text: str, stream: TextIO) -> str:
    """`text` as `stream` can carry it: on an ASCII console, Russian is spelled in Latin letters
    (as the table spells it there) rather than sent as UTF-8 bytes or escapes."""
    return text if _carries(stream, text) else _latin(text)


def _carries(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class _Spelled(HelpFormatter):
    """Help for a console that cannot show Russian: spelled in Latin letters, then wrapped."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, _latin(args), _latin(prefix or ""))

    def write_heading(self, heading: str) -> None:
        super().write_heading(_latin(heading))

    def write_text(self, text: str) -> None:
        super().write_text(_latin(text))

    def write_dl(
        self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl([(_latin(a), _latin(b)) for a, b in rows], col_max, col_spacing)


def _latin(text: str) -> str:
    from mushka.render.look import transliterate  # only here: it loads Rich

    return transliterate(text)


def _noted(text: str) -> str:
    """An option's help with click's English notes ("[default: 4]") in the process language."""
    if text == "Show this message and exit.":
        return _("Show this message and exit.")
    return re.sub(
        r"\[default: (.*)\]$",
        lambda m: "[" + _("default: {default}").format(default=m[1]) + "]",
        text,
    )


class _Commands(_Words, TyperGroup):
    """The command group: every usage error is one plain line, whatever the console."""

    def main(  # type: ignore[override]  # the same call, with a narrower return
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except NoArgsIsHelpError as exc:
            typer.echo(exc.format_message())
            sys.exit(exc.exit_code)
        except ClickException as exc:
            print(shown(usage_line(exc), sys.stderr), file=sys.stderr)  # not forced UTF-8
            sys.exit(exc.exit_code)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def format_options(self, ctx: Any, formatter: HelpFormatter) -> None:
        super().format_options(ctx, formatter)
        listed = [
            (name, command)
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        ]
        if listed:
            limit = formatter.width - 6 - max(len(name) for name, _command in listed)
            rows = [(name, command.get_short_help_str(limit)) for name, command in listed]
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


class _Command(_Words, TyperCommand):
    """A command whose usage line names its arguments plainly: FILE, not {FILE}."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [piece.strip("{}") for piece in super().collect_usage_pieces(ctx)]


# click's own usage errors, said in the process language; any other stays as click words it
_CLICK_ERRORS: tuple[tuple[str, str], ...] = (
    (r"No such option: (?P<option>\S+)", N_("no such option: {option}")),
    (r"No such command (?P<name>.+)\.", N_("no such command {name}")),
    (r"Missing command\.", N_("no command given")),
    (r"Missing argument (?P<name>.+)\.", N_("missing argument {name}")),
    (r"Missing option (?P<name>.+)\.", N_("missing option {name}")),
    (r"Option (?P<option>.+) requires an argument\.", N_("option {option} needs a value")),
    (r"Option (?P<option>.+) does not take a value\.", N_("option {option} takes no value")),
    (r"Got unexpected extra argument\(s\) \((?P<extra>.*)\)", N_("unexpected arguments: {extra}")),
)


def _click_words(message: str) -> str:
    """A usage error of click's in the process language, with its hint of what was meant."""
    if language() == ENGLISH:
        return message
    message, _sep, possible = message.partition(" (Possible options: ")
    message, _sep, guess = message.partition(" Did you mean ")
    for pattern, template in _CLICK_ERRORS:
        found = re.fullmatch(pattern, message)
        if found:
            message = _(template).format(**found.groupdict())
            break
    if guess:
        message += ". " + _("Did you mean {guess}").format(guess=guess.rstrip("?")) + "?"
    if possible:
        message += " " + _("(perhaps: {options})").format(options=possible.rstrip(")"))
    return message


def usage_line(exc: ClickException) -> str:
    """A usage error in one line: the command, the option, what is wrong — nothing twice."""
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else "mushka"
    message = _cut(" ".join(exc.message.split()))
    if isinstance(exc, BadParameter) and message:
        hint = exc.param_hint
        if hint is None and exc.param is not None and exc.param.opts:
            hint = exc.param.opts[0]
        if hint is None and exc.param is not None:
            hint = (exc.param.metavar or exc.param.name or "").upper()
        if isinstance(hint, str) and hint:
            return f"{where} {hint}: {message}"
        return f"{where}: {message}"
    message = _click_words(_cut(" ".join(exc.format_message().split())))
    return f"{where}: {message} " + _("(see: {command} --help)").format(command=where)


# ---------------------------------------------------------------- values checked for form


def whole(low: int | None = None, high: int | None = None, digits: int = 9) -> Callable[[str], int]:
    """A parser of a whole number in ASCII digits (int() takes "١" and "²" too) within bounds."""

    def parse(text: str | int) -> int:
        if isinstance(text, int):  # a default value
            return text
        if not re.fullmatch(f"[+-]?[0-9]{{1,{digits}}}", text.strip()):
            raise BadParameter(_("give a whole number, not {text}").format(text=_quote(text)))
        value = int(text)
        if low is not None and high is not None and not low <= value <= high:
            raise BadParameter(
                _("must be from {low} to {high}, not {value}").format(
                    low=low, high=high, value=value
                )
            )
        if low is not None and value < low:
            raise BadParameter(
                _("must be at least {low}, not {value}").format(low=low, value=value)
            )
        return value

    return parse


def seconds(text: str | float) -> float:
    """A number of seconds such as 0, 1 or 0.5."""
    if isinstance(text, float | int):  # a default value
        return float(text)
    if not re.fullmatch(r"[0-9]{1,4}(\.[0-9]{1,6})?", text.strip()):
        raise BadParameter(
            _("give a number of seconds such as 0.5, not {text}").format(text=_quote(text))
        )
    return float(text)


def _cut(message: str, limit: int = 300) -> str:
    """A message cut to `limit` characters: an error never echoes a megabyte of input."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def _quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:39] + "…")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mushka {__version__}")
        raise typer.Exit()


# What play and resume need to lock the save (fcntl) and steer the terminal (termios); every other
# command that reads or writes mushka's files goes through the module that locks them. Linux, macOS
# and WSL have both; a native Windows Python has neither.
_POSIX_MODULES = ("fcntl", "termios")


def _posix_only(command: str) -> None:
    """On a system without them (native Windows), one line and exit code 1 instead of a traceback."""
    for module in _POSIX_MODULES:
        try:
            importlib.import_module(module)
        except ImportError:
            message = _(
                "mushka {command} needs Linux, macOS or WSL (this Python has no {module} module); "
                "on Windows, run it in WSL"
            ).format(command=command, module=module)
            print(shown(message, sys.stderr), file=sys.stderr)
            raise typer.Exit(1) from None


def _unknown_language(value: str) -> str:
    return say(unknown_language(value))


def _language_option(value: str | None) -> str | None:
    """--lang as the tree sees it: `main` has already spoken it (before the help was built)."""
    if value is not None:
        try:
            choose_language(value)
        except LanguageError:
            raise BadParameter(_unknown_language(value)) from None
    return value


def language_asked(args: Sequence[str]) -> str | None:
    """The value of `--lang` among the options before the command's name, as click reads them."""
    asked = None
    words = iter(args)
    for word in words:
        if word == "--lang":
            asked = next(words, None)
        elif word.startswith("--lang="):
            asked = word.removeprefix("--lang=")
        elif word == "--" or not word.startswith("-"):
            break  # the command's name: what follows is the command's
    return asked


# ---------------------------------------------------------------- the command tree


def _strategies() -> str:
    """The computer players' strategies, as a help text lists them: "random, basic or strong"."""
    *names, last = defaults.STRATEGIES
    return _("{names} or {last}").format(names=", ".join(names), last=last)


def play_options(**given: Any) -> Any:
    """`play`'s options as the command bodies take them (a PlayOptions)."""
    from mushka.commands.house import HouseOptions
    from mushka.commands.table_setup import PlayOptions

    house = (given[name] for name in ("stake", "remise", "prices", "deals", "exchange"))
    return PlayOptions(
        house=HouseOptions(*house),
        players=given["player"] or [],
        seed=given["seed"],
        record=given["record"],
        ascii_only=given["ascii_only"],
        resume=given["resume"],
        bot=given["bot"] or [],
        bots=given["bots"],
        strategy=given["bot_strategy"],
        bot_delay=given["bot_delay"],
        undo=given["undo"],
        hints=given["hints"],
    )


def _host_options() -> list[inspect.Parameter]:
    """`host`'s own options, besides play's: where to listen and who may join."""

    def option(name: str, kind: object, default: object, **typed: Any) -> inspect.Parameter:
        flag = "--" + name.replace("_", "-")
        annotation = Annotated[kind, typer.Option(flag, **typed)]  # type: ignore[valid-type]
        return inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
        )

    keys_help = _(
        "Let only these keys join (OpenSSH's format, the player's name in each key's comment), "
        "instead of a code."
    )
    web_help = _(
        "Also seat players in any phone's browser: the host's screen shows a QR code and an "
        "address to open, served over plain HTTP on --web-port (default 8765). A browser seat "
        "is as private as the Wi-Fi it uses; an SSH seat is encrypted."
    )
    return [
        option(
            "port", int, 2222, parser=whole(1, 65535), metavar="N", help=_("The port to listen on.")
        ),
        option(
            "bind",
            str,
            "",
            metavar=_("ADDRESS"),
            help=_("The address to listen on (default: every interface)."),
        ),
        option(
            "code",
            str | None,
            None,
            metavar=_("CODE"),
            help=_("The table code players type as the password (default: a new one)."),
        ),
        option("authorized_keys", Path | None, None, metavar=_("FILE"), help=keys_help),
        option("web", bool, False, help=web_help),
        option(
            "web_port",
            int,
            8765,
            parser=whole(1, 65535),
            metavar="N",
            help=_("The port browser seats are served on, with --web."),
        ),
    ]


def _with_options(
    function: Callable[..., None], like: Callable[..., None], more: list[inspect.Parameter]
) -> None:
    """Give `function` the parameters (typer's options) of `like`, and `more`."""
    own = [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
        for p in inspect.signature(like).parameters.values()
    ]
    function.__signature__ = inspect.Signature([*own, *more])  # type: ignore[attr-defined]
    function.__annotations__ = {p.name: p.annotation for p in [*own, *more]} | {"return": None}


def _ascii() -> Any:
    return typer.Option("--ascii", help=_("Letters for suits and ASCII borders, for any console."))


def _money(option: str, text: str) -> Any:
    return typer.Option(option, parser=whole(), metavar=_("KOP"), help=text)


def _stake() -> Any:
    return _money(
        "--stake",
        _(
            "Kopecks each player pays into the kitty at the start of every deal "
            "(the previous deal's first out is spared)."
        ),
    )


def _remise() -> Any:
    return _money(
        "--remise",
        _("Kopecks paid into the kitty for a revoke, and by a player left without a trick."),
    )


def _prices() -> Any:
    return typer.Option(
        "--prices",
        metavar=_("H,C,D,S"),
        help=_(
            "What a trick pays in hearts, clubs, diamonds and spades; "
            "doubled when the mushka takes it."
        ),
    )


def _deals() -> Any:
    return typer.Option(
        "--deals",
        parser=whole(),
        metavar="N",
        help=_("Deals in the session; the first out of the last deal takes the kitty."),
    )


def _exchange() -> Any:
    return typer.Option(
        "--exchange",
        metavar="modern|old|off",
        help=_(
            "A hand dealt 3+ cards of a suit exchanges them: each other player takes one "
            "blind (modern), the right-hand neighbour picks two (old), or no exchange (off)."
        ),
    )


class _Register(Protocol):
    """How a command's function adds itself to the tree: `app.command` with our help classes."""

    def __call__(
        self, name: str | None, help: str, short_help: str | None = None
    ) -> Callable[[Callable[..., None]], Callable[..., None]]: ...


_APPS: dict[str, typer.Typer] = {}


def build_app() -> typer.Typer:
    """The command tree with its help in the process language (one tree per language, kept)."""
    built = _APPS.get(language())
    if built is None:
        built = _APPS[language()] = _tree()
    return built


def __getattr__(name: str) -> typer.Typer:
    """`mushka.cli.app`: the tree in the process language, as tests and embedders call it."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _tree() -> typer.Typer:
    """The commands, in play order, with their help in the process language."""
    app = typer.Typer(
        name="mushka",
        cls=_Commands,
        help=_(
            "Mushka-kopilka, the old Russian piggy-bank card game, for four players at one terminal."
        ),
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,  # plain help: rewrapped to the console, ASCII-safe, and quick
        subcommand_metavar=_("COMMAND [ARGS]..."),
        options_metavar=_("[OPTIONS]"),
    )

    def command(
        name: str | None, help: str, short_help: str | None = None
    ) -> Callable[[Callable[..., None]], Callable[..., None]]:
        return app.command(name, cls=_Command, help=help, short_help=short_help)

    _program_options(app)
    # the commands, in play order (and so in the help)
    for add in (_play, _learn, _resume, _scores, _rules, _replay, _check, _simulate):
        add(command)
    return app


def _program_options(app: typer.Typer) -> None:
    """The program's own options, before any command's name."""

    @app.callback()
    def _root(
        version: Annotated[
            bool,
            typer.Option(
                "--version",
                callback=_version,
                is_eager=True,
                help=_("Show the version and exit."),
            ),
        ] = False,
        lang: Annotated[
            str | None,
            typer.Option(
                "--lang",
                metavar="en|ru",
                callback=_language_option,
                help=_(
                    "The language to speak: en or ru. Default: the MUSHKA_LANG variable, "
                    "else the locale, else English."
                ),
            ),
        ] = None,
    ) -> None:
        """The program's own options; `main` has read --lang already, before building this."""


# ---------------------------------------------------------------- the commands
#
# Each command is a function that declares its options (their help is written as the tree is
# built, in the process language) and its body, and adds itself with `command`; `_tree` lists
# them in play order.


def _play(command: _Register) -> None:
    """`mushka play`: a session at this terminal; and `mushka host`, which takes its options."""

    @command(
        None,
        help=_(
            "Play a session at this terminal: four players, one keyboard, hands kept private. Each "
            "player antes the stake into the kitty every deal (the previous deal's first out is "
            "spared); tricks are paid from the kitty at the suit's price, doubled when the mushka "
            "(the ace of spades) takes them; a revoke or a deal without a trick costs a remise; the "
            "first out of the last deal takes the kitty. The rules in full: mushka rules."
        ),
        short_help=_("Play a session at this terminal."),
    )
    def play(
        player: Annotated[
            list[str] | None,
            typer.Option(
                "--player",
                metavar=_("NAME"),
                help=_(
                    "A player's name, in seat order; repeat up to four times. "
                    "Names not given are asked for."
                ),
            ),
        ] = None,
        stake: Annotated[int, _stake()] = defaults.STAKE,
        remise: Annotated[int, _remise()] = defaults.REMISE,
        prices: Annotated[str, _prices()] = defaults.PRICES_TYPED,
        deals: Annotated[int, _deals()] = defaults.DEALS,
        exchange: Annotated[str, _exchange()] = defaults.EXCHANGE,
        undo: Annotated[
            bool,
            typer.Option(
                "--undo/--no-undo",
                show_default=False,
                help=_(
                    "House setting: a player may take back his last move on the handoff that "
                    "follows. Off by default: a card laid has been seen by everyone."
                ),
            ),
        ] = False,
        hints: Annotated[
            bool,
            typer.Option(
                "--hints/--no-hints",
                show_default=False,
                help=_(
                    "House setting: the h key shows the coach's advice. Off by default, so that "
                    "a table agrees to it first."
                ),
            ),
        ] = False,
        bot: Annotated[
            list[str] | None,
            typer.Option(
                "--bot",
                metavar=_("SEAT[:STRATEGY]"),
                help=_(
                    "A computer player in SEAT 1-4, playing STRATEGY ({choices}; "
                    "default: --strategy). Repeatable."
                ).format(choices=_strategies()),
            ),
        ] = None,
        bots: Annotated[
            int,
            typer.Option(
                "--bots",
                parser=whole(0, 4),
                metavar="N",
                help=_("Computer players in the last N free seats."),
            ),
        ] = 0,
        bot_strategy: Annotated[
            str,
            typer.Option(
                "--strategy",
                metavar=_("STRATEGY"),
                help=_(
                    "The strategy of computer players given none: {choices}. "
                    "Seeded games replay exactly: strong searches a fixed number of deals (a 2 s "
                    "cap per move is only a safety net that does not fire at the default settings)."
                ).format(choices=_strategies()),
            ),
        ] = defaults.STRATEGY,
        bot_delay: Annotated[
            float,
            typer.Option(
                "--bot-delay",
                parser=seconds,
                metavar=_("SECONDS"),
                help=_("How long each computer move stays on the screen; 0 for no pause."),
            ),
        ] = defaults.BOT_DELAY,
        seed: Annotated[
            int | None,
            typer.Option(
                "--seed",
                parser=whole(0, digits=1000),
                metavar="N",
                help=_("Seed the shuffle, to play a session again exactly."),
            ),
        ] = None,
        record: Annotated[
            Path | None,
            typer.Option(
                "--record", metavar=_("FILE"), help=_("Also write the game record to FILE.")
            ),
        ] = None,
        ascii_only: Annotated[bool, _ascii()] = False,
        resume: Annotated[
            bool,
            typer.Option(
                "--resume", help=_("Continue the saved game instead of dealing a new one.")
            ),
        ] = False,
    ) -> None:
        _posix_only("play")
        from mushka.commands.play import play_session

        play_session(play_options(**locals()))

    def host(**given: Any) -> None:
        _posix_only("host")
        from mushka.commands.host import HostOptions, host_session

        own = ("port", "bind", "code", "authorized_keys", "web", "web_port")
        table = {name: given.pop(name) for name in own}
        host_session(HostOptions(play=play_options(**given), **table))

    # `host` takes play's options, declared once (on `play`), and its own for the network
    _with_options(host, play, _host_options())
    command(
        "host",
        help=_(
            "Host one table for several terminals: players join with ssh from their own "
            "computer or phone, each seeing only his own hand. Takes play's options, and where "
            "to listen. Meant for a local network: bind it to the LAN's address."
        ),
    )(host)


def _learn(command: _Register) -> None:
    """`mushka learn`: a guided first deal."""

    @command(
        None,
        help=_(
            "Learn the game in one guided deal against three computer players: each rule is "
            "explained the first time it comes up, and the coach says which move is best and "
            "why. Not every deal shows every rule (--seed deals another). Nothing is saved."
        ),
        short_help=_("Learn the game in one guided deal."),
    )
    def learn(
        player: Annotated[
            str | None,
            typer.Option(
                "--player", metavar=_("NAME"), help=_("Your name (else it is asked for).")
            ),
        ] = None,
        seed: Annotated[
            int | None,
            typer.Option(
                "--seed",
                parser=whole(0, digits=1000),
                metavar="N",
                help=_("Deal the lesson from seed N instead of one chosen to show most rules."),
            ),
        ] = None,
        bot_delay: Annotated[
            float,
            typer.Option(
                "--bot-delay",
                parser=seconds,
                metavar=_("SECONDS"),
                help=_("How long each computer move stays on the screen; 0 for no pause."),
            ),
        ] = defaults.BOT_DELAY,
        ascii_only: Annotated[bool, _ascii()] = False,
    ) -> None:
        _posix_only("learn")
        from mushka.commands.learn import learn_session

        learn_session(player, seed, ascii_only, bot_delay)


def _resume(command: _Register) -> None:
    """`mushka resume`: the saved game, where it stopped."""

    @command(
        "resume",
        help=_("Continue the saved game exactly where it stopped."),
    )
    def resume_command(ascii_only: Annotated[bool, _ascii()] = False) -> None:
        _posix_only("resume")
        from mushka.commands.play import resume_session

        resume_session(ascii_only)


def _scores(command: _Register) -> None:
    """`mushka scores`: the history of sessions."""

    @command(
        None,
        help=_(
            "Show past sessions (date, players, results and winner), then each player's "
            "standings across them: sessions, net, average, best and worst."
        ),
    )
    def scores(
        last: Annotated[
            bool,
            typer.Option("--last", help=_("Show the final score sheet of the latest session.")),
        ] = False,
        ascii_only: Annotated[bool, _ascii()] = False,
    ) -> None:
        _posix_only("scores")
        from mushka.commands.scores import show_scores

        show_scores(last, ascii_only)


def _rules(command: _Register) -> None:
    """`mushka rules`: the rulebook."""

    @command(
        None,
        help=_("Show the rulebook (paged in a terminal)."),
    )
    def rules(ascii_only: Annotated[bool, _ascii()] = False) -> None:
        from mushka.render.look import make_console
        from mushka.render.rulebook import show_rulebook

        show_rulebook(*make_console(ascii_only), lang=language())


def _replay(command: _Register) -> None:
    """`mushka replay FILE`: a recorded session, step by step."""

    @command(
        "replay",
        help=_(
            "Step through a recorded session deal by deal and trick by trick, all hands open. FILE "
            "is a game record (.json), or JSON Lines of records."
        ),
        short_help=_("Step through a recorded session, all hands open."),
    )
    def replay_command(
        file: Annotated[Path, typer.Argument(metavar=_("FILE"), hidden=True)],  # the help says it
        number: Annotated[
            int,
            typer.Option(
                "--session",
                parser=whole(1),
                metavar="N",
                help=_("Which record of a JSON Lines file."),
            ),
        ] = 1,
        no_pause: Annotated[
            bool, typer.Option("--no-pause", help=_("Print everything without waiting for Enter."))
        ] = False,
        ascii_only: Annotated[bool, _ascii()] = False,
    ) -> None:
        _posix_only("replay")
        from mushka.commands.replay import replay_record

        replay_record(file, number, not no_pause, ascii_only)


def _check(command: _Register) -> None:
    """`mushka check FILE`: game records checked against the rules."""

    @command(
        "check",
        help=_(
            "Check that a game record replays under the rules, event by event. FILE is a game "
            "record (.json) or many (JSON Lines)."
        ),
        short_help=_("Check that game records replay under the rules."),
    )
    def check(
        file: Annotated[Path, typer.Argument(metavar=_("FILE"), hidden=True)],  # the help says it
        ascii_only: Annotated[bool, _ascii()] = False,
    ) -> None:
        _posix_only("check")
        from mushka.commands.check import check_records

        check_records(file, ascii_only)


def _simulate(command: _Register) -> None:
    """`mushka simulate`: many sessions of computer players, and the report."""

    @command(
        None,
        help=_("Play many sessions with computer players and report what they say about the game."),
        short_help=_("Play many sessions with computer players and report."),
    )
    def simulate(
        sessions: Annotated[
            int,
            typer.Option(
                "--sessions",
                "-n",
                parser=whole(1),
                metavar="N",
                help=_("How many sessions to play."),
            ),
        ] = 100,
        seed: Annotated[
            int,
            typer.Option(
                "--seed",
                parser=whole(digits=1000),
                metavar="N",
                help=_("Master seed: the same seed gives the same run."),
            ),
        ] = 0,
        record: Annotated[
            Path | None,
            typer.Option(
                "--record",
                metavar=_("FILE"),
                help=_("Write every session's record to FILE (JSON Lines)."),
            ),
        ] = None,
        bot: Annotated[
            list[str] | None,
            typer.Option(
                "--bot",
                metavar=_("STRATEGY"),
                help=_("{choices} for every seat; or give it four times, one per seat.").format(
                    choices=_strategies()
                ),
            ),
        ] = None,
        jobs: Annotated[
            int,
            typer.Option(
                "--jobs",
                "-j",
                parser=whole(0),
                metavar="N",
                help=_("Worker processes; 0 uses every core. Results do not depend on it."),
            ),
        ] = 1,
        json_output: Annotated[
            bool, typer.Option("--json", help=_("Print the report as JSON."))
        ] = False,
        compare: Annotated[
            str | None,
            typer.Option(
                "--compare",
                metavar=_("S1,S2[,...]"),
                help=_(
                    "Compare strategies, e.g. strong,basic,random: each against three of each "
                    "other, in every seat over the same deals (-n sessions per pairing); a table "
                    "with {level} intervals."
                ).format(level="95%"),  # a literal "% i" would read as a placeholder
            ),
        ] = None,
        stake: Annotated[
            str,
            typer.Option(
                "--stake",
                metavar=_("KOP[,KOP...]"),
                help=_(
                    "Kopecks each player antes per deal; a list such as 5,10,15,25 compares them."
                ),
            ),
        ] = str(defaults.STAKE),
        remise: Annotated[int, _remise()] = defaults.REMISE,
        prices: Annotated[str, _prices()] = defaults.PRICES_TYPED,
        deals: Annotated[int, _deals()] = defaults.DEALS,
        exchange: Annotated[str, _exchange()] = defaults.EXCHANGE,
        ascii_only: Annotated[bool, _ascii()] = False,
    ) -> None:
        _posix_only("simulate")
        from mushka.commands.house import HouseOptions
        from mushka.commands.simulate import SimulateOptions, simulate_sessions

        simulate_sessions(
            SimulateOptions(
                sessions=sessions,
                seed=seed,
                record=record,
                bot=bot or [],
                jobs=jobs,
                json_output=json_output,
                stakes=stake,
                house=HouseOptions(remise=remise, prices=prices, deals=deals, exchange=exchange),
                ascii_only=ascii_only,
                compare=compare,
            )
        )


def main() -> None:
    """The `mushka` program: the language first (the help is built in it), then the command."""
    for stream in (sys.stdout, sys.stderr):  # a file name or a message no console may crash on
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")
    asked = language_asked(sys.argv[1:])
    try:
        chosen = choose_language(asked)
    except LanguageError:
        use_language(choose_language())  # refused in the language the environment asks for
        print(
            shown(f"mushka --lang: {_unknown_language(asked or '')}", sys.stderr), file=sys.stderr
        )
        sys.exit(2)
    use_language(chosen)
    build_app()()
