"""The house rules in words and the help screen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import (
    Console,
    ConsoleOptions,
    Group,
    RenderableType,
    RenderResult,
)
from rich.table import Table
from rich.text import Text

from mushka.cards import SUITS
from mushka.house_rules import Exchange, HouseRules
from mushka.i18n import N_, _, _n
from mushka.present.journal import EXCHANGES
from mushka.present.keys import (
    HELP_END,
    HELP_INTRO,
    NETWORK_END,
    UNSAVED_END,
    help_rows,
)
from mushka.render.fitting import Joined
from mushka.render.look import Look
from mushka.table_options import TableOptions

NO_OPTIONS = TableOptions()


def exchange_name(exchange: Exchange) -> str:
    """'modern exchange', 'old exchange' or 'no exchange', in the process language."""
    return _(EXCHANGES[exchange]) if exchange in EXCHANGES else _("no exchange")


# ---------------------------------------------------------------- house rules and help


def house_rules_parts(
    rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS
) -> list[Text]:
    """The agreed house rules, each a part: stake, remise, suit prices (kop), deals, exchange,
    and the table's undo and hints settings when they are on."""
    prices = Text()
    for i, (suit, price) in enumerate(zip(SUITS, rules.prices, strict=True)):
        if i:
            prices.append(" ")
        prices.append_text(look.suit(suit)).append(str(price))
    parts = [
        Text(_("stake {stake}").format(stake=rules.stake)),
        Text(_("remise {remise}").format(remise=rules.remise)),
        prices,
        Text(_n("{n} deal", "{n} deals", rules.deals).format(n=rules.deals)),
        Text(exchange_name(rules.exchange)),
    ]
    for setting, on in ((N_("undo on"), options.undo), (N_("hints on"), options.hints)):
        if on:  # a setting that is off goes without saying
            parts.append(Text(_(setting)))
    return parts


def house_rules_line(rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS) -> Text:
    """The house rules in one line (see house_rules_parts)."""
    return Text(f" {look.dot} ").join(house_rules_parts(rules, look, options))


class _HouseRulesLines:
    """'House rules: …' on one line where it fits, else the rules on lines of their own, each
    line broken between two rules, never inside one, and the lines filled evenly."""

    def __init__(self, parts: Sequence[Text], look: Look) -> None:
        self.parts, self.look = parts, look

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = Text(_("House rules:"), style="bold")
        rules = Joined(self.parts, f" {self.look.dot} ", balanced=True).lines(options.max_width)
        if len(rules) == 1 and title.cell_len + 1 + rules[0].cell_len <= options.max_width:
            yield Text.assemble(title, " ", rules[0])
        else:
            yield title
            yield from rules


def house_rules_panel(
    rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS
) -> RenderableType:
    """The house rules as a game's opening shows them (and the `?` help repeats them)."""
    return _HouseRulesLines(house_rules_parts(rules, look, options), look)


def help_screen(
    rules: HouseRules, look: Look, options: TableOptions = NO_OPTIONS, network: bool = False
) -> Group:
    """The `?` help: what to type (`h` and `u` where the table allows them), each key's words
    wrapping under themselves, then the house rules this table agreed on; `network` for a seat
    of a network table (whose q is its own)."""
    keys = Table.grid(padding=(0, 0, 0, 2), pad_edge=True)
    keys.add_column(no_wrap=True)
    keys.add_column()
    for key, what in help_rows(options, network):
        keys.add_row(look.text(key), look.text(what))
    return Group(
        Text(look.text(_(HELP_INTRO))),
        keys,
        Text(look.text(_(NETWORK_END if network else HELP_END if options.saved else UNSAVED_END))),
        Text(""),
        house_rules_panel(rules, look, options),
        Text(""),
    )
