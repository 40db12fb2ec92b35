"""The legal choices of the seat to act as one sentence: the engine's errors and the table's prompt."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from mushka.actions import DRAW, PASS, Action, Kind
from mushka.cards import Card, Suit
from mushka.state import Step


def or_list(parts: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b, or c'."""
    if len(parts) <= 1:
        return "".join(parts)
    if len(parts) == 2:
        return f"{parts[0]} or {parts[1]}"
    return ", ".join(parts[:-1]) + ", or " + parts[-1]


def choices_sentence(
    step: Step,
    legal: Collection[Action],
    hand: Sequence[Card],
    *,
    led: Suit | None,
    barred: Suit | None,
    remise: int,
    face_down: int,
    name: Callable[[Card], str] = str,
    keys: bool = False,
) -> str:
    """What the seat to act may do, in one sentence; cards in `hand` order, each called `name(card)`.

    With `keys`, the letters to type for a draw and a pass are named too (the table's prompt);
    without, the sentence is the engine's, for its error messages.
    """
    playable = {a.card for a in legal if a.kind is Kind.PLAY or a.kind is Kind.DISCARD}
    cards = [c for c in hand if c in playable]
    names = ", ".join(name(c) for c in cards)
    if step is Step.TAKE:
        positions = or_list([str(i) for i in range(1, face_down + 1)])
        return f"Take one face-down card by its position ({positions})."
    if step is Step.DISCARD:
        return f"Discard one card ({names})."
    if step is Step.LEAD:
        if barred is not None and len(cards) < len(hand):
            return f"Lead any card but {barred.noun} ({names})."
        return f"Lead any card ({names})."
    if step is not Step.FOLLOW or led is None:
        return "Nothing to choose now."
    follow = [c for c in cards if c.suit is led]
    mushka = [c for c in cards if c.is_mushka and led is not Suit.S]
    parts = []
    if follow:
        parts.append(f"follow {led.noun} ({', '.join(name(c) for c in follow)})")
    if mushka:
        parts.append(f"play the mushka ({name(mushka[0])})")
    if DRAW in legal:
        parts.append("draw from the talon (d)" if keys else "draw from the talon")
    if PASS in legal:
        if keys:
            parts.append(f"pass (p, costs {remise} kop)" if follow else "pass (p)")
        else:
            parts.append(f"pass (remise {remise})" if follow else "pass")
    text = or_list(parts) or "nothing"
    return text[0].upper() + text[1:] + "."
