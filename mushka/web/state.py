"""A seat's offer as the JSON a browser seat is sent: its whole state at one moment (never a
delta a page could miss), every word already in the seat's language, and only what that seat
may see: the public table, its own hand, its own question and notices.

The views as data (present/sheets.py, present/played.py, present/journal.py), as the page
draws them; every text is the seat's language, names as this seat reads them ("Бот 3"):

- `players[i]`: `name`, `state` (a tile's word: "computer", "here"…), `seat` (the seat list's
  line: "computer, strong" — a computer player's strength is said there only), `strength`
  (a computer's, else absent), and once dealt `cards`, `tricks`, `net`, `dealer`, `turn`,
  `out`, `summary`.
- `question`: `{"text", "keys", "yes", "no"}` — `text` the question's words without its keys,
  `keys` what a keyboard answers ("[y/N]", «[д/Н]»); a page shows `yes`/`no` buttons.
- `commands`: `[{"id", "label"}]`, only what works now (UNDO only when a take-back would).
- `entries`: the table log (this deal's lines, the sheets of the deals before it), the newest
  LOG_ENTRIES, each `{"kind", "deal", "text"}` with `kind`
  one of "rules" (with `parts`: the house rules), "opening" (with `head`: "Deal 2 of 8"),
  "line", "note", "alarm", "sheet" (with `sheet`, a deal's sheet). `log`: before the session
  begins, the table's news as lines (who sat down); empty once there are entries.
- a sheet: `{"kind": "scores"|"deal"|"final", "title", "columns": [{"key", "heading",
  "numeric", "essential"}], "rows": [{"seat", "cells": [...], "me", "best", "tricks"?}],
  "caption", "verdict", "winners": [seat, ...]}` — a cell a column, as shown ("−14", "—");
  `essential` columns are the ones a narrow screen keeps; `tricks` (a deal's sheet) the suits'
  symbols; the final sheet's `verdict` names the winner, `winners` his seat(s), best first.
- `overlay`: `{"kind": "help"|"rules"|"scores"|"memory"|"hint", "back", "help"?, "sheet"?,
  "played"?, "hint"?}` — `help` the help for taps (web/taps.py); `sheet` the scores (kind
  "scores"); `played` the cards played (kind "memory"): `{"title", "ranks": ["A", "K", …],
  "suits": [{"suit": "♠", "red", "played": [bool a rank]}], "voids": [{"seat", "text", "me"}]}`;
  `hint` the coach's answer (see `hint_json`); the rules come as HTML when the page asks.
- `explain`: `[{"title", "lines"}]`, what the table explains to this seat now (the first
  exchange at any table; a taught seat's lesson): the page shows it with a `words.read` button that
  sends `{"t": "read"}` (with no moves offered, a taught seat reads it before it may move).
- `final`: the final sheet, once the session is over (the "bye" message carries it as well).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, assert_never

from mushka.actions import Kind
from mushka.cards import CARDS, Card, Suit
from mushka.events import Lead, TakeBack, Trick
from mushka.host.offer import Offer, Overlay, Stage, Told
from mushka.host.seating import strategy_word
from mushka.host.table import TableHost
from mushka.i18n import _, _n, card_label
from mushka.names import printable
from mushka.players.coach import Hint
from mushka.present.coach import coach_words
from mushka.present.journal import EntryKind, table_log
from mushka.present.presence import presence_words, seat_words
from mushka.present.questions import answer_keys, question_words
from mushka.present.seat import (
    command_label,
    facts,
    final_view,
    overlay_view,
    result_line,
    status_words,
)
from mushka.render.coaching import action_label, hint_items
from mushka.render.look import Look
from mushka.render.trick import closing_seat, laid, open_winner, outcome, play_words, plays_of
from mushka.web.taps import tap_help

LOG_LINES: Final = 12  # the newest lines of the public log a seat is sent (`log`)
LOG_ENTRIES: Final = 24  # the newest entries of the log a seat is sent (`entries`)
RED: Final = frozenset({Suit.H, Suit.D})
LOOK: Final = Look(False)


def _card(card: Card) -> dict[str, Any]:
    return {"card": card_label(card), "red": card.suit in RED}


def told_json(told: Sequence[Told]) -> list[dict[str, Any]]:
    """What a lesson explained, as the page draws it: `[{"title", "lines"}]`."""
    return [{"title": t.title, "lines": list(t.lines)} for t in told]


def hint_json(advice: Hint, name: str) -> dict[str, Any]:
    """The coach's answer as the page draws it: `{"best", "worth", "moves"}`, the move it
    would play in words, what the values are, and each weighed move with its value, best first
    ("Q♣ +3.1"; `moves` empty when there is nothing to weigh)."""
    best, worth = coach_words(advice, name)
    return {
        "best": best + action_label(advice.best, LOOK).plain,
        "worth": worth,
        "moves": [item.plain for item in hint_items(advice, LOOK)],
    }


def seat_state(
    offer: Offer,
    host: TableHost | None,
    log: Sequence[str],
) -> dict[str, Any]:
    """`offer` as the JSON object a browser seat draws (spelled in the language spoken now);
    `log` is the public log's lines (the wall's)."""
    view = offer.view
    players: list[dict[str, Any]] = []
    for index, place in enumerate(offer.places):
        entry: dict[str, Any] = {
            "name": printable(place.name) if place.name else "…",
            "state": presence_words(place),
            "presence": place.presence.value,
            "via": place.via,
            "seat": seat_words(place),
            "me": index == offer.seat,
            "thinking": index in offer.thinking,
        }
        if place.computer is not None:
            entry["strength"] = strategy_word(place.computer)
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
        "commands": [{"id": c.value, "label": command_label(c)} for c in offer.commands],
        "status": "",
        "tone": "plain",
        "notice": "",
        "log": list(log[-LOG_LINES:]),
        "entries": [],
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
            "text": question_words(offer.question, offer.kind, False, False),
            "keys": answer_keys(),
            "yes": _("Yes"),
            "no": _("No"),
        }
    state["status"] = status_words(offer)
    state["explain"] = told_json(offer.explain)
    state["read"] = _("Got it")  # the explanation's button: read
    if host is not None:
        # this deal's lines, and the sheets of the deals before it: a card of an earlier deal
        # is named no more once its deal is over (the seat's view has forgotten it too)
        deal = len(host.public_events()) - 1
        entries = [
            e
            for e in table_log(host, me=offer.seat)
            if e.deal == deal or e.kind in (EntryKind.SHEET, EntryKind.RULES)
        ][-LOG_ENTRIES:]
        state["entries"] = [e.to_json() for e in entries]
        state["log"] = []  # (the entries say it all once the session has begun)
        if offer.stage is Stage.OVER:
            state["final"] = final_view(host, offer.seat).to_json()
    if view is None or host is None:
        return state
    state["facts"] = facts(view)
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
    shown = overlay_view(offer, host)
    if shown is not None:
        state["overlay"] = {
            "kind": shown.overlay.value,
            "more": False,
            "back": _("Back to the table"),
        }
        match shown.overlay:
            case Overlay.HELP:  # a seat that taps: its help is about taps
                state["overlay"]["help"] = tap_help(offer.options, host, offer.seat_code)
            case Overlay.RULES:  # the page asks for the rulebook's HTML once (web.rulebook)
                pass
            case Overlay.SCORES | Overlay.MEMORY:  # their data: `sheet`, `played` below
                pass
            case Overlay.HINT:
                assert offer.hint is not None
                state["overlay"]["hint"] = hint_json(offer.hint, names[offer.seat])
            case _:
                assert_never(shown.overlay)
        if shown.sheet is not None:
            state["overlay"]["sheet"] = shown.sheet.to_json()
        if shown.played is not None:
            state["overlay"]["played"] = shown.played.to_json()
    return state
