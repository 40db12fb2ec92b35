"""The legal choices of the seat to act as one sentence: the engine's errors and the table's prompt."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Final

from mushka.actions import DRAW, PASS, Action, Kind
from mushka.cards import Card, Suit
from mushka.state import Step
from mushka.wording import N_, Wording

# The sentences a follow may take, by what is allowed besides the pass (which always is): cards
# of the led suit, the mushka, a draw. Whole sentences, so that each language words them as one.
# (follow, mushka, draw) -> template without keys, template with keys
_FOLLOW_SENTENCES: Final = {
    (True, False, False): (
        N_("Follow {suit} ({cards}) or pass (remise {remise})."),
        N_("Follow {suit} ({cards}) or pass ({pass_key}, costs {remise} kop)."),
    ),
    (True, True, False): (
        N_("Follow {suit} ({cards}), play the mushka ({mushka}), or pass (remise {remise})."),
        N_(
            "Follow {suit} ({cards}), play the mushka ({mushka}), "
            "or pass ({pass_key}, costs {remise} kop)."
        ),
    ),
    (False, False, False): (N_("Pass."), N_("Pass ({pass_key}).")),
    (False, False, True): (
        N_("Draw from the talon or pass."),
        N_("Draw from the talon ({draw_key}) or pass ({pass_key})."),
    ),
    (False, True, False): (
        N_("Play the mushka ({mushka}) or pass."),
        N_("Play the mushka ({mushka}) or pass ({pass_key})."),
    ),
    (False, True, True): (
        N_("Play the mushka ({mushka}), draw from the talon, or pass."),
        N_("Play the mushka ({mushka}), draw from the talon ({draw_key}), or pass ({pass_key})."),
    ),
}


def choices_sentence(
    step: Step,
    legal: Collection[Action],
    hand: Sequence[Card],
    *,
    led: Suit | None,
    barred: Suit | None,
    remise: int,
    face_down: int,
    name: Callable[[Card], str] | None = None,
    keys: tuple[str, str] | None = None,
    lang: str = "en",
) -> str:
    """What the seat to act may do, in one sentence in `lang`; cards in `hand` order.

    Each card is called `name(card)` when a namer is given (the table numbers them), else by
    its label in `lang` ('Q♥', 'Д♥'). With `keys` (draw key, pass key) the keys to type for a
    draw and a pass are named too (the table's prompt: 'd' and 'p' in English, '+' and '-' in Russian);
    without, the sentence is the engine's, for its error messages.
    """
    wording = choices_wording(
        step,
        legal,
        hand,
        led=led,
        barred=barred,
        remise=remise,
        face_down=face_down,
        name=name,
        keys=keys,
    )
    if lang == "en":
        return str(wording)
    from mushka.i18n import say  # the catalogs are read only when another language is asked for

    return say(wording, lang)


def choices_wording(
    step: Step,
    legal: Collection[Action],
    hand: Sequence[Card],
    *,
    led: Suit | None,
    barred: Suit | None,
    remise: int,
    face_down: int,
    name: Callable[[Card], str] | None = None,
    keys: tuple[str, str] | None = None,
) -> Wording:
    """`choices_sentence` as a Wording, to be said in any language (see `mushka.i18n.say`)."""
    playable = {a.card for a in legal if a.kind is Kind.PLAY or a.kind is Kind.DISCARD}
    cards = [c for c in hand if c in playable]
    named: list[Card] | list[str] = cards if name is None else [name(c) for c in cards]
    if step is Step.TAKE:
        return _positions(face_down)
    if step is Step.DISCARD:
        return Wording("Discard one card ({cards}).", cards=named)
    if step is Step.LEAD:
        if barred is not None and len(cards) < len(hand):
            if len(cards) == 1:  # "any card" of one card is no choice
                return Wording(
                    "Lead your only card that is not {suit} ({cards}).", suit=barred, cards=named
                )
            return Wording("Lead any card but {suit} ({cards}).", suit=barred, cards=named)
        if len(hand) == 1:
            return Wording("Lead your last card ({cards}).", cards=named)
        return Wording("Lead any card ({cards}).", cards=named)
    if step is not Step.FOLLOW or led is None:
        return Wording("Nothing to choose now.")
    follow = [n for c, n in zip(cards, named, strict=True) if c.suit is led]
    mushka = [n for c, n in zip(cards, named, strict=True) if c.is_mushka and led is not Suit.S]
    shape = (bool(follow), bool(mushka), DRAW in legal)
    sentences = _FOLLOW_SENTENCES.get(shape)
    if sentences is None or PASS not in legal:  # never from the engine: a pass is always allowed
        return Wording("Nothing to choose now.")
    template = sentences[keys is not None]
    draw_key, pass_key = keys if keys is not None else ("", "")
    values = {
        "suit": led,
        "cards": follow,
        "mushka": mushka[0] if mushka else "",
        "remise": remise,
        "draw_key": draw_key,
        "pass_key": pass_key,
    }
    if follow:  # a pass costs the remise, an amount that Russian words in three forms
        return Wording(template, template, remise, **values)
    return Wording(template, **values)


def _positions(count: int) -> Wording:
    """'Take one face-down card by its position (1, 2, or 3).'"""
    numbers = [str(i) for i in range(1, count + 1)]
    if count <= 1:
        return Wording("Take one face-down card by its position ({last}).", last="".join(numbers))
    if count == 2:
        return Wording(
            "Take one face-down card by its position ({first} or {last}).",
            first=numbers[0],
            last=numbers[1],
        )
    return Wording(
        "Take one face-down card by its position ({most}, or {last}).",
        most=numbers[:-1],
        last=numbers[-1],
    )
