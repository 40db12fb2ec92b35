"""A seat's offer as the JSON a browser seat is sent: its whole state at one moment (never a
delta a page could miss), every word already in the seat's language, and only what that seat
may see: the public table, its own hand, its own question and notices."""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import Any, Final

from mushka.actions import Kind
from mushka.cards import CARDS, Card, Suit
from mushka.events import Lead, TakeBack, Trick
from mushka.host.offer import Command, Offer, Overlay
from mushka.host.table import TableHost
from mushka.i18n import _, _n, card_label, language
from mushka.names import printable
from mushka.present.presence import presence_words
from mushka.present.questions import question_line
from mushka.render.coaching import hint_panel
from mushka.render.help import help_screen
from mushka.render.look import Look
from mushka.render.panels import memory_panel
from mushka.render.public_log import standings
from mushka.render.rulebook import rulebook_text
from mushka.render.seat_screen import plain, result_line
from mushka.render.trick import closing_seat, laid, open_winner, outcome, play_words, plays_of
from mushka.state import Step
from mushka.web.taps import tap_help

OVERLAY_WIDTH: Final = 44  # characters of an overlay's text: a phone held upright shows them
LOG_LINES: Final = 12  # the newest lines of the public log a seat is sent
RED: Final = frozenset({Suit.H, Suit.D})
LOOK: Final = Look(False)


def _command_label(command: Command) -> str:
    match command:
        case Command.HELP:
            return _("Help")
        case Command.MEMORY:
            return _("Cards played")
        case Command.SCORES:
            return _("Scores")
        case Command.RULES:
            return _("Rules")
        case Command.HINT:
            return _("Coach")
        case Command.UNDO:
            return _("Take back")
        case Command.LEAVE:
            return _("Leave")


def _card(card: Card) -> dict[str, Any]:
    return {"card": card_label(card), "red": card.suit in RED}


def _step_words(step: Step) -> str:
    match step:
        case Step.LEAD:
            return _("Your turn: lead a card.")
        case Step.FOLLOW:
            return _("Your turn: follow, or draw or pass.")
        case Step.TAKE:
            return _("Your turn: pick a face-down card.")
        case Step.DISCARD:
            return _("Your turn: discard a card.")
        case Step.NONE:
            return ""


def overlay_text(offer: Offer, host: TableHost) -> str:
    """The overlay shown instead of the table, as plain text lines for a phone."""
    view = offer.view
    assert view is not None and offer.overlay is not None
    width = OVERLAY_WIDTH
    match offer.overlay:
        case Overlay.HELP:
            return plain(help_screen(host.rules, LOOK, offer.options, network=True), width)
        case Overlay.MEMORY:
            return plain(memory_panel(view, LOOK, width), width)
        case Overlay.SCORES:
            return plain(standings(host, LOOK), width)
        case Overlay.HINT:
            assert offer.hint is not None
            name = LOOK.names(view.players)[offer.seat]
            return plain(hint_panel(offer.hint, LOOK, name, width), width)
        case Overlay.RULES:
            return rulebook_text(language())


def seat_state(
    offer: Offer,
    host: TableHost | None,
    log: Sequence[str],
    reconnecting: Set[int] = frozenset(),
) -> dict[str, Any]:
    """`offer` as the JSON object a browser seat draws (spelled in the language spoken now);
    `log` is the public log's lines (the wall's); `reconnecting` the places of browser seats
    whose connection dropped (they read "reconnecting…" rather than "away")."""
    view = offer.view
    players: list[dict[str, Any]] = []
    for index, place in enumerate(offer.places):
        entry: dict[str, Any] = {
            "name": printable(place.name) if place.name else "…",
            "state": presence_words(place, index in reconnecting),
            "presence": place.presence.value,
            "via": place.via,
            "me": index == offer.seat,
            "thinking": index in offer.thinking,
        }
        if view is not None:
            entry |= {
                "cards": view.hand_sizes[index],
                "tricks": len(view.tricks[index]),
                "net": LOOK.money(view.net[index]),
                "dealer": index == view.dealer,
                "turn": index == view.to_act,
                "out": index in view.out_order,
                "summary": [
                    _n("{n} card", "{n} cards", view.hand_sizes[index]).format(
                        n=view.hand_sizes[index]
                    ),
                    _n("{n} trick", "{n} tricks", len(view.tricks[index])).format(
                        n=len(view.tricks[index])
                    ),
                    _("net {money}").format(money=LOOK.money(view.net[index])),
                ],
            }
        players.append(entry)
    state: dict[str, Any] = {
        "t": "state",
        "lang": offer.lang,
        "stage": offer.stage.value,
        "title": _("Mushka-kopilka"),
        "players": players,
        "facts": [],
        "trick": None,
        "last": None,
        "hand": [],
        "moves": [],
        "question": None,
        "commands": [
            {"id": c.value, "label": _command_label(c)}
            for c in offer.commands
            if c is not Command.UNDO or offer.take_back
        ],
        "status": "",
        "tone": "plain",
        "notice": "",
        "log": list(log[-LOG_LINES:]),
        "overlay": None,
        "turn": offer.my_turn,
        "words": {
            "hand": _("Your hand"),
            "log": _("Table log"),
            "reconnecting": _("reconnecting…"),
            "dealer": _("dealer"),
        },
    }
    if offer.notice is not None:
        state["notice"], state["tone"] = offer.notice.text, offer.notice.tone.value
    elif offer.result is not None and view is not None:
        state["notice"] = result_line(offer.result, offer.seat, view.players)
    if offer.question is not None:
        state["question"] = {
            "text": question_line(offer.question, offer.kind, False, False)
            .replace("[y/N]", "")
            .strip(),
            "yes": _("Yes"),
            "no": _("No"),
        }
    if offer.coach_thinking:
        state["status"] = _("The coach is thinking…")
    elif offer.my_turn and view is not None:
        state["status"] = _step_words(view.step)
    elif offer.waiting is not None:
        state["status"] = offer.waiting.text
    state["explain"] = [{"title": t.title, "lines": list(t.lines)} for t in offer.explain]
    state["words"]["read"] = _("Got it")
    if view is None or host is None:
        return state
    state["facts"] = [
        _("deal {n}/{deals}").format(n=view.deal_number, deals=view.rules.deals),
        _("kitty {kitty} kop").format(kitty=view.kitty),
        _("talon {talon}").format(talon=view.talon_count),
    ]
    moves = {m.action: i for i, m in enumerate(offer.moves)}
    for card in view.hand:
        offered = next(
            (i for a, i in moves.items() if a.card == card and a.kind in (Kind.PLAY, Kind.DISCARD)),
            None,
        )
        state["hand"].append(_card(card) | {"move": offered})
    state["moves"] = [
        {"move": i, "label": m.label, "asks": m.asks}
        for i, m in enumerate(offer.moves)
        if m.action.kind in (Kind.TAKE, Kind.DRAW, Kind.PASS)
    ]
    names = LOOK.names(view.players)
    if view.led_suit is not None:
        winner = open_winner(view)
        state["trick"] = {
            "title": _("trick"),
            "plays": [
                {"who": names[play.seat], "what": play_words(play, view.led_suit, LOOK).plain}
                | ({"red": put.suit in RED} if (put := laid(play)) is not None else {})
                | {
                    "winning": winner is not None
                    and winner[0] == play.seat
                    and laid(play) == winner[1]
                }
                for play in plays_of(view.trick)
            ],
        }
    last = view.last_trick
    closing = last[-1] if last else None
    lead = last[0] if last else None
    if isinstance(closing, Trick | TakeBack) and isinstance(lead, Lead):
        led = CARDS[lead.card].suit
        taker = closing_seat(closing)
        state["last"] = {
            "title": _("last trick"),
            "plays": [
                {
                    "who": names[play.seat],
                    "what": play_words(play, led, LOOK).plain,
                    "winning": play.seat == taker and laid(play) is not None,
                }
                for play in plays_of(last)
            ],
            "outcome": outcome(closing, LOOK),
        }
    if offer.overlay is not None:
        state["overlay"] = {
            "kind": offer.overlay.value,
            "more": False,
            "back": _("Back to the table"),
        }
        match offer.overlay:
            case Overlay.HELP:  # a seat that taps: its help is about taps
                state["overlay"]["help"] = tap_help(offer.options, host, offer.seat_code)
            case Overlay.RULES:  # the page asks for the rulebook's HTML once (web.rulebook)
                pass
            case _:
                state["overlay"]["text"] = overlay_text(offer, host)
    return state
