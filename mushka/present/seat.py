"""A seat's words, once for every front end (no Rich): its status line, its commands' labels,
the table's facts, a deal's result line, the farewell, and which overlay shows what. The
terminal draws them with its keys, the page with its buttons; neither edits them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from mushka.host.link import Farewell
from mushka.host.offer import Command, DealResult, Offer, Overlay
from mushka.host.table import TableHost
from mushka.i18n import _, say
from mushka.ledger import session_accounts
from mushka.present.played import Played, played_view
from mushka.present.sheets import Sheet, final_sheet, first_out_words, scores_sheet
from mushka.state import Step
from mushka.view import SeatView


def command_label(command: Command) -> str:
    """A command as a button says it."""
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
        case _:
            assert_never(command)


def step_words(step: Step) -> str:
    """What the seat whose turn it is is asked to do."""
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
        case _:
            assert_never(step)


def status_words(offer: Offer) -> str:
    """The seat's status line: the coach thinking, its turn, or whom the table waits for."""
    if offer.coach_thinking:
        return _("The coach is thinking…")
    if offer.my_turn and offer.view is not None:
        return step_words(offer.view.step)
    if offer.waiting is not None:
        return offer.waiting.text
    return ""


def facts(view: SeatView) -> list[str]:
    """The table's facts a seat sees beside its hand: the deal, the kitty, the talon."""
    return [
        _("deal {n}/{deals}").format(n=view.deal_number, deals=view.rules.deals),
        _("kitty {kitty} kop").format(kitty=view.kitty),
        _("talon {talon}").format(talon=view.talon_count),
    ]


def signed(amount: int) -> str:
    """An amount with its sign as the table's nets show it: a minus sign, not a hyphen (a look in
    ASCII turns it into one)."""
    return f"{amount:+d}".replace("-", "−")


def result_line(result: DealResult, seat: int, players: Sequence[str]) -> str:
    """A deal's result for one seat, in a line: who went out first, what the deal won or cost
    him, his total and the kitty."""
    summary = result.summary
    return _(
        "Deal {n} is over: {first_out} · you {deal} kop, total {total} · kitty {kitty} kop"
    ).format(
        n=summary.number,
        first_out=" ".join(first_out_words(summary, players).split("\n")),
        deal=signed(summary.accounts[seat].net),
        total=signed(result.totals[seat]),
        kitty=-sum(result.totals),
    )


def farewell_words(farewell: Farewell) -> str:
    """The table's last word to a seat, in the language spoken now."""
    return say(farewell.words)


@dataclass(frozen=True)
class OverlayView:
    """What an overlay shows, as data: the scores' sheet, the cards played, or (the help, the
    rules, the coach) only its kind, which each front end words for its own kind of seat."""

    overlay: Overlay
    sheet: Sheet | None = None
    played: Played | None = None


def overlay_view(offer: Offer, host: TableHost, ascii_only: bool = False) -> OverlayView | None:
    """The overlay `offer` shows now as data (None: the table), in the language spoken now:
    the one switch from an overlay to what it holds."""
    view = offer.view
    if offer.overlay is None or view is None:
        return None
    match offer.overlay:
        case Overlay.SCORES:
            sheet = scores_sheet(
                host.public_events(), host.names(), host.rules.deals, host.kitty, offer.seat
            )
            return OverlayView(offer.overlay, sheet=sheet)
        case Overlay.MEMORY:
            return OverlayView(offer.overlay, played=played_view(view, ascii_only))
        case Overlay.HELP | Overlay.RULES | Overlay.HINT:
            return OverlayView(offer.overlay)
        case _:
            assert_never(offer.overlay)


def final_view(host: TableHost, me: int | None = None) -> Sheet:
    """The session's final sheet, with its winner, for a reader in the language spoken now."""
    return final_sheet(session_accounts(host.public_events()), host.names(), me)
