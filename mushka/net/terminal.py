"""What a client's terminal is, from what its SSH client said: size, TERM, locale, colours, ♥."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

from mushka.i18n import choose_language

DEFAULT_SIZE: Final = (80, 24)  # a client that says 0 (unknown)
MAX_WIDTH: Final = 500  # a terminal claiming more is drawn for this many columns
MAX_HEIGHT: Final = 200
MAX_TERM_CHARS: Final = 64
MAX_VALUE_BYTES: Final = 64  # a locale name is about 20

# The only variables a client's `env` requests may set; everything else it sends is dropped on
# arrival (a client may send thousands). LC_CTYPE says the charset, the rest the language,
# NO_COLOR and COLORTERM the colours (Debian's ssh_config sends all of them).
ACCEPTED: Final = ("LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "NO_COLOR", "COLORTERM")
_ACCEPTED_BYTES: Final = frozenset(name.encode() for name in ACCEPTED)
LOCALES: Final = ("LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE")

_LOCALE: Final = re.compile(
    r"[A-Za-z]{1,8}(?:_[A-Za-z0-9]{1,8})?(?:\.[A-Za-z0-9_-]{1,16})?(?:@[A-Za-z0-9]{1,16})?"
)
_TERM: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*")
_COLORTERM: Final = re.compile(r"[A-Za-z0-9-]{1,16}")
UTF8: Final = ("utf-8", "utf8")


class ChosenEnvironment(dict[bytes, bytes]):
    """The environment a session channel keeps: only the ACCEPTED variables, with short values.

    It stands in for the channel's own dict, so that a client's ten thousand `env` requests cost
    no memory: each is dropped as it arrives.
    """

    def __init__(self, items: Iterable[tuple[bytes, bytes]] = ()) -> None:
        super().__init__()
        for key, value in items:
            self[key] = value

    def __setitem__(self, key: bytes, value: bytes) -> None:
        if key in _ACCEPTED_BYTES and len(value) <= MAX_VALUE_BYTES:
            super().__setitem__(key, value)


def client_environment(raw: Mapping[bytes, bytes]) -> dict[str, str]:
    """The accepted variables whose values look like what they should be (a locale name, ...)."""
    env: dict[str, str] = {}
    for name in ACCEPTED:
        value = raw.get(name.encode())
        if value is None or len(value) > MAX_VALUE_BYTES:
            continue
        try:
            text = value.decode("ascii")
        except UnicodeDecodeError:
            continue
        if name in LOCALES:
            ok = text in ("C", "POSIX") or _LOCALE.fullmatch(text) is not None
        elif name == "COLORTERM":
            ok = _COLORTERM.fullmatch(text) is not None
        else:
            ok = text.isprintable()
        if ok:
            env[name] = text
    return env


def terminal_type(raw: str) -> str:
    """TERM as the client sent it, or "" when it was missing or not a terminal's name."""
    return raw if len(raw) <= MAX_TERM_CHARS and _TERM.fullmatch(raw) else ""


def terminal_size(width: int, height: int) -> tuple[int, int]:
    """The size to draw for: what the client says, within bounds; 80×24 where it says 0."""
    width = width or DEFAULT_SIZE[0]
    height = height or DEFAULT_SIZE[1]
    return min(width, MAX_WIDTH), min(height, MAX_HEIGHT)


def language(env: Mapping[str, str], default: str) -> str:
    """The language to speak to this client: its locale's (Russian or English), else `default`.
    The POSIX locale (C, C.UTF-8, POSIX), which phone apps and many servers send for none in
    particular, is no preference: the host's language."""
    chosen = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    if chosen.split(".")[0].split("@")[0] in ("", "C", "POSIX"):
        return default
    return choose_language(env=env)  # env holds no MUSHKA_LANG: only the locale decides


def character_locale(env: Mapping[str, str]) -> str:
    """The locale that decides the charset, in POSIX order: LC_ALL, LC_CTYPE, LANG."""
    return next((env[name] for name in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(name)), "")


def ascii_only(env: Mapping[str, str]) -> bool:
    """Whether to draw in ASCII: the client's charset is not UTF-8 (a C or POSIX locale, or one
    naming another charset, or none). A client that sends no locale at all (Windows' ssh, most
    phone apps) is taken to show UTF-8, as every current terminal does."""
    locale = character_locale(env)
    if not locale:
        return False
    charset = locale.split("@", 1)[0].partition(".")[2]
    return charset.lower() not in UTF8


def color_system(term: str, env: Mapping[str, str]) -> str | None:
    """The colours to draw with, named as Rich names them: None (no colour), "standard" (16),
    "256" or "truecolor"."""
    if "NO_COLOR" in env and env["NO_COLOR"] != "":
        return None
    if not term or term == "dumb":
        return None
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit") or term.endswith("-direct"):
        return "truecolor"
    if "256color" in term:
        return "256"
    return "standard"
