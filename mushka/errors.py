"""The exceptions mushka raises; each message says what is wrong and what is allowed."""

from __future__ import annotations


class MushkaError(ValueError):
    """Base of every error the engine raises for bad input; the state is never changed."""


class InvalidInputError(MushkaError):
    """Input that cannot be parsed at all (not a card, not an action)."""


class InvalidCardError(InvalidInputError):
    """A card code that names no card."""


class InvalidActionError(InvalidInputError):
    """An action that cannot be parsed or is malformed."""


class IllegalActionError(MushkaError):
    """A well-formed action that the rules do not allow now."""


class GameOverError(IllegalActionError):
    """An action submitted after the session has ended."""


class HouseRuleError(MushkaError):
    """A house-rule setting outside its allowed range."""

    def __init__(self, setting: str, message: str) -> None:
        super().__init__(f"{setting}: {message}")
        self.setting = setting


class RecordError(MushkaError):
    """A game record that is malformed, of an unknown version, or does not replay."""

    def __init__(self, problem: str, deal: int | None = None, event: int | None = None) -> None:
        where = []
        if deal is not None:
            where.append(f"deal {deal + 1}")
        if event is not None:
            where.append(f"event {event}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {problem}" if prefix else problem)
        self.problem = problem
        self.deal = deal
        self.event = event
