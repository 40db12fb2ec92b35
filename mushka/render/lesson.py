"""The lesson drawn for a terminal: its explanations in a panel, the coach's line above a
decision, the rulebook's sections an explanation names, and the lesson's closing words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from mushka.cards import Card
from mushka.host.offer import Explained
from mushka.i18n import N_, _, card_label, language, say
from mushka.players.coach import Hint
from mushka.present.command import command
from mushka.present.lesson import Lesson
from mushka.present.topics import BRIEF, SECTIONS, TITLES, first_word, sections_label
from mushka.render.coaching import hint_items
from mushka.render.look import Look, assemble
from mushka.render.rulebook import rulebook_section, rulebook_text

if TYPE_CHECKING:
    from mushka.host.table import TakeBackOffer


def sections_of(group: Sequence[Explained]) -> list[str]:
    """The rulebook's sections a group of explanations names, each once, in order."""
    return list(dict.fromkeys(s for e in group for s in e.sections))


def lesson_panel(explanations: Sequence[Explained], look: Look, title: str | None = None) -> Panel:
    """The explanations as the lesson shows them: each titled with its rulebook sections, the
    panel with `title` (the lesson's, unless said)."""
    parts: list[RenderableType] = []
    for explanation in explanations:
        heading = f"{explanation.title} ({sections_label(explanation.sections)})"
        parts.append(Text(look.text(heading), style="bold"))
        parts += [Text(look.text(line)) for line in explanation.lines]
    return Panel(
        Group(*parts),
        title=Text(look.text(title if title is not None else _("Lesson")), style="bold"),
        title_align="left",
        box=look.box,
        padding=(0, 1),
    )


def aside_panel(explanations: Sequence[Explained], look: Look) -> Panel:
    """What any table explains beside a player's moves (the first exchange): no lesson's."""
    return lesson_panel(explanations, look, _("How it works"))


def beside_moves(explanations: Sequence[Explained], look: Look) -> Group:
    """What the table explains beside a player's moves, in place of his table: the panel, and
    how to see the table again (a move may be made at once)."""
    return Group(aside_panel(explanations, look), table_again(look))


def table_again(look: Look) -> Text:
    """The line under an explanation in place of the table: Enter alone shows the table."""
    return Text(look.text(_("Enter alone: your table and hand")), style="dim")


def explain_prompt(group: Sequence[Explained], undo_here: TakeBackOffer | None, look: Look) -> str:
    """The prompt under a lesson's panel: the move it offers back (u), or how to go on and where
    the rulebook says more."""
    if undo_here is not None:
        what = undo_here.note.what()
        named = (
            card_label(what, ascii_only=look.ascii_only) if isinstance(what, Card) else say(what)
        )
        return _("u: take back {what} · Enter: let it stand ").format(what=named)
    return _("Enter: go on · r: the rules ({sections}) ").format(
        sections=sections_label(sections_of(group))
    )


def rule_sections(sections: Sequence[str]) -> str:
    """The rulebook's sections, in the process language, one after another."""
    book = rulebook_text(language())
    found = [rulebook_section(book, None if s == BRIEF else s) for s in sections]
    return "\n".join(text for text in found if text is not None)


def coach_line(advice: Hint, look: Look) -> Text:
    """The coach's advice in a line: the best moves with the money each is expected to bring."""
    moves = Text(f" {look.dot} ").join(hint_items(advice, look)[:3])
    return assemble(
        look.text(
            _(
                "Coach, best first (kop expected by the end of the deal): {moves}. Ask it any time: {key}."
            )
        ),
        moves=moves,
        key=first_word(N_("h hint")),
    )


def closing(lesson: Lesson, seed: int | None, look: Look) -> list[RenderableType]:
    """The lesson's last words: the rules this deal did not show, and how to play for real."""
    lines: list[RenderableType] = [
        Text(""),
        Text(look.text(_("That was your first deal.")), style="bold"),
    ]
    missed = lesson.missed()
    if missed:
        named = ", ".join(
            f"{_(TITLES[topic]).lower()} ({sections_label(SECTIONS[topic])})" for topic in missed
        )
        lines.append(
            Text(
                look.text(
                    _("Not in this deal: {rules}. The rulebook has every rule: {command}").format(
                        rules=named, command=command("rules")
                    )
                )
            )
        )
    lines.append(Text(look.text(_("To play for real:")), style="bold"))
    ways = (
        (
            _("you against three computer players:"),
            f"{command('play')} --player {_('NAME')} --bots 3",
        ),
        (_("four people at one keyboard, passing it round:"), command("play")),
        (_("each player at his own terminal, joining by ssh:"), command("host")),
    )
    for what, words in ways:
        lines += [Text(look.text("  " + what)), Text(look.text("    " + words), style="bold")]
    again = command("learn") if seed is None else f"{command('learn')} --seed {seed}"
    lines += [
        Text(look.text(_("This deal again: {command}").format(command=again))),
        Text(look.text(_("Another deal: {command}").format(command=command("learn")))),
    ]
    return lines
