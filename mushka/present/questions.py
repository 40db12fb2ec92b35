"""The yes-or-no questions a seat is asked: their words without the keys that answer them, and
those keys ("[y/N]", «[д/Н]») for a front end that types; a page shows its own buttons."""

from __future__ import annotations

from typing import assert_never

from mushka.host.offer import Ask, Question, TableKind
from mushka.i18n import _, card_label, kopecks, language, suit_noun


def question_words(
    question: Question, kind: TableKind, short: bool, ascii_only: bool, saved: bool = True
) -> str:
    """The question in words, with no keys after it; `short` for a screen under 80 columns;
    `saved`: whether the table keeps its game (a lesson keeps none: q leaves it)."""
    match question.ask:
        case Ask.PASS:
            if short or not question.held:
                return _("Pass for a remise?")
            cards = ", ".join(card_label(c, ascii_only=ascii_only) for c in question.held)
            return _(
                "You hold {suit} ({cards}): passing costs a {remise} remise. Pass anyway?"
            ).format(
                suit=suit_noun(question.held[0].suit),
                cards=cards,
                remise=kopecks(question.remise, language()),
            )
        case Ask.LEAVE:
            if not saved:
                return _("Leave the lesson? Nothing is saved.")
            if kind is TableKind.HOT_SEAT:
                return _("Save and stop the game for everyone?")
            if short:
                return _("Leave the table?")
            return _("Leave the table? The game waits for you to come back.")
        case _:
            assert_never(question.ask)


def answer_keys() -> str:
    """The keys a keyboard answers with, no being the default: "[y/N]", «[д/Н]»."""
    return _("[y/N]")


def question_line(
    question: Question, kind: TableKind, short: bool, ascii_only: bool, saved: bool = True
) -> str:
    """The question at a typed prompt: its words, then its keys (see `question_words`)."""
    words = question_words(question, kind, short, ascii_only, saved)
    return f"{words} {answer_keys()} "
