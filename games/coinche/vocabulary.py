"""La Coinche's vocabulary: the fixed words of its entry and options, and the numbers of its rules.

Every other module of the package speaks in these enums and constants, so a rule reads as the rule book
words it ("a capot bid", "winner_takes_all") and a value is spelled in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from games.common import SUIT_SYMBOLS, SUITS
from games.terms import said, term

# -- vocabularies ---------------------------------------------------------------------------


class Preset(StrEnum):
    """The three named sets of options."""

    PARLETT = "parlett"
    FFB = "ffb"
    PAGAT = "pagat"


class Contract(StrEnum):
    """The two contracts that are not a suit."""

    NO_TRUMP = "no-trump"
    ALL_TRUMP = "all-trump"


class Double(StrEnum):
    """The doubling of a contract."""

    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


class MadeTest(StrEnum):
    """How the taker's total is tested (Step 3)."""

    BEAT_DEFENCE = "beat_defence"
    BEAT_DEFENCE_PLUS_TWO = "beat_defence_plus_two"
    REACH_BID = "reach_bid"


class TieRule(StrEnum):
    """What a tie between taker and defence at or above the bid means (Step 3)."""

    FAILED = "failed"
    MADE_IF_BID_REACHED = "made_if_bid_reached"
    LITIGE = "litige"


class DoubleFormula(StrEnum):
    """How the deal scores are computed and doubled (Step 5)."""

    ALL_SCORES = "all_scores"
    WINNER_TAKES_ALL = "winner_takes_all"
    BID_ONLY = "bid_only"
    WINNER_ONLY = "winner_only"


class Rounding(StrEnum):
    """Where scores are rounded to the nearest 10 (Step 7)."""

    DEAL = "deal"
    TOTAL = "total"


class BeloteOnFailure(StrEnum):
    """Who scores the taker's belote when the contract fails (Step 4)."""

    STAYS = "stays"
    TO_DEFENCE = "to_defence"


class PointScale(StrEnum):
    """Card values at no-trump and all-trump."""

    PARLETT = "parlett"
    FFB = "ffb"


class FinalTie(StrEnum):
    """What two candidates on equal totals do."""

    EXTRA_DEAL = "extra_deal"
    LAST_CONTRACT_WINNER = "last_contract_winner"


class Outcome(StrEnum):
    """The per-deal ``result`` key."""

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"
    DEAD = "dead"


class MeldKind(StrEnum):
    """The declarations other than belote."""

    TIERCE = "tierce"
    QUARTE = "quarte"
    QUINTE = "quinte"
    CARRE = "carre"


def values_of(enum: type[StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in enum)


# -- constants ------------------------------------------------------------------------------

CAPOT = "capot"
#: The contract value V of a capot bid.
CAPOT_VALUE = 250
#: A bid that one player alone wins all 8 tricks (option ``generale``); it outbids capot.
GENERALE = "generale"
#: The contract value V of a générale bid.
GENERALE_VALUE = 500
#: The words players use for the bids that are not numbers.
BID_WORDS: Mapping[str, str] = {CAPOT: term("coinche", "capot"), GENERALE: term("coinche", "générale")}
#: A doubled contract in the breakdown ("NS take 100♥, coinched (× 2)").
DOUBLED_WORDS: Mapping[str, str] = {
    Double.COINCHE: term("coinche", "coinched"),
    Double.SURCOINCHE: term("coinche", "surcoinched"),
}
#: The doubling said beside a deal ("NS 100♥ coinche"): the players' own words.
DOUBLE_WORDS: Mapping[str, str] = {
    Double.COINCHE: term("coinche", "coinche"),
    Double.SURCOINCHE: term("coinche", "surcoinche"),
}
#: A deal's result as the scoreboard says it beside the deal.
OUTCOME_WORDS: Mapping[str, str] = {
    Outcome.MADE: term("coinche", "made"),
    Outcome.FAILED: term("coinche", "failed"),
    Outcome.LITIGE: term("coinche", "litige"),
    Outcome.DEAD: term("coinche", "dead deal"),
}
#: A capot's last trick counts 100 instead of 10.
CAPOT_LAST_TRICK_EXTRA = 90
SUIT_TOTAL = 162
#: Deal totals N at no-trump and all-trump, by point scale.
TOTALS: Mapping[str, Mapping[str, int]] = {
    PointScale.PARLETT.value: {Contract.NO_TRUMP.value: 130, Contract.ALL_TRUMP.value: 258},
    PointScale.FFB.value: {Contract.NO_TRUMP.value: 162, Contract.ALL_TRUMP.value: 162},
}
BELOTE_VALUE = 20
#: The least a taker must reach on an 80 bid under ``reach_bid``.
REACH_BID_80 = 82
LOWEST_BID = 80
#: How much more than the bid ``beat_defence_plus_two`` demands.
PLUS_TWO = 2
#: Most belotes in one deal: one in a suit contract, one per suit at all-trump.
MAX_BELOTES_SUIT = 1
MAX_BELOTES_ALL_TRUMP = 4


def deal_total(trump: str, point_scale: str) -> int:
    """N: the card points of a deal, last trick included (162, 130 or 258)."""
    return TOTALS[point_scale].get(trump, SUIT_TOTAL)


def belote_count(value: Any, side: str) -> int:
    """How many belotes ``side`` declared, from the ``belote`` field (null, a name or a list)."""
    if value is None:
        return 0
    if isinstance(value, str):
        return 1 if value == side else 0
    return sum(1 for name in value if name == side)


def belotes_declared(value: Any) -> int:
    """How many belotes the ``belote`` field declares in all, for both sides."""
    if value is None:
        return 0
    return 1 if isinstance(value, str) else len(value)


def contract_text(bid: Any, trump: str) -> str:
    """ "100♥", "capot ♣", "générale ♠", "90 NT"."""
    symbol = SUIT_SYMBOLS.get(trump, trump)
    if bid in BID_WORDS:
        return said("coinche", "%(bid)s %(suit)s", bid=BID_WORDS[bid], suit=symbol)
    return f"{bid}{symbol}" if trump in SUITS else f"{bid} {symbol}"


def card_points_text(taker: str, defence: str, cards: Mapping[str, int]) -> str:
    """ "card points: NS 92, EW 70": the points as entered, taker first (Coinche and Belote)."""
    return said(
        "coinche",
        "card points: %(taker)s %(taker_points)s, %(defence)s %(defence_points)s",
        taker=taker,
        taker_points=cards[taker],
        defence=defence,
        defence_points=cards[defence],
    )
