"""Table codes: easy to read aloud, compared loosely (case, spaces, dashes) and in constant time."""

from __future__ import annotations

import hmac
import re

import pytest

from mushka.net.codes import ALPHABET, CodeError, new_code, normalise, parse_code, same


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

    monkeypatch.setattr(hmac, "compare_digest", spy)  # as mushka.net.codes calls it
    assert same("K7M P3X", "k7m-p3x") and not same("k7m-p3y", "k7m-p3x")
    assert seen == [(b"k7mp3x", b"k7mp3x"), (b"k7mp3y", b"k7mp3x")]


def test_a_code_chosen_by_the_host_must_be_usable() -> None:
    assert parse_code(" table-42 ") == "table-42"
    for bad in ("", "a-b", " - - ", "x" * 65, "abc\x1bdef"):
        with pytest.raises(CodeError):
            parse_code(bad)
