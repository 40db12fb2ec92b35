"""The one JSON form of events (both directions), strict about every field's type."""

from __future__ import annotations

from typing import Any, Final

from mushka.cards import CARDS, CODES, SUITS, Card
from mushka.errors import RecordError, short_repr
from mushka.events import EVENT_NAMES, EVENT_TYPES, Event, Trick
from mushka.wording import N_, Wording

# What each field holds: a seat, a whole amount, a card, a list of cards, a suit, a flag, a reason.
FIELD_KINDS: Final[dict[str, str]] = {
    "seat": "seat",
    "winner": "seat",
    "first_out": "seat",
    "amount": "amount",
    "value": "amount",
    "paid": "amount",
    "card": "card",
    "cards": "cards",
    "suit": "suit",
    "played": "flag",
    "remise": "flag",
    "doubled": "flag",
    "blocked": "flag",
    "reason": "reason",
}
REASONS: Final = ("revoke", "no-trick")
MAX_AMOUNT: Final = 10**15  # far above any kitty; bounds what a record may claim
MAX_CARDS: Final = 8  # no event names more cards than this
# Fields a reader fills in when an older record lacks them (version 1 before the trick's card).
OPTIONAL: Final[dict[type, frozenset[str]]] = {Trick: frozenset({"card"})}

_CARD_OF_CODE: Final[dict[str, Card]] = dict(zip(CODES, CARDS, strict=True))
_SUIT_OF_CODE: Final = {s.code: s for s in SUITS}


def event_to_json(event: Event) -> dict[str, Any]:
    """The record's object for one event: {"type": ..., fields...}; hidden cards become null."""
    out: dict[str, Any] = {"type": EVENT_NAMES[type(event)]}
    values: tuple[Any, ...] = tuple(event)
    for name, value in zip(event._fields, values, strict=True):
        kind = FIELD_KINDS[name]
        if kind == "card":
            out[name] = None if value is None else CODES[value]
        elif kind == "cards":
            out[name] = [None if c is None else CODES[c] for c in value]
        elif kind == "suit":
            out[name] = SUITS[value].code
        else:
            out[name] = value
    return out


def read_card(value: object, what: str, hidden_ok: bool = False) -> Card | None:
    """A card from its record code (exactly as written: "QH", "10S"); null only if `hidden_ok`."""
    if value is None and hidden_ok:
        return None
    card = _CARD_OF_CODE.get(value) if isinstance(value, str) else None
    if card is None:
        raise RecordError(
            Wording(
                '{what} must be a card code such as "QH", not {value}',
                what=what,
                value=short_repr(value),
            )
        )
    return card


def event_from_json(obj: object, hidden_ok: bool = False) -> Event:
    """One event from its JSON object, every field checked; unknown extra fields are ignored.

    Cards may be null (hidden) only when `hidden_ok` (a seat's view, not an omniscient record).
    Raises RecordError naming the field.
    """
    if not isinstance(obj, dict):
        raise RecordError(Wording("an event must be an object, not {value}", value=short_repr(obj)))
    kind = obj.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(Wording("unknown event type {value}", value=short_repr(kind)))
    optional = OPTIONAL.get(cls, frozenset())
    values: list[Any] = []
    for name in cls._fields:
        what = f"{kind} {name}"
        if name not in obj:
            if name in optional:
                values.append(None)
                continue
            raise RecordError(
                Wording("a {kind} event needs the field {field}", kind=kind, field=repr(name))
            )
        values.append(_field(FIELD_KINDS[name], obj[name], what, hidden_ok or name in optional))
    event: Event = cls(*values)
    return event


def _field(kind: str, value: object, what: str, hidden_ok: bool) -> object:
    whole = isinstance(value, int) and not isinstance(value, bool)
    if kind == "seat":
        if not (whole and 0 <= value <= 3):  # type: ignore[operator]
            raise RecordError(_wrong(N_("{what} must be a seat 0-3, not {value}"), what, value))
        return value
    if kind == "amount":
        if not (whole and 0 <= value <= MAX_AMOUNT):  # type: ignore[operator]
            raise RecordError(
                _wrong(N_("{what} must be a whole number ≥ 0, not {value}"), what, value)
            )
        return value
    if kind == "flag":
        if not isinstance(value, bool):
            raise RecordError(_wrong(N_("{what} must be true or false, not {value}"), what, value))
        return value
    if kind == "card":
        return read_card(value, what, hidden_ok)
    if kind == "cards":
        if not isinstance(value, list) or len(value) > MAX_CARDS:
            raise RecordError(
                _wrong(N_("{what} must be a short list of card codes, not {value}"), what, value)
            )
        return tuple(read_card(v, what, hidden_ok) for v in value)
    if kind == "suit":
        suit = _SUIT_OF_CODE.get(value) if isinstance(value, str) else None
        if suit is None:
            raise RecordError(
                _wrong(N_("{what} must be one of H, C, D, S, not {value}"), what, value)
            )
        return suit
    if value not in REASONS:
        raise RecordError(_wrong(N_("{what} must be revoke or no-trick, not {value}"), what, value))
    return value


def _wrong(template: str, what: str, value: object) -> Wording:
    """A field's problem: `template` names the field (`what`) and quotes the value found, cut short."""
    return Wording(template, what=what, value=short_repr(value))
