"""Help for a seat that taps (a phone's browser): what each part of its page does, in a few
short lines from the catalogues; no key, prompt or Ctrl-C named (a terminal keeps its key help,
mushka.render.help)."""

from __future__ import annotations

from typing import Any

from mushka.host.table import TableHost
from mushka.i18n import _
from mushka.render.help import house_rules_line
from mushka.render.look import Look
from mushka.table_options import TableOptions


def tap_help(
    options: TableOptions, host: TableHost | None, seat_code: str | None
) -> dict[str, Any]:
    """The help overlay of a browser seat, in the language spoken now: a title, its lines (each
    a tap and what it does), the house rules once, and how this seat comes back."""
    lines = [
        _("Your cards are at the bottom; the ones you may play now are lit. Tap one to play it."),
        _(
            "Draw and Pass appear under your cards when you may choose them; a pass that costs "
            "a remise asks you first."
        ),
        _(
            "The exchange: tap a face-down card to take it, then tap the card you give away in "
            "its place."
        ),
        _("Scores, Cards played and Rules open over the table; Back to the table closes them."),
    ]
    if options.hints:
        lines.append(_("Coach: the coach suggests a move and says why."))
    if options.undo:
        lines.append(_("Take back: your last move, while nobody has played after it."))
    lines.append(_("Leave: you stand up; your seat waits for you."))
    come_back = _("This phone sits down again by itself, after a reload or a sleep too.")
    if seat_code:
        come_back += " " + _(
            "From another phone or computer: your name, and this seat's own code {code} in "
            "place of the table code."
        ).format(code=seat_code)
    lines.append(come_back)
    help_text: dict[str, Any] = {"title": _("How to play by taps"), "lines": lines}
    if host is not None:
        help_text["rules"] = _("House rules: {rules}").format(
            rules=house_rules_line(host.rules, Look(False), options).plain
        )
    return help_text
