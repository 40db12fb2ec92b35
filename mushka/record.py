"""The game record (format "mushka-record", version 1): writing, reading, and replaying it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from typing import Any, Final

from mushka.actions import DRAW, PASS, Action, discard, play, take
from mushka.cards import Card, parse_card
from mushka.chance import Chance, ScriptedChance, SeededChance
from mushka.engine import Session
from mushka.errors import InvalidCardError, MushkaError, RecordError
from mushka.events import (
    EVENT_TYPES,
    Discard,
    Draw,
    Event,
    Expose,
    Follow,
    Lead,
    Pass,
    Take,
    event_to_json,
)
from mushka.house_rules import HouseRules

FORMAT: Final = "mushka-record"
VERSION: Final = 1


def to_record(session: Session) -> dict[str, Any]:
    """The whole session so far as one JSON-ready object (omniscient: every hand is in it)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": list(session.players),
        "seed": session.seed,
        "rules": session.rules.to_json(),
        "deals": [
            {
                "dealer": deal.dealer,
                "hands": [[c.code for c in hand] for hand in deal.hands],
                "talon": [c.code for c in deal.talon],
                "events": [event_to_json(e) for e in deal.events],
            }
            for deal in session.deals
        ],
    }
    if session.is_over:
        payout = session.deals[-1].events[-1]
        record["result"] = {
            "kitty_to": getattr(payout, "seat", None),
            "kitty_amount": getattr(payout, "amount", 0),
            "net": list(session.net),
        }
    return record


def dumps(record: dict[str, Any]) -> str:
    """One compact line of JSON; the same record always gives the same bytes."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def dumps_session(session: Session) -> str:
    return dumps(to_record(session))


# ------------------------------------------------------------------ reading


def loads(text: str, *, complete: bool = True) -> Session:
    """Parse one record and replay it; the session returned stands where the record ends."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    return replay(data, complete=complete)


def load_lines(lines: Iterable[str]) -> Iterator[Session]:
    """Replay every record of a JSON Lines stream, naming the line of any bad record."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield loads(line)
        except RecordError as exc:
            raise RecordError(f"line {number}: {exc}") from None


def _require(cond: bool, problem: str, deal: int | None = None, event: int | None = None) -> None:
    if not cond:
        raise RecordError(problem, deal, event)


def _card(value: object, deal: int | None, event: int | None, what: str) -> Card:
    _require(
        isinstance(value, str),
        f'{what} must be a card code such as "QH", not {value!r}',
        deal,
        event,
    )
    try:
        return parse_card(str(value))
    except InvalidCardError as exc:
        raise RecordError(f"{what}: {exc}", deal, event) from None


def _cards(value: object, deal: int | None, event: int | None, what: str) -> list[Card]:
    _require(
        isinstance(value, list), f"{what} must be a list of card codes, not {value!r}", deal, event
    )
    assert isinstance(value, list)
    return [_card(v, deal, event, what) for v in value]


_FIELD_KINDS: Final[dict[str, str]] = {
    "seat": "seat",
    "winner": "seat",
    "first_out": "seat",
    "amount": "int",
    "value": "int",
    "paid": "int",
    "card": "card",
    "cards": "cards",
    "suit": "suit",
    "played": "bool",
    "remise": "bool",
    "doubled": "bool",
    "blocked": "bool",
    "reason": "reason",
}


def parse_event(obj: object, deal: int | None = None, index: int | None = None) -> Event:
    """One event from its JSON object, with every field checked."""
    _require(isinstance(obj, dict), f"an event must be an object, not {obj!r}", deal, index)
    assert isinstance(obj, dict)
    kind = obj.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    _require(cls is not None, f"unknown event type {kind!r}", deal, index)
    assert cls is not None
    values: list[Any] = []
    for name in cls._fields:
        _require(name in obj, f"a {kind} event needs the field {name!r}", deal, index)
        value = obj[name]
        what = f"{kind} {name}"
        field_kind = _FIELD_KINDS[name]
        if field_kind == "seat":
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3
            _require(ok, f"{what} must be a seat 0-3, not {value!r}", deal, index)
        elif field_kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
            _require(ok, f"{what} must be a whole number ≥ 0, not {value!r}", deal, index)
        elif field_kind == "bool":
            _require(
                isinstance(value, bool), f"{what} must be true or false, not {value!r}", deal, index
            )
        elif field_kind == "card":
            value = _card(value, deal, index, what)
        elif field_kind == "cards":
            value = tuple(_cards(value, deal, index, what))
        elif field_kind == "suit":
            try:
                value = (
                    parse_card("7" + str(value)).suit
                    if isinstance(value, str) and len(value) == 1
                    else None
                )
            except InvalidCardError:
                value = None
            _require(
                value is not None,
                f"{what} must be one of H, C, D, S, not {obj[name]!r}",
                deal,
                index,
            )
        elif field_kind == "reason":
            _require(
                value in ("revoke", "no-trick"),
                f"{what} must be revoke or no-trick, not {value!r}",
                deal,
                index,
            )
        values.append(value)
    event: Event = cls(*values)
    return event


def _parse_header(data: object) -> tuple[list[str], int | None, HouseRules, list[Any]]:
    _require(isinstance(data, dict), "a record must be a JSON object")
    assert isinstance(data, dict)
    _require(
        data.get("format") == FORMAT, f"not a mushka record (format is {data.get('format')!r})"
    )
    version = data.get("version")
    _require(
        version == VERSION,
        f"record version {version!r} is not supported; this mushka reads version {VERSION}",
    )
    players = data.get("players")
    _require(
        isinstance(players, list)
        and len(players) == 4
        and all(isinstance(p, str) for p in players),
        "players must be a list of four names",
    )
    assert isinstance(players, list)
    seed = data.get("seed")
    _require(
        seed is None or (isinstance(seed, int) and not isinstance(seed, bool)),
        "seed must be a whole number or null",
    )
    try:
        rules = HouseRules.from_json(data.get("rules"))
    except MushkaError as exc:
        raise RecordError(f"rules: {exc}") from None
    deals = data.get("deals")
    _require(isinstance(deals, list) and len(deals) >= 1, "deals must be a non-empty list")
    assert isinstance(deals, list)
    _require(
        len(deals) <= rules.deals,
        f"the record has {len(deals)} deals but the rules say {rules.deals}",
    )
    return players, seed, rules, deals


def _parse_deal(obj: object, d: int) -> tuple[int, list[list[Card]], list[Card], list[Event]]:
    _require(isinstance(obj, dict), "a deal must be an object", d)
    assert isinstance(obj, dict)
    dealer = obj.get("dealer")
    _require(
        isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer <= 3,
        "dealer must be a seat 0-3",
        d,
    )
    assert isinstance(dealer, int)
    hands_raw = obj.get("hands")
    _require(
        isinstance(hands_raw, list) and len(hands_raw) == 4,
        "hands must be four lists of five cards",
        d,
    )
    assert isinstance(hands_raw, list)
    hands = [_cards(h, d, None, "hands") for h in hands_raw]
    _require(all(len(h) == 5 for h in hands), "each hand must have five cards", d)
    talon = _cards(obj.get("talon"), d, None, "talon")
    _require(len(talon) == 12, "the talon must have twelve cards", d)
    every_card = sorted([c for h in hands for c in h] + talon)
    _require(
        every_card == list(range(32)),
        "hands and talon must hold each of the 32 cards exactly once",
        d,
    )
    events_raw = obj.get("events")
    _require(isinstance(events_raw, list), "events must be a list", d)
    assert isinstance(events_raw, list)
    events = [parse_event(e, d, i) for i, e in enumerate(events_raw)]
    return dealer, hands, talon, events


def _action_for(session: Session, event: Event, d: int, i: int) -> Action:
    """The decision a recorded event stands for, in the session's current state."""
    to_act = session.to_act
    _require(
        to_act is not None,
        f"the session is already over, but the record goes on with {event.type}",
        d,
        i,
    )
    if isinstance(event, Take):
        pair = session.exchange_pair
        _require(pair is not None, "a take event, but no exchange is under way", d, i)
        assert pair is not None and event.card is not None
        _require(
            event.seat == pair[2],
            f"seat {event.seat} takes a card, but it is seat {pair[2]}'s to receive",
            d,
            i,
        )
        try:
            return take(session.face_down_position(event.card))
        except MushkaError as exc:
            raise RecordError(str(exc), d, i) from None
    seat = getattr(event, "seat", None)
    _require(
        seat == to_act, f"seat {seat} acts ({event.type}), but it is seat {to_act}'s turn", d, i
    )
    if isinstance(event, Lead | Follow):
        return play(event.card)
    if isinstance(event, Discard):
        assert event.card is not None
        return discard(event.card)
    if isinstance(event, Draw):
        return DRAW
    if isinstance(event, Pass):
        return PASS
    raise RecordError(
        f"expected a player's decision (seat {to_act} to {session.step.value}), found a {event.type} event",
        d,
        i,
    )


def replay(data: object, *, complete: bool = True) -> Session:
    """Rebuild the session a record describes, checking every event against the rules.

    With `complete=False` the record may stop anywhere (a saved game): the session is returned
    standing at that point, ready for the next decision.
    """
    *_, session = replay_steps(data, complete=complete)
    return session


def replay_steps(data: object, *, complete: bool = True) -> Iterator[Session]:
    """Like `replay`, yielding the same session object once at the start and after every decision."""
    players, seed, rules, deals_raw = _parse_header(data)
    if complete:
        _require(
            len(deals_raw) == rules.deals,
            f"the session is not over: {rules.deals} deals are agreed, the record has {len(deals_raw)}",
        )
    parsed = [_parse_deal(obj, d) for d, obj in enumerate(deals_raw)]
    chance: Chance
    if seed is not None:
        chance = SeededChance(random.Random(seed))
    else:
        face_downs = {
            (d, e.seat): [c for c in e.cards if c is not None]
            for d, (_, _, _, events) in enumerate(parsed)
            for e in events
            if isinstance(e, Expose)
        }
        chance = ScriptedChance(parsed[0][0], [(h, t) for _, h, t, _ in parsed], face_downs)
    try:
        session = Session(players, rules, seed=seed, chance=chance)
    except (MushkaError, LookupError) as exc:
        raise RecordError(str(exc), 0) from None
    yield session
    for d, (dealer, hands, talon, events) in enumerate(parsed):
        _check_deal_matches(session, d, dealer, hands, talon)
        i = 0
        while True:
            produced = session.deals[d].events
            while i < len(produced):
                if i >= len(events):
                    if not complete and d == len(parsed) - 1:
                        break
                    raise RecordError(
                        f"the record ends here, but the rules go on with {_show(produced[i])}", d, i
                    )
                if produced[i] != events[i]:
                    raise RecordError(
                        f"the record says {_show(events[i])}, but the rules give {_show(produced[i])}",
                        d,
                        i,
                    )
                i += 1
            if session.is_over or session.deal_index > d or i >= len(events):
                break
            action = _action_for(session, events[i], d, i)
            try:
                session.apply(action)
            except LookupError:
                raise RecordError(
                    "the record has no seed and no cards for the next deal", d, i
                ) from None
            except MushkaError as exc:
                raise RecordError(f"{events[i].type} refused: {exc}", d, i) from None
            yield session
        if i < len(events):
            raise RecordError(
                f"unexpected event after the end of the deal: {_show(events[i])}", d, i
            )
        deal_done = session.is_over or session.deal_index > d
        if not deal_done and (complete or d < len(parsed) - 1):
            raise RecordError(
                f"the deal stops before its end (seat {session.to_act} is to {session.step.value})",
                d,
                len(events),
            )
    if complete:
        _require(
            session.is_over,
            f"the session is not over: {rules.deals} deals are agreed, the record has {len(parsed)}",
        )
        _check_result(session, data)


def _check_deal_matches(
    session: Session, d: int, dealer: int, hands: list[list[Card]], talon: list[Card]
) -> None:
    _require(len(session.deals) > d, "the previous deal did not end", d)
    log = session.deals[d]
    _require(
        log.dealer == dealer, f"the dealer should be seat {log.dealer}, the record says {dealer}", d
    )
    _require(
        [list(h) for h in log.hands] == hands and list(log.talon) == talon,
        "the hands and talon do not follow from the record's seed",
        d,
    )


def _check_result(session: Session, data: Any) -> None:
    result = data.get("result")
    _require(isinstance(result, dict), "a finished record needs a result object")
    expected = to_record(session)["result"]
    for key, value in expected.items():
        _require(
            result.get(key) == value,
            f"result {key} is {result.get(key)!r}, but the play gives {value!r}",
        )


def _show(event: Event) -> str:
    return json.dumps(event_to_json(event), ensure_ascii=False)
