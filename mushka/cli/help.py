"""The words of the command line: help written in the process language, rewrapped to the
console and spelled for it, and one line for a usage error."""

import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import typer
from typer._click.core import Command
from typer._click.exceptions import BadParameter, ClickException, NoArgsIsHelpError
from typer._click.formatting import HelpFormatter
from typer.core import TyperCommand, TyperGroup

from mushka.i18n import (
    ENGLISH,
    N_,
    _,
    language,
    number,
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
    """An option's help with click's English notes ("[default: 4]") in the process language, a
    decimal default as that language writes it ("0,8" in Russian)."""
    if text == "Show this message and exit.":
        return _("Show this message and exit.")
    return re.sub(
        r"\[default: (.*)\]$",
        lambda m: "[" + _("default: {default}").format(default=_decimal(m[1])) + "]",
        text,
    )


def _decimal(default: str) -> str:
    """A default such as 0.8 in the process language's notation; any other default as it is."""
    return number(float(default)) if re.fullmatch(r"[0-9]+\.[0-9]+", default) else default


class MushkaGroup(_Words, TyperGroup):
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


class MushkaCommand(_Words, TyperCommand):
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


def _cut(message: str, limit: int = 300) -> str:
    """A message cut to `limit` characters: an error never echoes a megabyte of input."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def quoted(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:39] + "…")
