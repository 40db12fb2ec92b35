"""Compile mushka's gettext catalogs (.po) into the binary .mo files shipped in the package.

Standard library only, so building needs no extra tool; the output is deterministic (messages
sorted), so tests/test_i18n.py can check that each committed .mo is exactly its .po compiled.
Run `python tools/compile_catalogs.py` after editing a .po file.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "mushka" / "locale"


@dataclass
class Message:
    """One catalog entry; `translations` has one string, or one per plural form."""

    msgid: str
    msgid_plural: str | None = None
    translations: list[str] = field(default_factory=list)
    fuzzy: bool = False


def read_po(text: str) -> list[Message]:
    """The entries of a .po file (the header, msgid "", included); raise ValueError if malformed."""
    messages: list[Message] = []
    current: Message | None = None
    target: str | None = None  # which field the string lines being read belong to
    fuzzy = False
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = "", line
        value = _string(rest, number)
        if keyword == "msgid":
            current = Message(msgid=value, fuzzy=fuzzy)
            messages.append(current)
            target, fuzzy = "msgid", False
        elif current is None:
            raise ValueError(f"line {number}: {keyword or 'a string'} before any msgid")
        elif keyword == "msgid_plural":
            current.msgid_plural, target = value, "msgid_plural"
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            current.translations.append(value)
            target = "msgstr"
        elif keyword == "" and target == "msgid":
            current.msgid += value
        elif keyword == "" and target == "msgid_plural":
            current.msgid_plural = (current.msgid_plural or "") + value
        elif keyword == "" and target == "msgstr":
            current.translations[-1] += value
        else:
            raise ValueError(f"line {number}: cannot read {line[:40]!r}")
    return messages


def _string(token: str, number: int) -> str:
    token = token.strip()
    if not (len(token) >= 2 and token[0] == token[-1] == '"'):
        raise ValueError(f"line {number}: expected a quoted string, got {token[:40]!r}")
    value = ast.literal_eval(token)
    assert isinstance(value, str)
    return value


def mo_bytes(messages: list[Message]) -> bytes:
    """The GNU .mo file for `messages`: fuzzy and untranslated entries are left out, as msgfmt does."""
    table: dict[bytes, bytes] = {}
    for message in messages:
        if (message.fuzzy and message.msgid) or not any(message.translations):
            continue
        key = message.msgid
        if message.msgid_plural is not None:
            key += "\0" + message.msgid_plural
        table[key.encode()] = "\0".join(message.translations).encode()
    keys = sorted(table)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    data = b""
    originals: list[tuple[int, int]] = []
    for key in keys:
        originals.append((len(key), data_at + len(data)))
        data += key + b"\0"
    translations: list[tuple[int, int]] = []
    for key in keys:
        translations.append((len(table[key]), data_at + len(data)))
        data += table[key] + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, 0)
    index = b"".join(struct.pack("<2I", *pair) for pair in originals + translations)
    return header + index + data


def catalogs() -> dict[Path, list[Path]]:
    """Each language's .mo file and the .po parts merged into it (mushka.po first, then by name)."""
    merged: dict[Path, list[Path]] = {}
    for folder in sorted(LOCALE.glob("*/LC_MESSAGES")):
        parts = sorted(folder.glob("*.po"), key=lambda p: (p.name != "mushka.po", p.name))
        if parts:
            merged[folder / "mushka.mo"] = parts
    return merged


def merge(parts: list[str]) -> list[Message]:
    """The entries of several .po parts as one catalog: the first part's header, every message once.

    A message in two parts must be translated the same in both, or ValueError says which.
    """
    merged: dict[tuple[str, str | None], Message] = {}
    for number, text in enumerate(parts):
        for message in read_po(text):
            if not message.msgid and number:
                continue  # only the first part's header counts
            key = (message.msgid, message.msgid_plural)
            if key in merged and merged[key].translations != message.translations:
                raise ValueError(f"{message.msgid[:60]!r} is translated two ways")
            merged.setdefault(key, message)
    return list(merged.values())


def main() -> int:
    for mo, parts in catalogs().items():
        mo.write_bytes(mo_bytes(merge([po.read_text(encoding="utf-8") for po in parts])))
        names = ", ".join(po.name for po in parts)
        print(f"{mo.parent.relative_to(ROOT)}: {names} -> {mo.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
