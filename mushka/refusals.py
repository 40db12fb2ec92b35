"""Why the engine refuses an action, in words: whose turn it is and what that seat may do
instead. Only the words: which actions are legal is the engine's (`Session.legal_actions`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from mushka.actions import Action, Kind
from mushka.cards import CARDS, SUITS, Card, sorted_hand
from mushka.errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    MushkaError,
    short_repr,
)
from mushka.state import Phase, Step
from mushka.wording import N_, Wording, joined


class Table(Protocol):
    """What a refusal reads of the session (`mushka.engine.Session`)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def step(self) -> Step: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def led_suit(self) -> int: ...
    @property
    def last_lead_suit(self) -> int: ...
    def hand(self, seat: int) -> tuple[Card, ...]: ...
    def legal_actions(self) -> tuple[Action, ...]: ...
    def legal_wording(self) -> Wording: ...


def refusal(table: Table, action: Action, seat: object) -> MushkaError:
    """The exception explaining why `action` (by `seat`, if given) is refused at `table`, and
    what is allowed instead."""
    if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
        return InvalidActionError(seat_wording(seat))
    to_act = table.to_act
    if table.phase is Phase.OVER or to_act is None:
        return GameOverError(Wording("the session is over: no more actions can be taken"))
    actor = table.players[to_act]
    step = table.step
    if seat is not None and seat != to_act:
        return IllegalActionError(
            Wording(_NOT_YOUR_TURN[step], player=table.players[seat], actor=actor)
        )
    hand = table.hand(to_act)
    kind = action.kind
    card = CARDS[action.card] if action.card is not None else None
    problem: Wording
    if step is Step.LEAD:
        if kind is not Kind.PLAY:
            problem = Wording(_LEADING_SO_NO[kind], actor=actor)
        elif card not in hand:
            problem = Wording("you do not hold {card}", card=card)
        else:
            problem = Wording(
                "{suit} were led last, and the same suit may not be led twice in a row",
                suit=SUITS[table.last_lead_suit],
            )
    elif step is Step.FOLLOW:
        led = SUITS[table.led_suit]
        # the cards of the led suit among the legal answers: all he holds of it
        held = sorted_hand(
            c for a in table.legal_actions() if (c := a.card) is not None and c >> 3 == led
        )
        if kind is Kind.PLAY and card not in hand:
            problem = Wording("you do not hold {card}", card=card)
        elif kind is Kind.PLAY and held:
            problem = Wording(
                "you hold {held}: {card} is not {suit}, "
                "and only {suit} or the mushka may be played",
                held=and_wording(held),
                card=card,
                suit=led,
            )
        elif kind is Kind.PLAY:
            problem = Wording(
                "{card} is not {suit}, and only {suit} or the mushka may be played",
                card=card,
                suit=led,
            )
        elif kind is Kind.DRAW and held:
            problem = Wording("you hold {held}, so you may not draw", held=and_wording(held))
        elif kind is Kind.DRAW:
            problem = Wording("the talon is empty")
        else:
            problem = Wording(_ANSWERING_SO_NO[kind])
    elif step is Step.TAKE:
        if kind is Kind.TAKE and action.position is not None:
            problem = Wording(
                "there is no face-down card at position {position}",
                position=action.position + 1,
            )
        else:
            problem = Wording("{actor} must take one of the face-down cards first", actor=actor)
    elif kind is Kind.DISCARD:
        problem = Wording("you do not hold {card}", card=card)
    else:
        problem = Wording("{actor} must discard a card first", actor=actor)
    return IllegalActionError(joined([problem, table.legal_wording()], ". "))


def and_wording(parts: Sequence[object]) -> Wording | object:
    """'Q♥', 'Q♥ and 9♥', 'K♥, Q♥ and 9♥' (the values spelled in the language said in)."""
    if len(parts) == 1:
        return parts[0]
    return Wording("{most} and {last}", most=list(parts[:-1]), last=parts[-1])


def seat_wording(seat: object) -> Wording:
    return Wording("a seat is a whole number from 0 to 3, not {value}", value=short_repr(seat))


# What a refusal says when it is not the seat's turn, by the step of the seat whose turn it is,
# and when a kind of action has no place in a step.
_NOT_YOUR_TURN: Final = {
    Step.LEAD: N_("it is not {player}'s turn: {actor} is to lead"),
    Step.FOLLOW: N_("it is not {player}'s turn: {actor} is to follow"),
    Step.TAKE: N_("it is not {player}'s turn: {actor} is to take"),
    Step.DISCARD: N_("it is not {player}'s turn: {actor} is to discard"),
}
_LEADING_SO_NO: Final = {
    Kind.DRAW: N_("{actor} is leading, so a draw is not possible"),
    Kind.PASS: N_("{actor} is leading, so a pass is not possible"),
    Kind.TAKE: N_("{actor} is leading, so a take is not possible"),
    Kind.DISCARD: N_("{actor} is leading, so a discard is not possible"),
}
_ANSWERING_SO_NO: Final = {
    Kind.TAKE: N_("a take is not possible while answering a lead"),
    Kind.DISCARD: N_("a discard is not possible while answering a lead"),
}
# Session.position() is a snapshot of the play phase (a "position" in the game's sense, not a
# face-down card's number): there is none before the play or after the session.
PHASE_NOT_PLAY: Final = {
    Phase.EXCHANGE: N_("a position can be captured only during play, not during the exchange"),
    Phase.OVER: N_("a position can be captured only during play, and the session is over"),
}
