"""The public log drawn from the table host's data: each deal's opening, a line per trick and
exchange, the table's notes, each deal's summary; and the scores overlay. Every screen that shows
public news draws it from here: the hot seat's handoffs, network seats, the public table."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mushka.events import Ante, End, Event
from mushka.host.log import Note, NoteKind
from mushka.host.table import TableHost
from mushka.i18n import N_, _, kopecks, language, say
from mushka.ledger import accounts, deal_summary, session_accounts
from mushka.render.fitting import Joined
from mushka.render.help import house_rules_panel
from mushka.render.journal import LogLine, deal_lines, kitty_before
from mushka.render.look import Look
from mushka.render.sheets import deal_table

# The scores overlay's column heads, one message (the table's sheets have their own "player",
# "won", ... that another part of the catalog translates): split at "|" when shown.
STANDINGS_COLUMNS = N_("player|antes|won|remises|this deal|net")


def log_entries(host: TableHost, look: Look) -> list[RenderableType]:
    """Everything public so far, shortly: each deal's opening, a line per trick and exchange,
    the table's notes, and each deal's summary (the final sheet is the caller's)."""
    log = host.public_events()
    words = look.words(host.names())
    names = look.names(host.names())
    table_log = host.log()
    entries: list[RenderableType] = []
    kitty = 0
    dot, arrow = look.text(" · "), look.text(" → ")
    for deal, events in enumerate(log):
        entries.append(deal_opening(host, deal, events, look))
        forced = table_log.forced.get(deal, ())
        lines: list[RenderableType] = [
            LogLine(look.text(line), dot, arrow)
            for line in deal_lines(events, words, kitty, forced)
        ]
        # each note goes after the lines of the moves made before it, in the order noted
        notes = table_log.notes_of(deal)
        for note in reversed(notes):
            at = len(deal_lines(events[: note.at], words, kitty, forced))
            lines.insert(min(at, len(lines)), note_text(note, names, look))
        entries.extend(lines)
        kitty = kitty_before([events], kitty)
        if any(isinstance(e, End) for e in events) and (deal + 1 < len(log) or host.is_over):
            totals = [a.net for a in session_accounts(log[: deal + 1])]
            summary = deal_summary(deal + 1, events)
            entries.append(deal_table(summary, host.names(), totals, look))
    return entries


def note_text(note: Note, names: Sequence[str], look: Look) -> Text:
    """One of the table's notes as a line of the log: a save that failed stands out."""
    style = "bold red" if note.alarming else "bold" if note.kind is NoteKind.SAVED_AGAIN else ""
    return Text(look.text(say(note.wording(names))), style=style)


def deal_opening(host: TableHost, deal: int, events: list[Event], look: Look) -> RenderableType:
    """A deal's first line: who deals, who antes; the first deal also shows the house rules."""
    players = look.names(host.names())
    dealer = host.dealer(deal)
    antes = [e for e in events if isinstance(e, Ante)]
    payers = ", ".join(players[e.seat] for e in antes)
    amount = antes[0].amount if antes else 0
    deals = look.text(
        (_("{dealer} deals (drawn by lot).") if deal == 0 else _("{dealer} deals.")).format(
            dealer=players[dealer]
        )
    )
    exempt = [players[s] for s in range(4) if s not in {e.seat for e in antes}]
    antes_words = _("Antes of {amount} from {payers}").format(
        amount=kopecks(amount, language()), payers=payers
    )
    if exempt:
        antes_words += _("; {name}, first out last deal, pays nothing").format(name=exempt[0])
    text = Text.assemble(
        (look.text(_("Deal {n} of {deals}").format(n=deal + 1, deals=host.rules.deals)), "bold"),
        f" {look.dot} {deals} {look.text(antes_words)}.",
    )
    if deal:
        return text
    return Group(house_rules_panel(host.rules, look, host.settings.options), text)


def standings(host: TableHost, look: Look) -> Table:
    """The scores so far: each player's antes, winnings, remises, this deal and net; the kitty."""
    title, heads, rows = _standings(host, look)
    table = Table(title=title, box=look.box)
    for i, column in enumerate(heads):
        table.add_column(column, justify="right" if i else "left")
    for row in rows:
        table.add_row(*row)
    table.caption = _kitty_words(host, look)
    return table


def narrow_standings(host: TableHost, look: Look) -> list[RenderableType]:
    """The scores for a screen too narrow for their table (a phone held upright), as pages: a
    table of each player's name and net, and the kitty; then the rest, a few lines a player."""
    title, heads, rows = _standings(host, look)
    table = Table(box=look.box)
    table.add_column(heads[0], justify="left", no_wrap=True)
    table.add_column(heads[-1], justify="right", no_wrap=True)
    for row in rows:
        table.add_row(row[0], row[-1])
    title.stylize("bold")
    first = Group(title, table, _kitty_words(host, look))
    rest: list[RenderableType] = [title]
    for row in rows:
        rest.append(Text.assemble(row[0], style="bold"))
        parts = [
            Text(f"{head} {value}") for head, value in zip(heads[1:-1], row[1:-1], strict=True)
        ]
        rest.append(Joined(parts, look.text(" · "), "  "))
    return [first, Group(*rest)]


def _standings(host: TableHost, look: Look) -> tuple[Text, list[str], list[list[Text]]]:
    """The scores' title, their column heads and a row a player."""
    log = host.public_events()
    totals = session_accounts(log)
    current = accounts(log[-1])
    done = len(log) - 1
    if done:
        words = _("Scores after {done} of {deals} deals, and this deal so far")
    else:
        words = _("Scores of this deal ({n} of {deals})")
    title = words.format(done=done, n=done + 1, deals=host.rules.deals)
    heads = [look.text(column) for column in _(STANDINGS_COLUMNS).split("|")]
    rows: list[list[Text]] = []
    for seat, name in enumerate(look.names(host.names())):
        t = totals[seat]
        rows.append(
            [
                Text(name),
                Text(str(t.antes)),
                Text(str(t.winnings)),
                Text(str(t.remises)),
                Text(look.money(current[seat].net)),
                Text(look.money(t.net)),
            ]
        )
    return Text(look.text(title)), heads, rows


def _kitty_words(host: TableHost, look: Look) -> Text:
    return Text(look.text(_("kitty {amount}").format(amount=kopecks(host.kitty, language()))))
