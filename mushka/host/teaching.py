"""The lesson as a feature of the table: a teacher for each taught place (`mushka learn`'s, or
every person's at `mushka host --teach`), asked at the moments it may explain a rule, and what
it said waiting on that seat's offer until the seat has read it. The teacher's words and its
choice of moment are `mushka.present.lesson`'s; here is only when the table asks and waits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from mushka.host.offer import Explained, Question, Told
from mushka.host.table import Outcome, TakeBackOffer
from mushka.players.coach import Hint
from mushka.view import SeatView


class Teacher(Protocol):
    """What a lesson is asked (see `mushka.present.lesson.Lesson`)."""

    def news(self, view: SeatView, outcome: Outcome | None = None) -> Sequence[Explained]: ...

    def turn(self, view: SeatView) -> Sequence[Explained]: ...

    def before_pass(self, view: SeatView) -> Sequence[Explained]: ...

    def take_back(self, offer: TakeBackOffer | None) -> Sequence[Explained]: ...

    def wants_coach(self, view: SeatView) -> bool: ...

    def advised(self) -> None: ...


# A teacher for `seat`, the players' names as shown, whether cards are spelled in ASCII, and
# whether the seat types (its keys may be named) or taps.
MakeTeacher = Callable[[int, Sequence[str], bool, bool], Teacher]


@dataclass
class Taught:
    """A taught place: its teacher, and what the seat is to read before play goes on."""

    teacher: Teacher
    first: list[Told] = field(default_factory=list)  # before the table's news: a welcome
    pending: list[Told] = field(default_factory=list)  # before the seat's next decision
    take_back: TakeBackOffer | None = None  # `pending` offers this move back (u), once
    deferred: Outcome | None = None  # the move whose news waits for the take-back's answer
    opened: int | None = None  # the table's change whose turn was explained (and coached)
    question: Question | None = None  # asked once `pending` (what it will cost) is read

    def reading(self, held: bool) -> tuple[Told, ...]:
        """What the seat reads now (`held`: its shared terminal shows the news first)."""
        if self.first:
            return tuple(self.first)
        return () if held else tuple(self.pending)

    def read(self) -> None:
        """The seat read what it was shown (see `reading`)."""
        if self.first:
            self.first = []
        else:
            self.pending, self.take_back = [], None

    def told(self, explained: Sequence[Told]) -> None:
        """News explained: the welcome first, the rest after the table's news."""
        self.first += [e for e in explained if e.first]
        self.pending += [e for e in explained if not e.first]

    def coach_line(self, advice: Hint) -> Hint | None:
        """The coach's advice shown unasked above the decision (None: it had nothing to say)."""
        if not advice.values:
            return None
        self.teacher.advised()
        return advice
