"""What `play` and `host` share: their options as typed, and the checks on them (names, computer
players and their seats, the bots' pace)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mushka.commands.exits import bad_option
from mushka.commands.house import HouseOptions
from mushka.errors import MushkaError, short_repr
from mushka.host.settings import MAX_BOT_DELAY
from mushka.i18n import _, _n, say
from mushka.names import name_problem
from mushka.players.strategies import check_strategy


@dataclass(frozen=True)
class PlayOptions:
    """Everything `mushka play` was asked for, as typed."""

    house: HouseOptions
    players: list[str]
    seed: int | None
    record: Path | None
    ascii_only: bool
    resume: bool
    bot: list[str]
    bots: int
    strategy: str
    bot_delay: float
    undo: bool
    hints: bool


def check_bot_delay(delay: float) -> None:
    """The computer players' pace: a save must read back what it was given."""
    if not 0 <= delay <= MAX_BOT_DELAY:
        bad_option(
            "--bot-delay", _("must be from 0 to {most} seconds").format(most=f"{MAX_BOT_DELAY:g}")
        )


def check_names(names: list[str]) -> list[str]:
    """The names given on the command line, trimmed; a bad or repeated one is a usage error."""
    if len(names) > 4:
        given = _n(
            "at most four players, {n} was given",
            "at most four players, {n} were given",
            len(names),
        )
        bad_option("--player", given.format(n=len(names)))
    cleaned: list[str] = []
    for name in names:
        problem = name_problem(name.strip(), cleaned)
        if problem is not None:
            bad_option("--player", say(problem))
        cleaned.append(name.strip())
    return cleaned


def check_seating(names: list[str], seats: dict[int, str]) -> None:
    """Named players sit from seat 1 on: none of them may land on a computer's seat."""
    people = 4 - len(seats)
    if len(names) > people:
        seats_left = _n("{n} seat", "{n} seats", people).format(n=people)
        named = _n(
            "{n} player was named, but the computer players leave {seats} for people",
            "{n} players were named, but the computer players leave {seats} for people",
            len(names),
        )
        bad_option("--player", named.format(n=len(names), seats=seats_left))
    for seat in range(len(names)):
        if seat in seats:
            left = _n(
                "{n} seat is left for people", "{n} seats are left for people", people
            ).format(n=people)
            bad_option(
                "--player",
                _(
                    "{name} would sit in seat {seat}, which is a computer's; {left}: "
                    "give the computers the last seats"
                ).format(name=names[seat], seat=seat + 1, left=left),
            )


def bot_seats(specs: list[str], count: int, strategy: str) -> dict[int, str]:
    """Seat → strategy from `--bot SEAT[:STRATEGY]` options and `--bots N`."""
    try:
        check_strategy(strategy)
    except MushkaError as exc:
        bad_option("--strategy", say(exc))
    seats: dict[int, str] = {}
    for spec in specs:
        seat_text, _colon, name = spec.partition(":")
        if re.fullmatch("[1-4]", seat_text.strip()) is None:  # ASCII only: int() takes "١" too
            bad_option(
                "--bot",
                _("{spec}: the seat must be a number from 1 to 4").format(spec=short_repr(spec)),
            )
        name = name.strip() or strategy
        try:
            check_strategy(name)
        except MushkaError as exc:
            bad_option("--bot", f"{short_repr(spec)}: {say(exc)}")
        seat = int(seat_text) - 1
        if seat in seats:
            bad_option("--bot", _("seat {seat} is given twice").format(seat=seat + 1))
        seats[seat] = name
    free = [s for s in (3, 2, 1, 0) if s not in seats]
    if count > len(free):
        only = _n(
            "only {n} seat is left for --bots {count}",
            "only {n} seats are left for --bots {count}",
            len(free),
        )
        bad_option("--bots", only.format(n=len(free), count=count))
    for seat in free[:count]:
        seats[seat] = strategy
    return dict(sorted(seats.items()))
