"""The yes-or-no questions a seat is asked, as a typed front end words them."""

from __future__ import annotations

from typing import assert_never

from mushka.host.offer import Ask, Question, TableKind
from mushka.i18n import _, card_label, kopecks, language, suit_noun


def question_line(
    question: Question, kind: TableKind, short: bool, ascii_only: bool, saved: bool = True
) -> str:
    """The question at the prompt, with its [y/N]; `short` for a screen under 80 columns;
    `saved`: whether the table keeps its game (a lesson keeps none: q leaves it)."""
    match question.ask:
        case Ask.PASS:
            if short or not question.held:
                return _("Pass for a remise? [y/N] ")
            cards = ", ".join(card_label(c, ascii_only=ascii_only) for c in question.held)
            return _(
                "You hold {suit} ({cards}): passing costs a {remise} remise. Pass anyway? [y/N] "
            ).format(
                suit=suit_noun(question.held[0].suit),
                cards=cards,
                remise=kopecks(question.remise, language()),
            )
        case Ask.LEAVE:
            if not saved:
                return _("Leave the lesson? Nothing is saved. [y/N] ")
            if kind is TableKind.HOT_SEAT:
                return _("Save and stop the game for everyone? [y/N] ")
            if short:
                return _("Leave the table? [y/N] ")
            return _("Leave the table? The game waits for you to come back. [y/N] ")
        case _:
            assert_never(question.ask)
