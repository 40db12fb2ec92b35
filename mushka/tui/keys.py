"""What a line typed at the move prompt means: a move, a command, or a plain-words problem."""

from __future__ import annotations

import unicodedata

from mushka.actions import Action, discard, parse_action, play, take
from mushka.cards import CARDS
from mushka.engine import Step
from mushka.tui.look import printable
from mushka.view import SeatView

COMMANDS = {
    "?": "help", "help": "help",
    "h": "hint", "hint": "hint",
    "r": "rules", "rules": "rules",
    "s": "scores", "scores": "scores",
    "m": "memory", "memory": "memory", "played": "memory",
    "q": "quit", "quit": "quit", "exit": "quit",
}  # fmt: skip

HELP = """\
How to answer (the line above the prompt lists what you may do now):
  a number      the card with that number in your hand (or the face-down position)
  a card code   QH, 10s, t♠, a♠ ... (rank then suit; T is ten)
  d, draw       draw from the talon (only when you hold none of the led suit)
  p, pass       pass (costs a remise if you hold the led suit; you will be asked)
  ?             this help            r   the rulebook
  m             the cards played this deal, and who has none of a suit
  s             your scores so far   q   save and quit (continue with: {resume})
  h, hint       the coach: what strong would play, each move's worth (house rule --hints)
Ctrl-C and Ctrl-D also save and quit. Every move is saved as it is made.
"""

_LONGEST = 64  # a longer line is no move and no command, whatever it holds


class InputProblem(Exception):
    """Typed input that is not a move; the message says what to type instead."""


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


def _numbers(count: int) -> str:
    """'type 1', 'type 1 or 2', 'a number from 1 to 5'."""
    if count <= 2:
        return "type " + " or ".join(str(n) for n in range(1, count + 1))
    return f"a number from 1 to {count}"


def _span(count: int) -> str:
    """'1', '1 or 2', '1–5'."""
    return " or ".join(str(n) for n in range(1, count + 1)) if count <= 2 else f"1–{count}"


def _your_cards(count: int) -> str:
    if count == 1:
        return "your only card is number 1"
    return f"your cards are numbered 1 to {count}"


def shown(text: str) -> str:
    """What the player typed, as a message may quote it: one short line, nothing that steers the terminal."""
    return printable(text.strip(), limit=24)


def interpret(text: str, view: SeatView) -> Action | str:
    """Turn what the player typed into an action or a command name; raise InputProblem if neither."""
    if len(text) > _LONGEST:
        raise InputProblem(
            f"“{shown(text)}” ({len(text)} characters) is not a move. Type a card's number or code, "
            "d to draw, p to pass, or ? for help."
        )
    typed = ascii_digits(text).strip().lower()
    if not typed:
        raise InputProblem("Type your move (a card's number or code, d, p), or ? for help.")
    if typed in COMMANDS:
        return COMMANDS[typed]
    hand = view.hand
    if view.step is Step.TAKE:
        count = view.face_down_count
        position = number(typed.removeprefix("take").strip())
        if position is not None and 1 <= position <= count:
            return take(position - 1)
        raise InputProblem(f"Pick a face-down card by its position: {_numbers(count)}.")
    card_number = number(typed)
    if card_number is not None:
        if not 1 <= card_number <= len(hand):
            raise InputProblem(f"There is no card number {shown(typed)}: {_your_cards(len(hand))}.")
        card = hand[card_number - 1]
        return discard(card) if view.step is Step.DISCARD else play(card)
    try:
        action = parse_action(typed)
    except ValueError:  # InvalidInputError, or int() refusing what isdigit() accepted
        raise InputProblem(
            f"“{shown(text)}” is not a move. Type a card's number ({_span(len(hand))}) or code (e.g. qh), "
            "d to draw, p to pass, or ? for help."
        ) from None
    if view.step is Step.DISCARD and action.card is not None:
        return discard(CARDS[action.card])
    return action
