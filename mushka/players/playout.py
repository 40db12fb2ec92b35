"""The search's inner loop: a deal played out from a position with `basic` for every seat, fast."""

from __future__ import annotations

from typing import Final

from mushka.actions import DRAW, PASS, Action
from mushka.cards import CARDS, MUSHKA, Card
from mushka.players.determinize import rich
from mushka.players.policy import best_lead
from mushka.state import Position

_MUSHKA: Final = int(MUSHKA)
_SPADES: Final = 3
_DRAW: Final = -2
_PASS: Final = -1
_NONE: Final = -3  # no move given: `basic` chooses


def playout(
    position: Position,
    first: Action | None,
    seat: int,
    lookahead: int = 0,
    policy_seats: tuple[int, ...] = (),
) -> int:
    """The money `seat` gains from `position` to the end of its deal when `first` (or, if None,
    `basic`'s choice) is played now and `basic` plays every later move, the next deal's ante that
    going out first saves included, and in the last deal the final kitty.

    The same result as `bots.rollout` on `Session.at_position` with `basic_move` for everyone (a
    test compares the two on many positions and house rules), but several times faster: the
    engine's bookkeeping for records and views, and `basic`'s questions to it, are left out. The
    rules here must stay those of `Session.apply` and `basic_action`. With `lookahead` n, the seat's next n decisions are not `basic`'s but the best for it in this very
    deal (every card seen, the others still playing `basic`). The seats in `policy_seats` lead by
    the learned policy (mushka.players.policy) instead of `basic`, from what they may see.
    """
    return _play(position, _NONE if first is None else _code(first), seat, lookahead, policy_seats)


def _play(
    position: Position, pending: int, seat: int, lookahead: int, policy_seats: tuple[int, ...]
) -> int:
    rules = position.rules
    prices = rules.prices
    remise = rules.remise
    rich_suits = [rich(s, prices) for s in range(4)]
    hands: list[list[int]] = [list(h) for h in position.hands]
    talon = position.talon
    talon_left = len(talon)
    drawn_count = 0
    kitty = position.kitty
    gained = 0
    took = [bool(t) for t in position.tricks_won]
    out = list(position.out_order)
    last_lead = position.last_lead_suit
    takebacks = position.takebacks
    plays: list[tuple[int, int]] = list(position.trick)
    followers = list(position.followers)
    leading = not plays
    led = -1 if leading else plays[0][1] >> 3
    # the open trick's highest card of the led suit, and whether the mushka is on it
    current = max((c for _, c in plays if c >> 3 == led), default=-1)
    mushka_down = any(c == _MUSHKA for _, c in plays)
    actor = position.to_act
    # a bit per card out of play or on the table: the policy's `seen`
    seen = (1 << 32) - 1
    for h in hands:
        for c in h:
            seen ^= 1 << c
    for c in talon:
        seen ^= 1 << c
    last = position.deal_index + 1 >= rules.deals
    while True:
        if leading:
            hand = hands[actor]
            if last_lead >= 0 and any(c >> 3 == last_lead for c in hand):
                legal = [c for c in hand if c >> 3 != last_lead] or hand
            else:
                legal = hand
            if pending != _NONE:
                card = pending
                pending = _NONE
            elif len(legal) == 1:
                card = legal[0]
            elif lookahead and actor == seat:
                state = (hands, talon[drawn_count:], kitty, took, out, last_lead, takebacks)
                return gained + _best_of(
                    legal, position, seat, lookahead, state, actor, [], [], policy_seats
                )
            else:
                cards = [c for c in legal if c != _MUSHKA]
                card = (
                    max(cards, key=lambda c: (prices[c >> 3] * ((c & 7) + 1), c & 7))
                    if cards
                    else legal[0]
                )
                if actor in policy_seats:
                    sizes = [len(h) for h in hands]
                    card = best_lead(legal, hand, prices, seen, sizes, actor, kitty, last, card)
            hand.remove(card)
            seen |= 1 << card
            plays = [(actor, card)]
            led = last_lead = card >> 3
            current = card
            mushka_down = card == _MUSHKA
            # someone else holds cards: the deal would have ended otherwise
            followers = [s % 4 for s in (actor + 1, actor + 2, actor + 3) if hands[s % 4]]
            leading = False
            actor = followers[0]
            continue
        hand = hands[actor]
        follows = [c for c in hand if c >> 3 == led]
        if lookahead and actor == seat and pending == _NONE:
            moves = list(follows)
            if led != _SPADES and _MUSHKA in hand:
                moves.append(_MUSHKA)
            if not follows and drawn_count < talon_left:
                moves.append(_DRAW)
            moves.append(_PASS)
            if len(moves) > 1:
                state = (hands, talon[drawn_count:], kitty, took, out, last_lead, takebacks)
                return gained + _best_of(
                    moves, position, seat, lookahead, state, actor, plays, followers, policy_seats
                )
        del followers[0]
        if pending != _NONE:
            move = pending
            pending = _NONE
        # `basic_action`'s answer (mushka.players.bots), step by step
        elif (
            led != _SPADES
            and not mushka_down
            and (rich_suits[led] or len(hand) == 1)
            and _MUSHKA in hand
        ):
            move = _MUSHKA
        elif led == _SPADES and _MUSHKA in follows:
            move = _MUSHKA  # on spades the ace is just the best spade
        elif follows:
            move = min(follows)
            if not mushka_down:
                winners = [c for c in follows if c > current]
                if winners:
                    move = min(winners) if not followers else max(winners)
        elif mushka_down or drawn_count >= talon_left:
            move = _PASS
        else:
            others = [len(h) for s, h in enumerate(hands) if s != actor and h]
            move = _DRAW if others and len(hand) > min(others) + 1 else _PASS
        if move >= 0:
            hand.remove(move)
            seen |= 1 << move
            plays.append((actor, move))
            if move == _MUSHKA:
                mushka_down = True
            elif move >> 3 == led and move > current:
                current = move
        elif move == _DRAW:
            drawn = talon[drawn_count]
            drawn_count += 1
            if drawn >> 3 == led:
                seen |= 1 << drawn
                plays.append((actor, drawn))
                if drawn == _MUSHKA:
                    mushka_down = True
                elif drawn > current:
                    current = drawn
            else:
                hand.append(drawn)
        elif follows:  # a revoke
            if actor == seat:
                gained -= remise
            kitty += remise
        if followers:
            actor = followers[0]
            continue
        # every answer is in: settle the trick, or take the lead back
        leader, lead_card = plays[0]
        if len(plays) == 1:
            hands[leader].append(lead_card)
            seen &= ~(1 << lead_card)
            takebacks += 1
            if takebacks >= 4 - hands.count([]):  # blocked: settled like any other end
                break
            actor = _next_holder(hands, leader)
            leading = True
            continue
        if mushka_down:
            winner = next(who for who, c in plays if c == _MUSHKA)
            value = prices[led] * 2
        else:
            winner = next(who for who, c in plays if c == current)
            value = prices[led]
        paid = value if value <= kitty else kitty
        kitty -= paid
        if winner == seat:
            gained += paid
        took[winner] = True
        for who, _ in plays:
            if not hands[who] and who not in out:
                out.append(who)
        takebacks = 0
        if hands.count([]) >= 3:
            break
        actor = winner if hands[winner] else _next_holder(hands, winner)
        leading = True
    if out:
        first_out = out[0]
    else:
        dealer = position.dealer
        order = [(dealer + i) % 4 for i in (1, 2, 3, 4)]
        first_out = min(order, key=lambda s: len(hands[s]))
    for who in range(4):
        if not took[who]:
            if who == seat:
                gained -= remise
            kitty += remise
    if position.deal_index + 1 < rules.deals:
        if first_out != seat:
            gained -= rules.stake
    elif first_out == seat:
        gained += kitty
    return gained


_State = tuple[list[list[int]], tuple[Card, ...], int, list[bool], list[int], int, int]
"""The playout's hands, talon left, kitty, tricks taken, out order, last lead and takebacks."""


def _best_of(
    moves: list[int],
    start: Position,
    seat: int,
    lookahead: int,
    state: _State,
    actor: int,
    plays: list[tuple[int, int]],
    followers: list[int],
    policy_seats: tuple[int, ...],
) -> int:
    """The most `seat` gains from here with one of `moves` (it is his decision, in `start`'s
    deal), each played out looking one decision less ahead."""
    hands, talon, kitty, took, out, last_lead, takebacks = state
    here = Position(
        players=start.players,
        rules=start.rules,
        deal_index=start.deal_index,
        dealer=start.dealer,
        hands=tuple(tuple(CARDS[c] for c in h) for h in hands),
        talon=talon,
        kitty=kitty,
        net=start.net,  # unused by the playout, which counts gains from its start
        first_outs=start.first_outs,
        tricks_won=tuple((0,) if t else () for t in took),  # only whether a trick was taken
        out_order=tuple(out),
        last_lead_suit=last_lead,
        takebacks=takebacks,
        to_act=actor,
        trick=tuple((s, CARDS[c]) for s, c in plays),
        followers=tuple(followers),
    )
    return max(_play(here, m, seat, lookahead - 1, policy_seats) for m in moves)


def _code(action: Action) -> int:
    """The playout's code for a move: the card played, or `_DRAW`, or `_PASS`."""
    if action.card is not None:
        return int(action.card)
    if action == DRAW:
        return _DRAW
    if action == PASS:
        return _PASS
    raise ValueError(f"not a move of the play phase: {action!r}")


def _next_holder(hands: list[list[int]], seat: int) -> int:
    for i in (1, 2, 3):
        s = (seat + i) % 4
        if hands[s]:
            return s
    return seat
