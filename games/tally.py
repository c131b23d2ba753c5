"""Tally: a generic scorer for any game without a module of its own (docs/games/tally.md).

It knows no card rules: each side scores exactly what is entered. Only the end of the match
(target, fixed deals or open-ended; high or low wins) is its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Game
from games.common import best
from games.declaration import Field, Option
from games.match import DealScore, Result, Table
from games.terms import said, term
from games.values import Choice, Integer, PerSide


class Tally(Game[None]):
    """Points per side per deal, summed."""

    key = "tally"
    name = term("tally", "Tally (generic scorer)")
    summary = term(
        "tally",
        "Keeps score for any game: each side's points per deal, to a target, a number of deals, or open-ended.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("tally", "deal"),
            term("tally", "One round of the game being scored; each side enters its points for it."),
        ),
        (term("tally", "target"), term("tally", "The total that ends the match when a side reaches it.")),
    )
    aliases = ("generic",)
    min_sides = 2
    max_sides = 8
    deals_off_under_target = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "points",
            PerSide(Integer()),
            term("tally", "Each side's points on this deal; negatives allowed."),
            label=term("tally", "Points"),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            Integer(),
            None,
            term("tally", "End the match when a side's total reaches this (see the match structure)."),
            nullable=True,
            label=term("tally", "Target"),
            hint=term("tally", "The match ends when a side's total reaches this; leave empty for no target."),
        ),
        Option(
            "deals",
            Integer(low=1),
            None,
            term("tally", "End the match after this many deals."),
            nullable=True,
            label=term("tally", "Number of deals"),
            hint=term("tally", "The match ends after this many deals; leave empty for no fixed number."),
        ),
        Option(
            "win",
            Choice(
                ("high", "low"),
                labels=(
                    ("high", term("tally", "the highest total")),
                    ("low", term("tally", "the lowest total")),
                ),
            ),
            "high",
            term("tally", "Whether the highest or the lowest total wins."),
            label=term("tally", "Winner"),
        ),
        Game.first_dealer_option(),
    )

    def start(self, table: Table) -> None:
        return None

    def score(
        self, table: Table, state: None, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, None]:
        points = {side: entry["points"][side] for side in table.sides}
        lines = tuple(
            said("tally", "%(side)s: %(points)s as entered", side=side, points=value)
            for side, value in points.items()
        )
        return DealScore(points, lines), None

    def leader(self, table: Table, state: None, totals: Mapping[str, int]) -> str | None:
        return best(totals, low_wins=table.options["win"] == "low")

    def result(self, table: Table, state: None, totals: Mapping[str, int], deals: int) -> Result:
        leader = self.leader(table, state, totals) if deals else None
        target, limit = table.options["target"], table.options["deals"]
        if target is not None and leader is not None and any(v >= target for v in totals.values()):
            return Result(True, leader)
        if limit is not None and deals >= limit:
            return Result(True, leader)
        return Result(False, None, {"leader": leader})
