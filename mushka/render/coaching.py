"""The coach's hint as the table shows it: `strong`'s move and what each legal move is worth."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from mushka.actions import Action, Kind
from mushka.i18n import N_, _, number
from mushka.players.coach import Hint
from mushka.present.coach import coach_words
from mushka.render.look import Look, assemble

_KINDS = {Kind.PASS: N_("pass"), Kind.DRAW: N_("draw")}  # the moves that name no card


def action_label(action: Action, look: Look) -> Text:
    """A move as the player would name it: the card (Q♣, QC in ASCII), pass, draw, take 2."""
    if action.kind in (Kind.PLAY, Kind.DISCARD) and action.card is not None:
        card = look.card(action.card)
        return assemble(_("discard {card}"), card=card) if action.kind is Kind.DISCARD else card
    if action.kind is Kind.TAKE and action.position is not None:
        return Text(_("take {n}").format(n=action.position + 1))
    if action.kind in _KINDS:
        return Text(_(_KINDS[action.kind]))
    return Text(str(action.kind))


def _kop(value: float, look: Look) -> str:
    rounded = round(value, 1)
    if rounded > 0:
        return "+" + number(rounded, ".1f")
    if rounded < 0:
        return look.minus + number(-rounded, ".1f")
    return number(0.0, ".1f")


def hint_items(advice: Hint, look: Look) -> list[Text]:
    """Each weighed move with its value, best first: `Q♣ +3.1`, `pass −4.8`."""
    return [
        action_label(action, look).append(f" {_kop(value, look)}")
        for action, value in advice.values
    ]


def hint_lines(advice: Hint, look: Look, width: int = 80) -> list[Text]:
    """`Q♣ +3.1 · pass −4.8 · draw −1.2 kop`, best first, in lines of at most `width` cells that
    break between moves, never inside one."""
    dot = f" {look.dot} "
    lines: list[Text] = []
    line = Text(" ")
    for item in hint_items(advice, look):
        if line.cell_len > 1 and line.cell_len + len(dot) + item.cell_len + 4 > width:
            lines.append(line.append(dot.rstrip()))
            line = Text(" ")
        elif line.cell_len > 1:
            line.append(dot)
        line.append_text(item)
    if line.cell_len > 1:
        lines.append(line.append(" " + _("kop")))
    return lines


def hint_panel(advice: Hint, look: Look, name: str, width: int = 80) -> Group:
    """The coach's whole answer, for an overlay on the private screen."""
    best_words, worth_words = coach_words(advice, name)
    best = Text(look.text(best_words), style="bold").append_text(action_label(advice.best, look))
    worth = Text(look.text(worth_words))
    return Group(best, Text(""), worth, *hint_lines(advice, look, width))
