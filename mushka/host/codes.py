"""Table codes: a fresh random one that is easy to read aloud, and comparing one in constant time;
the QR's join token and the address that carries it."""

from __future__ import annotations

import hmac
import itertools
import math
import re
import secrets
import string
from typing import Final

from mushka.errors import MushkaError
from mushka.wording import Wording

# Lower-case letters and digits that cannot be taken for one another when read off a screen or
# heard: no 0/o, 1/l/i, 5/s, 2/z, 8/b, 6/b, 9/g/q. Typed in any case; compared lower-cased.
ALPHABET: Final = "acdefhjkmnprtuvwxy34679"
GROUPS: Final = 3
GROUP_LENGTH: Final = 3  # 23**9, about 2**40 codes: at 5 guesses a minute per address, plenty
MIN_CHARS: Final = 4  # a code given with --code: shorter than this is guessed by hand
# A code chosen with --code must be at least as hard to guess as a generated one (about 40.7
# bits): a weaker one, tried from a few addresses at once, gets through the lock-out in hours.
GENERATED_BITS: Final = GROUPS * GROUP_LENGTH * math.log2(len(ALPHABET))
MAX_CHARS: Final = 64
MAX_ATTEMPT_CHARS: Final = 1024  # a password longer than this is wrong without being looked at
# What the comparison ignores: case, spaces and any kind of dash (a phone's keyboard may turn
# "-" into "–" or add a space after it).
_IGNORED: Final = re.compile(r"[\s\-\u2010-\u2015\u2212_]+")
# The join token is written in the QR's alphanumeric mode (digits and capitals): "HTTP://" + an
# IPv4 address + ":65535/" + 18 of them is 47 characters, all a version 2 code holds at level L,
# so the code is 25 modules (33 with its quiet zone: 17 lines of half blocks). 36**18 is about
# 2**93: nobody guesses it through the lock-out.
JOIN_ALPHABET: Final = string.digits + string.ascii_uppercase
JOIN_LENGTH: Final = 18
JOIN_PATH: Final = re.compile(rf"/[{JOIN_ALPHABET}]{{{JOIN_LENGTH}}}")


class CodeError(MushkaError):
    """A table code given by the host that cannot be used."""


def new_code() -> str:
    """A fresh random code like 'k7m-p3x-w9d', from the `secrets` generator."""
    return "-".join(
        "".join(secrets.choice(ALPHABET) for _ in range(GROUP_LENGTH)) for _ in range(GROUPS)
    )


def new_join_token() -> str:
    """A fresh random join token for the QR, from the `secrets` generator."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


def join_url(url: str, token: str) -> str:
    """The address the QR carries: the page's `url` ("http://host:port/") with the join token as
    its path, in capitals (a scheme and a host are read in any case; the alphanumeric mode has no
    small letters and no "#", so the token cannot ride in the fragment)."""
    return f"{url}{token}".upper()


def normalise(code: str) -> str:
    """`code` as compared: lower case, without spaces or dashes."""
    return _IGNORED.sub("", code).lower()


def parse_code(text: str, chosen: bool = True) -> str:
    """A code chosen by the host (as given with --code), or CodeError saying what is wrong; one
    not `chosen` now (kept in a save) is not held to today's strength."""
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
    if chosen and strength(plain) < GENERATED_BITS:
        raise CodeError(
            Wording(
                "this table code is easier to guess than a generated one (about {bits} bits "
                "against {need}): a few addresses could find it through the lock-out; use at "
                "least 8 random letters and digits, or leave out --code for a generated code",
                bits=round(strength(plain)),
                need=round(GENERATED_BITS),
            )
        )
    return text.strip()


def strength(plain: str) -> float:
    """About how many bits of guessing a code (normalised) takes, counted as a guesser would:
    each character worth the classes it may come from (digits, Latin letters, other letters,
    punctuation), and nothing for one that goes on a run of three ("aaa", "123", "cba")."""
    pool = 0
    if any(c in string.digits for c in plain):
        pool += 10
    if any(c in string.ascii_lowercase for c in plain):
        pool += 26
    if any(c.isalpha() and not c.isascii() for c in plain):
        pool += 33  # another alphabet (Cyrillic has 33 letters)
    if any(not c.isalnum() for c in plain):
        pool += 32
    steps = [ord(c) - ord(before) for before, c in itertools.pairwise(plain)]
    runs = sum(1 for i in range(1, len(steps)) if steps[i] == steps[i - 1] and abs(steps[i]) <= 1)
    counted = len(plain) - runs
    return counted * math.log2(max(pool, 2))


def same(attempt: str, code: str) -> bool:
    """Whether `attempt` is `code`, ignoring case, spaces and dashes, in constant time.

    Only the lengths can be told apart by timing, and a code's length is no secret.
    """
    if len(attempt) > MAX_ATTEMPT_CHARS:
        return False
    return hmac.compare_digest(normalise(attempt).encode(), normalise(code).encode())
