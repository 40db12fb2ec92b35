"""The names of the computer players' strategies, and the one check of a strategy name."""

from __future__ import annotations

from typing import Final

from mushka.defaults import STRATEGIES
from mushka.errors import MushkaError, short_repr
from mushka.wording import Wording

STRATEGY_NAMES: Final = STRATEGIES


class UnknownStrategyError(MushkaError):
    """A computer player's strategy that no computer player has."""


def check_strategy(name: object) -> str:
    """`name` if it names a strategy; else UnknownStrategyError says which names there are."""
    if not isinstance(name, str) or name not in STRATEGY_NAMES:
        raise UnknownStrategyError(
            Wording(
                "unknown strategy {name}: choose from {choices}",
                name=short_repr(name),
                choices=", ".join(STRATEGY_NAMES),
            )
        )
    return name
