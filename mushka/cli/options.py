"""The options the commands share and the values they take, each checked for form."""

import importlib
import inspect
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer
from typer._click.exceptions import BadParameter

from mushka import __version__, defaults
from mushka.cli.help import quoted, shown
from mushka.i18n import (
    LanguageError,
    _,
    choose_language,
    say,
    unknown_language,
)

# ---------------------------------------------------------------- values checked for form


def whole(low: int | None = None, high: int | None = None, digits: int = 9) -> Callable[[str], int]:
    """A parser of a whole number in ASCII digits (int() takes "١" and "²" too) within bounds."""

    def parse(text: str | int) -> int:
        if isinstance(text, int):  # a default value
            return text
        if not re.fullmatch(f"[+-]?[0-9]{{1,{digits}}}", text.strip()):
            raise BadParameter(_("give a whole number, not {text}").format(text=quoted(text)))
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
    """A number of seconds such as 0, 1 or 0.5 (or 0,5: the help writes a Russian default so)."""
    if isinstance(text, float | int):  # a default value
        return float(text)
    if not re.fullmatch(r"[0-9]{1,4}([.,][0-9]{1,6})?", text.strip()):
        raise BadParameter(
            _("give a number of seconds such as 0.5, not {text}").format(text=quoted(text))
        )
    return float(text.replace(",", "."))


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"mushka {__version__}")
        raise typer.Exit()


# What play and resume need to lock the save (fcntl) and steer the terminal (termios); every other
# command that reads or writes mushka's files goes through the module that locks them. Linux, macOS
# and WSL have both; a native Windows Python has neither.
_POSIX_MODULES = ("fcntl", "termios")


def posix_only(command: str) -> None:
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


def unknown_language_words(value: str) -> str:
    return say(unknown_language(value))


def language_option(value: str | None) -> str | None:
    """--lang as the tree sees it: `main` has already spoken it (before the help was built)."""
    if value is not None:
        try:
            choose_language(value)
        except LanguageError:
            raise BadParameter(unknown_language_words(value)) from None
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


def strategy_names() -> str:
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


def host_options() -> list[inspect.Parameter]:
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
        option(
            "teach",
            bool,
            False,
            help=_(
                "Teach every person at the table: each seat is explained every rule the first "
                "time it comes up there, and the coach speaks at its first few decisions, as in "
                "mushka learn."
            ),
        ),
        option(
            "sit",
            str | None,
            None,
            metavar=_("NAME"),
            help=_(
                "Sit at the table yourself, at this terminal, by this name: Tab turns from your "
                "hand to the public screen and back."
            ),
        ),
    ]


def with_options(
    function: Callable[..., None], like: Callable[..., None], more: list[inspect.Parameter]
) -> None:
    """Give `function` the parameters (typer's options) of `like`, and `more`."""
    own = [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
        for p in inspect.signature(like).parameters.values()
    ]
    function.__signature__ = inspect.Signature([*own, *more])  # type: ignore[attr-defined]
    function.__annotations__ = {p.name: p.annotation for p in [*own, *more]} | {"return": None}


def ascii_option() -> Any:
    return typer.Option("--ascii", help=_("Letters for suits and ASCII borders, for any console."))


def _money(option: str, text: str) -> Any:
    return typer.Option(option, parser=whole(), metavar=_("KOP"), help=text)


def stake_option() -> Any:
    return _money(
        "--stake",
        _(
            "Kopecks each player pays into the kitty at the start of every deal "
            "(the previous deal's first out is spared)."
        ),
    )


def remise_option() -> Any:
    return _money(
        "--remise",
        _("Kopecks paid into the kitty for a revoke, and by a player left without a trick."),
    )


def prices_option() -> Any:
    return typer.Option(
        "--prices",
        metavar=_("H,C,D,S"),
        help=_(
            "What a trick pays in hearts, clubs, diamonds and spades; "
            "doubled when the mushka takes it."
        ),
    )


def deals_option() -> Any:
    return typer.Option(
        "--deals",
        parser=whole(),
        metavar="N",
        help=_("Deals in the session; the first out of the last deal takes the kitty."),
    )


def exchange_option() -> Any:
    return typer.Option(
        "--exchange",
        metavar="modern|old|off",
        help=_(
            "A hand dealt 3+ cards of a suit exchanges them: each other player takes one "
            "blind (modern), the right-hand neighbour picks two (old), or no exchange (off)."
        ),
    )


class Register(Protocol):
    """How a command's function adds itself to the tree: `app.command` with our help classes."""

    def __call__(
        self, name: str | None, help: str, short_help: str | None = None
    ) -> Callable[[Callable[..., None]], Callable[..., None]]: ...
