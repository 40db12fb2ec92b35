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
    words = look.words(host.players)
    names = look.names(host.players)
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
            entries.append(deal_table(summary, host.players, totals, look))
    return entries


def note_text(note: Note, names: Sequence[str], look: Look) -> Text:
    """One of the table's notes as a line of the log: a save that failed stands out."""
    style = "bold red" if note.alarming else "bold" if note.kind is NoteKind.SAVED_AGAIN else ""
    return Text(look.text(say(note.wording(names))), style=style)


def deal_opening(host: TableHost, deal: int, events: list[Event], look: Look) -> RenderableType:
    """A deal's first line: who deals, who antes; the first deal also shows the house rules."""
    players = look.names(host.players)
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
    log = host.public_events()
    totals = session_accounts(log)
    current = accounts(log[-1])
    title = _("Scores after {done} of {deals} deals, and this deal so far").format(
        done=len(log) - 1, deals=host.rules.deals
    )
    table = Table(title=look.text(title), box=look.box)
    for i, column in enumerate(_(STANDINGS_COLUMNS).split("|")):
        table.add_column(look.text(column), justify="right" if i else "left")
    for seat, name in enumerate(look.names(host.players)):
        t = totals[seat]
        table.add_row(
            Text(name),
            str(t.antes),
            str(t.winnings),
            str(t.remises),
            look.money(current[seat].net),
            look.money(t.net),
        )
    table.caption = look.text(_("kitty {amount}").format(amount=kopecks(host.kitty, language())))
    return table
