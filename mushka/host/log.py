"""The public log as data: what the table noted beside the moves (a hint asked for, a move taken
back, a save that failed) and which passes it made for a seat; front ends word and draw it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, TypeGuard, assert_never

from mushka.cards import CARDS, DECK_SIZE, Card
from mushka.errors import MushkaError
from mushka.host.seating import StrategyWord
from mushka.players.strategies import STRATEGY_NAMES
from mushka.wording import Wording

MAX_NOTES: Final = 1_000  # a save holding more is not one this table wrote
MAX_TEXT: Final = 300  # characters of a path or a reason kept in a note


class LogError(MushkaError):
    """A public log (from a save) that this table would never have written."""


class NoteKind(StrEnum):
    """What a note says."""

    COACH = "coach"  # a seat asked the coach (what it said stays private)
    TAKE_BACK = "take-back"  # a seat took its move back
    SAVE_FAILED = "save-failed"  # the save could not be written; moves kept in memory
    SAVED_AGAIN = "saved-again"  # the save works again
    STAND_IN = "stand-in"  # a computer player plays for an away seat, until its player is back
    STAND_DOWN = "stand-down"  # ... and the player is back


SEATED: Final = frozenset(
    {NoteKind.COACH, NoteKind.TAKE_BACK, NoteKind.STAND_IN, NoteKind.STAND_DOWN}
)


class Moved(StrEnum):
    """A move taken back, named for all to read when it was no card laid openly."""

    PASS = "pass"
    DISCARD = "discard"
    EXPOSE = "expose"
    MOVE = "move"


@dataclass(frozen=True, slots=True)
class Note:
    """One line of the log beside the moves: after the first `at` events of deal `deal`."""

    deal: int
    at: int
    kind: NoteKind
    seat: int | None = None
    card: int | None = None  # the card taken back, when one was laid openly
    moved: Moved | None = None  # else what kind of move went back
    target: str = ""  # where the save could not be written
    problem: str = ""  # why not
    count: int = 0  # how many moves are kept only in memory
    strategy: str = ""  # the computer player standing in

    @property
    def alarming(self) -> bool:
        """Whether the note tells of something going wrong (front ends show it so)."""
        return self.kind is NoteKind.SAVE_FAILED

    def wording(self, names: Sequence[str]) -> Wording:
        """The note in words (an English template and its values, for `i18n.say`)."""
        match self.kind:
            case NoteKind.COACH:
                return Wording("{name} asked the coach.", name=names[self.seat or 0])
            case NoteKind.TAKE_BACK:
                return Wording(
                    "{name} takes back {what}", name=names[self.seat or 0], what=self.what()
                )
            case NoteKind.SAVE_FAILED:
                return Wording(
                    "The game could not be saved to {target}: {problem}. The last {n} move is "
                    "kept only in memory; mushka tries again after every move.",
                    "The game could not be saved to {target}: {problem}. The last {n} moves are "
                    "kept only in memory; mushka tries again after every move.",
                    self.count,
                    target=self.target,
                    problem=self.problem,
                    n=self.count,
                )
            case NoteKind.SAVED_AGAIN:
                return Wording("The game is saved again, up to the last move.")
            case NoteKind.STAND_IN:
                return Wording(
                    "A computer player ({strategy}) plays for {name} until {name} is back.",
                    name=names[self.seat or 0],
                    strategy=StrategyWord(self.strategy),
                )
            case NoteKind.STAND_DOWN:
                return Wording(
                    "{name} is back at the table: the computer player stands down.",
                    name=names[self.seat or 0],
                )
            case _:
                assert_never(self.kind)

    def what(self) -> Card | Wording:
        """What a take-back took back: the card laid openly, or the kind of move in words."""
        if self.card is not None:
            return CARDS[self.card]
        match self.moved:
            case Moved.PASS:
                return Wording("the pass")
            case Moved.DISCARD:
                return Wording("the discard")
            case Moved.EXPOSE:
                return Wording("the cards laid face down")
            case Moved.MOVE | None:
                return Wording("the move")
            case _:
                assert_never(self.moved)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"deal": self.deal, "at": self.at, "kind": self.kind.value}
        for key in ("seat", "card"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.moved is not None:
            data["moved"] = self.moved.value
        if self.kind is NoteKind.SAVE_FAILED:
            data.update(target=self.target, problem=self.problem, count=self.count)
        if self.kind is NoteKind.STAND_IN:
            data["strategy"] = self.strategy
        return data

    @classmethod
    def from_json(cls, data: object, deals: Sequence[int]) -> Note:
        """One note of a save, every field checked against the deals' event counts."""
        if not isinstance(data, dict):
            raise LogError(Wording("a log note must be an object"))
        deal, at = data.get("deal"), data.get("at")
        if not (_whole(deal) and 0 <= deal < len(deals) and _whole(at) and at >= 0):
            raise LogError(Wording("a log note must stand at a deal and event of the game"))
        # A note past its deal's events goes at the deal's end: the table of 2026-12-01 noted a
        # take-back after the events it took back, and its saves must still resume.
        at = min(at, deals[deal])
        try:
            kind = NoteKind(str(data.get("kind")))
            moved = None if data.get("moved") is None else Moved(str(data.get("moved")))
        except ValueError:
            raise LogError(Wording("a log note is of a kind this table does not write")) from None
        seat, card = data.get("seat"), data.get("card")
        if seat is not None and not (_whole(seat) and 0 <= seat < 4):
            raise LogError(Wording("a log note must name a seat 0 to 3"))
        if seat is None and kind in SEATED:
            raise LogError(Wording("a log note must name a seat 0 to 3"))
        if card is not None and not (_whole(card) and 0 <= card < DECK_SIZE):
            raise LogError(Wording("a log note's card must be 0 to 31"))
        target, problem = data.get("target", ""), data.get("problem", "")
        count = data.get("count", 0)
        if not (_text(target) and _text(problem) and _whole(count) and 0 <= count <= 10**6):
            raise LogError(Wording("a log note's save problem must be short text and a count"))
        strategy = data.get("strategy", "")
        if strategy != "" and strategy not in STRATEGY_NAMES:
            raise LogError(Wording("a log note's computer player is of no known strategy"))
        return cls(deal, at, kind, seat, card, moved, target, problem, count, strategy)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable()


@dataclass
class PublicLog:
    """The table's part of the public log; the moves themselves are the session's public events."""

    notes: list[Note] = field(default_factory=list)
    forced: dict[int, set[int]] = field(default_factory=dict)  # deal: moves the table made

    def notes_of(self, deal: int) -> list[Note]:
        return [note for note in self.notes if note.deal == deal]

    def undo_after(self, deal: int, at: int) -> None:
        """Forget the table's own moves from event `at` of deal `deal` on: a take-back has
        undone them with the move they followed (the notes stay: they were said)."""
        kept = {
            d: {i for i in moves if d < deal or i < at}
            for d, moves in self.forced.items()
            if d <= deal
        }
        self.forced = {d: moves for d, moves in kept.items() if moves}

    def to_json(self) -> dict[str, Any]:
        return {
            "notes": [note.to_json() for note in self.notes],
            "forced": {str(deal): sorted(passes) for deal, passes in sorted(self.forced.items())},
        }

    @classmethod
    def from_json(cls, data: object, deals: Sequence[int]) -> PublicLog:
        """The log of a save, checked against `deals`, the number of events of each deal; a save
        from before the log was kept has none (its notes are lost, its moves are not)."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise LogError(Wording("the log must be an object"))
        notes, forced = data.get("notes", []), data.get("forced", {})
        if not isinstance(notes, list) or len(notes) > MAX_NOTES or not isinstance(forced, dict):
            raise LogError(Wording("the log must hold a list of notes and the forced passes"))
        passes: dict[int, set[int]] = {}
        for key, indexes in forced.items():
            deal = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else -1
            if not 0 <= deal < len(deals) or not isinstance(indexes, list):
                raise LogError(Wording("the log's forced passes must be listed by deal"))
            if not all(_whole(i) and 0 <= i < deals[deal] for i in indexes):
                raise LogError(Wording("a forced pass must be an event of its deal"))
            passes[deal] = set(indexes)
        return cls([Note.from_json(note, deals) for note in notes], passes)
