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
    TieRule,
)
from games.common import SUITS


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
        )


@dataclass(frozen=True)
class CoincheState:
    """The match's rules, the litige pot held, and what the match end needs about the last deal."""

    rules: Rules
    pot: int = 0
    #: Sides that cannot become candidates after the last deal (failed contract, capot against).
    barred: frozenset[str] = frozenset()
    #: Who won the last deal's contract: the taker if made, the defence if failed, else ``None``.
    contract_winner: str | None = None
