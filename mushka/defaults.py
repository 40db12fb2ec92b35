"""What a table plays with unless it agrees otherwise: the house rules (R13), the computer
players' strategies and their pace. Plain values, importing nothing, so that the command line
can show them in its help without loading the game."""

from __future__ import annotations

from typing import Final

STAKE: Final = 15  # kopecks each player antes per deal
REMISE: Final = 5  # kopecks for a revoke, and for a deal without a trick
PRICES: Final = (4, 3, 2, 1)  # what a trick pays in hearts, clubs, diamonds, spades
PRICES_TYPED: Final = ",".join(map(str, PRICES))  # as --prices takes them: "4,3,2,1"
DEALS: Final = 4
EXCHANGE: Final = "modern"
STRATEGIES: Final = ("random", "basic", "strong")  # the computer players', weakest first
STRATEGY: Final = "strong"  # a computer player's when none is named
BOT_DELAY: Final = 0.8  # seconds a computer player's move stays in view before the next
