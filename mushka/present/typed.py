"""A line typed at a seat read as an intent, against what the seat is offered."""

from __future__ import annotations

from mushka.host.offer import Answer, Command, Intent, Offer, Page, Play, Speak, Unreadable
from mushka.i18n import _
from mushka.present import answers
from mushka.present.keys import InputProblem, commands, interpret


def read_typed(text: str, offer: Offer, pages: int = 1, cut: bool = False) -> Intent:
    """What `text` asks for: the answer to the open question, a page turn in an overlay (back
    on its last of `pages`), what the lesson's explanation asks, a take-back where one is offered,
    a command, or a move. A `cut`
    line (longer than a line editor keeps) is no move at all: better refused than acted on."""
    if cut:
        return Unreadable(_("That was too long to be a move: type it again."))
    if offer.question is not None:
        return Answer(answers.yes(text))
    if offer.overlay is not None:
        if answers.back(text) or offer.page + 1 >= pages:
            return Page.BACK
        return Page.NEXT
    if offer.explain and not offer.moves:  # read first (beside moves, a move reads it too)
        return read_explained(text, offer)
    if offer.explain and not text.strip():
        return Page.NEXT  # beside his moves, Enter alone says it was read: his table again
    lang = answers.language_named(text)
    if lang is not None:
        return Speak(lang)
    if Command.UNDO in offer.commands and answers.undo(text):
        return Command.UNDO
    if offer.view is None:  # the session has not started: commands only
        return commands().get(text.strip().lower(), Unreadable(""))
    try:
        choice = interpret(text, offer.view)
    except InputProblem as problem:
        return Unreadable(str(problem))
    return choice if isinstance(choice, Command) else Play(choice)


def read_explained(text: str, offer: Offer) -> Intent:
    """What `text` asks for at an explanation of the seat's lesson: the move it offers back
    (u), the rules, the help, leaving; anything else means it was read."""
    if offer.undo_here is not None and answers.undo(text):
        return Command.UNDO
    wanted = commands().get(text.strip().lower())
    if wanted in (Command.RULES, Command.HELP, Command.LEAVE):
        return wanted
    return Page.NEXT
