"""Records that are valid JSON but hostile: one short RecordError each, quickly, nothing else."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

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
