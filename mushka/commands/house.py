"""The house rules as the command line gives them; a value the rules refuse is a usage error."""

from __future__ import annotations

from dataclasses import dataclass

from mushka import defaults
from mushka.commands.exits import bad_option
from mushka.errors import HouseRuleError, short_repr
from mushka.house_rules import Exchange, HouseRules, parse_prices
from mushka.i18n import _, say

_OPTION = {"stake": "--stake", "remise": "--remise", "deals": "--deals"}


@dataclass(frozen=True)
class HouseOptions:
    """The house rules as typed on the command line (R13's defaults where none was given); every
    command that seats a table takes them so, and `rules` checks them."""

    stake: int = defaults.STAKE
    remise: int = defaults.REMISE
    prices: str = defaults.PRICES_TYPED
    deals: int = defaults.DEALS
    exchange: str = defaults.EXCHANGE

    def rules(self) -> HouseRules:
        """The house rules asked for; the first value they refuse stops the command (exit 2)."""
        try:
            chosen = Exchange(self.exchange)
        except ValueError:
            bad_option(
                "--exchange",
                _("choose modern, old or off, not {value}").format(value=short_repr(self.exchange)),
            )
        try:
            return HouseRules(
                stake=self.stake,
                remise=self.remise,
                prices=parse_prices(self.prices),
                deals=self.deals,
                exchange=chosen,
            )
        except HouseRuleError as exc:
            message = say(exc)
            option = _OPTION.get(exc.setting)
            if option is None:  # a price: its suit says which one
                option = "--prices"
            else:  # the option names the setting already
                message = message.removeprefix(f"{exc.setting}: ")
            bad_option(option, message)
