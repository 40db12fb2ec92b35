"""`mushka replay`: a recorded session told deal by deal and trick by trick, all hands open."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from mushka.cards import sorted_hand
from mushka.engine import Session
from mushka.events import End, Replenish, TakeBack, Trick
from mushka.i18n import _
from mushka.ledger import session_accounts
from mushka.record import replay_steps
from mushka.render.look import Look
from mushka.render.sheets import final_sheet


def _hands(session: Session, look: Look) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)  # the amounts line up, whatever their sign
    nets = session.net
    for seat, name in enumerate(look.names(session.players)):
        hand = Text(" ").join(look.card(c) for c in sorted_hand(session.hand(seat))) or Text(
            look.dash, style="dim"
        )
        table.add_row(Text(name, style="bold"), hand, _("net"), look.money(nets[seat]))
    return table


def frames(data: object, look: Look) -> Iterator[RenderableType]:
    """One renderable per step worth showing: each deal's cards, each exchange, each trick."""
    steps = replay_steps(data)
    session = next(steps)  # the one session object, advanced by each further step
    words = look.words(session.players)
    players = look.names(session.players)
    dot = look.dot
    deal, shown, trick_number = -1, 0, 0
    for _step in _with_final(steps, session):
        while deal < len(session.deals) - 1 or shown < len(session.deals[deal].events):
            if deal < len(session.deals) - 1 and (
                deal < 0 or shown >= len(session.deals[deal].events)
            ):
                deal, shown, trick_number = deal + 1, 0, 0
                log = session.deals[deal]
                title = _("Deal {n} of {deals} {dot} {name} deals").format(
                    n=deal + 1, deals=session.rules.deals, dot=dot, name=players[log.dealer]
                )
                dealt = Table.grid(padding=(0, 2))
                for seat, hand in enumerate(log.hands):
                    dealt.add_row(
                        Text(players[seat], style="bold"),
                        Text(" ").join(look.card(c) for c in sorted_hand(hand)),
                    )
                talon = Text(_("talon (top first): ")).append(
                    Text(" ").join(look.card(c) for c in log.talon)
                )
                yield Group(Rule(Text(title), characters=look.rule), dealt, talon)
            events = session.deals[deal].events
            cut = next(
                (
                    i + 1
                    for i in range(shown, len(events))
                    if isinstance(events[i], Trick | TakeBack | End | Replenish)
                ),
                None,
            )
            if cut is None:
                break
            if isinstance(events[cut - 1], End):
                cut = len(events)  # the deal's closing remises and payout belong with its end
            batch = events[shown:cut]
            end = False
            if any(isinstance(e, Trick | TakeBack) for e in batch):
                trick_number += 1
                title = _("deal {n} {dot} trick {trick}").format(
                    n=deal + 1, dot=dot, trick=trick_number
                )
            elif any(isinstance(e, End) for e in batch):
                end = True
                title = _("deal {n} {dot} end").format(n=deal + 1, dot=dot)
            else:
                title = _("deal {n} {dot} exchange").format(n=deal + 1, dot=dot)
            lines = [Text(" " + line) for line in words.events(batch, before=events[:shown])]
            shown = cut
            if end:
                yield Group(
                    Rule(title, style="dim", characters=look.rule), *lines
                )  # the table already shows the next deal
            else:
                state = Text(
                    " "
                    + _("kitty {kitty} kop {dot} talon {talon}").format(
                        kitty=session.kitty, dot=dot, talon=session.talon_count
                    ),
                    style="dim",
                )
                yield Group(
                    Rule(title, style="dim", characters=look.rule),
                    *lines,
                    state,
                    _hands(session, look),
                )
    yield Group(
        Rule(_("end of the session"), characters=look.rule),
        final_sheet(session_accounts(session.log()), session.players, look),
    )


def _with_final(steps: Iterator[Session], first: Session) -> Iterator[Session]:
    yield first
    yield from steps
