"""What a line typed at the move prompt means: a move, a command, or a plain-words problem."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

from mushka.actions import DRAW, PASS, Action, discard, parse_action, play, take
from mushka.card_input import parse_card_ru
from mushka.cards import CARDS, MUSHKA_INDEX
from mushka.engine import Step
from mushka.errors import InvalidCardError
from mushka.host.offer import Command, Move, moves_of
from mushka.i18n import ENGLISH, N_, RUSSIAN, _, _n, language
from mushka.names import printable
from mushka.present.command import command
from mushka.table_options import TableOptions
from mushka.view import SeatView

COMMANDS = {
    "?": Command.HELP, "help": Command.HELP,
    "h": Command.HINT, "hint": Command.HINT,
    "r": Command.RULES, "rules": Command.RULES,
    "s": Command.SCORES, "scores": Command.SCORES,
    "o": Command.MEMORY, "memory": Command.MEMORY, "played": Command.MEMORY,
    "q": Command.LEAVE, "quit": Command.LEAVE, "exit": Command.LEAVE,
}  # fmt: skip

# The Russian commands. A single letter may be none of the card letters (ranks В Д К Т, suits
# Ч Т Б П, М for the mushka): "п" alone is пики, not пас. Each shown key is the first letter of
# its word (о обзор, с счёт, р правила, у [сохранить и] уйти); the hint has no free letter (п, с taken),
# so it is the word совет. The keys shown before (х, отбой) still work, and so do the English
# keys. Where a Latin letter looks like a Cyrillic one they mean the same: m and м play the
# mushka, o and о show the cards played.
RUSSIAN_COMMANDS = {
    "помощь": Command.HELP, "справка": Command.HELP,
    "совет": Command.HINT, "подсказка": Command.HINT,
    "р": Command.RULES, "правила": Command.RULES,
    "с": Command.SCORES, "счёт": Command.SCORES, "счет": Command.SCORES,
    "о": Command.MEMORY, "обзор": Command.MEMORY, "отбой": Command.MEMORY,
    "память": Command.MEMORY,
    "у": Command.LEAVE, "уйти": Command.LEAVE, "выйти": Command.LEAVE, "х": Command.LEAVE,
    "хватит": Command.LEAVE, "стоп": Command.LEAVE,
}  # fmt: skip
CARD_LETTERS: Final = frozenset("вдктчбпм")  # no Russian command may be one of these alone
RUSSIAN_DRAW: Final = frozenset({"+", "прикуп", "прикупить"})
RUSSIAN_PASS: Final = frozenset({"-", "−", "–", "пас"})  # hyphen, minus sign, en dash

HELP_INTRO = N_("How to answer (the line above the prompt lists what you may do now):")
# The `?` help's rows: the keys, and what they do.
HELP_ROWS = (
    (N_("a number"), N_("the card with that number in your hand (or the face-down position)")),
    (N_("a card code"), N_("QH, 10s, t♠, a♠ ... (rank then suit; T is ten)")),
    (N_("d, draw"), N_("draw from the talon (only when you hold none of the led suit)")),
    (N_("p, pass"), N_("pass (costs a remise if you hold the led suit; you will be asked)")),
    (N_("m (key)"), N_("play the mushka (A♠)")),
    (N_("? (key)"), N_("this help")),
    (N_("r (key)"), N_("the rulebook")),
    (N_("o (key)"), N_("the cards played this deal, and who has none of a suit")),
    (N_("s (key)"), N_("your scores so far")),
    (N_("q (key)"), N_("save and quit (continue with: {resume})")),
)
HINT_ROW = (
    N_("h, hint"),
    N_("the coach: what strong would play, each move's worth (house rule --hints)"),
)
UNDO_ROW = (
    N_("u (key)"),
    N_("on the handoff right after your move: take it back (house rule --undo)"),
)
HELP_END = N_("Ctrl-C and Ctrl-D also save and quit. Every move is saved as it is made.")
# At a guided deal nothing is saved: q leaves it.
UNSAVED_QUIT = N_("leave the lesson (nothing is saved)")
UNSAVED_END = N_("Ctrl-C and Ctrl-D also leave. Nothing is saved.")
# At a network seat, q is this seat's alone: the others play on, the game waits for it.
NETWORK_ROWS = {
    "q (key)": N_("leave the table (you are asked first); join again to take your seat back"),
    "u (key)": N_(
        "right after your move, before the next player acts: take it back (house rule --undo)"
    ),
}
# A network seat chooses its own language by typing its name (see answers.language_named).
LANGUAGE_ROW = (
    N_("en, ru (key)"),
    N_("this seat's language: English or Russian (kept when you come back)"),
)
NETWORK_END = N_("Ctrl-C asks whether to leave too. The table saves every move as it is made.")

_LONGEST = 64  # a longer line is no move and no command, whatever it holds


class InputProblem(Exception):
    """Typed input that is not a move; the message says what to type instead."""


def commands(lang: str | None = None) -> dict[str, Command]:
    """The command words of the move prompt in `lang` (default: the process language)."""
    if (lang or language()) == ENGLISH:
        return COMMANDS
    return {**COMMANDS, **RUSSIAN_COMMANDS}


def move_keys(lang: str | None = None) -> tuple[str, str]:
    """The keys the prompt names for a draw and a pass: d and p in English, + and - in Russian."""
    return ("d", "p") if (lang or language()) == ENGLISH else ("+", "-")


def key_word(key: str) -> str:
    """A key as the help names it: "m (key)" is m, its "(key)" only tells the catalog that the
    one letter is a key (a translation may name another, or a word beside it)."""
    return _(key).removesuffix(" (key)")


def help_rows(options: TableOptions, network: bool = False) -> list[tuple[str, str]]:
    """The `?` help's rows (keys, what they do) in the process language; `h` and `u` only
    where the table allows them; `network` for a seat of a network table."""
    rows = list(HELP_ROWS)
    if options.hints:
        rows.append(HINT_ROW)
    if options.undo:
        rows.append(UNDO_ROW)
    if network:
        rows = [(key, NETWORK_ROWS.get(key, what)) for key, what in rows] + [LANGUAGE_ROW]
    elif not options.saved:
        rows = [(key, UNSAVED_QUIT if key == "q (key)" else what) for key, what in rows]
    return [(key_word(key), _(what).format(resume=command("resume"))) for key, what in rows]


def ascii_digits(text: str) -> str:
    """Decimal digits of any script (٣, ３, ३) as ASCII ones; other characters unchanged.

    Only characters Unicode calls decimal digits are turned: ², ① and ₃ are digits to
    `str.isdigit()` but not numbers to `int()`, so they stay as they are and are not moves.
    """
    if text.isascii():
        return text
    return "".join(
        str(unicodedata.decimal(c)) if unicodedata.category(c) == "Nd" else c for c in text
    )


def number(text: str) -> int | None:
    """The number `text` spells in ASCII digits, or None if it is not one."""
    if not text or not (text.isascii() and text.isdigit()):
        return None
    if len(text.lstrip("0")) > 6:
        return 10**6  # far beyond any position, and int() of thousands of digits is refused
    return int(text)


def number_keys(numbers: Sequence[int]) -> str:
    """'1, 3' or '1-5': a run of three or more numbers is written as a range."""
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{numbers[i]}-{numbers[j]}")
        else:
            parts.extend(str(n) for n in numbers[i : j + 1])
        i = j + 1
    return ", ".join(parts)


def prompt_keys(
    view: SeatView,
    options: TableOptions | None = None,
    short: bool = False,
    leave: bool = False,
    columns: int | None = None,
) -> str:
    """The prompt for `view`'s legal moves (see `move_prompt`)."""
    return move_prompt(moves_of(view), options, short, leave, columns=columns)


def move_prompt(
    moves: Sequence[Move],
    options: TableOptions | None = None,
    short: bool = False,
    leave: bool = False,
    keys: bool = True,
    columns: int | None = None,
) -> str:
    """The prompt, listing exactly the keys of the moves offered and the commands (`h` with the
    table's hints on); `short` names fewer commands, for a narrow screen (see command_keys);
    `leave` where q leaves the table for this seat alone (a network seat) rather than saving the
    game, as it leaves a table that is not saved (a guided deal); without `keys`, the moves
    alone (the screen lists the commands on a line of their own); on a terminal `columns` wide,
    folded between the keys, never inside one."""
    numbers = sorted(m.number for m in moves if m.number is not None)
    offered = {m.action for m in moves}
    draw, pass_ = move_keys()
    extra = [k for k, a in ((draw, DRAW), (pass_, PASS)) if a in offered]
    first = number_keys(numbers)
    commands = command_keys(options, short, leave) if keys else []
    items = [k for k in (first, *extra) if k] + commands
    template = _("Your move [{keys}]: ")
    prompt = template.format(keys=", ".join(items))
    if columns is None or len(prompt) < columns:
        return prompt
    return _folded(template, items, columns)


def _folded(template: str, items: Sequence[str], columns: int) -> str:
    """`template` with `items` listed in it on as few lines of fewer than `columns` characters as
    hold them, a line broken only after an item's comma (a terminal's own wrap would part "h" from
    "hint"). The prompt's characters are one cell wide each, so `len` measures them."""
    before, after = template.split("{keys}")
    lines: list[str] = []
    line = before
    for number, item in enumerate(items):
        piece = item + (", " if number < len(items) - 1 else after)
        if line != before and len(line + piece.rstrip()) >= columns:
            lines.append(line.rstrip())
            line = ""
        line += piece
    return "\n".join([*lines, line])


def command_keys(
    options: TableOptions | None = None, short: bool = False, leave: bool = False
) -> list[str]:
    """The keys that work whoever's turn it is (see `prompt_keys`); `short` leaves out the cards
    played (the help names it), never the scores or leaving."""
    leave = leave or (options is not None and not options.saved)
    commands = [_("? help")]
    if not short:
        commands.append(_("o played"))
    commands.append(_("s scores"))
    if options is not None and options.hints:
        commands.append(_("h hint"))
    commands.append(_("q leave") if leave else _("q save & quit"))
    return commands


def _numbers(count: int) -> str:
    """'type 1', 'type 1 or 2', 'a number from 1 to 5'."""
    if count == 1:
        return _("type 1")
    if count == 2:
        return _("type 1 or 2")
    return _("a number from 1 to {count}").format(count=count)


def _span(count: int) -> str:
    """'1', '1 or 2', '1–5'."""
    if count == 1:
        return "1"
    if count == 2:
        return _("1 or 2")
    return f"1–{count}"


def _your_cards(count: int) -> str:
    if count == 1:
        return _("your only card is number 1")
    return _("your cards are numbered 1 to {count}").format(count=count)


def shown(text: str) -> str:
    """What the player typed, as a message may quote it: one short line, nothing that steers the terminal."""
    return printable(text.strip(), limit=24)


def interpret(text: str, view: SeatView) -> Action | Command:
    """Turn what the player typed into an action or a command; raise InputProblem if neither.

    In Russian, cards may be named by their Russian codes (дч, 10б, тп, м), + or прикуп draws,
    - or пас passes; the English codes and keys keep working.
    """
    if len(text) > _LONGEST:
        raise InputProblem(
            _n(
                "“{text}” ({n} character) is not a move. Type a card's number or code, "
                "d to draw, p to pass, or ? for help.",
                "“{text}” ({n} characters) is not a move. Type a card's number or code, "
                "d to draw, p to pass, or ? for help.",
                len(text),
            ).format(text=shown(text), n=len(text))
        )
    typed = ascii_digits(text).strip().lower()
    if not typed:
        raise InputProblem(_("Type your move (a card's number or code, d, p), or ? for help."))
    russian = language() == RUSSIAN
    known = commands()
    if typed in known:
        return known[typed]
    hand = view.hand
    if view.step is Step.TAKE:
        count = view.face_down_count
        position = number(typed.removeprefix("take").strip())
        if position is not None and 1 <= position <= count:
            return take(position - 1)
        raise InputProblem(
            _("Pick a face-down card by its position: {numbers}.").format(numbers=_numbers(count))
        )
    card_number = number(typed)
    if card_number is not None:
        if not 1 <= card_number <= len(hand):
            raise InputProblem(
                _("There is no card number {typed}: {cards}.").format(
                    typed=shown(typed), cards=_your_cards(len(hand))
                )
            )
        card = hand[card_number - 1]
        return discard(card) if view.step is Step.DISCARD else play(card)
    if typed == "m":  # the mushka by its letter in either language (м is read as Russian below)
        return _in_step(view, play(CARDS[MUSHKA_INDEX]))
    if russian:
        action = _russian(typed)
        if action is not None:
            return _in_step(view, action)
    try:
        action = parse_action(typed)
    except ValueError:  # InvalidInputError, or int() refusing what isdigit() accepted
        raise InputProblem(
            _(
                "“{text}” is not a move. Type a card's number ({span}) or code (e.g. qh), "
                "d to draw, p to pass, or ? for help."
            ).format(text=shown(text), span=_span(len(hand)))
        ) from None
    return _in_step(view, action)


def _in_step(view: SeatView, action: Action) -> Action:
    """A card named while discarding is the discard of that card."""
    if view.step is Step.DISCARD and action.card is not None:
        return discard(CARDS[action.card])
    return action


def _russian(typed: str) -> Action | None:
    """A move typed the Russian way; None for input without Cyrillic letters, to be read the
    English way; InputProblem (the card reader's explanation) for Cyrillic that names no move."""
    if typed in RUSSIAN_DRAW:
        return DRAW
    if typed in RUSSIAN_PASS:
        return PASS
    try:
        return play(parse_card_ru(typed))
    except InvalidCardError as problem:
        if not any("а" <= c <= "я" or c == "ё" for c in typed):
            return None  # qh, 10s, d, pass, or no letter of a Russian code: the English way
        if typed == "п":
            raise InputProblem(
                _("“п” is the suit of spades, not a pass: to pass, type - or пас.")
            ) from None
        raise InputProblem(printable(str(problem))) from None
