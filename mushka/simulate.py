"""Many sessions played by uniformly random players, and what they add up to (no I/O)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from mushka.engine import Session
from mushka.events import End, Remise, Trick
from mushka.house_rules import HouseRules


def session_seed(master_seed: int, index: int) -> int:
    """The card seed of session `index` in a run: independent of how the run is split up."""
    return random.Random(f"mushka:{master_seed}:{index}").getrandbits(63)


def play_random_session(
    rules: HouseRules, seed: int, players: tuple[str, ...] | None = None
) -> Session:
    """One session in which every seat picks uniformly among its legal actions."""
    session = Session(players, rules, seed=seed)
    choice = random.Random(seed ^ 0x5EED).choice
    apply = session.apply
    legal = session.legal_actions
    while actions := legal():
        apply(choice(actions))
    return session


def random_sessions(rules: HouseRules, master_seed: int, count: int) -> Iterator[Session]:
    for index in range(count):
        yield play_random_session(rules, session_seed(master_seed, index))


@dataclass
class Summary:
    """Totals over many finished sessions."""

    sessions: int = 0
    deals: int = 0
    tricks: int = 0
    blocked: int = 0
    remises: int = 0
    actions: int = 0
    nets: list[list[int]] = field(default_factory=lambda: [[], [], [], []])

    def add(self, session: Session) -> None:
        self.sessions += 1
        net = session.net
        for seat in range(4):
            self.nets[seat].append(net[seat])
        for deal in session.deals:
            self.deals += 1
            for event in deal.events:
                if isinstance(event, Trick):
                    self.tricks += 1
                elif isinstance(event, End):
                    self.blocked += event.blocked
                elif isinstance(event, Remise):
                    self.remises += 1
                elif event.type in _DECISIONS:
                    self.actions += 1

    @property
    def tricks_per_deal(self) -> float:
        return self.tricks / self.deals if self.deals else 0.0

    def mean(self, seat: int) -> float:
        values = self.nets[seat]
        return sum(values) / len(values) if values else 0.0

    def spread(self, seat: int) -> float:
        """Sample standard deviation of the seat's net result."""
        values = self.nets[seat]
        if len(values) < 2:
            return 0.0
        mean = self.mean(seat)
        return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


_DECISIONS = frozenset({"lead", "follow", "draw", "pass", "take", "discard"})


def simulate(
    rules: HouseRules,
    master_seed: int,
    count: int,
    on_session: Callable[[Session], None] | None = None,
) -> Summary:
    summary = Summary()
    for session in random_sessions(rules, master_seed, count):
        summary.add(session)
        if on_session is not None:
            on_session(session)
    return summary
