"""Standings metrics: one small class per metric, each a pure function of the results.

A metric has a ``key`` (stored in a tournament's ordered precedence), a ``name`` for the page
header, ``higher_is_better``, and ``compute(results)`` returning a value for every entrant: an
``int``, or an exact ``Fraction`` where a ratio is involved (so the order of the input can never
change a comparison). ``among_tied`` metrics (head-to-head) are computed by the ranking only
inside each group still tied when they are reached, on ``results.among(group)``.
:data:`METRICS` is the registry; :func:`find_metric` looks a key up.

Conventions: opponents are everyone on the other sides of a match (every other player at a
multi-seat table); a bye (or a round missed, ``Outcome.ABSENT``) has no opponent and adds nothing
to the opponent-based metrics; it is never a match won, even when a club's rule scores it as a win
for match points; an opponent met twice counts twice.

What this module does not do: sort or break ties (see ``ranking``), or know about Django.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from fractions import Fraction
from typing import ClassVar

from tournaments.standings.results import EntrantId, Outcome, Results, StandingsError

Value = int | Fraction


class UnknownMetricError(StandingsError):
    """No metric has that key."""


class Metric(ABC):
    """A standings metric (see the module text)."""

    key: ClassVar[str]
    name: ClassVar[str]
    higher_is_better: ClassVar[bool] = True
    among_tied: ClassVar[bool] = False

    @abstractmethod
    def compute(self, results: Results) -> dict[EntrantId, Value]:
        """The value of every entrant of ``results``."""

    def format(self, value: Value) -> str:
        """The value as the standings table shows it."""
        if isinstance(value, Fraction) and value.denominator != 1:
            whole, part = divmod(value, 1)
            if part == Fraction(1, 2):
                return f"{whole}½" if whole else "½"
            return f"{float(value):.2f}"
        return str(int(value))


class MatchPoints(Metric):
    """Points for wins, draws, losses and byes, by the tournament's point scheme."""

    key = "match-points"
    name = "Match points"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return dict(results.match_points)


class MatchesWon(Metric):
    """Matches won (byes not counted)."""

    key = "matches-won"
    name = "Won"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {e: sum(a.outcome is Outcome.WIN for a in apps) for e, apps in results.appearances.items()}


class GamePointsFor(Metric):
    """Game points scored (the points the game itself awards, summed over matches)."""

    key = "game-points-for"
    name = "Points for"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {e: sum(a.game_points_for for a in apps) for e, apps in results.appearances.items()}


class GamePointsAgainst(Metric):
    """Game points scored by the opposing sides (all of them, at a multi-seat table); fewer is better."""

    key = "game-points-against"
    name = "Points against"
    higher_is_better = False

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {e: sum(a.game_points_against for a in apps) for e, apps in results.appearances.items()}


class GamePointDifference(Metric):
    """Game points for minus game points against."""

    key = "game-point-difference"
    name = "Difference"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {
            e: sum(a.game_points_for - a.game_points_against for a in apps)
            for e, apps in results.appearances.items()
        }


class DealsWon(Metric):
    """Deals won (as the service counts them from the game's deal scores)."""

    key = "deals-won"
    name = "Deals won"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {e: sum(a.deals_won for a in apps) for e, apps in results.appearances.items()}


class PointsMarked(GamePointsFor):
    """A concours' points marked: the points for, over all parties (a sit-out: the partie's average)."""

    key = "points-marked"
    name = "Points scored"


class PointsConceded(GamePointsAgainst):
    """A concours' points conceded: the opponents' points over all parties; fewer is better."""

    key = "points-conceded"
    name = "Points conceded"


class PartiesWon(Metric):
    """A concours' parties won: a win counts one, a drawn partie and a sit-out half each (a sit-out
    or a missed partie scored by a club's rule counts as the outcome the rule gives it; a missed
    partie with no rule counts nothing)."""

    key = "parties-won"
    name = "Games won"
    _SHARE: ClassVar[dict[Outcome, Fraction]] = {
        Outcome.WIN: Fraction(1),
        Outcome.DRAW: Fraction(1, 2),
        Outcome.BYE: Fraction(1, 2),
        Outcome.LOSS: Fraction(0),
        Outcome.ABSENT: Fraction(0),
    }

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {
            e: sum((self._SHARE[a.scored_as] for a in apps), Fraction(0))
            for e, apps in results.appearances.items()
        }


class Lots(Metric):
    """The lots the service drew for entrants still tied on every metric before this one (the
    lowest lot first). Computed inside each tied group, so only those who drew show a value; an
    entrant without a recorded lot stays tied (the service draws before it ranks)."""

    key = "lots"
    name = "Lots drawn"
    higher_is_better = False
    among_tied = True

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {e: results.lots.get(e, 0) for e in results.entrants}

    def format(self, value: Value) -> str:
        """A lot as drawn; none yet (0: before anyone has played) is left blank."""
        return str(int(value)) if value else ""


def _opponent_scores(results: Results, entrant: EntrantId) -> list[int]:
    mp = results.match_points
    return [mp[o] for a in results.appearances[entrant] for o in a.opponents]


class Buchholz(Metric):
    """The sum of the match points of every opponent met."""

    key = "buchholz"
    name = "Buchholz"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return {e: sum(_opponent_scores(results, e)) for e in results.entrants}


class MedianBuchholz(Metric):
    """Buchholz without the best and the worst opponent score (with three opponents or more)."""

    key = "median-buchholz"
    name = "Median Buchholz"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        out: dict[EntrantId, Value] = {}
        for entrant in results.entrants:
            scores = sorted(_opponent_scores(results, entrant))
            out[entrant] = sum(scores[1:-1]) if len(scores) >= 3 else sum(scores)
        return out


class SonnebornBerger(Metric):
    """Each opponent's match points times the share of a win earned against them (½ for a draw)."""

    key = "sonneborn-berger"
    name = "Sonneborn–Berger"

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        mp = results.match_points
        win = results.points.win
        return {
            e: sum(
                (Fraction(mp[o] * a.match_points, win) for a in apps for o in a.opponents),
                Fraction(0),
            )
            for e, apps in results.appearances.items()
        }


class HeadToHead(Metric):
    """Match points earned in matches between the entrants still tied (a mini-league)."""

    key = "head-to-head"
    name = "Head-to-head"
    among_tied = True

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        return dict(results.match_points)


class OpponentsMatchWinPercentage(Metric):
    """The mean, over the opponents met, of their match-win percentage, each floored at ⅓.

    An entrant's match-win percentage is its match points over the points of winning every match
    it has a result in (byes included), as in most card and trading-card events.
    """

    key = "opponents-match-win-percentage"
    name = "Opp. match-win %"
    floor = Fraction(1, 3)

    def compute(self, results: Results) -> dict[EntrantId, Value]:
        win = results.points.win
        rate: dict[EntrantId, Fraction] = {}
        for entrant, apps in results.appearances.items():
            played = len(apps)
            own = Fraction(results.match_points[entrant], win * played) if played else Fraction(0)
            rate[entrant] = max(self.floor, own)
        out: dict[EntrantId, Value] = {}
        for entrant, apps in results.appearances.items():
            met = [rate[o] for a in apps for o in a.opponents]
            out[entrant] = sum(met, Fraction(0)) / len(met) if met else Fraction(0)
        return out

    def format(self, value: Value) -> str:
        return f"{float(value) * 100:.1f}%"


METRICS: dict[str, type[Metric]] = {
    cls.key: cls
    for cls in (
        MatchPoints,
        MatchesWon,
        GamePointsFor,
        GamePointsAgainst,
        GamePointDifference,
        DealsWon,
        Buchholz,
        MedianBuchholz,
        SonnebornBerger,
        HeadToHead,
        OpponentsMatchWinPercentage,
        PointsMarked,
        PointsConceded,
        PartiesWon,
        Lots,
    )
}


def find_metric(key: str) -> Metric:
    """The metric with this key, or :class:`UnknownMetricError`."""
    try:
        return METRICS[key]()
    except KeyError:
        raise UnknownMetricError(
            f"no metric is called {key!r}; known metrics: {', '.join(METRICS)}"
        ) from None


__all__ = [
    "METRICS",
    "Buchholz",
    "DealsWon",
    "GamePointDifference",
    "GamePointsAgainst",
    "GamePointsFor",
    "HeadToHead",
    "Lots",
    "MatchPoints",
    "MatchesWon",
    "MedianBuchholz",
    "Metric",
    "OpponentsMatchWinPercentage",
    "PartiesWon",
    "PointsConceded",
    "PointsMarked",
    "SonnebornBerger",
    "UnknownMetricError",
    "Value",
    "find_metric",
]
