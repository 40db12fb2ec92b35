"""The rules engine: a whole session of mushka-kopilka as a state machine of seat decisions.

>>> from mushka.engine import Session
>>> from mushka.actions import parse_action
>>> from mushka.house_rules import Exchange, HouseRules
>>> session = Session(["Anna", "Boris", "Vera", "Gleb"], HouseRules(exchange=Exchange.OFF), seed=7)
>>> session.players[session.to_act], session.describe_legal()
('Gleb', 'Lead any card (K♥, Q♣, Q♦, Q♠, 10♠).')
>>> session.apply(parse_action("QS"))
(Lead(seat=3, card=Card('QS')),)
>>> session.describe_legal()
'Follow spades (A♠, 8♠) or pass (remise 5).'
>>> session.apply(parse_action("KH"))
Traceback (most recent call last):
  ...
mushka.errors.IllegalActionError: you do not hold K♥. Follow spades (A♠, 8♠) or pass (remise 5).
>>> view = session.view(0)  # what Anna may see: her hand and the public table
>>> " ".join(str(card) for card in view.hand), view.trick_plays, view.followers
('A♥ J♥ A♦ A♠ 8♠', ((3, Card('QS')),), (0, 1, 2))
>>> session.apply(parse_action("8S"))
(Follow(seat=0, card=Card('8S')),)
>>> session.kitty, session.net
(60, (-15, -15, -15, -15))
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Final

from mushka.actions import (
    DISCARDS,
    DRAW,
    PASS,
    PLAYS,
    TAKES,
    Action,
    Interned,
    canonical,
)
from mushka.cards import (
    CARDS,
    DECK_SIZE,
    HAND_SIZE,
    MUSHKA,
    SUITS,
    TALON_SIZE,
    Card,
    Suit,
    sorted_hand,
)
from mushka.chance import Chance, SeededChance
from mushka.choices import choices_wording
from mushka.errors import (
    ChanceError,
    IllegalActionError,
    InvalidInputError,
    MushkaError,
    SetupError,
    short_repr,
)
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
    Event,
    Expose,
    Follow,
    Lead,
    Out,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.house_rules import Exchange, HouseRules
from mushka.names import names_problem
from mushka.refusals import PHASE_NOT_PLAY, and_wording, refusal, seat_wording
from mushka.state import NO_SUIT, SEATS, DealLog, Phase, Position, Step
from mushka.view import NOBODY, SeatView, redact
from mushka.wording import Wording

__all__ = [
    "NO_SUIT",
    "SEATS",
    "DealLog",
    "Phase",
    "Position",
    "Session",
    "Step",
    "default_names",
]

# Bound once: the hot paths below compare by identity and build events without keyword overhead.
_MUSHKA: Final = int(MUSHKA)
_SPADES: Final = int(Suit.S)
_FOLLOW: Final = Step.FOLLOW
_LEAD: Final = Step.LEAD
_TAKE: Final = Step.TAKE
_DISCARD: Final = Step.DISCARD
_NONE: Final = Step.NONE
_PLAY_PHASE: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_new = tuple.__new__
# The suits of each 4-bit mask (1 << suit), as the views hand them out.
_SUIT_SETS: Final = tuple(frozenset(s for s in SUITS if mask >> s & 1) for mask in range(16))
# cards.sort_key as one int per card: by suit, hearts first, then highest rank first (a list's
# __getitem__, a plain method, is called faster than a tuple's slot wrapper)
_HAND_ORDER: Final = [c >> 3 << 3 | 7 - (c & 7) for c in range(DECK_SIZE)].__getitem__
_SUIT_OF: Final = list(SUITS).__getitem__
_ALL_SUITS: Final = 0b1111
# A hand's actions are picked with itemgetter (`_pick(*hand)(PLAYS)`, a tuple when the hand holds
# two cards or more), the fastest way here; lookups mapped over hands are bound methods of lists,
# whose __getitem__ is a plain method, called fast (a tuple's is a slot wrapper, twice as slow).
_pick: Final = operator.itemgetter
_CARD_BIT: Final = [1 << c for c in range(DECK_SIZE)].__getitem__
_SUIT_COUNTER: Final = [1 << 4 * (c >> 3) for c in range(DECK_SIZE)].__getitem__
# Events that carry no amounts, made once and shared (they are immutable), each in a 1-tuple as
# `apply` returns it: _FOLLOWS[seat][card], _LEADS[seat][card], _PASSES[seat], _REVOKES[seat].
_FOLLOWS: Final = tuple(tuple((Follow(s, c),) for c in CARDS) for s in SEATS)
_LEADS: Final = tuple(tuple((Lead(s, c),) for c in CARDS) for s in SEATS)
_PASSES: Final = tuple((Pass(s, False),) for s in SEATS)
_REVOKES: Final = tuple(Pass(s, True) for s in SEATS)
# More events made once: _DRAWS[played][seat][card], _TAKEBACKS[seat][card], _OUTS[seat].
_DRAWS: Final = tuple(
    tuple(tuple((Draw(s, c, played),) for c in CARDS) for s in SEATS) for played in (False, True)
)
_TAKEBACKS: Final = tuple(tuple(TakeBack(s, c) for c in CARDS) for s in SEATS)
_OUTS: Final = tuple(Out(s) for s in SEATS)
_ENDS: Final = tuple(tuple(End(s, blocked) for blocked in (False, True)) for s in SEATS)
_TAKE_EVENTS: Final = tuple(tuple((Take(s, c),) for c in CARDS) for s in SEATS)
_DISCARD_EVENTS: Final = tuple(tuple((Discard(s, c),) for c in CARDS) for s in SEATS)
# Per rules' prices: the Trick event of each [led suit][winner][winning card] paid in full, and
# per remise: each seat's (Pass, Remise) of a revoke; made on first use, shared by sessions
# (a few rules in a process, so these stay small).
_TRICKS: dict[tuple[int, ...], tuple[tuple[tuple[Trick | None, ...], ...], ...]] = {}
_REVOKE_EVENTS: dict[int, tuple[tuple[Pass, Remise], ...]] = {}
_ANTE_EVENTS: dict[int, tuple[Ante, ...]] = {}  # per stake, each seat's Ante
_MAX_CACHED: Final = 64  # rules kept in each of these caches; a study of many is not held

# Exchanges (R10, R11): who is checked, in order from the dealer's left (stored last first), and
# the (chooser, receiver) of each take after `seat` exposed, in the modern and the old variant.
_EXCHANGE_ORDER: Final = tuple(tuple((dealer + i) % 4 for i in (4, 3, 2, 1)) for dealer in SEATS)
_MODERN_PAIRS: Final = tuple(tuple(((s + i) % 4, (s + i) % 4) for i in (1, 2, 3)) for s in SEATS)
_OLD_PAIRS: Final = tuple((((s + 3) % 4, (s + 1) % 4), ((s + 3) % 4, (s + 2) % 4)) for s in SEATS)
_OTHERS: Final = tuple(((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4))  # play order
# Legal answers to a lead, precomputed: [mushka held][talon not empty] when void in the led
# suit; [mushka held][card] when holding exactly one card of it; the tail after two or more.
_FOLLOW_VOID: Final = (
    ((PASS,), (DRAW, PASS)),
    ((PLAYS[_MUSHKA], PASS), (PLAYS[_MUSHKA], DRAW, PASS)),
)
_HOLDING_TAIL: Final = ((PASS,), (PLAYS[_MUSHKA], PASS))
_FOLLOW_ONE: Final = tuple(
    tuple((PLAYS[c], *_HOLDING_TAIL[m]) for c in range(DECK_SIZE)) for m in (0, 1)
)
# The rank of the only card in an 8-bit suit mask, or -1 if it holds none or several.
_SINGLE_RANK: Final = tuple(b.bit_length() - 1 if b and not b & (b - 1) else -1 for b in range(256))


# The play phase's two rules, each written once: who may lead what (R7) and how a lead may be
# answered (R5). `apply` keeps the next seat's legal actions ready with them, and `_refusal`
# explains a refused card or draw from them. (players/playout.py is their documented fast twin.)


def _leads(hand: list[Card], mask: int, barred: int) -> tuple[Action, ...]:
    """The legal leads of `hand` (`mask`: its cards' bits) now: any card, but none of `barred`,
    the suit led last (NO_SUIT for none), unless the hand holds nothing else."""
    if barred >= 0:
        held = mask >> (barred << 3) & 0xFF
        if held and mask != held << (barred << 3):
            return tuple([PLAYS[c] for c in hand if c >> 3 != barred])
    return _pick(*hand)(PLAYS) if len(hand) > 1 else (PLAYS[hand[0]],)


def _answers(hand: list[Card], mask: int, led: int, talon: bool) -> tuple[tuple[Action, ...], bool]:
    """The legal answers of `hand` (`mask`: its cards' bits) to a lead of suit `led` now, and
    whether it holds that suit (a pass is then a revoke): a card of the suit, or else a draw while
    the `talon` is not empty; the mushka on any other suit's lead; a pass always."""
    bits = mask >> (led << 3) & 0xFF
    mushka = led != _SPADES and mask >> _MUSHKA & 1
    if not bits:
        return _FOLLOW_VOID[mushka][talon], False
    rank = _SINGLE_RANK[bits]
    if rank >= 0:
        return _FOLLOW_ONE[mushka][(led << 3) + rank], True
    # two or more of the led suit: in the order they are held
    return tuple([PLAYS[c] for c in hand if c >> 3 == led]) + _HOLDING_TAIL[mushka], True


def default_names() -> tuple[str, str, str, str]:
    return ("Player 1", "Player 2", "Player 3", "Player 4")


class Session:
    """A session of four players and one kitty, played deal by deal until the last payout.

    Ask `to_act` whose decision it is, `legal_actions()` what that seat may do, and `apply()` one
    of them (it returns the events it caused). `view(seat)` is what a seat may see; `deals` is the
    full (omniscient) record. Anything refused raises a MushkaError and changes nothing.
    """

    __slots__ = (
        "_chance",
        "_deal_index",
        "_dealer",
        "_discards",
        "_events",
        "_exchange_order",
        "_exposer",
        "_face_down",
        "_first_outs",
        "_followers",
        "_guard",
        "_hands",
        "_holds_led",
        "_kitty",
        "_last_lead_suit",
        "_led_suit",
        "_legal",
        "_masks",
        "_net",
        "_out",
        "_pair_index",
        "_pairs",
        "_phase",
        "_plays",
        "_prices",
        "_revokes",
        "_seen",
        "_step",
        "_stop_at_deal_end",
        "_takebacks",
        "_talon",
        "_talon_pos",
        "_to_act",
        "_trick_events",
        "_tricks_won",
        "_voids",
        "_won_tricks",
        "deals",
        "players",
        "rules",
        "seed",
    )
    _chance: Chance
    _deal_index: int
    _dealer: int
    _discards: list[Card]
    _events: list[Event]
    _exchange_order: list[int]  # the seats still to check for an exchange, the next one last
    _exposer: int
    _face_down: list[Card]
    _first_outs: list[int]
    _followers: list[int]  # the seats to answer the lead after the one to act, the next one last
    _guard: bool
    _hands: list[list[Card]]
    _holds_led: bool
    _kitty: int
    _last_lead_suit: int
    _led_suit: int
    _legal: tuple[Action, ...]  # always kept ready for the seat to act
    _masks: list[int]  # per seat, bit `card` set for each card held (kept during play)
    _net: list[int]
    _out: list[int]
    _pair_index: int
    _pairs: tuple[tuple[int, int], ...]  # (chooser, receiver) of each take in this exchange
    _phase: Phase
    _plays: list[tuple[int, Card]]
    _prices: tuple[int, int, int, int]
    _revokes: tuple[tuple[Pass, Remise], ...]  # each seat's events of a revoke, made once
    _seen: list[tuple[list[Event], list[Event]] | None]
    _step: Step
    _takebacks: int
    _talon: list[Card]
    _talon_pos: int
    _to_act: int
    _trick_events: tuple[tuple[tuple[Trick | None, ...], ...], ...]  # see _trick_events()
    _tricks_won: list[list[int]]
    _voids: list[int]
    _won_tricks: list[list[tuple[int, Card]]]  # the plays of each settled trick (see _won_cards)
    deals: list[DealLog]
    players: tuple[str, ...]
    rules: HouseRules
    seed: int | None

    def __init__(
        self,
        players: Sequence[str] | None = None,
        rules: HouseRules | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        chance: Chance | None = None,
    ) -> None:
        names = _check_players(players)
        if rules is not None and not isinstance(rules, HouseRules):
            raise SetupError(
                Wording("rules must be HouseRules, not {value}", value=short_repr(rules))
            )
        if (seed is not None) + (rng is not None) + (chance is not None) > 1:
            sources = (("seed", seed), ("rng", rng), ("chance", chance))
            given = [name for name, value in sources if value is not None]
            raise SetupError(
                Wording(
                    "give at most one source of chance (seed, rng or chance), not {given}",
                    given=and_wording(given),
                )
            )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise SetupError(
                Wording("seed must be a whole number, not {value}", value=short_repr(seed))
            )
        if rng is not None and not isinstance(rng, random.Random):
            raise SetupError(
                Wording("rng must be a random.Random, not {value}", value=short_repr(rng))
            )
        self.players = names
        self.rules = rules if rules is not None else HouseRules()
        self._prices = self.rules.prices
        self._trick_events = _trick_events(self._prices)
        self._revokes = _revoke_events(self.rules.remise)
        if chance is None and rng is None and seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed = seed
        if chance is None:
            chance = SeededChance(rng if rng is not None else random.Random(seed))
        self._chance = chance
        self.deals = []
        self._kitty = 0
        self._net = [0, 0, 0, 0]
        self._first_outs = []
        self._legal = ()
        # Only a seeded chance cannot fail; with any other, every decision is made atomically
        # (a snapshot restored if chance fails), since it may start a deal or an exchange.
        self._guard = type(chance) is not SeededChance
        self._seen = [None, None, None, None, None]  # each seat's, then the whole table's
        self._stop_at_deal_end = False
        self._phase = Phase.EXCHANGE
        self._step = _NONE
        self._to_act = -1
        try:
            dealer = chance.first_dealer()
        except MushkaError:
            raise
        except Exception as exc:
            raise ChanceError(
                Wording(
                    "the source of chance failed to draw the first dealer: {error}", error=str(exc)
                )
            ) from None
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise ChanceError(
                Wording("the first dealer must be a seat, not {value}", value=short_repr(dealer))
            )
        self._dealer = dealer % 4
        self._start_deal(0, self._ask_deal(0))
        self._compute_legal()

    @classmethod
    def at_position(
        cls, position: Position, chance: Chance, *, stop_at_deal_end: bool = False
    ) -> Session:
        """A session standing at a given point of the play phase, with nothing before it logged.

        For search over imagined deals (determinisation) and hand-built puzzles; `chance` deals
        any later deals. The position must be consistent (the caller's duty): every card in one
        place, and the seat to act one that may act. With `stop_at_deal_end` the session is over
        when this deal ends (its no-trick remises paid), instead of dealing the next one.
        """
        self = cls.__new__(cls)
        self._stop_at_deal_end = stop_at_deal_end
        self.players = position.players
        self.rules = position.rules
        self._prices = position.rules.prices
        self._trick_events = _trick_events(self._prices)
        self._revokes = _revoke_events(position.rules.remise)
        self.seed = None
        self._chance = chance
        self._kitty = position.kitty
        self._net = list(position.net)
        self._first_outs = list(position.first_outs)
        self._legal = ()
        self._guard = type(chance) is not SeededChance
        self._seen = [None, None, None, None, None]  # each seat's, then the whole table's
        self._dealer = position.dealer
        self._deal_index = position.deal_index
        self._hands = [list(h) for h in position.hands]
        self._masks = [_mask(h) for h in self._hands]
        self._talon = list(position.talon)
        self._talon_pos = 0
        log = DealLog(
            position.dealer, tuple(tuple(h) for h in position.hands), tuple(position.talon)
        )
        self.deals = [DealLog(position.dealer, (), ()) for _ in range(position.deal_index)] + [log]
        self._events = log.events
        self._tricks_won = [list(t) for t in position.tricks_won]
        self._won_tricks = [[(-1, c) for c in position.out_of_play]]
        self._discards = []
        self._face_down = []
        self._out = list(position.out_order)
        self._last_lead_suit = position.last_lead_suit
        self._takebacks = position.takebacks
        self._voids = [0, 0, 0, 0]
        self._phase = _PLAY_PHASE
        self._exchange_order = []
        self._pairs = ()
        self._pair_index = 0
        self._exposer = -1
        self._holds_led = False
        if position.trick:
            leader = position.trick[0][0]
            self._plays = list(position.trick)
            self._led_suit = position.trick[0][1] >> 3
            self._followers = list(reversed(position.followers[1:]))
            self._step = _FOLLOW
            self._to_act = position.followers[0]
            assert leader not in position.followers
        else:
            self._plays = []
            self._followers = []
            self._start_lead(position.to_act)
        self._compute_legal()
        return self

    def position(self) -> Position:
        """The current play-phase position, every hand included (omniscient; see `at_position`)."""
        if self._phase is not _PLAY_PHASE:
            raise IllegalActionError(Wording(PHASE_NOT_PLAY[self._phase]))
        following = self._step is _FOLLOW
        return Position(
            players=self.players,
            rules=self.rules,
            deal_index=self._deal_index,
            dealer=self._dealer,
            hands=tuple(tuple(h) for h in self._hands),
            talon=tuple(self._talon[self._talon_pos :]),
            kitty=self._kitty,
            net=tuple(self._net),
            first_outs=tuple(self._first_outs),
            tricks_won=tuple(tuple(t) for t in self._tricks_won),
            out_order=tuple(self._out),
            last_lead_suit=self._last_lead_suit,
            takebacks=self._takebacks,
            to_act=self._to_act,
            trick=tuple(self._plays) if following else (),
            followers=(self._to_act, *reversed(self._followers)) if following else (),
            out_of_play=tuple(self._won_cards()) + tuple(self._discards),
        )

    # ---------------------------------------------------------------- public questions

    @property
    def is_over(self) -> bool:
        return self._phase is _OVER

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def step(self) -> Step:
        return self._step

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None when the session is over."""
        return None if self._to_act < 0 else self._to_act

    @property
    def deal_index(self) -> int:
        """0-based number of the current (or, when over, the last) deal."""
        return self._deal_index

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def kitty(self) -> int:
        return self._kitty

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's money result so far, in kopecks; with the kitty these sum to zero."""
        return tuple(self._net)

    @property
    def first_outs(self) -> tuple[int, ...]:
        """Who went out first in each finished deal."""
        return tuple(self._first_outs)

    @property
    def events(self) -> list[Event]:
        """The current deal's events (omniscient: for records, not for players)."""
        return self._events

    def legal_actions(self) -> tuple[Action, ...]:
        """Everything the seat to act may do now; empty when the session is over."""
        return self._legal

    def apply(self, action: Action, seat: int | None = None) -> tuple[Event, ...]:
        """Carry out `action` for the seat to act and return the events it caused.

        Pass `seat` to have the engine check that it is indeed that seat's turn. Anything not
        allowed raises (InvalidActionError when malformed, IllegalActionError when the rules
        forbid it, ChanceError when the next deal cannot be dealt) and changes nothing.
        """
        if type(action) is not Interned:
            action = canonical(action)
        if action not in self._legal or (
            seat is not None and (type(seat) is not int or seat != self._to_act)
        ):
            raise self._refusal(action, seat)
        if self._guard:
            return self._apply_atomically(action)
        # The two steps of almost every decision are carried out inline, the next seat's legal
        # actions included (they are always kept ready), for speed.
        step = self._step
        if step is _FOLLOW:
            seat = self._to_act
            card = action[1]
            if card is not None:  # a follow, or the mushka
                self._hands[seat].remove(card)
                self._masks[seat] ^= 1 << card
                self._plays.append((seat, card))
                produced: tuple[Event, ...] = _FOLLOWS[seat][card]
                self._events.append(produced[0])
            elif action is DRAW:
                pos = self._talon_pos
                drawn = self._talon[pos]
                self._talon_pos = pos + 1
                led = self._led_suit
                if drawn >> 3 == led:
                    self._plays.append((seat, drawn))
                    self._voids[seat] |= 1 << led
                    produced = _DRAWS[1][seat][drawn]
                else:  # he lacked the suit and still does; the new card may be of any other
                    self._hands[seat].append(drawn)
                    self._masks[seat] |= 1 << drawn
                    self._voids[seat] = 1 << led
                    produced = _DRAWS[0][seat][drawn]
                self._events.append(produced[0])
            elif self._holds_led:  # a revoke (the flag is set with the legal actions)
                remise = self.rules.remise
                self._net[seat] -= remise
                self._kitty += remise
                produced = self._revokes[seat]
                self._events.extend(produced)
            else:
                self._voids[seat] |= 1 << self._led_suit
                produced = _PASSES[seat]
                self._events.append(produced[0])
            followers = self._followers
            if followers:
                nxt = self._to_act = followers.pop()
                self._legal, self._holds_led = _answers(
                    self._hands[nxt],
                    self._masks[nxt],
                    self._led_suit,
                    self._talon_pos < len(self._talon),
                )
                return produced
            # The last answer: settle the trick (or take the lead back), then set up the next
            # lead and its legal actions (or end the deal), all inline for speed.
            plays = self._plays
            hands = self._hands
            events = self._events
            leader, lead_card = plays[0]
            if len(plays) == 1:
                hands[leader].append(lead_card)
                self._masks[leader] |= 1 << lead_card
                self._plays = []
                back: Event = _TAKEBACKS[leader][lead_card]
                events.append(back)
                self._takebacks += 1
                if self._takebacks >= 4 - self._masks.count(0):  # a full round of holders
                    start = len(events) - len(produced) - 1
                    self._end_deal(blocked=True)
                    self._compute_legal()
                    return _since(events, start, self._events)
                self._step = _LEAD
                nxt = self._to_act = self._next_holder(leader)
                self._legal = _leads(hands[nxt], self._masks[nxt], self._led_suit)
                self._led_suit = NO_SUIT
                return (*produced, back)
            led = self._led_suit
            # The highest card of the led suit wins, unless the mushka (the highest card of all) was
            # played: the led suit's cards are the indices from 8 * led below `above`.
            winner, best = leader, lead_card
            above = led + 1 << 3
            for seat, card in plays:
                if card > best and (card < above or card == _MUSHKA):
                    winner, best = seat, card
            doubled = best == _MUSHKA
            value = self._prices[led]
            if doubled:
                value *= 2
            kitty = self._kitty
            trick: Event | None
            if value <= kitty:
                paid = value
                trick = self._trick_events[led][winner][best]
            else:
                paid = kitty
                trick = _new(Trick, (winner, SUITS[led], doubled, value, paid, best))
            assert trick is not None
            self._kitty = kitty - paid
            self._net[winner] += paid
            self._tricks_won[winner].append(led)
            self._won_tricks.append(
                plays
            )  # the list is the trick's own: a new one is started below
            self._plays = []
            events.append(trick)
            produced = (*produced, trick)
            masks = self._masks
            empty = masks.count(0)
            out = self._out
            if empty != len(out):  # someone played his last card (a seat goes out only here)
                for seat, _ in plays:
                    if not masks[seat] and seat not in out:
                        out.append(seat)
                        gone: Event = _OUTS[seat]
                        events.append(gone)
                        produced = (*produced, gone)
            self._takebacks = 0
            if empty >= 3:  # at most one seat still holds cards
                start = len(events)
                self._end_deal(blocked=False)
                self._compute_legal()
                return produced + _since(events, start, self._events)
            self._step = _LEAD
            nxt = self._to_act = winner if hands[winner] else self._next_holder(winner)
            self._led_suit = NO_SUIT
            self._legal = _leads(hands[nxt], masks[nxt], led)  # led last: barred
            return produced
        if step is _LEAD:
            seat = self._to_act
            card = action[1]
            assert card is not None
            hands = self._hands
            hands[seat].remove(card)
            self._masks[seat] ^= 1 << card
            self._plays = [(seat, card)]
            suit = card >> 3
            if suit == self._last_lead_suit:  # a barred suit is led only from a one-suit hand
                self._voids[seat] |= _ALL_SUITS ^ (1 << suit)
            self._led_suit = self._last_lead_suit = led = suit
            produced = _LEADS[seat][card]
            self._events.append(produced[0])
            first, second, third = _OTHERS[seat]
            if hands[first] and hands[second] and hands[third]:
                self._followers = [third, second]
                nxt = self._to_act = first
            else:
                followers = self._followers = [s for s in (third, second, first) if hands[s]]
                nxt = self._to_act = followers.pop()
            self._step = _FOLLOW
            self._legal, self._holds_led = _answers(
                hands[nxt], self._masks[nxt], led, self._talon_pos < len(self._talon)
            )
            return produced
        if step is _TAKE:
            position = action[2]
            assert position is not None
            receiver = self._pairs[self._pair_index][1]
            taken = self._face_down.pop(position)
            self._hands[receiver].append(taken)
            produced = _TAKE_EVENTS[receiver][taken]
            self._events.append(produced[0])
            self._step = _DISCARD
            self._to_act = receiver
            hand = self._hands[receiver]
            self._legal = _pick(*hand)(DISCARDS) if len(hand) > 1 else (DISCARDS[hand[0]],)
            return produced
        # a discard
        discarded = action[1]
        assert discarded is not None
        seat = self._to_act
        self._hands[seat].remove(discarded)
        self._discards.append(CARDS[discarded])
        produced = _DISCARD_EVENTS[seat][discarded]
        self._events.append(produced[0])
        self._pair_index += 1
        if self._pair_index < len(self._pairs):
            self._step = _TAKE
            self._to_act = self._pairs[self._pair_index][0]
            self._legal = TAKES[: len(self._face_down)]
            return produced
        events = self._events
        start = len(events) - 1
        self._replenish()
        self._compute_legal()
        return _since(events, start, self._events)

    def view(self, seat: int) -> SeatView:
        """What `seat` may see now (R14): its own hand and the public table."""
        return self._view(_check_seat(seat))

    def public_view(self) -> SeatView:
        """What the whole table may see now: the public facts and no hand (a public screen)."""
        return self._view(NOBODY)

    def _view(self, seat: int) -> SeatView:
        to_act = self._to_act
        led = self._led_suit
        last = self._last_lead_suit
        hand = self._hands[seat] if seat != NOBODY else ()  # the table as a whole holds no cards
        only_barred = seat == NOBODY or (bool(hand) and all(c >> 3 == last for c in hand))
        step = self._step
        following = step is Step.FOLLOW
        values = (
            seat,
            self.players,
            self.rules,
            self._deal_index + 1,
            self._dealer,
            self._phase,
            step,
            to_act if to_act >= 0 else None,
            self._kitty,
            tuple(self._net),
            tuple(sorted(hand, key=_HAND_ORDER)),
            tuple(map(len, self._hands)),
            len(self._talon) - self._talon_pos,
            tuple([tuple(map(_SUIT_OF, won)) for won in self._tricks_won]),
            tuple(self._out),
            tuple(self._first_outs),
            SUITS[led] if led != NO_SUIT else None,
            SUITS[last] if last != NO_SUIT and not only_barred else None,
            len(self._face_down),
            self.exchange_pair,
            self._legal if to_act == seat != NOBODY else (),
            self._seen_by(seat),
            tuple(self._plays),
            (to_act, *reversed(self._followers)) if following else (),
            self._takebacks,
            SUITS[last] if last != NO_SUIT else None,
            tuple([_SUIT_SETS[mask] for mask in self._voids]),
        )
        view: SeatView = _new(SeatView, values)
        return view

    def seen_events(self, seat: int) -> tuple[Event, ...]:
        """The current deal's events as `seat` may know them (kept up to date incrementally)."""
        return self._seen_by(_check_seat(seat))

    def _seen_by(self, seat: int) -> tuple[Event, ...]:
        events = self._events
        cache = self._seen[seat]  # NOBODY (-1) is the last entry: the whole table's
        if cache is None or cache[0] is not events:
            cache = self._seen[seat] = (events, [])
        seen = cache[1]
        if len(seen) < len(events):
            seen.extend([redact(e, seat) for e in events[len(seen) :]])
        return tuple(seen)

    def log(self, seat: int | None = None) -> list[list[Event]]:
        """Every deal's events as `seat` may know them; with no seat, only what all may know."""
        who = NOBODY if seat is None else _check_seat(seat)
        return [[redact(e, who) for e in deal.events] for deal in self.deals]

    # ---------------------------------------------------------------- omniscient accessors

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards in the order it holds them (omniscient: a UI shows only its own seat's)."""
        return tuple(self._hands[_check_seat(seat)])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._hands)

    @property
    def talon_count(self) -> int:
        return len(self._talon) - self._talon_pos

    def zones(self) -> dict[str, list[Card]]:
        """Where every card is now (omniscient; for checks and post-game tools)."""
        return {
            "hand 0": list(self._hands[0]),
            "hand 1": list(self._hands[1]),
            "hand 2": list(self._hands[2]),
            "hand 3": list(self._hands[3]),
            "talon": self._talon[self._talon_pos :],
            "face down": list(self._face_down),
            "trick": [c for _, c in self._plays],
            "won": self._won_cards(),
            "discarded": list(self._discards),
        }

    def _won_cards(self) -> list[Card]:
        """The cards of this deal's settled tricks, in the order they were played."""
        return [card for plays in self._won_tricks for _, card in plays]

    def face_down_position(self, card: Card) -> int:
        """The position of `card` among the face-down cards (for replaying records)."""
        try:
            return self._face_down.index(card)
        except ValueError:
            raise IllegalActionError(
                Wording("{card} is not among the face-down cards", card=card.code)
            ) from None

    # ---------------------------------------------------------------- legality

    def _compute_legal(self) -> tuple[Action, ...]:
        legal: tuple[Action, ...]
        step = self._step
        if step is _FOLLOW:
            seat = self._to_act
            legal, self._holds_led = _answers(
                self._hands[seat],
                self._masks[seat],
                self._led_suit,
                self._talon_pos < len(self._talon),
            )
        elif step is _LEAD:
            seat = self._to_act
            legal = _leads(self._hands[seat], self._masks[seat], self._last_lead_suit)
        elif step is _TAKE:
            legal = TAKES[: len(self._face_down)]
        elif step is _DISCARD:
            hand = self._hands[self._to_act]
            legal = _pick(*hand)(DISCARDS) if len(hand) > 1 else (DISCARDS[hand[0]],)
        else:
            legal = ()
        self._legal = legal
        return legal

    def _refusal(self, action: Action, seat: object) -> MushkaError:
        """The exception explaining why `action` is refused and what is allowed."""
        return refusal(self, action, seat)

    def describe_legal(self, lang: str = "en") -> str:
        """The choices of the seat to act, in words: 'Follow hearts (Q♥, 9♥), ... or pass.'.

        In English unless `lang` names another language ('ru'; see `mushka.i18n`).
        """
        wording = self.legal_wording()
        if lang == "en":
            return str(wording)
        from mushka.i18n import say  # the catalogs are read only when another language is asked

        return say(wording, lang)

    def legal_wording(self) -> Wording:
        """`describe_legal` as a Wording, to be said in any language (`mushka.i18n.say`)."""
        if self._step is _NONE:
            return Wording("The session is over.")
        led, last = self._led_suit, self._last_lead_suit
        return choices_wording(
            self._step,
            self.legal_actions(),
            sorted_hand(self._hands[self._to_act]),
            led=SUITS[led] if led != NO_SUIT else None,
            barred=SUITS[last] if last != NO_SUIT else None,
            remise=self.rules.remise,
            face_down=len(self._face_down),
        )

    # ---------------------------------------------------------------- carrying out a decision

    def _apply_atomically(self, action: Action) -> tuple[Event, ...]:
        """`apply` for a step where chance may still fail: on failure, restore everything."""
        saved = self._snapshot()
        self._guard = False
        try:
            produced = self.apply(action)
        except BaseException as exc:
            self._restore(saved)  # _guard included
            if isinstance(exc, MushkaError):
                raise
            if isinstance(exc, Exception):
                raise ChanceError(
                    Wording("the source of chance failed: {error}", error=short_repr(exc, 80))
                ) from None
            raise
        self._guard = True
        return produced

    def _snapshot(self) -> dict[str, object]:
        state: dict[str, object] = {}
        for name in Session.__slots__:
            if hasattr(self, name):
                state[name] = _copy(getattr(self, name))
        state["#deals"] = len(self.deals)
        state["#events"] = len(self._events)
        return state

    def _restore(self, state: dict[str, object]) -> None:
        deal_count, event_count = state.pop("#deals"), state.pop("#events")
        assert isinstance(deal_count, int) and isinstance(event_count, int)
        deals = self.deals
        del deals[deal_count:]
        events = deals[-1].events
        del events[event_count:]
        state["deals"] = deals
        state["_events"] = events
        state["_seen"] = [None, None, None, None, None]
        for name, value in state.items():
            setattr(self, name, value)

    # ---------------------------------------------------------------- deals

    def _ask_deal(self, index: int) -> tuple[list[list[Card]], list[Card]]:
        """Deal `index` from the source of chance, checked; a failure becomes a ChanceError."""
        chance = self._chance
        if type(chance) is SeededChance:  # trusted: a shuffle of the deck itself
            return chance.deal(index)
        try:
            hands, talon = chance.deal(index)
        except MushkaError:
            raise
        except Exception as exc:
            raise ChanceError(
                Wording(
                    "no cards for deal {deal}: {error}", deal=index + 1, error=short_repr(exc, 80)
                )
            ) from None
        _check_deal(hands, talon)
        return [[CARDS[c] for c in h] for h in hands], [CARDS[c] for c in talon]

    def _start_deal(self, index: int, dealt: tuple[list[list[Card]], list[Card]]) -> None:
        if index > 0:
            self._dealer = (self._dealer + 1) % 4
        self._deal_index = index
        hands, talon = dealt  # fresh lists: the engine's own from here on
        self._hands = hands
        self._talon = talon
        self._talon_pos = 0
        log = DealLog(self._dealer, tuple(map(tuple, hands)), tuple(talon))
        self.deals.append(log)
        self._events = events = log.events
        self._tricks_won = [[], [], [], []]
        self._won_tricks = []
        self._discards = []
        self._face_down = []
        self._plays = []
        self._followers = []
        self._out = []
        self._voids = [0, 0, 0, 0]
        self._last_lead_suit = NO_SUIT
        self._led_suit = NO_SUIT
        self._takebacks = 0
        self._holds_led = False
        self._exposer = -1
        self._pairs = ()
        self._pair_index = 0
        exempt = self._first_outs[-1] if self._first_outs else -1
        stake = self.rules.stake
        antes = _ante_events(stake)
        for seat in SEATS:
            if seat != exempt:
                self._net[seat] -= stake
                self._kitty += stake
                events.append(antes[seat])
        if self.rules.exchange is Exchange.OFF:
            self._start_play()
        else:
            self._phase = Phase.EXCHANGE
            dealer = self._dealer
            self._exchange_order = list(_EXCHANGE_ORDER[dealer])
            self._next_exchange()

    def _end_deal(self, blocked: bool) -> None:
        if self._out:
            first = self._out[0]
        else:
            dealer = self._dealer
            order = [(dealer + i) % 4 for i in (1, 2, 3, 4)]
            first = min(order, key=lambda s: len(self._hands[s]))
        events = self._events
        events.append(_ENDS[first][blocked])
        remise = self.rules.remise
        for seat in SEATS:
            if not self._tricks_won[seat]:
                self._net[seat] -= remise
                self._kitty += remise
                events.append(_new(Remise, (seat, remise, "no-trick")))
        self._first_outs.append(first)
        self._plays = []
        if self._deal_index + 1 < self.rules.deals:
            if self._stop_at_deal_end:  # a rollout that must not deal the next deal
                self._phase = _OVER
                self._step = _NONE
                self._to_act = -1
                return
            self._start_deal(self._deal_index + 1, self._ask_deal(self._deal_index + 1))
            return
        amount = self._kitty
        self._net[first] += amount
        self._kitty = 0
        events.append(_new(Payout, (first, amount)))
        self._phase = _OVER
        self._step = _NONE
        self._to_act = -1

    # ---------------------------------------------------------------- exchange (R10, R11)

    def _next_exchange(self) -> None:
        """Check the next seats in order; stop at the first that must expose, else start play."""
        order = self._exchange_order  # the seats still to check, the next one last
        hands = self._hands
        while order:
            seat = order.pop()
            hand = hands[seat]
            # four 4-bit counters, one per suit; +5 sets a counter's top bit when it is 3 or more
            three = (sum(map(_SUIT_COUNTER, hand)) + 0x5555) & 0x8888
            if not three:
                continue
            suit = three.bit_length() // 4 - 1  # five cards hold at most one suit three times
            suited: list[Card] = []
            kept: list[Card] = []
            for c in hand:
                (suited if c >> 3 == suit else kept).append(c)
            laid = self._ask_face_down(seat, suited)
            hands[seat] = kept
            self._face_down = laid
            self._events.append(_new(Expose, (seat, tuple(laid))))
            self._exposer = seat
            pairs = self._pairs = (
                _MODERN_PAIRS[seat] if self.rules.exchange is Exchange.MODERN else _OLD_PAIRS[seat]
            )
            self._pair_index = 0
            self._step = _TAKE
            self._to_act = pairs[0][0]
            return
        self._start_play()

    def _ask_face_down(self, seat: int, cards: list[Card]) -> list[Card]:
        chance = self._chance
        if type(chance) is SeededChance:  # trusted: a shuffle of the cards themselves
            return chance.face_down(self._deal_index, seat, cards)
        try:
            laid = chance.face_down(self._deal_index, seat, cards)
        except MushkaError:
            raise
        except Exception as exc:
            raise ChanceError(
                Wording("no face-down order: {error}", error=short_repr(exc, 80))
            ) from None
        if sorted(laid) != sorted(cards):
            raise ChanceError(Wording("a face-down order must hold exactly the exposed cards"))
        return [CARDS[c] for c in laid]

    def _replenish(self) -> None:
        """The exposer takes back his face-down cards and draws as many as were taken."""
        taken = len(self._pairs)
        pos = self._talon_pos
        drawn = self._talon[pos : pos + taken]
        self._talon_pos = pos + len(drawn)
        exposer = self._exposer
        self._hands[exposer].extend(self._face_down)
        self._hands[exposer].extend(drawn)
        self._face_down = []
        self._events.append(_new(Replenish, (exposer, tuple(drawn))))
        self._next_exchange()

    # ---------------------------------------------------------------- play (R5–R8)

    def _start_play(self) -> None:
        self._masks = [_mask(h) for h in self._hands]
        self._phase = _PLAY_PHASE
        self._start_lead((self._dealer + 1) % 4)

    def _start_lead(self, seat: int) -> None:
        self._step = _LEAD
        self._to_act = seat
        self._led_suit = NO_SUIT

    def _next_holder(self, seat: int) -> int:
        hands = self._hands
        for i in (1, 2, 3):
            s = (seat + i) % 4
            if hands[s]:
                return s
        return seat

    # ---------------------------------------------------------------- per-deal public facts

    def tricks_won(self, seat: int) -> tuple[Suit, ...]:
        """The suits (as Suit values) of the tricks `seat` took in the current deal."""
        return tuple(SUITS[s] for s in self._tricks_won[_check_seat(seat)])

    @property
    def out_order(self) -> tuple[int, ...]:
        return tuple(self._out)

    @property
    def led_suit(self) -> int:
        """The suit led in the trick on the table, or NO_SUIT (-1)."""
        return self._led_suit

    @property
    def last_lead_suit(self) -> int:
        """The suit of the last lead in this deal (barred for the next lead), or NO_SUIT (-1)."""
        return self._last_lead_suit

    @property
    def trick_plays(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the open trick as (seat, card), lead first."""
        return tuple(self._plays)

    @property
    def followers(self) -> tuple[int, ...]:
        """The seats still to answer the lead, in order, the one to act first."""
        if self._step is not _FOLLOW:
            return ()
        return (self._to_act, *reversed(self._followers))

    @property
    def followers_left(self) -> int:
        """How many players are still to answer the lead, the one to act included."""
        return len(self._followers) + 1 if self._step is _FOLLOW else 0

    @property
    def takebacks(self) -> int:
        """Leads taken back since the last trick of this deal (the deal is blocked at a full round)."""
        return self._takebacks

    @property
    def known_voids(self) -> tuple[int, ...]:
        """Per seat, a bit mask (1 << suit) of the suits everyone knows that seat lacks now.

        Public knowledge from this deal's play: a pass without remise, or a draw, shows that the
        seat lacked the led suit; a draw kept in hand (not of the led suit) leaves only that
        suit known lacking, since the new card may be of any other; leading the suit led last
        shows a hand of that one suit.
        """
        return tuple(self._voids)

    @property
    def face_down_count(self) -> int:
        return len(self._face_down)

    @property
    def exchange_pair(self) -> tuple[int, int, int] | None:
        """(exposer, chooser, receiver) while an exchange is under way."""
        if self._step is _TAKE or self._step is _DISCARD:
            chooser, receiver = self._pairs[self._pair_index]
            return self._exposer, chooser, receiver
        return None


def _since(events: list[Event], start: int, current: list[Event]) -> tuple[Event, ...]:
    """The events from `start` on, and all of a new deal's if one began meanwhile."""
    if current is events:
        return tuple(events[start:])
    return (*events[start:], *current)


def _mask(cards: Sequence[int]) -> int:
    """The bit mask of a hand: bit `card` set for each card."""
    return sum(map(_CARD_BIT, cards))


def _copy(value: object) -> object:
    """A copy deep enough for a snapshot: lists (of lists) copied, everything else immutable."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _check_seat(seat: object) -> int:
    if type(seat) is not int or not 0 <= seat <= 3:
        raise InvalidInputError(seat_wording(seat))
    return seat


def _check_players(players: Sequence[str] | None) -> tuple[str, ...]:
    if players is None:
        return default_names()
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise SetupError(
            Wording("players must be a list of four names, not {value}", value=short_repr(players))
        )
    names = tuple(players)
    if len(names) != 4:
        raise SetupError(
            Wording("mushka-kopilka needs exactly four players, not {count}", count=len(names))
        )
    problem = names_problem(names)
    if problem is not None:
        raise SetupError(problem)
    return names


def _check_deal(hands: object, talon: object) -> None:
    try:
        ok = (
            len(hands) == 4  # type: ignore[arg-type]
            and all(len(h) == HAND_SIZE for h in hands)  # type: ignore[attr-defined]
            and len(talon) == TALON_SIZE  # type: ignore[arg-type]
        )
        cards = [c for h in hands for c in h] + list(talon)  # type: ignore[attr-defined, call-overload]
        whole = all(type(c) is int or type(c) is Card for c in cards)
    except TypeError:
        ok = whole = False
    if not ok:
        raise ChanceError(
            Wording(
                "a deal is four hands of {hand} cards and a talon of {talon}",
                hand=HAND_SIZE,
                talon=TALON_SIZE,
            )
        )
    if not whole or sorted(cards) != list(range(DECK_SIZE)):
        raise ChanceError(
            Wording("a deal must hold each of the {deck} cards exactly once", deck=DECK_SIZE)
        )


def _trick_events(prices: tuple[int, ...]) -> tuple[tuple[tuple[Trick | None, ...], ...], ...]:
    table = _TRICKS.get(prices)
    if table is None:
        if len(_TRICKS) >= _MAX_CACHED:
            _TRICKS.clear()
        table = _TRICKS[prices] = tuple(
            tuple(
                tuple(
                    Trick(w, SUITS[led], True, prices[led] * 2, prices[led] * 2, c)
                    if c == _MUSHKA
                    else Trick(w, SUITS[led], False, prices[led], prices[led], c)
                    if c >> 3 == led
                    else None
                    for c in CARDS
                )
                for w in SEATS
            )
            for led in range(len(SUITS))
        )
    return table


def _revoke_events(remise: int) -> tuple[tuple[Pass, Remise], ...]:
    events = _REVOKE_EVENTS.get(remise)
    if events is None:
        if len(_REVOKE_EVENTS) >= _MAX_CACHED:
            _REVOKE_EVENTS.clear()
        events = _REVOKE_EVENTS[remise] = tuple(
            (_REVOKES[s], Remise(s, remise, "revoke")) for s in SEATS
        )
    return events


def _ante_events(stake: int) -> tuple[Ante, ...]:
    events = _ANTE_EVENTS.get(stake)
    if events is None:
        if len(_ANTE_EVENTS) >= _MAX_CACHED:
            _ANTE_EVENTS.clear()
        events = _ANTE_EVENTS[stake] = tuple(Ante(s, stake) for s in SEATS)
    return events
