"""Standings: pure metrics over a tournament's results, and a ranking by an ordered precedence.

No Django, no ORM, no I/O: plain values in, plain values out.

Interface (what a service needs):

- :class:`Results` ``(entrants, matches, points)``: the entrant ids, the finished matches as
  :class:`MatchResult` ``(round, sides)`` with one :class:`SideResult`
  ``(entrants, outcome, game_points, deals_won)`` per side (a bye: one side, ``Outcome.BYE``),
  and the :class:`PointScheme` ``(win=2, draw=1, loss=0, bye=None → as a win)``. See
  :mod:`tournaments.standings.results` for a few-line example of building it from rows.
- :data:`METRICS` / :func:`find_metric`: the registry of :class:`Metric` classes, each with
  ``key``, ``name``, ``higher_is_better``, ``among_tied``, ``compute(results)`` and ``format(value)``.
  Keys: ``match-points``, ``matches-won``, ``game-points-for``, ``game-points-against``,
  ``game-point-difference``, ``deals-won``, ``buchholz``, ``median-buchholz``,
  ``sonneborn-berger``, ``head-to-head``, ``opponents-match-win-percentage``.
- :func:`rank` ``(results, precedence)`` → :class:`Standing` rows ``(rank, label, entrant,
  values)``, best first, shared ranks labelled "3=". A tournament stores its precedence as the
  ordered list of keys, e.g. ``["match-points", "buchholz", "sonneborn-berger"]``.

Individual events of partnership games rank players: give each side both partners' ids and
the standings are per player.

Around the engine (import them from their modules): :mod:`~tournaments.standings.series` (a table's
result from the matches it played, or from the organizer) and :mod:`~tournaments.standings.rows`
(a tournament's standings rows from its tables and byes).
"""

from tournaments.standings.metrics import METRICS, Metric, UnknownMetricError, Value, find_metric
from tournaments.standings.ranking import Standing, rank, rank_label
from tournaments.standings.results import (
    Appearance,
    EntrantId,
    InvalidResultError,
    MatchResult,
    Outcome,
    PointScheme,
    Results,
    SideResult,
    StandingsError,
)

__all__ = [
    "METRICS",
    "Appearance",
    "EntrantId",
    "InvalidResultError",
    "MatchResult",
    "Metric",
    "Outcome",
    "PointScheme",
    "Results",
    "SideResult",
    "Standing",
    "StandingsError",
    "UnknownMetricError",
    "Value",
    "find_metric",
    "rank",
    "rank_label",
]
