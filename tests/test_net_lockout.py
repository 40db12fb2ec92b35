"""Wrong codes from one address: five in a row lock it out for a minute (with an injected clock)."""

from __future__ import annotations

from mushka.host import lockout
from mushka.host.lockout import Lockout


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_five_wrong_codes_lock_an_address_out_for_a_minute() -> None:
    clock = Clock()
    book = Lockout(clock=clock)
    for _ in range(4):
        book.wrong("10.0.0.7")
        assert not book.locked("10.0.0.7")
    book.wrong("10.0.0.7")
    assert book.locked("10.0.0.7") and not book.locked("10.0.0.8")
    clock.now += 59.9
    assert book.locked("10.0.0.7")
    clock.now += 0.2
    assert not book.locked("10.0.0.7")
    book.wrong("10.0.0.7")  # the count started again
    assert not book.locked("10.0.0.7")


def test_the_right_code_starts_the_count_again() -> None:
    book = Lockout(clock=Clock())
    for _ in range(4):
        book.wrong("a")
    book.right("a")
    for _ in range(4):
        book.wrong("a")
    assert not book.locked("a")


def test_the_book_of_addresses_stays_small() -> None:
    book = Lockout(clock=Clock())
    for n in range(lockout.MAX_ADDRESSES + 500):
        book.wrong(f"address {n}")
    assert len(book._wrong) <= lockout.MAX_ADDRESSES
