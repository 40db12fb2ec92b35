"""The names computer players take at the table when none is given."""

from __future__ import annotations

from mushka.i18n import N_, _

# A computer player's default name says its strategy (a word of the player's language that fits
# the table's 16 characters); a strategy without one here is named by its command-line word.
BOT_NAMES = {
    "random": N_("Bot {seat} (random)"),
    "basic": N_("Bot {seat} (basic)"),
    "strong": N_("Bot {seat} (strong)"),
}


def bot_name(seat: int, strategy: str) -> str:
    """The name a computer player of `strategy` takes at `seat` (0-3) when none is given."""
    template = BOT_NAMES.get(strategy)
    if template is None:
        return _("Bot {seat} ({strategy})").format(seat=seat + 1, strategy=strategy)
    return _(template).format(seat=seat + 1)
