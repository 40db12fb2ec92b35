"""Cards drawn as cards where the terminal has room: the hand as a row of small boxed cards, the
playable ones raised, and the trick laid out round the table, each card at its player's side."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from mushka.cards import Card, Suit
from mushka.events import Draw, Pass
from mushka.i18n import _, card_label
from mushka.render.look import ATTENTION, MUSHKA_STYLE, SECONDARY, Look
from mushka.render.trick import Play, laid, open_winner, plays_of
from mushka.view import SeatView

CARD_WIDTH = 5  # "╭───╮": a rank and a suit, or "10" and a suit, between two borders
HAND_GAP = 2  # between two cards of the hand (the mushka's caption runs into it)
HAND_ROWS = 5  # a card is four rows; the playable ones are raised by one
TABLE_ROWS = 8  # the trick round the table, in rows


def _face(text: str, colour: str, style: str) -> Text:
    """Three cells of a card's face."""
    return Text(text + " " * (3 - cell_len(text)), style=" ".join(s for s in (colour, style) if s))


def card_box(
    face: Text, look: Look, border: str = "", number: str = "", marker: bool = False
) -> list[Text]:
    """A small card, three rows: its top, its face (three cells) and its bottom, which carries
    `number`; with `marker`, the arrow that points at the trick's winning card beside it."""
    b = look.box
    top = Text(b.top_left + b.top * 3 + b.top_right, style=border)
    middle = Text(b.mid_left, style=border).append_text(face).append(b.mid_right, style=border)
    if marker:
        middle.append(look.marker, style=ATTENTION)
    tail = number.center(3, b.bottom) if number else b.bottom * 3
    bottom = Text(b.bottom_left + tail + b.bottom_right, style=border)
    if number:
        bottom.stylize("bold" if border != SECONDARY else SECONDARY, 1, 1 + len(tail))
    return [top, middle, bottom]


def trick_card(card: Card, look: Look, marker: bool = False) -> list[Text]:
    """A card laid in the trick; the winning one so far has a bold border and the marker."""
    label = card_label(card, ascii_only=look.ascii_only)
    style = MUSHKA_STYLE if card.is_mushka else "bold"
    face = _face(label, look.colour(card), style)
    return card_box(face, look, ATTENTION if marker else "", "", marker)


def hand_card(card: Card, look: Look, number: int, playable: bool, highlight: bool) -> list[Text]:
    """A card of the hand, four rows: rank at the top left, suit at the bottom right, its number
    in the bottom border."""
    colour = look.colour(card)
    label = card_label(card, ascii_only=look.ascii_only)
    rank, suit = label[:-1], label[-1]
    style = "bold reverse" if highlight else "bold" if playable else SECONDARY
    border = "bold" if playable else SECONDARY
    b = look.box
    top, _face_row, bottom = card_box(Text(), look, border, str(number))
    rank_row = Text(b.mid_left, style=border)
    rank_row.append_text(_face(rank, colour, style)).append(b.mid_right, style=border)
    suit_row = Text(b.mid_left, style=border)
    suit_row.append_text(_face(" " * (3 - cell_len(suit)) + suit, colour, style))
    suit_row.append(b.mid_right, style=border)
    return [top, rank_row, suit_row, bottom]


def hand_rows(view: SeatView, look: Look, highlight: Card | None, width: int) -> list[Text] | None:
    """The hand as boxed cards, HAND_ROWS rows, the playable cards raised by one row; the
    mushka's caption under it when raised, above it when not. None if they do not fit `width`."""
    if len(view.hand) * (CARD_WIDTH + HAND_GAP) - HAND_GAP > width:
        return None
    legal = {a.card for a in view.legal_actions if a.card is not None}
    rows = [Text() for _ in range(HAND_ROWS)]
    step = CARD_WIDTH + HAND_GAP
    for i, card in enumerate(view.hand):
        playable = card in legal
        drawn = hand_card(card, look, i + 1, playable, card == highlight)
        caption = Text(_("mushka") if card.is_mushka else "", style=MUSHKA_STYLE)
        caption.truncate(step, pad=True)
        column = [*drawn, caption] if playable else [caption, *drawn]
        for row, piece in zip(rows, column, strict=True):
            row.append(" " * (i * step - row.cell_len))
            row.append_text(piece)
    for row in rows:
        row.rstrip()
    return rows


def face_down_rows(count: int, look: Look) -> list[Text]:
    """The face-down cards of an exchange as card backs, numbered by position."""
    rows = [Text(), Text(), Text()]
    back = look.glyph("▒") * 3
    for i in range(count):
        for row, piece in zip(rows, card_box(Text(back), look, "", str(i + 1)), strict=True):
            if i:
                row.append(" " * HAND_GAP)
            row.append_text(piece)
    return rows


def _placed(width: int, pieces: Sequence[tuple[int, Text]]) -> Text | None:
    """One row of texts, each at its column; None where two overlap or one runs past `width`."""
    row = Text()
    for column, piece in sorted(pieces, key=lambda p: p[0]):
        if column < row.cell_len or column + piece.cell_len > width:
            return None
        row.append(" " * (column - row.cell_len)).append_text(piece)
    return row


def round_table(view: SeatView, look: Look, width: int, bottom: int) -> list[Text] | None:
    """The open trick (or an empty table) as TABLE_ROWS rows `width` cells wide: `bottom`'s card
    at the bottom, the next seat in play on the left, the one after across, the last on the
    right; each card at its player's side, the winning one so far marked. None if it does not fit."""
    plays = {p.seat: p for p in plays_of(view.trick)}
    winner = open_winner(view)
    centre = (width - CARD_WIDTH) // 2
    left, right = centre - CARD_WIDTH - 3, centre + CARD_WIDTH + 3
    if left < 0:
        return None
    rows: list[list[tuple[int, Text]]] = [[] for _ in range(TABLE_ROWS)]
    # where each seat's card lies (column, first row) and where its name and note go
    spots = {
        bottom: (centre, 4),
        (bottom + 1) % 4: (left, 2),
        (bottom + 2) % 4: (centre, 1),
        (bottom + 3) % 4: (right, 2),
    }
    for seat, (column, first) in spots.items():
        play = plays.get(seat)
        waiting = view.to_act == seat and view.led_suit is not None and seat not in plays
        card = laid(play) if play is not None else None
        mark = winner is not None and winner[0] == seat
        if card is not None:
            drawn: list[Text] | None = trick_card(card, look, marker=mark)
        elif waiting:
            drawn = card_box(_face(look.ellipsis.center(3), "", ATTENTION), look, ATTENTION)
        else:
            drawn = None
        if drawn is not None:
            for offset, piece in enumerate(drawn):
                rows[first + offset].append((column, piece))
        name = Text(view.players[seat], style=ATTENTION if view.to_act == seat else "")
        if seat in view.out_order or (not view.hand_sizes[seat] and card is None):
            name.stylize(SECONDARY)
        note = _seat_note(play, card, view, look)
        if column == centre:  # across, and the bottom seat: the note follows the name
            if note:
                name.append(f" {look.dot} ").append(note, style=SECONDARY)
            row = 0 if first == 1 else TABLE_ROWS - 1
            rows[row].append(
                (min(max(0, centre + 2 - name.cell_len // 2), width - name.cell_len), name)
            )
            continue
        notes = Text(note, style=SECONDARY)
        for row, piece in ((1, name), (5, notes)):
            if not piece.plain:
                continue
            if column == left:
                at = max(0, left + CARD_WIDTH - piece.cell_len)
            else:
                at = min(right, width - piece.cell_len)
            rows[row].append((at, piece))
    placed = [_placed(width, row) for row in rows]
    if any(row is None for row in placed):
        return None
    return [row for row in placed if row is not None]


def _seat_note(play: Play | None, card: Card | None, view: SeatView, look: Look) -> str:
    """What a seat did, in a word, where its card alone does not say it."""
    if isinstance(play, Pass):
        return _("passed (remise)") if play.remise else _("passed")
    if isinstance(play, Draw):
        if card is not None:
            return _("drew")
        led = view.led_suit
        return _("drew, not {suit}").format(suit=look.suit(led).plain if led is not None else "")
    if card is not None and card.is_mushka and view.led_suit not in (None, Suit.S):
        return _("mushka")  # on a spade lead it is the ace of spades, nothing more
    return ""
