"""Soft world weights: how likely the others' observed moves were in an imagined deal.

`strong` deals the hidden cards uniformly among the hands its view allows. Here each such world is
weighted by the likelihood of what the others were seen to do, under an opponent model, instead of
being kept or thrown away (the hard "lead inference" measured −4.8 ± 6.3). Two models:

- `basic`: each of a seat's moves is `basic`'s with probability 1 − ε. What `basic`'s last lead and
  answers say a seat lacked is read by mushka.players.determinize (`Knowledge.caps`, `lacks`); a
  world costs a factor ε for each card it deals against them.
- the learned lead policy: the probability of each other seat's last lead under the policy's
  softmax, from the hand the world gives him then (his cards now and those he played since).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from mushka.engine import Position
from mushka.events import Draw, Follow, Lead, TakeBack
from mushka.players import policy
from mushka.players.determinize import Knowledge
from mushka.view import SeatView

IMPOSSIBLE = math.log(1e-6)
"""The log-likelihood of a lead the world's hand would not have allowed (not −inf: every world
the search drew might be so, and the weights must still add up to something)."""


def basic_violations(position: Position, me: int, known: Knowledge) -> int:
    """How many cards the world deals against what `basic`'s last leads and answers imply."""
    prices = position.rules.prices
    count = 0
    for seat in range(4):
        if seat == me:
            continue
        hand = position.hands[seat]
        lacks = known.lacks[seat]
        count += sum(1 for c in hand if c in lacks)
        cap = known.caps.get(seat)
        if cap is not None:
            above = sum(1 for c in hand if cap.above(int(c), prices))
            count += max(0, above - cap.free)
    return count


@dataclass(frozen=True)
class LastLead:
    """Another seat's last lead in this deal: the card, the suit he could not lead, the cards out
    of play then (bits), and the cards he played or drew since (they were not in his hand then)."""

    card: int
    barred: int
    seen: int
    since: tuple[int, ...]
    drew: int


def last_leads(view: SeatView) -> dict[int, LastLead]:
    """Each other seat's last lead of the deal, read from the seat's view."""
    seen = 0
    last_suit = -1
    leads: dict[int, LastLead] = {}
    played: dict[int, list[int]] = {}
    drew: dict[int, int] = {}
    for event in view.events:
        match event:
            case Lead(seat=seat, card=card):
                if seat != view.seat:
                    leads[seat] = LastLead(card, last_suit, seen, (), 0)
                    played[seat] = []
                    drew[seat] = 0
                last_suit = card >> 3
                seen |= 1 << card
            case Follow(seat=seat, card=card):
                seen |= 1 << card
                if seat in played:
                    played[seat].append(card)
            case Draw(seat=seat, card=card, played=on_trick):
                if on_trick and card is not None:
                    seen |= 1 << card
                elif seat in drew:
                    drew[seat] += 1
            case TakeBack(card=card):
                seen &= ~(1 << card)
            case _:
                pass  # the rest tells nothing of a lead's context
    return {
        s: LastLead(lead.card, lead.barred, lead.seen, tuple(played[s]), drew[s])
        for s, lead in leads.items()
    }


def policy_log_likelihood(
    position: Position, me: int, leads: dict[int, LastLead], prices: Sequence[int]
) -> float:
    """The log-probability of the others' last leads under the policy's softmax in this world.
    A seat who drew since is skipped: which of his cards came later is not known."""
    w = policy.weights()
    total = 0.0
    sizes = [len(h) for h in position.hands]
    last = position.deal_index + 1 >= position.rules.deals
    for seat, lead in leads.items():
        if lead.drew:
            continue
        now = [int(c) for c in position.hands[seat]]
        if lead.card in now:
            continue  # taken back: the lead is his again
        hand = [*now, lead.card, *lead.since]
        legal = [c for c in hand if c >> 3 != lead.barred] or hand
        if len(legal) < 2:
            continue
        basic_card = max(
            (c for c in legal if c != policy.MUSHKA),
            key=lambda c: (prices[c >> 3] * ((c & 7) + 1), c & 7),
            default=legal[0],
        )
        kitty = position.kitty
        scores = []
        for c in legal:
            f = policy.lead_features(
                c, hand, prices, lead.seen, sizes, seat, kitty, last, basic_card
            )
            scores.append(sum(a * b for a, b in zip(w, f, strict=True)))
        if lead.card not in legal:
            # he led the suit led last, so held nothing else then: not this world's hand
            total += IMPOSSIBLE
            continue
        top = max(scores)
        norm = top + math.log(sum(math.exp(s - top) for s in scores))
        total += scores[legal.index(lead.card)] - norm
    return total
