"""Table codes: a fresh random one that is easy to read aloud, and comparing one in constant time."""

from __future__ import annotations

import hmac
import re
import secrets
from typing import Final

from mushka.errors import MushkaError
from mushka.wording import Wording

# Lower-case letters and digits that cannot be taken for one another when read off a screen or
# heard: no 0/o, 1/l/i, 5/s, 2/z, 8/b, 6/b, 9/g/q. Typed in any case; compared lower-cased.
ALPHABET: Final = "acdefhjkmnprtuvwxy34679"
GROUPS: Final = 3
GROUP_LENGTH: Final = 3  # 23**9, about 2**40 codes: at 5 guesses a minute per address, plenty
MIN_CHARS: Final = 4  # a code given with --code: shorter than this is guessed by hand
MAX_CHARS: Final = 64
MAX_ATTEMPT_CHARS: Final = 1024  # a password longer than this is wrong without being looked at
# What the comparison ignores: case, spaces and any kind of dash (a phone's keyboard may turn
# "-" into "–" or add a space after it).
_IGNORED: Final = re.compile(r"[\s\-\u2010-\u2015\u2212_]+")


class CodeError(MushkaError):
    """A table code given by the host that cannot be used."""


def new_code() -> str:
    """A fresh random code like 'k7m-p3x-w9d', from the `secrets` generator."""
    return "-".join(
        "".join(secrets.choice(ALPHABET) for _ in range(GROUP_LENGTH)) for _ in range(GROUPS)
    )


def normalise(code: str) -> str:
    """`code` as compared: lower case, without spaces or dashes."""
    return _IGNORED.sub("", code).lower()


def parse_code(text: str) -> str:
    """A code chosen by the host (as given with --code), or CodeError saying what is wrong."""
    plain = normalise(text)
    if len(plain) < MIN_CHARS:
        raise CodeError(
            Wording(
                "a table code needs at least {n} letters or digits besides spaces and dashes",
                n=MIN_CHARS,
            )
        )
    if len(plain) > MAX_CHARS:
        raise CodeError(Wording("a table code has at most {n} characters", n=MAX_CHARS))
    if not plain.isprintable():
        raise CodeError(Wording("a table code is made of letters, digits, spaces and dashes"))
    return text.strip()


def same(attempt: str, code: str) -> bool:
    """Whether `attempt` is `code`, ignoring case, spaces and dashes, in constant time.

    Only the lengths can be told apart by timing, and a code's length is no secret.
    """
    if len(attempt) > MAX_ATTEMPT_CHARS:
        return False
    return hmac.compare_digest(normalise(attempt).encode(), normalise(code).encode())
