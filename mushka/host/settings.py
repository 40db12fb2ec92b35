"""The table's own settings, kept in the save beside the record: computer players, undo and
hints, the bots' pace, the record file and the session's id."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from mushka.defaults import BOT_DELAY
from mushka.errors import MushkaError
from mushka.players.strategies import STRATEGY_NAMES
from mushka.table_options import TableOptions
from mushka.wording import Wording

MAX_BOT_DELAY: Final = 60.0  # seconds; a save asking for more is not one this table wrote


class SettingsError(MushkaError):
    """Table settings (from a save) that this table would never have written."""


@dataclass
class TableSettings:
    """What the table needs besides the record, kept in the save file."""

    ascii_only: bool = False
    record_path: str | None = None
    bots: dict[int, str] = field(default_factory=dict)
    bot_delay: float = BOT_DELAY
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex)  # finishing counts once
    # House rule: the player who has just moved may take the move back on the handoff screen
    # that follows. Off unless agreed: a card laid has been seen, and the old rules know no
    # take-back. The record keeps only the move that stood; the public log says what went back.
    undo: bool = False
    hints: bool = False  # house rule: the `h` key shows the coach (off unless agreed)
    # A network table's code, kept so that a table continued with `host --resume` keeps it
    # (its players come back with the code they know). The save is a private file.
    code: str | None = None
    # Each seat's own code and the address it last sat at (see `host.live.LiveTable.admit`),
    # kept so that after `host --resume` a return still proves it is the same player.
    seat_codes: dict[int, str] = field(default_factory=dict, compare=False)
    seat_addresses: dict[int, str] = field(default_factory=dict, compare=False)
    # Whether `record_path` was given by the player in this very process (and checked then), so
    # that the record may replace the file found there; a path read back from a save may not.
    record_trusted: bool = field(default=False, compare=False)

    @property
    def options(self) -> TableOptions:
        """The two house settings the screens draw."""
        return TableOptions(undo=self.undo, hints=self.hints)

    def to_json(self) -> dict[str, Any]:
        return {
            "ascii": self.ascii_only,
            "record": self.record_path,
            "bots": {str(k): v for k, v in self.bots.items()},
            "bot_delay": self.bot_delay,
            "session": self.session_id,
            "undo": self.undo,
            "hints": self.hints,
            **({"code": self.code} if self.code is not None else {}),
            **(
                {"seat_codes": {str(k): v for k, v in sorted(self.seat_codes.items())}}
                if self.seat_codes
                else {}
            ),
            **(
                {"seat_addresses": {str(k): v for k, v in sorted(self.seat_addresses.items())}}
                if self.seat_addresses
                else {}
            ),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        """The settings of a save, every value checked; SettingsError says what is wrong."""
        ascii_only = data.get("ascii", False)
        if not isinstance(ascii_only, bool):
            raise SettingsError(Wording("ascii must be true or false"))
        record = data.get("record")
        if record is not None and not (
            isinstance(record, str) and 0 < len(record) <= 4096 and "\0" not in record
        ):
            raise SettingsError(Wording("record must be a file name or null"))
        bots = data.get("bots", {})
        if not isinstance(bots, dict):
            raise SettingsError(Wording("bots must be an object of seat: strategy"))
        seats: dict[int, str] = {}
        for key, strategy in bots.items():
            if key not in ("0", "1", "2", "3"):
                raise SettingsError(Wording("a computer player's seat must be 0 to 3"))
            if not isinstance(strategy, str) or strategy not in STRATEGY_NAMES:
                raise SettingsError(
                    Wording(
                        "unknown computer strategy (choose from {choices})",
                        choices=", ".join(STRATEGY_NAMES),
                    )
                )
            seats[int(key)] = strategy
        delay = data.get("bot_delay", BOT_DELAY)
        if (
            not isinstance(delay, int | float)
            or isinstance(delay, bool)
            or not 0 <= delay <= MAX_BOT_DELAY  # NaN fails this too
        ):
            raise SettingsError(
                Wording(
                    "bot_delay must be a number of seconds from 0 to {most}",
                    most=f"{MAX_BOT_DELAY:g}",
                )
            )
        session_id = data.get("session")
        if session_id is None:
            session_id = uuid.uuid4().hex  # a save from before session ids: from now on it has one
        elif not (
            isinstance(session_id, str)
            and 0 < len(session_id) <= 64
            and session_id.isascii()
            and session_id.isalnum()
        ):
            raise SettingsError(Wording("session must be a short id of letters and digits"))
        house = {name: data.get(name, False) for name in ("undo", "hints")}
        for name, value in house.items():
            if not isinstance(value, bool):
                raise SettingsError(Wording("{name} must be true or false", name=name))
        code = data.get("code")
        if code is not None and not (
            isinstance(code, str) and 0 < len(code) <= 64 and code.isprintable()
        ):
            raise SettingsError(Wording("code must be a table code or absent"))
        seat_codes = _per_seat(data.get("seat_codes", {}))
        seat_addresses = _per_seat(data.get("seat_addresses", {}))
        return cls(
            ascii_only,
            record,
            dict(sorted(seats.items())),
            float(delay),
            session_id,
            undo=house["undo"],
            hints=house["hints"],
            code=code,
            seat_codes=seat_codes,
            seat_addresses=seat_addresses,
        )


def _per_seat(value: object) -> dict[int, str]:
    """A save's short text for each seat (its own code, its last address), checked."""
    if not isinstance(value, dict) or not all(
        key in ("0", "1", "2", "3")
        and isinstance(text, str)
        and 0 < len(text) <= 64
        and text.isprintable()
        for key, text in value.items()
    ):
        raise SettingsError(Wording("seat codes and addresses must be short text for seats 0 to 3"))
    return {int(key): text for key, text in value.items()}
