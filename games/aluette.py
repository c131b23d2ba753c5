"""Aluette, as McNeely's *Ultimate Book of Card Games* scores it for teams (docs/games/aluette.md).

Four players in two partnerships play 9 tricks a deal. The table enters either the winner of every
trick or the side that was first to five tricks with the length of its opening run. Only that side
scores: its opening run when the run is 5 or more (5 for the first five tricks in a row, plus 1 for
each further trick of the same run), else 1 point. The first side to reach ``target`` (15) wins.
The deal passes to the next seat after every deal.

What it does not do: the real French Aluette (one point to the side with most tricks, *mordienne*,
the 5-deal match), card play, card ranking or the stock exchange; a tournament's "best of N games"
wraps the game from outside.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Game
from games.common import exclusive_with, other_side
from games.declaration import EntryContext, Field, Option, Rule
from games.match import DealScore, Result, Table
from games.terms import code_of, counted, problem, said, term
from games.values import CheckedByRule, Integer, Seat, SideRef, TrickSequence

TRICKS = 9
FIVE = 5

_SEQUENCE = TrickSequence(TRICKS)


def _sequence_format(value: Any, ctx: EntryContext) -> str | None:
    broken = _SEQUENCE.check(value, ctx)
    if broken is None:
        return None
    return problem(
        "games", code_of(broken, "invalid_value"), "%(field)s %(problem)s", field="sequence", problem=broken
    )


def _required_unless_sequence(raw: Mapping[str, Any]) -> bool:
    return "sequence" not in raw


def deal_points(opening_run: int) -> int:
    """What the first side to five tricks scores: its opening run from 5 up, else 1."""
    return opening_run if opening_run >= FIVE else 1


def from_sequence(sequence: str, sides: tuple[str, ...]) -> tuple[str, int, dict[str, int]]:
    """(first_to_five, opening_run, tricks per side) from the winner of every trick."""
    letters = dict(zip("AB", sides, strict=True))
    tricks = {side: sequence.count(letter) for letter, side in letters.items()}
    letter = "A" if tricks[sides[0]] >= FIVE else "B"
    run = len(sequence) - len(sequence.lstrip(letter))
    return letters[letter], run, tricks


class Aluette(Game[None]):
    """McNeely's team Aluette: 1 point to the first side to five tricks, its run if it opened with 5+."""

    key = "aluette"
    name = term("aluette", "Aluette (McNeely team rules)")
    summary = term(
        "aluette",
        "Two partnerships, 9 tricks a deal: the first side to five tricks scores 1, or its opening run "
        "when it took the first 5 or more tricks in a row; first to 15 wins.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("aluette", "first to five"),
            term("aluette", "The side that first wins 5 of the 9 tricks scores the deal."),
        ),
        (
            term("aluette", "opening run"),
            term(
                "aluette",
                "The tricks a side won in a row from the first trick, before the other side won one.",
            ),
        ),
    )
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "sequence",
            CheckedByRule(_SEQUENCE),
            term(
                "aluette", "Who won each of the 9 tricks, in order: A for the first side, B for the second."
            ),
            required=False,
            rules=(
                exclusive_with("first_to_five", "opening_run"),
                Rule(term("aluette", "9 characters, each A or B."), _sequence_format),
            ),
            label=term("aluette", "Trick winners"),
        ),
        Field(
            "first_to_five",
            SideRef(),
            term(
                "aluette",
                "The side that was first to win 5 tricks (with 9 tricks: the side with the majority).",
            ),
            required=_required_unless_sequence,
            required_text="yes, unless `sequence` is given",
            label=term("aluette", "First to five tricks"),
        ),
        Field(
            "opening_run",
            Integer(0, TRICKS),
            term(
                "aluette",
                "How many tricks the first_to_five side won from trick 1 before the other side won one; "
                "0 if the other side won trick 1.",
            ),
            required=_required_unless_sequence,
            required_text="yes, unless `sequence` is given",
            label=term("aluette", "Opening run"),
            hint=term(
                "aluette",
                "How many tricks that side won from the first trick before the other side won one; 0 if the other side won the first trick.",
            ),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            Integer(low=1),
            15,
            term("aluette", "Points that win the game (= the match)."),
            label=term("aluette", "Points to win"),
        ),
        Option(
            "first_dealer",
            Seat(),
            0,
            term("aluette", "Who deals the first deal (a seat number, 0–3)."),
            label=term("aluette", "First dealer"),
        ),
    )

    def start(self, table: Table) -> None:
        return None

    def score(
        self, table: Table, state: None, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, None]:
        extra: dict[str, Any]
        if "sequence" in entry:
            first, run, tricks = from_sequence(entry["sequence"], table.sides)
            extra = {"first_to_five": first, "opening_run": run, "tricks": tricks}
            how = said(
                "aluette",
                "%(side)s won %(tricks)s tricks and reached five first",
                side=first,
                tricks=tricks[first],
            )
        else:
            first, run = entry["first_to_five"], entry["opening_run"]
            extra = {"first_to_five": first, "opening_run": run}
            how = said("aluette", "%(side)s reached five tricks first", side=first)
        points = deal_points(run)
        loser = other_side(table.sides, first)
        why: str
        if run >= FIVE:
            bonus = f"{FIVE} + {run - FIVE} = {points}" if run > FIVE else f"{points}"
            why = said(
                "aluette",
                "%(how)s, taking the first %(run)s tricks in a row: %(bonus)s",
                how=how,
                run=run,
                bonus=bonus,
            )
        elif run:
            why = counted(
                "aluette",
                "%(how)s; %(loser)s broke its opening run after %(count)s trick: 1 point",
                "%(how)s; %(loser)s broke its opening run after %(count)s tricks: 1 point",
                run,
                how=how,
                loser=loser,
            )
        else:
            why = said(
                "aluette",
                "%(how)s; %(loser)s won the first trick, so no opening run: 1 point",
                how=how,
                loser=loser,
            )
        scores = {side: points if side == first else 0 for side in table.sides}
        return DealScore(scores, (why, said("aluette", "%(side)s: nothing", side=loser)), extra), None

    def result(self, table: Table, state: None, totals: Mapping[str, int], deals: int) -> Result:
        target = table.options["target"]
        winner = next((side for side in table.sides if totals[side] >= target), None)
        return Result(winner is not None, winner)
