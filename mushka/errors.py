"""The exceptions mushka raises; each message says what is wrong and, where it can, what is allowed."""

from __future__ import annotations

from typing import Final

from mushka.wording import Wording, joined

SHORT_REPR: Final = 40  # characters of an offending value an error message may quote


def short_repr(value: object, limit: int = SHORT_REPR) -> str:
    """`repr(value)` cut to `limit` characters: a message never echoes a megabyte of input.

    Big integers and deep containers are described rather than printed (printing them may itself
    fail or take long).
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<a {value.bit_length()}-bit integer>"
    if isinstance(value, str | bytes) and len(value) > limit:
        value = value[:limit]
    elif isinstance(value, list | tuple | dict | set | frozenset) and len(value) > 8:
        return f"<a {type(value).__name__} of {len(value)} items>"
    try:
        text = repr(value)
    except Exception:  # a hostile or too-deep value must not turn a refusal into a crash
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class MushkaError(ValueError):
    """Base of every error mushka raises for bad input or a bad file.

    Whatever raises it has changed nothing: a refused action leaves the session as it was, a
    refused record or setting builds nothing. The message is one line meant for a person.

    It may be given as a `Wording` (a template and its values) so that the terminal can say it
    in the reader's language (`mushka.i18n.say`); `str()` of the error is always the English.
    """

    def __init__(self, message: str | Wording = "", *args: object) -> None:
        self.wording: Wording | str = message
        super().__init__(str(message), *args)


class InvalidInputError(MushkaError):
    """Input that cannot be understood at all (not a card, not an action, not a seat)."""


class InvalidCardError(InvalidInputError):
    """A card code or index that names no card."""


class InvalidActionError(InvalidInputError):
    """An action that cannot be parsed or is malformed (wrong types, values out of range)."""


class IllegalActionError(MushkaError):
    """A well-formed action that the rules do not allow now."""


class GameOverError(IllegalActionError):
    """An action submitted after the session has ended."""


class SetupError(MushkaError):
    """A session that cannot be set up as asked (player count, conflicting sources of chance)."""


class ChanceError(MushkaError):
    """The source of chance could not deal (e.g. a scripted chance ran out of deals)."""


class HouseRuleError(MushkaError):
    """A house-rule setting outside its allowed range.

    `setting` is the setting's English key ('stake', 'price of hearts'), `name` how a message
    says it (a Wording, when it is not the key itself), `problem` what is wrong with the value;
    the message is "name: problem".
    """

    def __init__(
        self, setting: str, problem: str | Wording, name: str | Wording | None = None
    ) -> None:
        super().__init__(joined([setting if name is None else name, problem], ": "))
        self.setting = setting
        self.problem = problem


class RecordError(MushkaError):
    """A game record that is malformed, of an unknown version, or does not replay."""

    def __init__(
        self, problem: str | Wording, deal: int | None = None, event: int | None = None
    ) -> None:
        message: str | Wording = problem
        if deal is not None and event is not None:
            message = Wording(
                "deal {deal}, event {event}: {problem}", deal=deal + 1, event=event, problem=problem
            )
        elif deal is not None:
            message = Wording("deal {deal}: {problem}", deal=deal + 1, problem=problem)
        elif event is not None:
            message = Wording("event {event}: {problem}", event=event, problem=problem)
        super().__init__(message)
        self.problem = problem
        self.deal = deal
        self.event = event
