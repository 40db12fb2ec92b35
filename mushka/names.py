"""The one rule for a player's name, however it comes in: typed at the table or on the command
line, read from a save, a record or the score history, or given as an SSH login."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from mushka.wording import Wording

MAX_NAME: Final = 16  # characters: what every screen of the table has room for
_QUOTE: Final = MAX_NAME + 4  # characters of an offending name quoted back in a refusal

# Characters a name may not hold because they are not seen: Unicode's Default_Ignorable_Code_Point
# property (drawn as nothing by every renderer that does not support them), derived as Unicode
# defines it in DerivedCoreProperties.txt: Other_Default_Ignorable_Code_Point + Cf +
# Variation_Selector - White_Space - FFF9..FFFB - 13430..1343F - Prepended_Concatenation_Mark.
# Python's unicodedata has no such property: the two lists it is derived from are copied here
# from PropList.txt (Unicode 15.1; Cf is read from unicodedata). The exceptions need no list: a
# name refuses every Cf, and every space but the plain one, anyway.
_OTHER_DEFAULT_IGNORABLE: Final = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x2065, 0x2065),
    (0x3164, 0x3164),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0xE0000, 0xE0000),
    (0xE0002, 0xE001F),
    (0xE0080, 0xE00FF),
    (0xE01F0, 0xE0FFF),
)
# Variation selectors pick a glyph for the character before them ("Anna\ufe0f" is drawn as
# "Anna"): the Mongolian free variation selectors, VS1-VS16, VS17-VS256.
VARIATION_SELECTORS: Final = (
    (0x180B, 0x180D),
    (0x180F, 0x180F),
    (0xFE00, 0xFE0F),
    (0xE0100, 0xE01EF),
)
# Blank-looking characters that are not default-ignorable but show nothing in a name either.
_BLANK: Final = frozenset("\u180e\u2800")


def _in(ranges: tuple[tuple[int, int], ...], point: int) -> bool:
    return any(low <= point <= high for low, high in ranges)


def default_ignorable(char: str) -> bool:
    """Whether `char` is a Unicode default-ignorable code point (the property, derived above)."""
    point = ord(char)
    return (
        unicodedata.category(char) == "Cf"
        or _in(_OTHER_DEFAULT_IGNORABLE, point)
        or _in(VARIATION_SELECTORS, point)
    )


def invisible(char: str) -> bool:
    """Whether `char` shows as nothing: default-ignorable, a variation selector or a blank."""
    return char in _BLANK or default_ignorable(char)


# Cyrillic and Greek letters drawn exactly like a Latin one, in capitals and in small letters:
# "Аnn" (a Cyrillic А) and "Ann", or "НОРА" and "HOPA", would be two players the screen cannot
# tell apart, so they count as the same name.
# Cherokee capitals and Armenian small letters drawn like Latin ones too ("Ꭺnn", "Anո"), from
# Unicode's confusables (UTS #39).
_LOOK_ALIKE_CAPITALS: Final = str.maketrans(
    "АВЕЁКМНОРСТХУІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧᎪᏴᏟᎠᎬᏀᎻᏦᏞᎷᏢᏒᏚᎢᏙᏔᎩᏃՕՍՏԼ",
    "ABEEKMHOPCTXYIJSABEZHIKMNOPTYXABCDEGHKLMPRSTVWYZOUSL",
)
_LOOK_ALIKE_SMALL: Final = str.maketrans("аеёорсухіјѕһԁοικρναոսօհցզռ", "aeeopcyxijshdoikpvanuohgqn")
# Scripts whose letters may share a word (Japanese and Korean names mix these); any other two
# scripts in one word are refused, look-alikes or not: "Ꭺnn" is Cherokee and Latin.
_EAST_ASIAN: Final = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})


def printable(text: str, limit: int | None = None) -> str:
    """User-supplied text made safe to print: control and format characters (escape sequences,
    bidi overrides, zero-width characters) shown as "?", and cut to `limit` characters."""
    if limit is not None and len(text) > limit:
        text = text[: max(0, limit - 1)] + "…"
    return "".join("?" if unicodedata.category(c)[0] in "CZ" and c != " " else c for c in text)


def same_name(one: str, other: str) -> bool:
    """Whether two names would look alike at the table: equal but for case, compatibility forms
    (fullwidth letters) or Cyrillic and Greek look-alikes of Latin letters."""
    one, other = (unicodedata.normalize("NFKC", name) for name in (one, other))
    small = (name.casefold().translate(_LOOK_ALIKE_SMALL) for name in (one, other))
    capitals = (name.upper().translate(_LOOK_ALIKE_CAPITALS) for name in (one, other))
    return len(set(small)) == 1 or len(set(capitals)) == 1


def _script(char: str) -> str | None:
    """The script of a letter, as the first word of its Unicode name (None for anything else:
    digits, punctuation, spaces and marks go with any script)."""
    if not unicodedata.category(char).startswith("L"):
        return None
    script = unicodedata.name(char, "").split(" ", 1)[0]
    return "CJK" if script in _EAST_ASIAN else script or None


def mixed_scripts(name: str) -> list[str]:
    """The scripts of the first word of `name` that mixes letters of several (a spoof, like
    "Ꭺnn" with a Cherokee Ꭺ), or an empty list. Words apart may differ ("Бот 3 (basic)")."""
    for word in unicodedata.normalize("NFKC", name).split():
        scripts = sorted({s for s in map(_script, word) if s is not None})
        if len(scripts) > 1:
            return scripts
    return []


def name_problem(name: object, taken: Iterable[str] = ()) -> Wording | None:
    """Why `name` cannot be a player's name beside the names `taken`, or None if it can.

    A name is 1 to 16 characters of letters, marks, digits, punctuation, symbols and plain
    spaces, neither starting nor ending with a space. Refused: control characters (an escape
    sequence), format characters (bidi overrides, zero-width spaces and joiners, soft hyphens),
    any space but the plain one (tabs, no-break and line separators), unassigned and
    private-use code points, every default-ignorable code point and variation selector (drawn
    as nothing: "Anna\ufe0f" beside "Anna") and blank-looking fillers, a word that mixes letters of different
    scripts (UTS #39's mixed-script spoofs), and a name that looks like one taken.
    """
    if not isinstance(name, str):
        return Wording("a player's name is empty or not text")
    if not name.strip():
        return Wording("a name cannot be empty")
    quoted = repr(printable(name, limit=_QUOTE))
    if len(name) > MAX_NAME:
        return Wording("{name} is too long: at most {most} characters", name=quoted, most=MAX_NAME)
    for char in name:
        category = unicodedata.category(char)
        if category[0] == "C" or (category[0] == "Z" and char != " ") or invisible(char):
            return Wording(
                "{name} holds a character that cannot be shown in a name ({code})",
                name=quoted,
                code=f"U+{ord(char):04X}",
            )
    if name != name.strip():
        return Wording("{name} starts or ends with a space", name=quoted)
    if any(same_name(name, other) for other in taken):
        return Wording("{name} is already taken: each player needs a different name", name=quoted)
    scripts = mixed_scripts(name)
    if scripts:
        return Wording(
            "{name} mixes letters of different alphabets in one word ({scripts}): write each "
            "word in one alphabet",
            name=quoted,
            scripts=", ".join(s.title() for s in scripts),
        )
    return None


def names_problem(names: object) -> Wording | None:
    """Why `names` are not the names of four players at one table, or None if they are."""
    if not isinstance(names, list | tuple) or len(names) != 4:
        return Wording("it does not name four players")
    for seat, name in enumerate(names):
        problem = name_problem(name, names[:seat])
        if problem is not None:
            return problem
    return None
