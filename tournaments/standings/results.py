"""The plain values the standings are computed from: who played whom, and how it went.

A :class:`Results` holds the entrants of a tournament (players or partnerships: whoever the
standings rank; for an individual event of a partnership game, the players), the finished
matches as :class:`MatchResult` rows and the :class:`PointScheme`. A match has two or more
:class:`SideResult` rows (one per side at the table); a bye is a match with a single side whose
outcome is ``BYE``, a round missed for another reason (a late arrival) one whose outcome is
``ABSENT``; either may count as a win, a draw or a loss for match points (``counts_as``, the
club's rule, see ``club_rules``). A side lists every entrant who scores with it: one entrant usually, both
partners in an individual event. Everyone on the other sides is an *opponent*.

The service builds it in a few lines from its rows, e.g.::

    Results(
        entrants=tuple(e.id for e in tournament.entrants.all()),
        matches=tuple(
            MatchResult(m.round.number, tuple(SideResult((s.entrant_id,), Outcome(s.outcome), s.points)
                                               for s in m.sides.all()))
            for m in finished_matches
        ),
        points=PointScheme(win=t.win_points, draw=t.draw_points, loss=t.loss_points),
    )

What this module does not do: decide outcomes (the game does) or rank anyone (see ``metrics`` and
``ranking``). Results of withdrawn entrants stay in: their opponents' Buchholz needs them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

EntrantId = int


class StandingsError(ValueError):
    """The results cannot be ranked."""


class InvalidResultError(StandingsError):
    """A match row is inconsistent (an entrant twice, a bye with opponents, an unknown entrant)."""


class Outcome(StrEnum):
    """How a side's match went."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    BYE = "bye"
    ABSENT = "absent"


#: The outcomes of a round not played at a table: a single side, no opponent.
SITTING_OUT = frozenset({Outcome.BYE, Outcome.ABSENT})


@dataclass(frozen=True)
class PointScheme:
    """Match points for each outcome (a bye scores ``bye``, by default as a win; a missed round
    as a loss), unless the side counts as another outcome (``SideResult.counts_as``)."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    bye: int | None = None

    def __post_init__(self) -> None:
        if self.win <= 0:
            raise StandingsError(f"a win must be worth more than nothing, not {self.win}")

    def points(self, outcome: Outcome, counts_as: Outcome | None = None) -> int:
        """The match points an outcome earns (as ``counts_as`` when given: a club's bye rule)."""
        if counts_as is not None and counts_as not in SITTING_OUT:
            return self.points(counts_as)
        if outcome is Outcome.BYE:
            return self.win if self.bye is None else self.bye
        if outcome is Outcome.ABSENT:
            return self.loss
        return {Outcome.WIN: self.win, Outcome.DRAW: self.draw, Outcome.LOSS: self.loss}[outcome]


@dataclass(frozen=True)
class SideResult:
    """One side of a finished match: its entrants, outcome, game points scored and deals won.

    ``conceded`` is for a bye that is scored as if played (a concours' sit-out marks the partie's
    average as points for and as points against): what it counts as conceded, with no opponent.
    ``counts_as``: a bye or a missed round scored by a club's rule as a win, draw or loss."""

    entrants: tuple[EntrantId, ...]
    outcome: Outcome
    game_points: int = 0
    deals_won: int = 0
    conceded: int = 0
    counts_as: Outcome | None = None


@dataclass(frozen=True)
class MatchResult:
    """A finished match (or a bye: one side, outcome ``BYE``) of a round."""

    round: int
    sides: tuple[SideResult, ...]


@dataclass(frozen=True)
class Appearance:
    """One entrant's part in one match, as the metrics read it."""

    round: int
    outcome: Outcome
    match_points: int
    game_points_for: int
    game_points_against: int
    deals_won: int
    opponents: tuple[EntrantId, ...]
    counts_as: Outcome | None = None

    @property
    def scored_as(self) -> Outcome:
        """The outcome the appearance scores as: its own, or what a club's rule counts it as."""
        return self.counts_as if self.counts_as is not None else self.outcome


@dataclass(frozen=True)
class Results:
    """Everything a metric may look at. Order of ``entrants`` and ``matches`` never matters.

    ``lots`` are the lots drawn so far to break ties (entrant → its lot, the lowest first), as the
    service recorded them: the ``lots`` metric reads them."""

    entrants: tuple[EntrantId, ...]
    matches: tuple[MatchResult, ...]
    points: PointScheme = field(default_factory=PointScheme)
    lots: Mapping[EntrantId, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.entrants)) != len(self.entrants):
            raise InvalidResultError("an entrant appears twice in the list of entrants")
        known = set(self.entrants)
        for match in self.matches:
            seen = [e for side in match.sides for e in side.entrants]
            if len(set(seen)) != len(seen):
                raise InvalidResultError(f"an entrant appears twice in one match of round {match.round}")
            stranger = next((e for e in seen if e not in known), None)
            if stranger is not None:
                raise InvalidResultError(f"entrant {stranger} in round {match.round} is not an entrant")
            byes = [side for side in match.sides if side.outcome in SITTING_OUT]
            if byes and len(match.sides) != 1:
                raise InvalidResultError(f"a bye in round {match.round} has opponents")
            if not match.sides or any(not side.entrants for side in match.sides):
                raise InvalidResultError(f"a match of round {match.round} has an empty side")

    @cached_property
    def appearances(self) -> dict[EntrantId, tuple[Appearance, ...]]:
        """Each entrant's matches (entrants without a match have an empty tuple)."""
        found: dict[EntrantId, list[Appearance]] = {e: [] for e in self.entrants}
        for match in self.matches:
            for side in match.sides:
                others = [o for o in match.sides if o is not side]
                opponents = tuple(sorted(e for o in others for e in o.entrants))
                against = sum(o.game_points for o in others) + side.conceded
                points = self.points.points(side.outcome, side.counts_as)
                for entrant in side.entrants:
                    found[entrant].append(
                        Appearance(
                            match.round,
                            side.outcome,
                            points,
                            side.game_points,
                            against,
                            side.deals_won,
                            opponents,
                            side.counts_as,
                        )
                    )
        return {e: tuple(a) for e, a in found.items()}

    @cached_property
    def match_points(self) -> dict[EntrantId, int]:
        """Each entrant's match points."""
        return {e: sum(a.match_points for a in apps) for e, apps in self.appearances.items()}

    def among(self, group: Iterable[EntrantId]) -> Results:
        """The results between members of ``group`` only: the mini-league a head-to-head reads.

        Matches keep only the group's members; a match left with fewer than two sides is dropped.
        """
        members = frozenset(group)
        by_id = {id(m): m for e in members for m in self._matches_of.get(e, ())}
        kept = []
        for match in by_id.values():
            sides = tuple(
                SideResult(
                    tuple(e for e in s.entrants if e in members),
                    s.outcome,
                    s.game_points,
                    s.deals_won,
                    s.conceded,
                    s.counts_as,
                )
                for s in match.sides
                if any(e in members for e in s.entrants)
            )
            if len(sides) >= 2:
                kept.append(MatchResult(match.round, sides))
        kept.sort(key=lambda m: (m.round, [s.entrants for s in m.sides]))
        return Results(tuple(sorted(members)), tuple(kept), self.points, self.lots)

    @cached_property
    def _matches_of(self) -> dict[EntrantId, tuple[MatchResult, ...]]:
        found: dict[EntrantId, list[MatchResult]] = {}
        for match in self.matches:
            for side in match.sides:
                for entrant in side.entrants:
                    found.setdefault(entrant, []).append(match)
        return {e: tuple(m) for e, m in found.items()}


__all__ = [
    "SITTING_OUT",
    "Appearance",
    "EntrantId",
    "InvalidResultError",
    "MatchResult",
    "Outcome",
    "PointScheme",
    "Results",
    "SideResult",
    "StandingsError",
]
