"""A seat's offer drawn for a terminal of its own (an SSH seat, the host's own terminal): one
whole frame at the seat's size, colours and language, with its prompt, overlays a page at a time."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import assert_never

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from mushka.host.offer import Command, Offer, Overlay, Presence, Tone
from mushka.host.table import TableHost
from mushka.i18n import _, language
from mushka.names import printable
from mushka.present.keys import command_keys, move_prompt
from mushka.present.presence import seat_words
from mushka.present.questions import question_line
from mushka.present.seat import result_line
from mushka.render.coaching import hint_panel
from mushka.render.fitting import Joined, natural_width
from mushka.render.help import help_screen
from mushka.render.lesson import beside_moves, explain_prompt, lesson_panel
from mushka.render.look import Look
from mushka.render.panels import memory_panel
from mushka.render.private_screen import private_screen
from mushka.render.public_log import narrow_standings, standings
from mushka.render.rulebook import rulebook_text
from mushka.render.sizes import MIN_WIDTH, SMALLEST, seat_too_small

TONES = {Tone.PLAIN: "", Tone.STRONG: "bold", Tone.ERROR: "bold red"}


@dataclass(frozen=True)
class SeatTerminal:
    """What a seat's terminal is: its size, its colours (Rich's color_system, None for none)
    and whether it shows only ASCII."""

    width: int
    height: int
    color: str | None = None
    ascii_only: bool = False


@dataclass(frozen=True)
class Frame:
    """A whole screen: its lines (ANSI), where the cursor goes after the prompt (row, column),
    and how many pages the overlay on it has (1 for none), which the seat's keys need."""

    text: str
    prompt: tuple[int, int]
    pages: int


def seat_frame(offer: Offer, host: TableHost | None, terminal: SeatTerminal) -> Frame:
    """`offer` drawn on `terminal`, with its prompt on the last line."""
    look = Look(terminal.ascii_only)
    body, prompt, pages = _screen(offer, host, terminal, look)
    console = console_for(terminal.width, terminal.height, terminal.color)
    console.print(body, end="")
    lines = console.file.getvalue().rstrip("\n").split("\n")  # type: ignore[attr-defined]
    lines = lines[: max(0, terminal.height - 1)]
    prompt_line = console_for(terminal.width, 1, terminal.color)
    prompt.truncate(terminal.width - 1, overflow="ellipsis")  # one line, the cursor after it
    prompt_line.print(prompt, end="")
    text = prompt_line.file.getvalue()  # type: ignore[attr-defined]
    cursor = (len(lines), min(cell_len(prompt.plain), terminal.width - 1))
    return Frame("\n".join([*lines, text]), cursor, pages)


def _screen(
    offer: Offer, host: TableHost | None, terminal: SeatTerminal, look: Look
) -> tuple[RenderableType, Text, int]:
    """What the seat shows now, its prompt, and its overlay's pages."""
    width, height = terminal.width, terminal.height
    if width < SMALLEST[0] or height < SMALLEST[1]:  # not even the compact layout fits
        return seat_too_small(width, height, look), Text(""), 1
    short = width < MIN_WIDTH
    view = offer.view
    if host is None or view is None:
        question = offer.question
        if question is not None:
            prompt = question_line(question, offer.kind, short, look.ascii_only)
        else:
            prompt = _("Waiting for everyone to sit down…") + " "
        return lobby(offer, look), Text(look.text(prompt)), 1
    match offer.overlay:
        case Overlay.HELP:
            help_ = help_screen(host.rules, look, offer.options, network=True)
            code = seat_code_line(offer, look)
            if code is not None:
                help_ = Group(code, help_)
            return _paged(offer, terminal, help_, look)
        case Overlay.MEMORY:
            return _paged(offer, terminal, memory_panel(view, look, width), look)
        case Overlay.SCORES:
            scores = standings(host, look)
            if natural_width(console_for(width, height, None), scores) > width:
                # name and net, the rest on a page of its own
                return _paged(offer, terminal, narrow_standings(host, look), look)
            return _paged(offer, terminal, scores, look)
        case Overlay.HINT:
            assert offer.hint is not None
            name = look.names(view.players)[offer.seat]
            return _paged(offer, terminal, hint_panel(offer.hint, look, name, width), look)
        case Overlay.RULES:
            lines = [Text(line) for line in _rule_lines(terminal, look)]
            shown, end, pages = page_of(lines, offer.page, height)
            if end < len(lines):
                prompt = (
                    _("-- {at}/{lines}: Enter more, q back -- ")
                    if short
                    else _("-- rules {at}/{lines} lines: Enter for more, q to go back -- ")
                )
            else:
                prompt = _("-- end of the rules: Enter to go back -- ")
            prompt = prompt.format(at=end, lines=len(lines))
            return shown, Text(look.text(prompt)), pages
        case None:
            pass
        case _:
            assert_never(offer.overlay)
    if offer.explain and offer.question is None:  # what the table explains, in place of the table
        if offer.my_turn:  # beside his moves (the first exchange): he may make one at once
            prompt = move_prompt(offer.moves, offer.options, short, leave=True, keys=not short)
            return beside_moves(offer.explain, look), Text(look.text(prompt)), 1
        prompt = explain_prompt(offer.explain, offer.undo_here, look)  # read first: a key goes on
        return lesson_panel(offer.explain, look), Text(look.text(prompt)), 1
    # On a narrow screen the keys that work whoever's turn it is get a line of their own above
    # the prompt (a phone's 40 columns hold the moves or the keys, not both).
    keys = command_keys(offer.options, short, leave=True)
    if not offer.my_turn and Command.UNDO in offer.commands:
        keys.insert(0, _("u take it back"))  # his move, until the next player acts
    keys_line = Joined([Text(look.text(k)) for k in keys], look.text(" · "), style="dim")
    above = len(keys_line.lines(width - 1)) if short else 0
    if above == 1 and not offer.my_turn:
        above = 0  # they fit the prompt's own line, where no move is asked
    table = _table(offer, terminal, look, height - above)
    if above:
        table = Group(table, keys_line)
    if offer.question is not None:
        words = question_line(offer.question, offer.kind, short, look.ascii_only)
        return table, Text(look.text(words)), 1
    if offer.coach_thinking:
        asking = Text(look.text(_("The coach is thinking…")), "dim")
    elif offer.my_turn:
        prompt = move_prompt(offer.moves, offer.options, short, leave=True, keys=not short)
        asking = Text(look.text(prompt))
    elif above:
        asking = Text("")
    else:  # not his turn: no prompt, the keys that work anyway (the screen says who plays)
        asking = Text(look.text(" · ".join(keys)), "dim")
    return table, asking, 1


def _table(offer: Offer, terminal: SeatTerminal, look: Look, height: int) -> RenderableType:
    assert offer.view is not None
    notice = None
    if offer.notice is not None:
        notice = Text(look.text(offer.notice.text), TONES[offer.notice.tone])
    elif offer.result is not None:  # until the seat acts again
        notice = Text(look.text(result_line(offer.result, offer.seat, offer.view.players)), "bold")
    return private_screen(
        offer.view,
        look,
        height,
        notice,
        options=offer.options,
        away=offer.away,
    )


def _rule_lines(terminal: SeatTerminal, look: Look) -> list[str]:
    console = console_for(terminal.width, terminal.height, None)
    rendered = console.render_lines(
        Markdown(look.text(rulebook_text(language()))),
        console.options.update(width=terminal.width),
        pad=False,
    )
    return ["".join(segment.text for segment in line) for line in rendered]


def _paged(
    offer: Offer,
    terminal: SeatTerminal,
    overlay: RenderableType | list[RenderableType],
    look: Look,
) -> tuple[RenderableType, Text, int]:
    """An overlay (help, the cards played, scores, the coach) a page at a time where it is
    taller than the seat's screen, so that a phone's 16 rows lose none of it; a list of
    renderables, each begins a page of its own."""
    console = console_for(terminal.width, terminal.height, terminal.color)
    room = max(1, terminal.height - 1)
    lines: list[Text] = []
    for part in overlay if isinstance(overlay, list) else [overlay]:
        if lines and len(lines) % room:
            lines += [Text("")] * (room - len(lines) % room)  # the next part on a new page
        rendered = console.render_lines(
            part, console.options.update(width=terminal.width), pad=False
        )
        lines += [
            Text.assemble(*((seg.text, seg.style or "") for seg in line)) for line in rendered
        ]
    shown, _end, pages = page_of(lines, offer.page, terminal.height)
    if pages == 1:
        return shown, Text(look.text(_("Press Enter to go back. "))), pages
    page = min(offer.page, pages - 1)
    short = terminal.width < MIN_WIDTH
    if page + 1 < pages:
        prompt = (
            _("-- {page}/{pages}: Enter more, q back -- ")
            if short
            else _("-- page {page}/{pages}: Enter for more, q to go back -- ")
        )
    else:
        prompt = _("-- page {page}/{pages}: Enter to go back -- ")
    return shown, Text(look.text(prompt.format(page=page + 1, pages=pages))), pages


def page_of(lines: list[Text], page: int, height: int) -> tuple[Text, int, int]:
    """The page of `lines` a screen `height` rows high is on (as many as it holds above the
    prompt; a taller window has fewer pages, so `page` is clamped to them), where it ends, and
    how many pages there are."""
    room = max(1, height - 1)
    pages = max(1, -(-len(lines) // room))
    page = min(page, pages - 1)
    end = min((page + 1) * room, len(lines))
    return Text("\n").join(lines[page * room : end]), end, pages


def lobby(offer: Offer, look: Look) -> RenderableType:
    """The table while it fills up: who sits where, and the latest news."""
    rows: list[RenderableType] = [
        Text(look.text(_("Mushka-kopilka: the table fills up")), "bold"),
        Text(""),
    ]
    for index, place in enumerate(offer.places):
        who = "…" if place.presence is Presence.FREE else place.name
        rows.append(Text(f"  {index + 1}  {printable(who)}  ({seat_words(place)})"))
    rows.append(Text(""))
    rows.extend(Text(look.text(news)) for news in offer.news[-5:])
    code = seat_code_line(offer, look)
    if code is not None:
        rows += [Text(""), code]
    return Group(*rows)


def seat_code_line(offer: Offer, look: Look) -> Text | None:
    """This seat's own code and what it is for, shown on this seat only (None before it sat
    down, and on the public screen)."""
    if offer.seat_code is None:
        return None
    return Text(look.text(seat_code_words(offer.seat_code)), "bold")


def seat_code_words(code: str) -> str:
    return _(
        "Your seat's own code: {code}. To come back from another device or address, "
        "type it in place of the table's code."
    ).format(code=code)


def plain(renderable: RenderableType, width: int) -> str:
    """`renderable` as plain text lines `width` wide."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False).print(renderable)
    return out.getvalue().rstrip("\n")


def console_for(width: int, height: int, color: str | None) -> Console:
    """A console that renders into a string for a terminal of this size and colours."""
    return Console(
        file=io.StringIO(),
        width=width,
        height=height,
        force_terminal=color is not None,
        color_system=color,  # type: ignore[arg-type]
        legacy_windows=False,
        highlight=False,
        markup=False,
        emoji=False,
    )
