"""Records that are valid JSON but hostile: one short RecordError each, quickly, nothing else."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import spread

from mushka.errors import MushkaError, RecordError
from mushka.record import dumps, loads, replay

EXAMPLE = Path(__file__).with_name("data") / "record-example.json"
MESSAGE_LIMIT = 300  # characters: a one-line error, never an echo of the input


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def refused(text: str) -> str:
    started = time.perf_counter()
    with pytest.raises(RecordError) as err:
        loads(text)
    assert time.perf_counter() - started < 5  # generous for a loaded machine; typically ms
    message = str(err.value)
    assert len(message) < MESSAGE_LIMIT and "\n" not in message
    return message


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_input_is_not_a_record(text: str) -> None:
    assert "empty" in refused(text)


def test_json_nested_a_hundred_thousand_deep() -> None:
    assert "nested too deep" in refused("[" * 100_000 + "]" * 100_000)
    assert "nested too deep" in refused('{"a":' * 100_000 + "1" + "}" * 100_000)


def test_a_five_thousand_digit_integer() -> None:
    data = example()
    text = dumps(data).replace('"version":1', '"version":' + "9" * 5000)
    assert "not a record" in refused(text)


def test_a_ten_megabyte_card_field_gives_a_short_message() -> None:
    data = example()
    data["deals"][0]["events"][13]["card"] = "Q" * 10_000_000
    assert "follow card must be a card code" in refused(dumps(data))


def test_a_megabyte_player_name_is_refused_at_once() -> None:
    data = example()
    data["players"][0] = "A" * 1_000_000
    assert "is too long" in refused(dumps(data))


@pytest.mark.parametrize("name", ["", "Anna\x1b[2J", "Bo\nris", "A" * 17, 7, None])
def test_names_are_short_printable_text(name: object) -> None:
    data = example()
    data["players"][1] = name
    with pytest.raises(RecordError, match=r"^players: "):
        replay(data)


def test_unknown_extra_fields_are_ignored_everywhere() -> None:
    data = example()
    data["comment"] = "x"
    data["rules"]["ante"] = 3
    data["rules"]["prices"]["X"] = 9
    data["deals"][0]["note"] = [1, 2]
    for event in data["deals"][1]["events"]:
        event["extra"] = {"nested": True}
    assert replay(data).net == (-47, -34, -3, 84)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


GARBAGE: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    3,
    99,
    10**40,
    1.5,
    float("nan"),
    "",
    "QH",
    "AS",
    "x" * 1000,
    [],
    [None],
    ["QH"] * 50,
    {},
    {"type": "lead"},
]


def test_garbage_anywhere_in_a_record_gives_a_record_error_and_nothing_else() -> None:
    base = example()
    paths = [p for p in _paths(base) if p]
    rng = random.Random(8)
    for _ in range(600):
        data = copy.deepcopy(base)
        path = rng.choice(paths)
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(GARBAGE)
        try:
            session = loads(json.dumps(data))
        except RecordError as exc:
            assert len(str(exc)) < MESSAGE_LIMIT
        except MushkaError as exc:  # pragma: no cover - would be a wrong error class
            raise AssertionError(f"{path}: {type(exc).__name__} {exc}") from None
        else:  # some changes are harmless (an unknown field, a name)
            assert session.is_over


# ---------------------------------------------------------------- no hidden card in a refusal

PUBLIC_CARD_EVENTS = ("lead", "follow", "trick", "takeback")


def _public_cards(events: list[dict[str, Any]]) -> set[str]:
    """The cards the events show to everyone: played, drawn and played, or taking a trick."""
    shown = {e["card"] for e in events if e["type"] in PUBLIC_CARD_EVENTS and e.get("card")}
    shown |= {e["card"] for e in events if e["type"] == "draw" and e.get("played")}
    return shown


def _named_cards(message: str) -> set[str]:
    from mushka.cards import CARDS

    labels = {c.code: {c.code, str(c)} for c in CARDS}
    return {
        code
        for code, forms in labels.items()
        if any(
            f'"{form}"' in message
            or f" {form}" in message
            or f"{form}." in message
            or f"{form}," in message
            or f"({form}" in message
            for form in forms
        )
    }


@pytest.mark.parametrize("seed", spread(range(6), 2))
def test_a_tampered_card_is_refused_without_naming_a_hidden_card(seed: int) -> None:
    """A save or record that does not replay may be refused in front of the whole table: its
    message names no card that the table has not seen, whichever card of whichever move
    was changed (a lead, a follow, a discard, a take, a draw) and to whichever card."""
    from mushka.cards import CARDS
    from mushka.house_rules import HouseRules
    from mushka.record import to_record
    from mushka.study.simulate import play_random_session

    rng = random.Random(seed)
    record = to_record(play_random_session(HouseRules(), seed))
    tried = refusals = 0
    for deal, events in enumerate(d["events"] for d in record["deals"]):
        for index, event in enumerate(events):
            if "card" not in event or event["type"] in ("trick", "takeback"):
                continue
            for card in rng.sample([c.code for c in CARDS], 3):
                if card == event["card"]:
                    continue
                data = copy.deepcopy(record)
                data["deals"][deal]["events"][index]["card"] = card
                tried += 1
                try:
                    replay(data)
                except RecordError as err:
                    refusals += 1
                    message = str(err)
                    assert err.deal is not None and err.event is not None, message
                    shown = data["deals"][err.deal]["events"]
                    seen = set().union(
                        *(_public_cards(d["events"]) for d in data["deals"][: err.deal])
                    )
                    seen |= _public_cards(shown[: err.event])
                    if err.event < len(shown) and shown[err.event]["type"] in ("lead", "follow"):
                        seen.add(shown[err.event]["card"])  # the refused move claims to show it
                    assert _named_cards(message) <= seen, (message, event, card)
    assert tried > 100 and refusals > tried // 3


def test_resume_of_a_save_with_a_changed_lead_names_no_hidden_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: one lead changed to a card the leader does not hold. `resume` says so in
    public terms (its refusal is read at the table), and keeps the file aside."""
    from typer.testing import CliRunner

    from mushka import cli
    from mushka.cards import CARDS
    from mushka.engine import Session
    from mushka.host.storage.saves import save_game

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    session = Session(["Anna", "Boris", "Vera", "Gleb"], seed=5)
    while session.deal_index == 0 and len(session.deals[0].events) < 40:
        session.apply(session.legal_actions()[0])
    save_game(session, {})
    save = tmp_path / "state" / "mushka" / "current-game.json"
    data = json.loads(save.read_text(encoding="utf-8"))
    events = data["record"]["deals"][0]["events"]
    lead = next(i for i, e in enumerate(events) if e["type"] == "lead" and i > 10)
    leader = events[lead]["seat"]
    elsewhere = next(
        c
        for c in CARDS
        if c not in session.deals[0].hands[leader] and c.code != events[lead]["card"]
    )
    events[lead]["card"] = elsewhere.code
    save.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli.app, ["resume"])
    assert result.exit_code == 1
    assert (
        f"deal 1, event {lead}: the rules do not allow lead by seat {leader} here" in result.output
    )
    hidden = {str(c) for hand in session.deals[0].hands for c in hand} | {c.code for c in CARDS}
    assert not {h for h in hidden if f" {h}" in result.output or f"({h}" in result.output}
    assert len(list(save.parent.glob("current-game.corrupt-*.json"))) == 1
