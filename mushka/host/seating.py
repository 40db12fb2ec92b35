"""The names computer players take at the table when none is given, and every seat's name as
one viewer reads it: a computer player's own name in that viewer's language («Бот 3» at a
Russian seat of an English host), whatever language the host spoke when it sat down."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from mushka.i18n import LANGUAGES, N_, _, say, speaking

# A computer player's name says only its seat ("Bot 3"): its strength is said once, where the
# seats are listed (strategy_word), not on every tile and line of the log.
BOT_NAME = N_("Bot {seat}")
# The names the table gave its computer players before 2026-12-04 ("Bot 3 (strong)"): a saved
# game's are recognised as the table's own and read as the short name in each viewer's language.
OLD_BOT_NAMES = {
    "random": N_("Bot {seat} (random)"),
    "basic": N_("Bot {seat} (basic)"),
    "strong": N_("Bot {seat} (strong)"),
}
OLD_OTHER_BOT = N_("Bot {seat} ({strategy})")

# A strategy in the words of the table's language; "(strategy)" only tells the catalogue which
# "random" this is, as "m (key)" does for a key (present/keys.py). One without a word here is
# shown by its command-line name.
STRATEGY_WORDS = {
    "random": N_("random (strategy)"),
    "basic": N_("basic (strategy)"),
    "strong": N_("strong (strategy)"),
}


def bot_name(seat: int, strategy: str = "") -> str:
    """The name a computer player takes at `seat` (0-3) when none is given, in the language
    spoken now (`strategy` is not in it: see `strategy_word`)."""
    del strategy  # said once in the seat list, not in the name
    return _(BOT_NAME).format(seat=seat + 1)


def strategy_word(strategy: str) -> str:
    """`strategy` in the language spoken now: «наугад», «простой», «сильный» in Russian."""
    word = STRATEGY_WORDS.get(strategy)
    return _(word).removesuffix(" (strategy)") if word is not None else strategy


@cache
def _defaults(seat: int, strategy: str) -> frozenset[str]:
    """Every name the table itself gives (or gave) a computer player of `strategy` at `seat`,
    in every language it speaks."""
    names: set[str] = set()
    for lang in LANGUAGES:
        with speaking(lang):
            names.add(bot_name(seat))
            old = OLD_BOT_NAMES.get(strategy)
            if old is not None:
                names.add(say(old).format(seat=seat + 1))
            else:
                names.add(say(OLD_OTHER_BOT).format(seat=seat + 1, strategy=strategy))
    return frozenset(names)


def is_bot_name(name: str, seat: int, strategy: str) -> bool:
    """Whether `name` is one the table gives a computer player (not one a person typed)."""
    return name in _defaults(seat, strategy)


def seat_name(seat: int, name: str, strategy: str | None) -> str:
    """`name` of `seat` as a viewer reads it in the language spoken now: a computer player's own
    name in that language; every other name as it was given."""
    if strategy is not None and is_bot_name(name, seat, strategy):
        return bot_name(seat)
    return name


def seat_names(players: Sequence[str], bots: Mapping[int, str]) -> tuple[str, ...]:
    """Every seat's name as a viewer reads it in the language spoken now (`bots`: each
    computer player's seat and strategy); see `seat_name`."""
    return tuple(seat_name(seat, name, bots.get(seat)) for seat, name in enumerate(players))


def taken_names(seat: int, strategy: str) -> frozenset[str]:
    """The names a person may not take beside a computer player at `seat`: its own in every
    language (a Russian seat would read «Бот 3» twice)."""
    return _defaults(seat, strategy)


class StrategyWord:
    """A strategy as a message's value, spelled in each reader's language."""

    __slots__ = ("strategy",)

    def __init__(self, strategy: str) -> None:
        self.strategy = strategy

    def spelled(self, lang: str) -> str:
        with speaking(lang):
            return strategy_word(self.strategy)

    def __str__(self) -> str:
        return self.spelled("en")


class SeatName:
    """A seat's name as a message's value (the news, the log), spelled as each reader reads it:
    a computer player's own name in the reader's language (see `seat_name`)."""

    __slots__ = ("name", "seat", "strategy")

    def __init__(self, seat: int, name: str, strategy: str | None) -> None:
        self.seat, self.name, self.strategy = seat, name, strategy

    def spelled(self, lang: str) -> str:
        with speaking(lang):
            return seat_name(self.seat, self.name, self.strategy)

    def __str__(self) -> str:
        return self.spelled("en")
