"""The players' rulebook (rules.md, rules.ru.md): finding it, installed or in a checkout, and showing it."""

from __future__ import annotations

import os
import pydoc
import re
import shlex
from collections.abc import MutableMapping
from importlib import resources
from pathlib import Path
from typing import Final

from rich.console import Console
from rich.markdown import Markdown
from rich.pager import Pager

from mushka.errors import short_repr
from mushka.i18n import ENGLISH, LANGUAGES, LanguageError, gettext, language
from mushka.render.look import transliterate

RULEBOOKS: Final = {"en": "rules.md", "ru": "rules.ru.md"}


def rulebook_text(lang: str = ENGLISH) -> str:
    """The rulebook in `lang` ("en" or "ru").

    English unless asked otherwise: the caller that knows the chosen language (the command line,
    through mushka.i18n.choose_language) passes it, so the environment alone never changes what
    an existing caller gets.
    """
    name = RULEBOOKS.get(lang)
    if name is None:
        raise LanguageError(
            gettext("no rulebook in {language}: the rulebooks are in {choices}", ENGLISH).format(
                language=short_repr(lang), choices=", ".join(LANGUAGES)
            )
        )
    packaged = resources.files("mushka").joinpath(name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    # An editable install runs from the source tree, where the rulebooks sit beside the package.
    return (Path(__file__).resolve().parents[2] / name).read_text(encoding="utf-8")


# A section's heading: "## 5. The exchange after the deal", "### 4.1 Leading"; or unnumbered.
_HEADING: Final = re.compile(r"^(#{2,3}) (?:(\d+(?:\.\d+)*)\.?\s)?")


def rulebook_section(text: str, number: str | None) -> str | None:
    """The section of rulebook `text` numbered `number` ("4.1", "6"), or its opening summary
    (the first unnumbered one) for None: its heading and everything up to the next heading of
    its level or above; None if the book has no such section."""
    lines = text.splitlines()
    for start, line in enumerate(lines):
        found = _HEADING.match(line)
        if found is None or found[2] != number:
            continue
        level = len(found[1])
        end = next(
            (
                i
                for i in range(start + 1, len(lines))
                if (later := _HEADING.match(lines[i])) is not None and len(later[1]) <= level
            ),
            len(lines),
        )
        return "\n".join(lines[start:end]).strip() + "\n"
    return None


def show_rulebook(console: Console, ascii_only: bool = False, lang: str | None = None) -> None:
    """Print the rulebook in `lang` (default: the language this process speaks, which the command
    line chose at start-up): paged on a terminal, with styles only where the pager can show them."""
    text = rulebook_text(lang or language())
    document = Markdown(transliterate(text) if ascii_only else text)
    if not console.is_terminal:
        if not ascii_only:
            console.print(document)
            return
        with console.capture() as captured:  # Rich draws bullets and rules in Unicode
            console.print(document)
        console.file.write(transliterate(captured.get()))
        return
    with console.pager(pager=_Pager(ascii_only), styles=pager_shows_styles(os.environ)):
        console.print(document)


def pager_shows_styles(env: MutableMapping[str, str]) -> bool:
    """Whether the pager pydoc will run shows colours and bold rather than raw escape codes.

    `less` does with -R: it is added to LESS (set to "-R" when unset), which is what git and man
    do too. Any other pager (more, most, a user's own) gets plain text.
    """
    command = env.get("PAGER", "").strip()
    try:
        program = os.path.basename(shlex.split(command)[0]) if command else "less"
    except (ValueError, IndexError):
        return False
    if program != "less":
        return False
    options = env.get("LESS")
    if options is None:
        env["LESS"] = "-R"
    elif not any(_shows_raw(option) for option in options.split()):
        env["LESS"] = f"{options} -R"
    return True


def _shows_raw(option: str) -> bool:
    if option.startswith("--"):
        return option.lower() in ("--raw-control-chars", "--raw-control-chars=")
    return "R" in option or (option.startswith("-") and "r" in option)


class _Pager(Pager):
    """pydoc's pager (the one `less`/`$PAGER` runs), given ASCII on a console that needs it."""

    def __init__(self, ascii_only: bool) -> None:
        self.ascii_only = ascii_only

    def show(self, content: str) -> None:
        pydoc.pager(transliterate(content) if self.ascii_only else content)
