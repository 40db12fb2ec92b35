"""The `mushka` command line: options parsed and checked for form, then each command's module runs.

The language comes first: `main` reads `--lang` (else MUSHKA_LANG, else the locale) from the
arguments before anything else, because the help is written into the command tree as it is
built; `build_app` then builds the tree in that language.

Start-up stays light: nothing here imports Rich, the engine, the computer players or the study;
each command imports its own module when it runs. (No `from __future__ import annotations`:
typer would then evaluate every annotation string again while building the command tree.)
"""

import contextlib
import io
import sys

import typer

from mushka.cli.help import shown
from mushka.cli.options import language_asked, unknown_language_words
from mushka.cli.tree import command_tree
from mushka.i18n import LanguageError, choose_language, language, use_language

# The command tree in each language asked for, built once.
_APPS: dict[str, typer.Typer] = {}


def build_app() -> typer.Typer:
    """The command tree with its help in the process language (one tree per language, kept)."""
    built = _APPS.get(language())
    if built is None:
        built = _APPS[language()] = command_tree()
    return built


def __getattr__(name: str) -> typer.Typer:
    """`mushka.cli.app`: the tree in the process language, as tests and embedders call it."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
            shown(f"mushka --lang: {unknown_language_words(asked or '')}", sys.stderr),
            file=sys.stderr,
        )
        sys.exit(2)
    use_language(chosen)
    build_app()()
