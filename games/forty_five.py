"""Forty-Five: McNeely's partnership game without an auction (docs/games/forty-five.md).

The table enters the tricks each partnership took out of 5 (and, for the record, the trump suit).
The side that took 3 or 4 tricks scores 5, the side that took all 5 scores 10; the first side to
reach ``target`` (45) wins. The deal passes to the next seat after every deal.

What it does not do: the other Forty-Five and Spoil Five scorings (5 per trick, best-trump bonus,
pools), card play or the Ace turn-up rob; the trump suit never changes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Game
from games.common import RECORD_SUIT, adds_up_to
from games.declaration import Field, Option
from games.match import DealScore, Result, Table
from games.terms import counted, said, term
from games.values import Integer, PerSide, Seat

TRICKS = 5
MAJORITY = 3
MAJORITY_POINTS = 5
ALL_TRICKS_POINTS = 10


class FortyFive(Game[None]):
    """Forty-Five as McNeely scores it: 5 for 3 or 4 tricks, 10 for all five, game 45."""

    key = "forty-five"
    name = term("forty-five", "Forty-Five")
    summary = term(
        "forty-five",
        "Two partnerships, 5 tricks a deal: 5 points for 3 or 4 tricks, 10 for all five; first to 45 wins.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("forty-five", "five fingers"),
            term("forty-five", "The Five of trumps, the highest card of the game."),
        ),
        (term("forty-five", "jink"), term("forty-five", "Taking all five tricks: 10 points instead of 5.")),
    )
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "tricks",
            PerSide(Integer(0, TRICKS)),
            term("forty-five", "Tricks taken by each partnership."),
            rules=(adds_up_to(TRICKS, "tricks"),),
            label=term("forty-five", "Tricks"),
        ),
        Field(
            "trump",
            RECORD_SUIT,
            term(
                "forty-five",
                "The trump suit (the turned card's suit); for the record only, no effect on the score.",
            ),
            required=False,
            label=term("forty-five", "Trump"),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            Integer(low=1),
            45,
            term("forty-five", "Points that win the game (= the match)."),
            label=term("forty-five", "Points to win"),
        ),
        Option(
            "first_dealer",
            Seat(),
            0,
            term("forty-five", "Who deals the first deal (a seat number, 0–3)."),
            label=term("forty-five", "First dealer"),
        ),
    )

    def start(self, table: Table) -> None:
        return None

    def score(
        self, table: Table, state: None, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, None]:
        tricks = {side: int(entry["tricks"][side]) for side in table.sides}
        scores: dict[str, int] = {}
        breakdown: list[str] = []
        for side in table.sides:
            took = tricks[side]
            if took == TRICKS:
                scores[side] = ALL_TRICKS_POINTS
                breakdown.append(
                    said(
                        "forty-five",
                        "%(side)s took all 5 tricks: %(points)s",
                        side=side,
                        points=ALL_TRICKS_POINTS,
                    )
                )
            elif took >= MAJORITY:
                scores[side] = MAJORITY_POINTS
                breakdown.append(
                    said(
                        "forty-five",
                        "%(side)s took %(tricks)s tricks: %(points)s",
                        side=side,
                        tricks=took,
                        points=MAJORITY_POINTS,
                    )
                )
            else:
                scores[side] = 0
                breakdown.append(
                    counted(
                        "forty-five",
                        "%(side)s took %(count)s trick: nothing",
                        "%(side)s took %(count)s tricks: nothing",
                        took,
                        side=side,
                    )
                )
        extra: dict[str, Any] = {"tricks": tricks}
        if "trump" in entry:
            extra["trump"] = entry["trump"]
        return DealScore(scores, tuple(breakdown), extra), None

    def result(self, table: Table, state: None, totals: Mapping[str, int], deals: int) -> Result:
        target = table.options["target"]
        reached = [side for side in table.sides if totals[side] >= target]
        if not reached:
            return Result(False)
        # Only one side scores on a deal, so only one side can reach the target first.
        return Result(True, max(reached, key=lambda side: totals[side]))
