"""The house rules from command-line values; a value the rules refuse is a usage error."""

from __future__ import annotations

from mushka.errors import HouseRuleError, short_repr
from mushka.house_rules import Exchange, HouseRules, parse_prices
from mushka.i18n import _, say
from mushka.tui.commands.exits import bad_option

_OPTION = {"stake": "--stake", "remise": "--remise", "deals": "--deals"}


def house_rules(stake: int, remise: int, prices: str, deals: int, exchange: str) -> HouseRules:
    """The house rules the options ask for; the first value they refuse stops the command."""
    try:
        chosen = Exchange(exchange)
    except ValueError:
        bad_option(
            "--exchange",
            _("choose modern, old or off, not {value}").format(value=short_repr(exchange)),
        )
    try:
        return HouseRules(
            stake=stake, remise=remise, prices=parse_prices(prices), deals=deals, exchange=chosen
        )
    except HouseRuleError as exc:
        message = say(exc)
        option = _OPTION.get(exc.setting)
        if option is None:  # a price: its suit says which one
            option = "--prices"
        else:  # the option names the setting already
            message = message.removeprefix(f"{exc.setting}: ")
        bad_option(option, message)
