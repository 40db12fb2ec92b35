"""The game record (format "mushka-record", version 1): writing, reading, and replaying it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, Final, assert_never

from mushka.actions import DRAW, PASS, Action, discard, play, take
from mushka.cards import DECK_SIZE, HAND_SIZE, TALON_SIZE, Card
from mushka.chance import ScriptedChance
from mushka.codec import event_from_json, event_to_json, read_card
from mushka.engine import Session
from mushka.errors import ChanceError, MushkaError, RecordError, short_repr
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
    event_name,
)
from mushka.house_rules import HouseRules
from mushka.names import names_problem
from mushka.view import NOBODY, redact
from mushka.wording import Wording, joined

FORMAT: Final = "mushka-record"
VERSION: Final = 1
MAX_EVENTS: Final = 2_000  # per deal; a real deal has well under 200


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
    """Parse one record and replay it; the session returned stands where the record ends.

    Anything wrong, however hostile (not JSON, nested too deep, numbers too long, wrong types,
    huge fields), raises one RecordError with a short message.
    """
    if not isinstance(text, str):
        raise RecordError(Wording("a record is JSON text, not {value}", value=short_repr(text)))
    if not text.strip():
        raise RecordError(Wording("the record is empty"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            Wording(
                "not valid JSON (line {line}, column {column}: {reason})",
                line=exc.lineno,
                column=exc.colno,
                reason=exc.msg,
            )
        ) from None
    except RecursionError:
        raise RecordError(Wording("not a record: the JSON is nested too deep")) from None
    except ValueError as exc:  # e.g. an integer longer than Python's digit limit
        raise RecordError(
            Wording("not a record: {reason}", reason=short_repr(str(exc), 80))
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
            raise RecordError(
                Wording("line {number}: {problem}", number=number, problem=exc.wording)
            ) from None


def _require(
    cond: bool, problem: Wording, deal: int | None = None, event: int | None = None
) -> None:
    if not cond:
        raise RecordError(problem, deal, event)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(value: object, deal: int | None, what: str, most: int) -> list[Card]:
    if isinstance(value, list):  # its cards are never quoted: they are a hand or the talon
        _require(
            len(value) <= most,
            Wording(
                "{what} must be a list of at most {most} card codes, not {count}",
                what=what,
                most=most,
                count=len(value),
            ),
            deal,
        )
    _require(
        isinstance(value, list),
        Wording(
            "{what} must be a list of at most {most} card codes, not {value}",
            what=what,
            most=most,
            value=short_repr(value),
        ),
        deal,
    )
    assert isinstance(value, list)
    try:
        return [c for c in (read_card(v, what) for v in value) if c is not None]
    except RecordError as exc:
        raise RecordError(exc.problem, deal) from None


def parse_event(obj: object, deal: int | None = None, index: int | None = None) -> Event:
    """One event from its JSON object, with every field checked (see `mushka.codec`)."""
    try:
        return event_from_json(obj)
    except RecordError as exc:
        raise RecordError(exc.problem, deal, index) from None


def _parse_header(data: object) -> tuple[list[str], int | None, HouseRules, list[Any]]:
    _require(
        isinstance(data, dict),
        Wording("a record must be a JSON object, not {value}", value=short_repr(data)),
    )
    assert isinstance(data, dict)
    _require(
        data.get("format") == FORMAT,
        Wording("not a mushka record (format is {value})", value=short_repr(data.get("format"))),
    )
    version = data.get("version")
    _require(
        _whole(version) and version == VERSION,
        Wording(
            "record version {version} is not supported; this mushka reads version {supported}",
            version=short_repr(version),
            supported=VERSION,
        ),
    )
    players = data.get("players")
    _require(
        isinstance(players, list) and len(players) == 4,
        Wording("players must be a list of four names"),
    )
    assert isinstance(players, list)
    problem = names_problem(players)
    if problem is not None:
        raise RecordError(Wording("players: {problem}", problem=problem))
    seed = data.get("seed")
    _require(
        seed is None or _whole(seed),
        Wording("seed must be a whole number or null, not {value}", value=short_repr(seed)),
    )
    try:
        rules = HouseRules.from_json(data.get("rules"))
    except MushkaError as exc:
        raise RecordError(Wording("rules: {problem}", problem=exc.wording)) from None
    deals = data.get("deals")
    _require(isinstance(deals, list) and len(deals) >= 1, Wording("deals must be a non-empty list"))
    assert isinstance(deals, list)
    _require(
        len(deals) <= rules.deals,
        Wording(
            "the record has {count} deals but the rules say {agreed}",
            count=len(deals),
            agreed=rules.deals,
        ),
    )
    return players, seed, rules, deals


def _parse_deal(obj: object, d: int) -> tuple[int, list[list[Card]], list[Card], list[Event]]:
    _require(
        isinstance(obj, dict),
        Wording("a deal must be an object, not {value}", value=short_repr(obj)),
        d,
    )
    assert isinstance(obj, dict)
    dealer = obj.get("dealer")
    _require(
        isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer <= 3,
        Wording("{what} must be a seat 0-3, not {value}", what="dealer", value=short_repr(dealer)),
        d,
    )
    assert isinstance(dealer, int)
    hands_raw = obj.get("hands")
    _require(
        isinstance(hands_raw, list) and len(hands_raw) == 4,
        Wording("hands must be four lists of {count} cards", count=HAND_SIZE),
        d,
    )
    assert isinstance(hands_raw, list)
    hands = [_cards(h, d, "hands", HAND_SIZE) for h in hands_raw]
    _require(
        all(len(h) == HAND_SIZE for h in hands),
        Wording("each hand must have {count} cards", count=HAND_SIZE),
        d,
    )
    talon = _cards(obj.get("talon"), d, "talon", TALON_SIZE)
    _require(
        len(talon) == TALON_SIZE, Wording("the talon must have {count} cards", count=TALON_SIZE), d
    )
    every_card = sorted([c for h in hands for c in h] + talon)
    _require(
        every_card == list(range(DECK_SIZE)),
        Wording(
            "hands and talon must hold each of the {count} cards exactly once", count=DECK_SIZE
        ),
        d,
    )
    events_raw = obj.get("events")
    _require(
        isinstance(events_raw, list) and len(events_raw) <= MAX_EVENTS,
        Wording("events must be a list of at most {most} events", most=MAX_EVENTS),
        d,
    )
    assert isinstance(events_raw, list)
    events = [parse_event(e, d, i) for i, e in enumerate(events_raw)]
    return dealer, hands, talon, events


def _action_for(session: Session, event: Event, d: int, i: int) -> Action:
    """The decision a recorded event stands for, in the session's current state."""
    to_act = session.to_act
    name = event_name(event)
    # Here, once per decision, a refusal is worded only when it is raised (not for every event).
    if to_act is None:
        raise RecordError(
            Wording("the session is already over, but the record goes on with {name}", name=name),
            d,
            i,
        )
    action: Action | None
    match event:
        case Take():
            return _take_for(session, event, d, i)
        case Lead(card=card) | Follow(card=card):
            action = play(card)
        case Discard(card=card):
            assert card is not None  # a record's events are omniscient
            action = discard(card)
        case Draw():
            action = DRAW
        case Pass():
            action = PASS
        case Ante() | Expose() | Replenish() | TakeBack() | Trick() | Remise() | Out() | End():
            action = None
        case Payout():
            action = None
        case _:
            assert_never(event)
    seat = getattr(event, "seat", None)
    if seat != to_act:
        raise RecordError(
            Wording(
                "seat {seat} acts ({name}), but it is seat {to_act}'s turn",
                seat=seat,
                name=name,
                to_act=to_act,
            ),
            d,
            i,
        )
    if action is None:
        raise RecordError(
            Wording(
                "expected a player's decision (seat {seat} to {step}), found a {name} event",
                seat=to_act,
                step=session.step.value,
                name=name,
            ),
            d,
            i,
        )
    return action


def _take_for(session: Session, event: Take, d: int, i: int) -> Action:
    """The take a recorded Take event stands for: the receiver's, of a face-down card."""
    pair = session.exchange_pair
    _require(pair is not None, Wording("a take event, but no exchange is under way"), d, i)
    assert pair is not None and event.card is not None
    if event.seat != pair[2]:
        raise RecordError(
            Wording(
                "seat {seat} takes a card, but it is seat {receiver}'s to receive",
                seat=event.seat,
                receiver=pair[2],
            ),
            d,
            i,
        )
    try:
        return take(session.face_down_position(event.card))
    except MushkaError:
        # the engine's reason names the card, which only the taker may know
        raise RecordError(
            Wording("the card taken is not among the face-down cards"), d, i
        ) from None


def _same(produced: Event, recorded: Event) -> bool:
    """Whether the recorded event is the one the rules produced (an older record's trick may
    leave out the winning card: the rules supply it)."""
    if isinstance(recorded, Trick) and recorded.card is None and isinstance(produced, Trick):
        return produced._replace(card=None) == recorded
    return produced == recorded


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
            Wording(
                "the session is not over: {agreed} deals are agreed, the record has {count}",
                agreed=rules.deals,
                count=len(deals_raw),
            ),
        )
    parsed = [_parse_deal(obj, d) for d, obj in enumerate(deals_raw)]
    try:
        if seed is not None:
            session = Session(players, rules, seed=seed)
        else:
            face_downs = {
                (d, e.seat): [c for c in e.cards if c is not None]
                for d, (_, _, _, events) in enumerate(parsed)
                for e in events
                if isinstance(e, Expose)
            }
            chance = ScriptedChance(parsed[0][0], [(h, t) for _, h, t, _ in parsed], face_downs)
            session = Session(players, rules, chance=chance)
    except MushkaError as exc:
        raise RecordError(exc.wording, 0) from None
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
                        Wording(
                            "the record ends here, but the rules go on with {event}",
                            event=_show(produced[i]),
                        ),
                        d,
                        i,
                    )
                if not _same(produced[i], events[i]):
                    raise RecordError(_mismatch(events[i], produced[i]), d, i)
                i += 1
            if session.is_over or session.deal_index > d or i >= len(events):
                break
            action = _action_for(session, events[i], d, i)
            try:
                session.apply(action)
            except ChanceError:
                raise RecordError(
                    Wording("the record has no seed and no cards for the next deal"), d, i
                ) from None
            except MushkaError:
                # The engine's reason lists the mover's hand: the message may be read out at the
                # table (a save that does not resume), so it names only the recorded move.
                raise RecordError(
                    Wording("the rules do not allow {event} here", event=_claimed(events[i])), d, i
                ) from None
            yield session
        if i < len(events):
            raise RecordError(
                Wording(
                    "unexpected event after the end of the deal: {event}",
                    event=_claimed(events[i]),
                ),
                d,
                i,
            )
        deal_done = session.is_over or session.deal_index > d
        if not deal_done and (complete or d < len(parsed) - 1):
            raise RecordError(
                Wording(
                    "the deal stops before its end (seat {seat} is to {step})",
                    seat=session.to_act,
                    step=session.step.value,
                ),
                d,
                len(events),
            )
    if complete:
        _require(
            session.is_over,
            Wording(
                "the session is not over: {agreed} deals are agreed, the record has {count}",
                agreed=rules.deals,
                count=len(parsed),
            ),
        )
        _check_result(session, data)


def _check_deal_matches(
    session: Session, d: int, dealer: int, hands: list[list[Card]], talon: list[Card]
) -> None:
    _require(len(session.deals) > d, Wording("the previous deal did not end"), d)
    log = session.deals[d]
    _require(
        log.dealer == dealer,
        Wording(
            "the dealer should be seat {expected}, the record says {found}",
            expected=log.dealer,
            found=dealer,
        ),
        d,
    )
    _require(
        [list(h) for h in log.hands] == hands and list(log.talon) == talon,
        Wording("the hands and talon do not follow from the record's seed"),
        d,
    )


def _check_result(session: Session, data: Any) -> None:
    result = data.get("result")
    _require(isinstance(result, dict), Wording("a finished record needs a result object"))
    expected = to_record(session)["result"]
    for key, value in expected.items():
        found = result.get(key)
        _require(
            type(found) is type(value) and found == value,
            Wording(
                "result {key} is {found}, but the play gives {expected}",
                key=key,
                found=short_repr(found),
                expected=repr(value),
            ),
        )


def _mismatch(recorded: Event, produced: Event) -> Wording:
    """How a recorded event differs from the one the rules produce, naming no card: the record's
    cards may be any seat's, and the message may be read out at the table."""
    ours, theirs = event_to_json(recorded), event_to_json(produced)
    if ours["type"] != theirs["type"]:
        return Wording(
            "the record says {recorded}, but the rules give {produced}",
            recorded=_claimed(recorded),
            produced=_show(produced),
        )
    fields: list[Wording | str] = [
        name
        if name in _CARD_FIELDS
        else Wording(
            "{field} {recorded} instead of {produced}",
            field=name,
            recorded=json.dumps(ours.get(name)),
            produced=json.dumps(theirs.get(name)),
        )
        for name in theirs
        if ours.get(name) not in (theirs[name], None)  # an older trick leaves out its card
    ]
    return Wording(
        "the record's {event} differs from the rules in {fields}",
        event=_claimed(recorded),
        fields=joined(fields, ", "),
    )


_CARD_FIELDS: Final = frozenset({"card", "cards"})


def _claimed(event: Event) -> Wording | str:
    """A recorded event by its kind and seat alone: what the record claims, no card named."""
    seat = getattr(event, "seat", None)
    if seat is None:
        return event_name(event)
    return Wording("{name} by seat {seat}", name=event_name(event), seat=seat)


def _show(event: Event) -> str:
    """The event as anyone at the table may know it: a card only its holder has seen is null."""
    return json.dumps(event_to_json(redact(event, seat=NOBODY)), ensure_ascii=False)
