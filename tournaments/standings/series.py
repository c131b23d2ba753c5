"""A table's result from the matches it played, or from the organizer's word (pure, no Django).

A table plays one match, or a series of them for ``best-of:N`` formats played as several matches.
:func:`series_result` reads the finished matches (each a :class:`GameResult` by side index) and says
whether the table is decided, who won, and whether another match must be played;
:func:`entrant_results` turns that into the per-entrant document the tournament stores
(``TableAssignment.result``): outcome (win, draw, loss), game points for and against, games won.
:func:`adjusted_results` and :func:`forfeit_results` build the same document from an organizer's
decision.

What this module does not do: read matches (the service does), rank anyone (``rows`` and
``ranking``), or decide pairings (``tournaments.pairing``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.standings.results import Outcome


@dataclass(frozen=True)
class GameResult:
    """One match played at a table: whether it ended, the winning side's index, the totals and
    the deals each side won (scored more than every other side)."""

    finished: bool
    winner: int | None
    totals: tuple[int, ...]
    deals_won: tuple[int, ...] = ()


@dataclass(frozen=True)
class SeriesResult:
    """Where a table stands: decided or not, the winning side, games, points and deals per side."""

    finished: bool
    winner: int | None
    wins: tuple[int, ...]
    points: tuple[int, ...]
    another_game: bool = False
    deals: tuple[int, ...] = ()

    @property
    def draw(self) -> bool:
        return self.finished and self.winner is None


def series_result(
    games: Sequence[GameResult], *, sides: int, best_of: int = 1, decisive: bool = False
) -> SeriesResult:
    """The table's standing after ``games`` (in order; abandoned matches left out).

    A side that wins more than half of ``best_of`` wins the table. After ``best_of`` finished games
    the side with most wins wins; on equal wins the table is a draw, unless ``decisive`` (an
    elimination bracket needs a winner), when one more game is played until a side leads.
    """
    wins = [0] * sides
    points = [0] * sides
    deals = [0] * sides
    for game in games:
        for index, total in enumerate(game.totals[:sides]):
            points[index] += total
        for index, count in enumerate(game.deals_won[:sides]):
            deals[index] += count
        if game.finished and game.winner is not None:
            wins[game.winner] += 1

    def standing(finished: bool, winner: int | None, another: bool = False) -> SeriesResult:
        return SeriesResult(finished, winner, tuple(wins), tuple(points), another, tuple(deals))

    if not games or any(not game.finished for game in games):
        return standing(False, None)
    needed = best_of // 2 + 1
    leader = _single_best(wins)
    if leader is not None and wins[leader] >= needed:
        return standing(True, leader)
    if len(games) >= best_of:
        if leader is not None:
            return standing(True, leader)
        if not decisive:
            return standing(True, None)
    return standing(False, None, another=True)


def deals_won(deal_scores: Sequence[Mapping[str, int]], sides: Sequence[str]) -> tuple[int, ...]:
    """How many deals each side won: scored strictly more than every other side."""
    won = [0] * len(sides)
    for scores in deal_scores:
        values = [scores.get(side, 0) for side in sides]
        best = _single_best(values)
        if best is not None:
            won[best] += 1
    return tuple(won)


def _single_best(values: Sequence[int]) -> int | None:
    if not values:
        return None
    top = max(values)
    leaders = [i for i, v in enumerate(values) if v == top]
    return leaders[0] if len(leaders) == 1 else None


def entrant_results(
    entrants: Sequence[int], side_of: Sequence[int], series: SeriesResult
) -> dict[str, dict[str, Any]]:
    """Per entrant id (as a string, the JSON key): its side, outcome, game points for and against
    (against: the best other side), games and deals won."""
    out: dict[str, dict[str, Any]] = {}
    for entrant, side in zip(entrants, side_of, strict=True):
        if series.winner is None:
            outcome = Outcome.DRAW
        else:
            outcome = Outcome.WIN if side == series.winner else Outcome.LOSS
        others = [p for i, p in enumerate(series.points) if i != side]
        out[str(entrant)] = {
            "side": side,
            "outcome": str(outcome),
            "points": series.points[side],
            "against": max(others, default=0),
            "games": series.wins[side],
            "deals": series.deals[side] if series.deals else 0,
        }
    return out


def adjusted_results(
    entrants: Sequence[int],
    side_of: Sequence[int],
    *,
    winner: int | None,
    points: Mapping[int, int] | None = None,
) -> dict[str, dict[str, Any]]:
    """The result an organizer sets: ``winner`` (an entrant id, its side wins) or a draw (``None``);
    ``points`` per entrant id, when given, are the game points (else 0)."""
    sides = max(side_of) + 1
    side_points = [0] * sides
    for entrant, side in zip(entrants, side_of, strict=True):
        if points and entrant in points:
            side_points[side] = points[entrant]
    winning_side = None if winner is None else side_of[list(entrants).index(winner)]
    wins = tuple(1 if s == winning_side else 0 for s in range(sides))
    series = SeriesResult(True, winning_side, wins, tuple(side_points))
    return entrant_results(entrants, side_of, series)


def forfeit_results(
    entrants: Sequence[int], side_of: Sequence[int], *, forfeiting: Sequence[int]
) -> dict[str, dict[str, Any]]:
    """Every side with an entrant in ``forfeiting`` loses, with no points; the other sides win (a
    double forfeit is a loss for everyone)."""
    out: dict[str, dict[str, Any]] = {}
    out_sides = {side for e, side in zip(entrants, side_of, strict=True) if e in forfeiting}
    for entrant, side in zip(entrants, side_of, strict=True):
        outcome = Outcome.LOSS if side in out_sides else Outcome.WIN
        out[str(entrant)] = {
            "side": side,
            "outcome": str(outcome),
            "points": 0,
            "against": 0,
            "games": 0,
            "deals": 0,
        }
    return out
