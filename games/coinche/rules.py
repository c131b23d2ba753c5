"""La Coinche's match rules as read from the options, and the state carried from deal to deal.

:class:`Rules` turns the effective options into the values the scoring needs once per match (the
multipliers, the deal totals of each contract, ...), so a deal never looks an option up by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.coinche.vocabulary import (
    SUIT_TOTAL,
    TOTALS,
    BeloteOnFailure,
    Double,
    DoubleFormula,
    FinalTie,
    MadeTest,
    Rounding,
    TieRule,
)
from games.common import SUITS
from games.rounding import round10


@dataclass(frozen=True)
class Rules:
    """The effective options, read once per match into the values the scoring needs."""

    target: int
    made_test: MadeTest
    tie_rule: TieRule
    formula: DoubleFormula
    multipliers: Mapping[str, int]
    failed_capot_value: int
    unbid_capot_bonus: bool
    melds_to_winner: bool
    belote_in_contract: bool
    belote_to_defence: bool
    totals: Mapping[str, int]
    belote_alone_cannot_win: bool
    last_contract_winner: bool
    #: ``rounding = deal``: each deal's card totals are rounded; ``total``: only the score sheet is.
    round_deals: bool

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Rules:
        """The rules of a match from its effective options."""
        scale = TOTALS[str(options["point_scale"])]
        return cls(
            target=int(options["target"]),
            made_test=MadeTest(options["made_test"]),
            tie_rule=TieRule(options["tie_rule"]),
            formula=DoubleFormula(options["double_formula"]),
            multipliers={
                Double.NONE.value: 1,
                Double.COINCHE.value: 2,
                Double.SURCOINCHE.value: int(options["surcoinche_factor"]),
            },
            failed_capot_value=int(options["failed_capot_value"]),
            unbid_capot_bonus=bool(options["unbid_capot_bonus"]),
            melds_to_winner=bool(options["melds_to_winner"]),
            belote_in_contract=bool(options["belote_in_contract"]),
            belote_to_defence=options["belote_on_failure"] == BeloteOnFailure.TO_DEFENCE,
            totals={**dict.fromkeys(SUITS, SUIT_TOTAL), **scale},
            belote_alone_cannot_win=bool(options["belote_alone_cannot_win"]),
            last_contract_winner=options["final_tie"] == FinalTie.LAST_CONTRACT_WINNER,
            round_deals=options["rounding"] == Rounding.DEAL,
        )

    def in_deal(self, points: int) -> int:
        """A total inside a deal as the deal scores it: round10 under ``rounding = deal``, else exact."""
        return round10(points) if self.round_deals else points

    def sheet_after(self, totals: Mapping[str, int], scores: Mapping[str, int]) -> dict[str, int] | None:
        """``rounded_running_totals`` after a deal that scored ``scores``; ``None`` under ``rounding = deal``
        (the output then has no such key)."""
        if self.round_deals:
            return None
        return {side: round10(total + scores.get(side, 0)) for side, total in totals.items()}

    def on_sheet(self, totals: Mapping[str, int]) -> Mapping[str, int]:
        """The totals the score sheet shows, and the match end reads: rounded under ``rounding = total``."""
        if self.round_deals:
            return totals
        return {side: round10(total) for side, total in totals.items()}


@dataclass(frozen=True)
class CoincheState:
    """The match's rules, the litige pot held, and what the match end needs about the last deal."""

    rules: Rules
    pot: int = 0
    #: Sides that cannot become candidates after the last deal (failed contract, capot against).
    barred: frozenset[str] = frozenset()
    #: Who won the last deal's contract: the taker if made, the defence if failed, else ``None``.
    contract_winner: str | None = None
    #: The rounded running totals of the score sheet under ``rounding = total``, else ``None``.
    sheet: Mapping[str, int] | None = None
