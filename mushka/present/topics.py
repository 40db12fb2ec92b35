"""What a lesson explains: its topics, each one's title and the rulebook's sections that say it in
full, an explanation as the lesson gives it, and how a panel names its sections."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from mushka.i18n import N_, _

BRIEF: Final = "brief"  # the rulebook's opening summary, which has no number


class Topic(StrEnum):
    """A rule (or a feature of the table) the lesson explains once."""

    WELCOME = "welcome"
    TEACHING = "teaching"  # a table that teaches: what it does (mushka host --teach)
    EXCHANGE = "exchange"
    BLIND_TAKE = "blind-take"
    DISCARD = "discard"
    LEAD = "lead"
    BARRED = "barred"
    ANSWER = "answer"
    DRAW = "draw"
    MUSHKA = "mushka"
    REVOKE = "revoke"
    TRICK = "trick"
    DOUBLED = "doubled"
    TAKEN_BACK = "taken-back"
    FORCED = "forced"
    UNDO = "undo"
    COACH = "coach"
    GOING_OUT = "going-out"
    SETTLING = "settling"


# Each topic's title and the rulebook sections (rules.md, rules.ru.md) that say it in full.
TITLES: Final[dict[Topic, str]] = {
    Topic.WELCOME: N_("Your first deal"),
    Topic.TEACHING: N_("A table that teaches"),
    Topic.EXCHANGE: N_("The exchange"),
    Topic.BLIND_TAKE: N_("A card taken blind"),
    Topic.DISCARD: N_("The discard"),
    Topic.LEAD: N_("The lead"),
    Topic.BARRED: N_("Not the same suit twice"),
    Topic.ANSWER: N_("Answering a lead"),
    Topic.DRAW: N_("A draw from the talon"),
    Topic.MUSHKA: N_("The mushka"),
    Topic.REVOKE: N_("A revoke and its remise"),
    Topic.TRICK: N_("A trick paid"),
    Topic.DOUBLED: N_("Paid double"),
    Topic.TAKEN_BACK: N_("A lead taken back"),
    Topic.FORCED: N_("A pass made for you"),
    Topic.UNDO: N_("Taking a move back"),
    Topic.COACH: N_("The coach"),
    Topic.GOING_OUT: N_("Going out"),
    Topic.SETTLING: N_("The end of the deal"),
}
SECTIONS: Final[dict[Topic, tuple[str, ...]]] = {
    Topic.WELCOME: (BRIEF,),
    Topic.TEACHING: (BRIEF,),
    Topic.EXCHANGE: ("5.1",),
    Topic.BLIND_TAKE: ("5.1",),
    Topic.DISCARD: ("5.1",),
    Topic.LEAD: ("4.1",),
    Topic.BARRED: ("4.1",),
    Topic.ANSWER: ("4.2",),
    Topic.DRAW: ("4.2",),
    Topic.MUSHKA: ("4.2", "4.4"),
    Topic.REVOKE: ("4.2",),
    Topic.TRICK: ("4.3", "4.4", "4.5"),
    Topic.DOUBLED: ("4.4",),
    Topic.TAKEN_BACK: ("4.3", "4.7"),
    Topic.FORCED: ("10",),
    Topic.UNDO: ("10",),
    Topic.COACH: ("10",),
    Topic.GOING_OUT: ("4.6",),
    Topic.SETTLING: ("4.7", "6"),
}
# The rules a deal may or may not show: the closing names those this deal did not.
MAY_NOT_COME_UP: Final = (
    Topic.EXCHANGE,
    Topic.BARRED,
    Topic.DRAW,
    Topic.MUSHKA,
    Topic.REVOKE,
    Topic.DOUBLED,
    Topic.TAKEN_BACK,
)


@dataclass(frozen=True)
class Explanation:
    """One topic explained: its lines, in the process language, ready to be drawn."""

    topic: Topic
    lines: tuple[str, ...]

    @property
    def title(self) -> str:
        return _(TITLES[self.topic])

    @property
    def sections(self) -> tuple[str, ...]:
        return SECTIONS[self.topic]

    @property
    def first(self) -> bool:
        """Read before the table's news: what the lesson is, before anything happens."""
        return self.topic in (Topic.WELCOME, Topic.TEACHING)


def sections_label(sections: Sequence[str]) -> str:
    """The sections as a reader finds them in the rulebook: "4.3, 4.4", or its summary's name."""
    return ", ".join(_("the game in brief") if s == BRIEF else s for s in sections)


def first_word(label: str) -> str:
    """The key of a prompt's command label ("h hint" → h; Russian "совет" → совет)."""
    return _(label).split(" ", 1)[0]
