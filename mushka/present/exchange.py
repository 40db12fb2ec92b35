"""The exchange explained at every seat the first time it happens in a session, at any live
table (a table that teaches says it within its lesson): what the face-down cards are, why each
other player takes one, what he gives back. A `Teacher` that says this one thing, once."""

from __future__ import annotations

from collections.abc import Sequence

from mushka.events import Expose
from mushka.host.table import Outcome, TakeBackOffer
from mushka.house_rules import Exchange
from mushka.i18n import _
from mushka.present.topics import Explanation, Topic
from mushka.view import SeatView


class ExchangeLesson:
    """The exchange explained to `seat` when it first sees one laid face down (its own, or
    another's), in the language spoken then; nothing else, and never the coach."""

    def __init__(
        self, seat: int, names: Sequence[str], ascii_only: bool = False, keys: bool = True
    ) -> None:
        self.seat, self.names = seat, tuple(names)
        self.said = False

    def news(self, view: SeatView, outcome: Outcome | None = None) -> list[Explanation]:
        if self.said:
            return []
        laid = next((e for e in view.events if isinstance(e, Expose)), None)
        if laid is None:
            return []
        self.said = True
        return [Explanation(Topic.EXCHANGE, tuple(self._lines(laid.seat, view)))]

    def _lines(self, seat: int, view: SeatView) -> list[str]:
        rule = _(
            "Whoever is dealt three or more cards of one suit lays them all face down; nobody "
            "is told the suit."
        )
        mine = seat == self.seat
        name = self.names[seat]
        if view.rules.exchange is Exchange.OLD:
            if mine:
                return [
                    rule,
                    _(
                        "The player before you picks two of them blind: the first goes to the "
                        "player after you, the second to the next one; each discards one card "
                        "of his choice face down. You draw two cards from the talon and take "
                        "back the rest."
                    ),
                ]
            return [
                rule,
                _(
                    "The player before {name} picks two of them blind: the first goes to the "
                    "player after {name}, the second to the next one; each discards one card "
                    "of his choice face down, out of play for this deal. {name} draws two "
                    "cards from the talon and takes back the rest."
                ).format(name=name),
            ]
        if mine:
            return [
                rule,
                _(
                    "Each other player in turn takes one of them blind and discards a card of "
                    "his choice. You take back the cards nobody took and draw as many from the "
                    "talon as were taken."
                ),
            ]
        return [
            rule,
            _(
                "These face-down cards are {name}'s. When your turn comes you must take one: "
                "it may be better than your worst card, even the mushka. You pick it blind, by "
                "its position: any is as good as another."
            ).format(name=name),
            _(
                "You see the card you got, then give one card of your choice back face down "
                "(it may be that very card): it is out of play for this deal, and nobody else "
                "sees either."
            ),
            _(
                "{name} takes back the cards nobody took and draws as many from the talon as "
                "were taken."
            ).format(name=name),
        ]

    def turn(self, view: SeatView) -> list[Explanation]:
        return []

    def before_pass(self, view: SeatView) -> list[Explanation]:
        return []

    def take_back(self, offer: TakeBackOffer | None) -> list[Explanation]:
        return []

    def wants_coach(self, view: SeatView) -> bool:
        return False

    def advised(self) -> None:
        pass
