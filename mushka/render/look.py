"""Every glyph the table draws, in Unicode or ASCII, and the one place that knows what the console can show."""

from __future__ import annotations

import codecs
import contextlib
import io
import string
import sys
import unicodedata
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.text import Text

from mushka.cards import CARDS, SUITS, Card, Suit
from mushka.i18n import card_label
from mushka.names import printable
from mushka.present.describe import Words

# What each non-ASCII glyph the program (or Rich, or the rulebook) writes becomes on a console
# that cannot show it. Anything not listed is decomposed (é → e) or else shown as "?".
ASCII_FOR: dict[str, str] = {
    "♥": "H", "♣": "C", "♦": "D", "♠": "S", "♡": "H", "♧": "C", "♢": "D", "♤": "S",
    "·": "-", "•": "*", "×": "x", "–": "-", "—": "-", "−": "-", "…": "...", "±": "+/-",
    "→": "->", "▶": ">", "◀": "<", "▒": "#", "█": "#", "━": "-", "─": "-", "│": "|", "┃": "|",
    "“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'",
    "²": "2", "³": "3", "¹": "1", "°": " deg", "№": "No.", "\u00a0": " ",
    "╭": "+", "╮": "+", "╰": "+", "╯": "+", "┌": "+", "┐": "+", "└": "+", "┘": "+",
    "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+", "═": "=", "║": "|",
}  # fmt: skip
_CYRILLIC = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщыэюя",
        ("a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
         "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "y", "e", "yu", "ya"),
        strict=True,
    )
)  # fmt: skip
_CYRILLIC |= {lower.upper(): latin.capitalize() for lower, latin in _CYRILLIC.items()}
_CYRILLIC |= {"ъ": "", "ь": "", "Ъ": "", "Ь": ""}
ASCII_FOR.update(_CYRILLIC)


def transliterate(text: str) -> str:
    """`text` in plain ASCII: suits as letters, dashes as hyphens, Cyrillic in Latin letters."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if char.isascii():
            out.append(char)
        elif char in ASCII_FOR:
            out.append(ASCII_FOR[char])
        else:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(plain if plain.isprintable() and plain else "?")
    return "".join(out)


def _spell_out(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: what the console cannot encode is written in ASCII instead; never raises."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return transliterate(error.object[error.start : error.end]), error.end


codecs.register_error("mushka-ascii", _spell_out)


def guard_streams() -> None:
    """Make the standard streams unable to crash the program on a character they cannot carry.

    Output a console cannot encode is spelled in ASCII (♥ → H, · → -, Анна → Anna) rather than
    raising UnicodeEncodeError; typed bytes that are not valid text become U+FFFD rather than
    raising UnicodeDecodeError.
    """
    for stream, errors in ((sys.stdout, "mushka-ascii"), (sys.stderr, "mushka-ascii")):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != errors:
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors=errors)
    if isinstance(sys.stdin, io.TextIOWrapper) and sys.stdin.errors == "strict":
        with contextlib.suppress(ValueError, OSError):
            sys.stdin.reconfigure(errors="replace")


def can_show(text: str, encoding: str | None) -> bool:
    try:
        text.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def make_console(ascii_flag: bool = False, stderr: bool = False) -> tuple[Console, bool]:
    """A console that cannot crash on a glyph, and whether to draw in ASCII (asked for, or the
    console cannot show the suit symbols)."""
    guard_streams()
    console = Console(highlight=False, emoji=False, stderr=stderr)
    return console, ascii_flag or not can_show("♥♣♦♠─╭▶·", console.encoding)


# Styles that read on a light background (xterm's default white) as well as on a dark one:
# emphasis is the terminal's own foreground in bold, never yellow, cyan or green (they fade on
# white) nor blue (it fades on black); red and magenta are mid-tones legible on both.
ATTENTION = "bold"  # whose turn it is and what he is asked to do
MUSHKA_STYLE = "bold magenta"
SECONDARY = "dim"  # what matters less; a terminal without faint text shows it plain
ERROR = "bold red"


class Look:
    """How the table is drawn: suit symbols and rounded borders, or letters and ASCII borders."""

    def __init__(self, ascii_only: bool = False) -> None:
        self.ascii_only = ascii_only
        self.box = box.ASCII if ascii_only else box.ROUNDED
        self.minus = self.glyph("−")
        self.pointer = self.glyph("▶")
        self.marker = self.glyph("◀")  # points back at the card that takes (or took) the trick
        self.dot = self.glyph("·")
        self.dash = self.glyph("—")
        self.en_dash = self.glyph("–")
        self.times = self.glyph("×")
        self.ellipsis = self.glyph("…")
        self.face_down = "[#]" if ascii_only else "▒▒"
        self.rule = self.glyph("─")
        self.bar = self.glyph("█")

    def glyph(self, symbol: str) -> str:
        return ASCII_FOR.get(symbol, symbol) if self.ascii_only else symbol

    def text(self, text: str) -> str:
        """Program text as this console can show it."""
        return transliterate(text) if self.ascii_only else text

    def colour(self, card: Card | int) -> str:
        """A card's colour: red for hearts and diamonds, the terminal's own for the others."""
        return "red" if CARDS[card].suit in _RED_SUITS else ""

    def card(self, card: Card | int, style: str = "") -> Text:
        c = CARDS[card]
        colour = self.colour(c)
        return Text(
            card_label(c, ascii_only=self.ascii_only),
            style=" ".join(s for s in (colour, style) if s),
        )

    def suit(self, suit: Suit | int) -> Text:
        s = SUITS[suit]
        return Text(s.code if self.ascii_only else s.symbol, style="red" if s in _RED_SUITS else "")

    def money(self, amount: int, signed: bool = True) -> str:
        if not signed:
            return f"{amount}"
        if amount > 0:
            return f"+{amount}"
        if amount < 0:
            return f"{self.minus}{-amount}"
        return "0"

    def name(self, name: str) -> Text:
        """A player's name as text, never markup, with nothing in it that could steer the terminal."""
        return Text(self.text(printable(name)))

    def names(self, players: Sequence[str]) -> tuple[str, ...]:
        return tuple(self.text(printable(n)) for n in players)

    def words(self, players: Sequence[str], me: int | None = None) -> Words:
        return Words(self.names(players), self.ascii_only, me)


_RED_SUITS = (Suit.H, Suit.D)


def counted(n: int, thing: str, things: str | None = None) -> str:
    """`n` with its noun in the right number: "1 move", "3 moves", "2 seats"."""
    return f"{n} {thing if n == 1 else (things or thing + 's')}"


def assemble(template: str, **values: str | int | Text) -> Text:
    """`template` (a translated message) filled in, its Text values keeping their styles: the
    words around a coloured card may come before or after it, as the language has them."""
    text = Text()
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        text.append(literal)
        if field is not None:
            value = values[field]
            if isinstance(value, Text):
                text.append_text(value)
            else:
                text.append(str(value))
    return text
