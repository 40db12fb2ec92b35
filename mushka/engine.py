"""The rules engine: a whole session of mushka-kopilka as a state machine of seat decisions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from mushka.actions import DISCARDS, DRAW, PASS, PLAYS, TAKES, Action, Kind
from mushka.cards import CARDS, MUSHKA, SUITS, Card, Suit, sorted_hand
from mushka.chance import HAND_SIZE, TALON_SIZE, Chance, SeededChance
from mushka.errors import GameOverError, IllegalActionError, InvalidActionError, MushkaError
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

if TYPE_CHECKING:
    from mushka.view import SeatView

SEATS: Final = (0, 1, 2, 3)
NO_SUIT: Final = -1
_MUSHKA: Final = int(MUSHKA)
_SPADES: Final = 3


class Phase(StrEnum):
    """Where the session stands."""

    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


class Step(StrEnum):
    """What kind of decision the seat to act faces."""

    LEAD = "lead"
    FOLLOW = "follow"
    TAKE = "take"
    DISCARD = "discard"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Position:
    """A point in the play phase of a deal, everything spelled out (see `Session.at_position`)."""

    players: tuple[str, ...]
    rules: HouseRules
    deal_index: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    kitty: int
    net: tuple[int, ...]
    first_outs: tuple[int, ...]
    tricks_won: tuple[tuple[int, ...], ...]
    out_order: tuple[int, ...]
    last_lead_suit: int
    takebacks: int
    to_act: int
    trick: tuple[tuple[int, Card], ...] = ()
    followers: tuple[int, ...] = ()
    out_of_play: tuple[Card, ...] = ()


@dataclass(slots=True)
class DealLog:
    """One deal as the record keeps it: the dealer, the cards as dealt, and every event."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    events: list[Event] = field(default_factory=list)


def default_names() -> tuple[str, str, str, str]:
    return ("Player 1", "Player 2", "Player 3", "Player 4")


class Session:
    """A session of four players and one kitty, played deal by deal until the last payout.

    Ask `to_act` whose decision it is, `legal_actions()` what that seat may do, and `apply()` one
    of them. `view(seat)` is what a seat may see; `deals` is the full (omniscient) record.
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
        "_follower_index",
        "_followers",
        "_hands",
        "_holds_led",
        "_kitty",
        "_last_lead_suit",
        "_led_suit",
        "_legal",
        "_net",
        "_out",
        "_pair_index",
        "_pairs",
        "_phase",
        "_plays",
        "_step",
        "_stop_at_deal_end",
        "_takebacks",
        "_talon",
        "_talon_pos",
        "_to_act",
        "_tricks_won",
        "_won_cards",
        "deals",
        "players",
        "rules",
        "seed",
    )

    def __init__(
        self,
        players: Sequence[str] | None = None,
        rules: HouseRules | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        chance: Chance | None = None,
    ) -> None:
        names = tuple(players) if players is not None else default_names()
        if len(names) != 4:
            raise InvalidActionError(f"mushka-kopilka needs exactly four players, not {len(names)}")
        self.players: tuple[str, ...] = names
        self.rules = rules if rules is not None else HouseRules()
        if chance is None and rng is None and seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed = seed
        if chance is None:
            chance = SeededChance(rng if rng is not None else random.Random(seed))
        self._chance = chance
        self.deals: list[DealLog] = []
        self._kitty = 0
        self._net = [0, 0, 0, 0]
        self._first_outs: list[int] = []
        self._legal: tuple[Action, ...] | None = None
        self._stop_at_deal_end = False
        self._phase = Phase.EXCHANGE
        self._step = Step.NONE
        self._to_act = -1
        self._dealer = chance.first_dealer() % 4
        self._start_deal(0)

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
        self.seed = None
        self._chance = chance
        self._kitty = position.kitty
        self._net = list(position.net)
        self._first_outs = list(position.first_outs)
        self._legal = None
        self._dealer = position.dealer
        self._deal_index = position.deal_index
        self._hands = [list(h) for h in position.hands]
        self._talon = list(position.talon)
        self._talon_pos = 0
        log = DealLog(
            position.dealer, tuple(tuple(h) for h in position.hands), tuple(position.talon)
        )
        self.deals = [DealLog(position.dealer, (), ()) for _ in range(position.deal_index)] + [log]
        self._events = log.events
        self._tricks_won = [list(t) for t in position.tricks_won]
        self._won_cards = list(position.out_of_play)
        self._discards = []
        self._face_down = []
        self._out = list(position.out_order)
        self._last_lead_suit = position.last_lead_suit
        self._takebacks = position.takebacks
        self._phase = Phase.PLAY
        if position.trick:
            leader = position.trick[0][0]
            self._plays = list(position.trick)
            self._led_suit = position.trick[0][1] >> 3
            self._followers = list(position.followers)
            self._follower_index = 0
            self._step = Step.FOLLOW
            self._to_act = self._followers[0]
            assert leader not in self._followers
        else:
            self._plays = []
            self._start_lead(position.to_act)
        return self

    def position(self) -> Position:
        """The current play-phase position, every hand included (omniscient; see `at_position`)."""
        if self._phase is not Phase.PLAY:
            raise IllegalActionError(
                f"a position is taken during play, not during the {self._phase.value}"
            )
        following = self._step is Step.FOLLOW
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
            followers=tuple(self._followers[self._follower_index :]) if following else (),
            out_of_play=tuple(self._won_cards) + tuple(self._discards),
        )

    # ---------------------------------------------------------------- public questions

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

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
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def can_apply(self, action: Action, seat: int | None = None) -> bool:
        return (seat is None or seat == self._to_act) and action in self.legal_actions()

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Carry out `action` for the seat to act; raise (changing nothing) if it is not allowed.

        Pass `seat` to have the engine check that it is indeed that seat's turn.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal or (seat is not None and seat != self._to_act):
            raise self._refusal(action, seat)
        self._legal = None
        step = self._step
        card = action.card
        if step is Step.FOLLOW:
            if card is not None:
                self._follow(CARDS[card])
            elif action is DRAW or action.kind is Kind.DRAW:
                self._draw()
            else:
                self._pass()
        elif step is Step.LEAD:
            self._lead(CARDS[card or 0])
        elif step is Step.TAKE:
            self._take(action.position or 0)
        else:
            self._discard(CARDS[card or 0])

    def view(self, seat: int) -> SeatView:
        """What `seat` may see now (R14): its own hand and the public table."""
        from mushka.view import build_view  # the view module reads the session's public accessors

        return build_view(self, seat)

    def log(self, seat: int | None = None) -> list[list[Event]]:
        """Every deal's events as `seat` may know them; with no seat, only what all may know."""
        from mushka.view import redact

        who = -1 if seat is None else seat
        return [[redact(e, who) for e in deal.events] for deal in self.deals]

    # ---------------------------------------------------------------- omniscient accessors

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards in the order it holds them (omniscient: a UI shows only its own seat's)."""
        return tuple(self._hands[seat])

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
            "won": list(self._won_cards),
            "discarded": list(self._discards),
        }

    def face_down_position(self, card: Card) -> int:
        """The position of `card` among the face-down cards (for replaying records)."""
        try:
            return self._face_down.index(card)
        except ValueError:
            raise IllegalActionError(f"{card.code} is not among the face-down cards") from None

    # ---------------------------------------------------------------- legality

    def _compute_legal(self) -> tuple[Action, ...]:
        step = self._step
        if step is Step.FOLLOW:
            led = self._led_suit
            hand = self._hands[self._to_act]
            acts = [PLAYS[c] for c in hand if c >> 3 == led]
            holds_led = self._holds_led = bool(acts)
            if led != _SPADES and _MUSHKA in hand:
                acts.append(PLAYS[_MUSHKA])
            if not holds_led and self._talon_pos < len(self._talon):
                acts.append(DRAW)
            acts.append(PASS)
            return tuple(acts)
        if step is Step.LEAD:
            hand = self._hands[self._to_act]
            last = self._last_lead_suit
            acts = [PLAYS[c] for c in hand if c >> 3 != last]
            return tuple(acts) if acts else tuple(PLAYS[c] for c in hand)
        if step is Step.TAKE:
            return TAKES[: len(self._face_down)]
        if step is Step.DISCARD:
            return tuple(DISCARDS[c] for c in self._hands[self._to_act])
        return ()

    def _refusal(self, action: object, seat: int | None) -> Exception:
        """Build the exception explaining why `action` is refused and what is allowed."""
        if not isinstance(action, Action):
            return InvalidActionError(f"{action!r} is not an action")
        if self._phase is Phase.OVER:
            return GameOverError("the session is over: no more actions can be taken")
        actor = self.players[self._to_act]
        if seat is not None and seat != self._to_act:
            return IllegalActionError(
                f"it is not {self.players[seat]}'s turn: {actor} is to {self._step.value}"
            )
        allowed = self.describe_legal()
        hand = self._hands[self._to_act]
        card = CARDS[action.card] if action.card is not None else None
        step = self._step
        if step is Step.LEAD:
            if action.kind is not Kind.PLAY:
                problem = f"{actor} is leading, so a {action.kind.value} is not possible"
            elif card not in hand:
                problem = f"you do not hold {card}"
            else:
                problem = (
                    f"{SUITS[self._last_lead_suit].noun} were led last, "
                    "and the same suit may not be led twice in a row"
                )
        elif step is Step.FOLLOW:
            led = SUITS[self._led_suit]
            held = [c for c in sorted_hand(hand) if c >> 3 == led]
            held_words = _and_list([str(c) for c in held])
            if action.kind is Kind.PLAY and card not in hand:
                problem = f"you do not hold {card}"
            elif action.kind is Kind.PLAY:
                problem = (
                    f"{card} is not {led.noun}, and only {led.noun} or the mushka may be played"
                )
                if held:
                    problem = f"you hold {held_words}: {problem}"
            elif action.kind is Kind.DRAW and held:
                problem = f"you hold {held_words}, so you may not draw"
            elif action.kind is Kind.DRAW:
                problem = "the talon is empty"
            else:
                problem = f"a {action.kind.value} is not possible while answering a lead"
        elif step is Step.TAKE:
            if action.kind is Kind.TAKE:
                problem = f"there is no face-down card at position {(action.position or 0) + 1}"
            else:
                problem = f"{actor} must take one of the face-down cards first"
        else:
            if action.kind is Kind.DISCARD:
                problem = f"you do not hold {card}"
            else:
                problem = f"{actor} must discard a card first"
        return IllegalActionError(f"{problem}. {allowed}")

    def describe_legal(self) -> str:
        """The choices of the seat to act, in words: 'Follow hearts (Q♥, 9♥), ... or pass.'."""
        step = self._step
        if step is Step.NONE:
            return "The session is over."
        hand = sorted_hand(self._hands[self._to_act])
        legal = self.legal_actions()
        if step is Step.LEAD:
            cards = [str(a.card and CARDS[a.card]) for a in legal]
            if len(legal) == len(hand):
                return f"Lead any card ({', '.join(cards)})."
            barred = SUITS[self._last_lead_suit].noun
            return f"Lead any card but {barred}: {', '.join(cards)}."
        if step is Step.FOLLOW:
            led = SUITS[self._led_suit]
            follows = [str(CARDS[c]) for c in hand if c >> 3 == led]
            parts = []
            if follows:
                parts.append(f"follow {led.noun} ({', '.join(follows)})")
            if led != _SPADES and _MUSHKA in hand:
                parts.append("play the mushka (A♠)")
            if DRAW in legal:
                parts.append("draw from the talon")
            parts.append(f"pass (remise {self.rules.remise})" if follows else "pass")
            text = _or_list(parts)
            return text[0].upper() + text[1:] + "."
        if step is Step.TAKE:
            n = len(self._face_down)
            return f"Take one of the {n} face-down cards by position (1–{n})."
        return f"Discard any one card of your hand ({', '.join(str(c) for c in hand)})."

    # ---------------------------------------------------------------- deals

    def _start_deal(self, index: int) -> None:
        if index > 0:
            self._dealer = (self._dealer + 1) % 4
        self._deal_index = index
        hands, talon = self._chance.deal(index)
        _check_deal(hands, talon)
        self._hands = hands
        self._talon = talon
        self._talon_pos = 0
        log = DealLog(self._dealer, tuple(tuple(h) for h in hands), tuple(talon))
        self.deals.append(log)
        self._events = events = log.events
        self._tricks_won: list[list[int]] = [[], [], [], []]
        self._won_cards: list[Card] = []
        self._discards: list[Card] = []
        self._face_down: list[Card] = []
        self._plays: list[tuple[int, Card]] = []
        self._out: list[int] = []
        self._last_lead_suit = NO_SUIT
        self._led_suit = NO_SUIT
        self._takebacks = 0
        exempt = self._first_outs[-1] if self._first_outs else -1
        stake = self.rules.stake
        for seat in SEATS:
            if seat != exempt:
                self._net[seat] -= stake
                self._kitty += stake
                events.append(Ante(seat, stake))
        if self.rules.exchange is Exchange.OFF:
            self._start_play()
        else:
            self._phase = Phase.EXCHANGE
            dealer = self._dealer
            self._exchange_order = [(dealer + i) % 4 for i in (1, 2, 3, 4)]
            self._next_exchange()

    def _end_deal(self, blocked: bool) -> None:
        if self._out:
            first = self._out[0]
        else:
            dealer = self._dealer
            order = [(dealer + i) % 4 for i in (1, 2, 3, 4)]
            first = min(order, key=lambda s: len(self._hands[s]))
        events = self._events
        events.append(End(first, blocked))
        remise = self.rules.remise
        for seat in SEATS:
            if not self._tricks_won[seat]:
                self._net[seat] -= remise
                self._kitty += remise
                events.append(Remise(seat, remise, "no-trick"))
        self._first_outs.append(first)
        self._plays = []
        if self._deal_index + 1 < self.rules.deals:
            if not self._stop_at_deal_end:
                self._start_deal(self._deal_index + 1)
                return
            self._phase, self._step, self._to_act = Phase.OVER, Step.NONE, -1
            return
        amount = self._kitty
        self._net[first] += amount
        self._kitty = 0
        events.append(Payout(first, amount))
        self._phase = Phase.OVER
        self._step = Step.NONE
        self._to_act = -1

    # ---------------------------------------------------------------- exchange (R10, R11)

    def _next_exchange(self) -> None:
        """Check the next seats in order; stop at the first that must expose, else start play."""
        order = self._exchange_order
        while order:
            seat = order.pop(0)
            hand = self._hands[seat]
            counts = [0, 0, 0, 0]
            for c in hand:
                counts[c >> 3] += 1
            suit = next((s for s in range(4) if counts[s] >= 3), NO_SUIT)
            if suit == NO_SUIT:
                continue
            laid = self._chance.face_down(
                self._deal_index, seat, [c for c in hand if c >> 3 == suit]
            )
            self._hands[seat] = [c for c in hand if c >> 3 != suit]
            self._face_down = laid
            self._events.append(Expose(seat, tuple(laid)))
            self._exposer = seat
            if self.rules.exchange is Exchange.MODERN:
                self._pairs = [((seat + i) % 4, (seat + i) % 4) for i in (1, 2, 3)]
            else:
                picker = (seat + 3) % 4
                self._pairs = [(picker, (seat + 1) % 4), (picker, (seat + 2) % 4)]
            self._pair_index = 0
            self._step = Step.TAKE
            self._to_act = self._pairs[0][0]
            return
        self._start_play()

    def _take(self, position: int) -> None:
        receiver = self._pairs[self._pair_index][1]
        card = self._face_down.pop(position)
        self._hands[receiver].append(card)
        self._events.append(Take(receiver, card))
        self._step = Step.DISCARD
        self._to_act = receiver

    def _discard(self, card: Card) -> None:
        seat = self._to_act
        self._hands[seat].remove(card)
        self._discards.append(card)
        self._events.append(Discard(seat, card))
        self._pair_index += 1
        if self._pair_index < len(self._pairs):
            self._step = Step.TAKE
            self._to_act = self._pairs[self._pair_index][0]
            return
        taken = len(self._pairs)
        pos = self._talon_pos
        drawn = self._talon[pos : pos + taken]
        self._talon_pos = pos + len(drawn)
        exposer = self._exposer
        self._hands[exposer].extend(self._face_down)
        self._hands[exposer].extend(drawn)
        self._face_down = []
        self._events.append(Replenish(exposer, tuple(drawn)))
        self._next_exchange()

    # ---------------------------------------------------------------- play (R5–R8)

    def _start_play(self) -> None:
        self._phase = Phase.PLAY
        self._start_lead((self._dealer + 1) % 4)

    def _start_lead(self, seat: int) -> None:
        self._step = Step.LEAD
        self._to_act = seat
        self._led_suit = NO_SUIT

    def _lead(self, card: Card) -> None:
        seat = self._to_act
        hands = self._hands
        hands[seat].remove(card)
        self._plays = [(seat, card)]
        self._led_suit = self._last_lead_suit = card >> 3
        self._events.append(Lead(seat, card))
        self._followers = [s for s in ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4) if hands[s]]
        self._follower_index = 0
        self._step = Step.FOLLOW
        self._to_act = self._followers[0]

    def _next_follower(self) -> None:
        index = self._follower_index = self._follower_index + 1
        if index < len(self._followers):
            self._to_act = self._followers[index]
        else:
            self._resolve_trick()

    def _follow(self, card: Card) -> None:
        seat = self._to_act
        self._hands[seat].remove(card)
        self._plays.append((seat, card))
        self._events.append(Follow(seat, card))
        self._next_follower()

    def _draw(self) -> None:
        seat = self._to_act
        card = self._talon[self._talon_pos]
        self._talon_pos += 1
        played = card >> 3 == self._led_suit
        if played:
            self._plays.append((seat, card))
        else:
            self._hands[seat].append(card)
        self._events.append(Draw(seat, card, played))
        self._next_follower()

    def _pass(self) -> None:
        seat = self._to_act
        revoke = self._holds_led  # set when the legal actions were computed
        self._events.append(Pass(seat, revoke))
        if revoke:
            remise = self.rules.remise
            self._net[seat] -= remise
            self._kitty += remise
            self._events.append(Remise(seat, remise, "revoke"))
        self._next_follower()

    def _resolve_trick(self) -> None:
        plays = self._plays
        hands = self._hands
        leader, lead_card = plays[0]
        if len(plays) == 1:
            hands[leader].append(lead_card)
            self._plays = []
            self._events.append(TakeBack(leader, lead_card))
            self._takebacks += 1
            if self._takebacks >= _holders(hands):
                self._end_deal(blocked=True)
            else:
                self._start_lead(self._next_holder(leader))
            return
        led = self._led_suit
        winner, best = leader, lead_card
        doubled = False
        for seat, card in plays:
            if card == _MUSHKA:
                winner, doubled = seat, True
                break
            if card >> 3 == led and card > best:
                winner, best = seat, card
        value = self.rules.prices[led] * (2 if doubled else 1)
        paid = value if value <= self._kitty else self._kitty
        self._kitty -= paid
        self._net[winner] += paid
        self._tricks_won[winner].append(led)
        self._won_cards.extend(c for _, c in plays)
        self._plays = []
        events = self._events
        events.append(Trick(winner, SUITS[led], doubled, value, paid))
        out = self._out
        for seat, _ in plays:
            if not hands[seat] and seat not in out:
                out.append(seat)
                events.append(Out(seat))
        self._takebacks = 0
        if _holders(hands) <= 1:
            self._end_deal(blocked=False)
        else:
            self._start_lead(winner if hands[winner] else self._next_holder(winner))

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
        return tuple(SUITS[s] for s in self._tricks_won[seat])

    @property
    def out_order(self) -> tuple[int, ...]:
        return tuple(self._out)

    @property
    def led_suit(self) -> int:
        """The suit led in the trick on the table, or -1."""
        return self._led_suit

    @property
    def last_lead_suit(self) -> int:
        return self._last_lead_suit

    @property
    def trick_plays(self) -> tuple[tuple[int, Card], ...]:
        return tuple(self._plays)

    @property
    def followers_left(self) -> int:
        """How many players are still to answer the lead, the one to act included."""
        return len(self._followers) - self._follower_index if self._step is Step.FOLLOW else 0

    @property
    def face_down_count(self) -> int:
        return len(self._face_down)

    @property
    def exchange_pair(self) -> tuple[int, int, int] | None:
        """(exposer, chooser, receiver) while an exchange is under way."""
        if self._step is Step.TAKE or self._step is Step.DISCARD:
            chooser, receiver = self._pairs[self._pair_index]
            return self._exposer, chooser, receiver
        return None


def _holders(hands: list[list[Card]]) -> int:
    """How many seats still hold cards."""
    return (hands[0] != []) + (hands[1] != []) + (hands[2] != []) + (hands[3] != [])


def _check_deal(hands: Sequence[Sequence[Card]], talon: Sequence[Card]) -> None:
    if len(hands) != 4 or any(len(h) != HAND_SIZE for h in hands) or len(talon) != TALON_SIZE:
        raise MushkaError("a deal is four hands of five cards and a talon of twelve")
    cards = [c for h in hands for c in h] + list(talon)
    if sorted(cards) != list(range(32)):
        raise MushkaError("a deal must hold each of the 32 cards exactly once")


def _or_list(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _and_list(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
