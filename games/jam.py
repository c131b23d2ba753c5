"""JAM: a two-player trick game scored by slams and majorities (docs/games/jam.md).

The table enters either the winner of every trick or the tricks and streaks; both reduce to the
same (tricks, runs) per player. Game points go into rubbers to ``target``; a rubber tied at or past
the target plays on until the totals differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.base import Game
from games.common import adds_up_to, blocks, exclusive_with
from games.declaration import EntryContext, Field, Option, Rule
from games.facts import Facts, Row, Sheet, Tally, cells, per_side
from games.match import DealRecord, DealScore, Result, Table
from games.terms import joined, problem, said, shaped, term
from games.values import Boolean, Choice, Integer, ListOf, PerSide, TrickSequence

TRICKS = 26
RUN = 4


@dataclass(frozen=True)
class JamState:
    """Rubber points of the rubber in progress, and the rubbers played."""

    rubber: int
    points: Mapping[str, int]
    finished_rubbers: tuple[tuple[Mapping[str, int], str], ...]

    def won(self, side: str) -> int:
        """Rubbers won so far by ``side``."""
        return sum(1 for _, winner in self.finished_rubbers if winner == side)


def _runs_fit(value: Mapping[str, list[int]], ctx: EntryContext) -> str | None:
    tricks = ctx.clean["tricks"]
    for side, runs in value.items():
        if sum(runs) > tricks[side]:
            return problem(
                "jam",
                "runs_exceed_tricks",
                "runs of %(side)s add up to %(runs)s, more than the %(tricks)s tricks won",
                side=side,
                runs=sum(runs),
                tricks=tricks[side],
            )
    limits = {}
    for side in ctx.sides:
        runs = value[side]
        rest = tricks[side] - sum(runs)
        limits[side] = (len(runs) + -(-rest // 3), len(runs) + rest)
    a, b = ctx.sides
    if limits[a][0] > limits[b][1] + 1 or limits[b][0] > limits[a][1] + 1:
        return problem(
            "jam",
            "runs_impossible",
            "these runs cannot occur in 26 tricks: the rest of the tricks would form another run of 4 or more",
        )
    return None


def _slams(run: int, restart: bool) -> tuple[int, int]:
    """(grand slams, baby slams) in one streak."""
    if restart:
        return run // 5, 1 if run % 5 == RUN else 0
    return (1, 0) if run >= 5 else (0, 1)


def deal_points(tricks: int, runs: list[int], restart: bool) -> tuple[int, list[str]]:
    """One player's game points for a deal, with the reasons."""
    grands = babies = 0
    for run in runs:
        g, b = _slams(run, restart)
        grands += g
        babies += b
    why: list[str] = []
    points = 0
    if grands:
        points += 3 + (grands - 1)
        if grands > 1:
            why.append(
                said("jam", "grand slam 3 + %(more)s further grand slam(s) as baby slams", more=grands - 1)
            )
        else:
            why.append(term("jam", "grand slam 3"))
    if babies:
        points += babies
        why.append(said("jam", "%(count)s baby slam(s) %(count)s", count=babies))
    if tricks == 14 or (tricks >= 15 and grands):
        points += 2
        if tricks > 14:
            why.append(
                said("jam", "%(tricks)s tricks: fourteen 2 (with a grand slam, never fifteen)", tricks=tricks)
            )
        else:
            why.append(said("jam", "%(tricks)s tricks: fourteen 2", tricks=tricks))
    elif tricks >= 15:
        points += 3
        why.append(said("jam", "%(tricks)s tricks: fifteen 3", tricks=tricks))
    return points, why


def _required_unless_sequence(raw: Mapping[str, Any]) -> bool:
    return "sequence" not in raw


class Jam(Game[JamState]):
    """Matthew Shields' JAM."""

    key = "jam"
    name = term("jam", "JAM")
    summary = term(
        "jam",
        "Two players, red against black: game points for streaks of tricks (slams) and majorities, in rubbers to 5.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("jam", "streak"),
            term("jam", "Tricks won in a row by one player; 4 or more score game points."),
        ),
        (
            term("jam", "grand, baby"),
            term("jam", "The names of the streaks: a grand is 5 tricks in a row; a baby, 4."),
        ),
        (
            term("jam", "rubber"),
            term("jam", "Game points up to 5 (by default); the match is one rubber or the best of three."),
        ),
    )
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "sequence",
            TrickSequence(TRICKS),
            term("jam", "Who won each of the 26 tricks, in order: A for the first side, B for the second."),
            required=False,
            rules=(exclusive_with("tricks", "runs"),),
            label=term("jam", "Trick winners"),
        ),
        Field(
            "tricks",
            PerSide(Integer(0, TRICKS)),
            term("jam", "Tricks won by each player."),
            required=_required_unless_sequence,
            required_text="yes, unless `sequence` is given",
            rules=(adds_up_to(TRICKS, "tricks"),),
            label=term("jam", "Tricks"),
        ),
        Field(
            "runs",
            PerSide(ListOf(Integer(RUN, TRICKS))),
            term(
                "jam",
                "For each player, the length of every streak of 4 or more tricks in a row (empty list for none).",
            ),
            required=_required_unless_sequence,
            required_text="yes, unless `sequence` is given",
            rules=(
                Rule(
                    term(
                        "jam",
                        "A player's runs add up to no more than her tricks, and all runs fit in 26 tricks.",
                    ),
                    _runs_fit,
                ),
            ),
            label=term("jam", "Streaks"),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            Integer(low=1),
            5,
            term("jam", "Game points that win a rubber."),
            label=term("jam", "Game points for a rubber"),
        ),
        Option(
            "rubbers",
            Choice((1, 3), labels=((1, term("jam", "one rubber")), (3, term("jam", "best of three")))),
            1,
            term("jam", "1: the match is one rubber. 3: best of three rubbers."),
            label=term("jam", "Rubbers"),
            hint=term("jam", "One rubber, or the best of three rubbers."),
        ),
        Option(
            "restart_after_grand",
            Boolean(),
            False,
            term(
                "jam",
                "Whether a streak starts counting again after every 5th trick (9 in a row = grand + baby).",
            ),
            label=term("jam", "Streaks start again after a grand"),
        ),
        Game.first_dealer_option(),
    )

    def start(self, table: Table) -> JamState:
        return JamState(1, dict.fromkeys(table.sides, 0), ())

    @staticmethod
    def tricks_and_runs(
        table: Table, entry: Mapping[str, Any]
    ) -> tuple[dict[str, int], dict[str, list[int]]]:
        """Tricks and runs per player, as entered or derived from the sequence."""
        if "sequence" not in entry:
            return dict(entry["tricks"]), {s: list(entry["runs"][s]) for s in table.sides}
        letters = dict(zip("AB", table.sides, strict=True))
        tricks = {side: entry["sequence"].count(letter) for letter, side in letters.items()}
        runs: dict[str, list[int]] = {side: [] for side in table.sides}
        for letter, length in blocks(entry["sequence"]):
            if length >= RUN:
                runs[letters[letter]].append(length)
        return tricks, runs

    def score(
        self, table: Table, state: JamState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, JamState]:
        tricks, runs = self.tricks_and_runs(table, entry)
        restart = bool(table.options["restart_after_grand"])
        scores: dict[str, int] = {}
        breakdown: list[str] = []
        for side in table.sides:
            gained, why = deal_points(tricks[side], runs[side], restart)
            scores[side] = gained
            if why:
                breakdown.append(
                    shaped("%(side)s: %(why)s = %(points)s", side=side, why=joined(why), points=gained)
                )
            else:
                breakdown.append(said("jam", "%(side)s: nothing scored", side=side))
        points = {side: state.points[side] + scores[side] for side in table.sides}
        extra = {"rubber": state.rubber, "tricks": tricks, "runs": runs, "rubber_points": points}
        target = table.options["target"]
        a, b = table.sides
        if max(points.values()) >= target and points[a] != points[b]:
            winner = a if points[a] > points[b] else b
            breakdown.append(
                said(
                    "jam",
                    "%(side)s wins rubber %(rubber)s %(points)s–%(other)s",
                    side=winner,
                    rubber=state.rubber,
                    points=points[winner],
                    other=min(points.values()),
                )
            )
            finished = (*state.finished_rubbers, (points, winner))
            state = JamState(state.rubber + 1, dict.fromkeys(table.sides, 0), finished)
        else:
            state = JamState(state.rubber, points, state.finished_rubbers)
        return DealScore(scores, tuple(breakdown), extra), state

    def _needed(self, table: Table) -> int:
        return 2 if table.options["rubbers"] == 3 else 1

    def result(self, table: Table, state: JamState, totals: Mapping[str, int], deals: int) -> Result:
        won = {side: state.won(side) for side in table.sides}
        winner = next((side for side in table.sides if won[side] >= self._needed(table)), None)
        return Result(winner is not None, winner, {"rubbers_won": won})

    def facts(self, table: Table, state: JamState, deals: tuple[DealRecord, ...], result: Result) -> Facts:
        """The rubbers, each with its points and winner; the target belongs to each rubber, so the
        match itself has none."""
        sides = table.sides
        rows = [
            Row((said("jam", "Rubber %(number)s", number=number), *cells(sides, points), winner))
            for number, (points, winner) in enumerate(state.finished_rubbers, 1)
        ]
        if not result.finished:
            rubber = said("jam", "Rubber %(number)s", number=state.rubber)
            rows.append(Row((rubber, *cells(sides, state.points), term("jam", "playing"))))
        won = per_side(sides, {side: state.won(side) for side in sides})
        sheet = Sheet(
            term("jam", "Rubbers"),
            ("", *sides, term("jam", "Winner")),
            tuple(rows),
            (said("jam", "Rubbers won: %(won)s", won=won),),
        )
        return Facts(sheets=(sheet,))

    def tally(self, table: Table, result: Result) -> Tally | None:
        """In a best of three rubbers the rubbers won decide the match, not the game points."""
        if table.options["rubbers"] == 1:
            return None
        won = result.extra.get("rubbers_won") or {}
        return Tally("rubber", {side: int(won.get(side, 0)) for side in table.sides}, self._needed(table))

    def deal_notes(self, table: Table, record: DealRecord) -> tuple[str, ...]:
        return (said("jam", "rubber %(number)s", number=record.score.extra["rubber"]),)

    def structure(self, table: Table, state: JamState) -> dict[str, Any]:
        rubbers = [
            {"number": n, "points": dict(points), "winner": winner}
            for n, (points, winner) in enumerate(state.finished_rubbers, 1)
        ]
        if not self.result(table, state, {}, 0).finished:
            rubbers.append({"number": state.rubber, "points": dict(state.points), "winner": None})
        return {"rubbers": rubbers}
