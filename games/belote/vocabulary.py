"""Classic Belote's vocabulary: the fixed words of its entry and options, and the numbers of its rules.

Every other module of the package speaks in these enums and constants, so a rule reads as the rule
book words it ("a dedans", ``final_pot = returned``) and a value is spelled in one place. The card
values, the belote and the declarations are La Coinche's (``games.coinche``): the same 32 cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from games.terms import term

# -- vocabularies ---------------------------------------------------------------------------


class Preset(StrEnum):
    """The two named sets of options: how clubs run a concours, and the home game to 1000."""

    CONCOURS = "concours"
    CLASSIQUE = "classique"


class TieRule(StrEnum):
    """What the taker's total equal to the defence's means (Step 3)."""

    LITIGE = "litige"
    DEDANS = "dedans"
    MADE = "made"


class Rounding(StrEnum):
    """How card points are marked (Step 4)."""

    NONE = "none"
    NEAREST = "nearest"
    COMPLEMENT = "complement"


class FinalPot(StrEnum):
    """A pot still held after the last deal of a fixed-length partie (Step 6)."""

    RETURNED = "returned"
    LOST = "lost"


class Redeal(StrEnum):
    """Who deals after a dead deal."""

    NEXT_DEALER = "next_dealer"
    SAME_DEALER = "same_dealer"


class FinalTie(StrEnum):
    """With a target: both sides past it on equal totals."""

    EXTRA_DEAL = "extra_deal"
    DRAW = "draw"


class Outcome(StrEnum):
    """The per-deal ``result`` key."""

    MADE = "made"
    DEDANS = "dedans"
    LITIGE = "litige"
    DEAD = "dead"


# -- constants ------------------------------------------------------------------------------

#: Card points of a deal, the 10 of the last trick (*dix de der*) included.
DEAL_POINTS = 162
#: What the complement rounding shares out: the taker's rounded points and the defence's rest.
COMPLEMENT_TOTAL = 160
#: The capot side's card points (option ``capot_value``): 162 with a last trick of 100, or 250.
CAPOT_VALUES = (252, 250)
#: Parties are 12 counted deals in a concours; the home game is played to 1000.
CONCOURS_DEALS = 12
CLASSIQUE_TARGET = 1000

#: A deal's result as the scoreboard says it beside the deal (the players' own words).
OUTCOME_WORDS: Mapping[str, str] = {
    Outcome.MADE: term("belote", "made"),
    Outcome.DEDANS: term("belote", "dedans"),
    Outcome.LITIGE: term("belote", "litige"),
    Outcome.DEAD: term("belote", "dead deal"),
}
