"""Classic Belote's match rules as read from the options, and the state carried from deal to deal.

:class:`Rules` turns the effective options into the values a deal needs once per match, so a deal
never looks an option up by name; :class:`BeloteState` is what one deal leaves the next: the pot
and who put what into it, the counted deals, the next dealer, and who may not win on this deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.belote.vocabulary import COMPLEMENT_TOTAL, FinalPot, FinalTie, Redeal, Rounding, TieRule
from games.rounding import round10


def round_half_down(points: int) -> int:
    """The nearest multiple of 10 with a final 5 going down: 85 → 80, 86 → 90 (the café count)."""
    return 10 * ((points + 4) // 10)


@dataclass(frozen=True)
class Rules:
    """The effective options, read once per match."""

    deals: int | None
    target: int | None
    declarations: bool
    rounding: Rounding
    capot_value: int
    tie_rule: TieRule
    belote_in_contract: bool
    final_pot: FinalPot
    redeal: Redeal
    final_tie: FinalTie
    capot_cannot_finish: bool

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Rules:
        """The rules of a match from its effective options."""
        deals, target = options["deals"], options["target"]
        return cls(
            deals=None if deals is None else int(deals),
            target=None if target is None else int(target),
            declarations=bool(options["declarations"]),
            rounding=Rounding(options["rounding"]),
            capot_value=int(options["capot_value"]),
            tie_rule=TieRule(options["tie_rule"]),
            belote_in_contract=bool(options["belote_in_contract"]),
            final_pot=FinalPot(options["final_pot"]),
            redeal=Redeal(options["redeal"]),
            final_tie=FinalTie(options["final_tie"]),
            capot_cannot_finish=bool(options["capot_cannot_finish"]),
        )

    def award(self, points: int) -> int:
        """A whole award (162, or the capot value) as marked: Step 4's rounding of it."""
        if self.rounding is Rounding.NEAREST:
            return round10(points)
        if self.rounding is Rounding.COMPLEMENT:
            return round_half_down(points)
        return points

    def marked(self, cards: Mapping[str, int], taker: str, defence: str, capot: str | None) -> dict[str, int]:
        """Step 4: each side's card points as marked. Only card points are rounded; a capot side
        marks its whole award and the other side nothing."""
        if capot is not None:
            other = defence if capot == taker else taker
            return {capot: self.award(cards[capot]), other: 0}
        if self.rounding is Rounding.NEAREST:
            return {side: round10(points) for side, points in cards.items()}
        if self.rounding is Rounding.COMPLEMENT:
            own = round_half_down(cards[taker])
            return {taker: own, defence: COMPLEMENT_TOTAL - own}
        return dict(cards)


@dataclass(frozen=True)
class BeloteState:
    """The match's rules and what the deals so far leave the next one."""

    rules: Rules
    #: The seat that deals the next entry.
    dealer: int
    #: What each side has put into the held pot (a chain of litiges: both may have).
    pot_shares: Mapping[str, int] = field(default_factory=dict)
    #: Deals that count toward ``deals`` (dead deals do not).
    counted: int = 0
    #: Sides that cannot win the match on the last deal (they took no trick in it).
    barred: frozenset[str] = frozenset()
    #: Whether the last entry was a dead deal (it changes nothing in the match's end).
    last_dead: bool = False

    @property
    def pot(self) -> int:
        """The points held in the pot."""
        return sum(self.pot_shares.values())
