"""House rules (R13): stake, remise, suit prices, number of deals and exchange variant."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from mushka import defaults
from mushka.cards import SUITS, Suit
from mushka.errors import HouseRuleError, short_repr
from mushka.wording import Wording

MAX_AMOUNT = 100_000
MAX_DEALS = 1_000


class Exchange(StrEnum):
    """Which exchange rule applies after the deal (R10, R11)."""

    MODERN = "modern"
    OLD = "old"
    OFF = "off"


def _name(setting: str) -> Wording:
    """How a message names a setting (its English key is also the English name)."""
    if setting == "stake":
        return Wording("stake")
    if setting == "remise":
        return Wording("remise")
    if setting == "deals":
        return Wording("deals")
    if setting == "prices":
        return Wording("prices")
    if setting == "exchange":
        return Wording("exchange")
    return Wording("rules")


def _price_name(suit: Suit) -> Wording:
    return Wording("price of {suit}", suit=suit)


def _whole(setting: str, value: object, low: int, high: int, name: Wording | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise HouseRuleError(
            setting,
            Wording(
                "must be a whole number from {low} to {high}, not {value}",
                low=low,
                high=high,
                value=short_repr(value),
            ),
            name or _name(setting),
        )
    if not low <= value <= high:
        raise HouseRuleError(
            setting,
            Wording("must be from {low} to {high}, not {value}", low=low, high=high, value=value),
            name or _name(setting),
        )
    return value


_EXCHANGE: Final = Exchange(defaults.EXCHANGE)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The agreed settings of a session; validated on construction (defaults per R13)."""

    stake: int = defaults.STAKE
    remise: int = defaults.REMISE
    prices: tuple[int, int, int, int] = defaults.PRICES
    deals: int = defaults.DEALS
    exchange: Exchange = _EXCHANGE

    def __post_init__(self) -> None:
        _whole("stake", self.stake, 0, MAX_AMOUNT)
        _whole("remise", self.remise, 0, MAX_AMOUNT)
        _whole("deals", self.deals, 1, MAX_DEALS)
        prices = self.prices
        if not isinstance(prices, tuple) or len(prices) != 4:
            raise HouseRuleError(
                "prices",
                Wording(
                    "need four prices, for hearts, clubs, diamonds, spades; got {value}",
                    value=short_repr(prices),
                ),
                _name("prices"),
            )
        for suit, price in zip(SUITS, prices, strict=True):
            _whole(f"price of {suit.noun}", price, 0, MAX_AMOUNT, _price_name(suit))
        try:
            object.__setattr__(self, "exchange", Exchange(self.exchange))
        except ValueError:
            raise HouseRuleError(
                "exchange",
                Wording(
                    "must be one of modern, old, off, not {value}", value=short_repr(self.exchange)
                ),
                _name("exchange"),
            ) from None

    def to_json(self) -> dict[str, Any]:
        return {
            "stake": self.stake,
            "remise": self.remise,
            "prices": {s.code: p for s, p in zip(SUITS, self.prices, strict=True)},
            "deals": self.deals,
            "exchange": self.exchange.value,
        }

    @classmethod
    def from_json(cls, data: object) -> HouseRules:
        """The settings from their record form; missing ones take their defaults, and unknown
        extra keys are ignored (as everywhere in the record, for readers of later versions)."""
        if not isinstance(data, dict):
            raise HouseRuleError(
                "rules",
                Wording("must be an object, not {value}", value=short_repr(data)),
                _name("rules"),
            )
        default = HouseRules()
        prices = data.get("prices", default.to_json()["prices"])
        if not isinstance(prices, dict) or not {"H", "C", "D", "S"} <= set(prices):
            raise HouseRuleError(
                "prices",
                Wording(
                    "must map each of H, C, D, S to a price, not {value}", value=short_repr(prices)
                ),
                _name("prices"),
            )
        return cls(
            stake=data.get("stake", default.stake),
            remise=data.get("remise", default.remise),
            prices=(prices["H"], prices["C"], prices["D"], prices["S"]),
            deals=data.get("deals", default.deals),
            exchange=data.get("exchange", default.exchange.value),
        )


def parse_prices(text: str) -> tuple[int, int, int, int]:
    """Read '4,3,2,1' (hearts, clubs, diamonds, spades) into a prices tuple."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 4:
        raise HouseRuleError(
            "prices",
            Wording(
                "give four whole numbers H,C,D,S such as 4,3,2,1, not {value}",
                value=short_repr(text),
            ),
            _name("prices"),
        )
    values: list[int] = []
    for suit, part in zip(SUITS, parts, strict=True):
        try:
            if not (part.isascii() and len(part) <= 12):
                raise ValueError(part)
            values.append(int(part))
        except ValueError:
            raise HouseRuleError(
                f"price of {suit.noun}",
                Wording("must be a whole number, not {value}", value=short_repr(part)),
                _price_name(suit),
            ) from None
    return (values[0], values[1], values[2], values[3])
