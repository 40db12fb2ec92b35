"""The take-back house rule: which move just made may go back, why another may not, and how the
public log names it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from mushka.engine import Session
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
    Event,
    Expose,
    Follow,
    Lead,
    Out,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.host.log import Moved
from mushka.wording import Wording


@dataclass(frozen=True)
class LastMove:
    """A human's move just made, with the session as it stood before it (for the undo rule)."""

    seat: int
    before: Session
    produced: tuple[Event, ...]

    def refusal(self, names: Sequence[str]) -> Wording | None:
        """Why the move may not be taken back, or None if it may."""
        for event in self.produced:
            match event:
                case Draw():
                    return Wording("a card drawn from the talon has been seen")
                case Take():
                    return Wording("a face-down card taken has been seen")
                case Replenish(seat=seat):
                    return Wording("{name} has drawn new cards from the talon", name=names[seat])
                case Trick() | TakeBack():
                    return Wording("the trick is complete")
                case End():
                    return Wording("the deal is over")
                case Lead() | Follow() | Pass() | Discard() | Expose() | Out() | Remise():
                    continue
                case Ante() | Payout():
                    continue
                case _:
                    assert_never(event)
        return None

    def named(self) -> tuple[int | None, Moved | None]:
        """The move as the public log names it: the card laid openly, or the kind of move."""
        for event in self.produced:
            match event:
                case Lead(card=card) | Follow(card=card):
                    return card, None
                case Pass():
                    return None, Moved.PASS
                case Discard():
                    return None, Moved.DISCARD
                case Expose():
                    return None, Moved.EXPOSE
                case _:
                    continue
        return None, Moved.MOVE
