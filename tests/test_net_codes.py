"""Table codes: easy to read aloud, compared loosely (case, spaces, dashes) and in constant time."""

from __future__ import annotations

import hmac
import re

import pytest

from mushka.host.codes import (
    ALPHABET,
    GENERATED_BITS,
    CodeError,
    new_code,
    normalise,
    parse_code,
    same,
)


def test_a_new_code_is_three_groups_of_three_without_look_alikes() -> None:
    made = {new_code() for _ in range(200)}
    assert len(made) == 200  # random, from about 2**40
    for code in made:
        assert re.fullmatch(rf"[{ALPHABET}]{{3}}-[{ALPHABET}]{{3}}-[{ALPHABET}]{{3}}", code), code
    assert not set("0o1li5s2z8b6g9q") - set("69") & set(ALPHABET)
    assert set(ALPHABET) <= set("abcdefghijklmnopqrstuvwxyz0123456789")


def test_case_spaces_and_dashes_do_not_matter() -> None:
    assert same("K7M-P3X-W9D", "k7m-p3x-w9d")
    assert same("k7m p3x w9d", "k7m-p3x-w9d")
    assert same(" k7mp3xw9d ", "k7m-p3x-w9d")
    assert same("k7m–p3x—w9d", "k7m-p3x-w9d")  # a phone's keyboard may make dashes long
    assert not same("k7m-p3x-w9e", "k7m-p3x-w9d")
    assert not same("", "k7m-p3x-w9d")
    assert not same("k7m-p3x-w9d" * 200, "k7m-p3x-w9d")
    assert normalise("A b-C") == "abc"


def test_the_comparison_is_hmac_compare_digest_on_the_normalised_bytes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        seen.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)  # as mushka.host.codes calls it
    assert same("K7M P3X", "k7m-p3x") and not same("k7m-p3y", "k7m-p3x")
    assert seen == [(b"k7mp3x", b"k7mp3x"), (b"k7mp3y", b"k7mp3x")]


def test_a_code_chosen_by_the_host_must_be_usable() -> None:
    assert parse_code(" kettle-42-moon ") == "kettle-42-moon"
    for bad in ("", "a-b", " - - ", "x" * 65, "abc\x1bdef"):
        with pytest.raises(CodeError):
            parse_code(bad)


def test_a_code_weaker_than_a_generated_one_is_refused_saying_why() -> None:
    """A host's own --code of 4 characters was guessed through the per-address lock-out from a
    few addresses in minutes (issue 27): a chosen code must be as strong as a generated one."""
    assert 40 < GENERATED_BITS < 41  # 23 ** 9 codes
    assert parse_code("cde-fuv-wxy", chosen=False) == "cde-fuv-wxy"  # a saved code is kept
    for weak in ("abcd", "table-42", "1234567890123", "aaaaaaaaaaaaaaaa", "qwertyui"):
        with pytest.raises(CodeError) as refused:
            parse_code(weak)
        assert "easier to guess than a generated one" in str(refused.value.wording)
    for strong in ("k7m-p3x-w9d", "x9f-k2m-q7w", "ночь-кот-742", "820471936258402"):
        assert parse_code(strong) == strong
