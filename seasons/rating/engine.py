"""Player ratings over openskill's Plackett-Luce model: one update per final match, in order.

A match is a :class:`RatedMatch`: its ordering key, its sides (each a tuple of player ids: a
partnership is a team, a 3 to 5-player game is a free-for-all of one-player teams) and each
side's rank (0 the best; equal ranks are a draw). :func:`replay` folds matches into ratings
(``(mu, sigma, matches)`` per player) from scratch or on top of earlier ones: replaying a history
in two parts gives exactly what replaying it at once gives, so a service may add new matches to
what it stored and replay everything only when an older match changed.

A rating is *provisional* (shown with a "?" and kept off public top lists) while the player has
fewer than :data:`PROVISIONAL_MATCHES` matches or its uncertainty ``sigma`` is above
:data:`PROVISIONAL_SIGMA`. Its shown number is the conservative estimate ``mu - 3 sigma`` on a
friendlier scale (:func:`shown`: a newcomer shows 1000).

The loop keeps openskill's own rating objects in a dict and hands them to ``rate`` as they are:
no object is made per match beyond what ``rate`` makes itself (``bench/bench_ratings.py``).

What this module does not do: read matches (``seasons.selectors``) or store ratings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

PlayerId = int
#: (mu, sigma, matches played).
Rating = tuple[float, float, int]

PROVISIONAL_MATCHES = 8
PROVISIONAL_SIGMA = 5.0
#: The shown rating: ``SCALE * (mu - 3 sigma) + BASE``; a newcomer's mu - 3 sigma is 0.
SCALE = 40
BASE = 1000


class RatingError(ValueError):
    """A match cannot be rated (fewer than two sides, a player twice, ranks that do not fit)."""


@dataclass(frozen=True)
class RatedMatch:
    """A final match: ordering key, sides (player ids per side) and ranks (0 is best)."""

    key: tuple[int, ...]
    sides: tuple[tuple[PlayerId, ...], ...]
    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.sides) < 2 or any(not side for side in self.sides):
            raise RatingError(f"match {self.key} needs at least two sides with players")
        if len(self.ranks) != len(self.sides):
            raise RatingError(f"match {self.key} needs one rank per side")
        players = [p for side in self.sides for p in side]
        if len(set(players)) != len(players):
            raise RatingError(f"a player sits twice at match {self.key}")


def ranks_from_results(outcomes: Sequence[str], points: Sequence[int]) -> tuple[int, ...]:
    """Each side's rank from its outcome (``win``, ``draw``, ``loss``) and points: winners first,
    the others by points in the direction the winner's points show (higher, unless the winner
    scored less than another side: a game where the lowest total wins); all equal in a draw."""
    winners = [i for i, outcome in enumerate(outcomes) if outcome == "win"]
    if not winners:
        return tuple(0 for _ in outcomes)
    low_wins = any(points[i] < max(points) for i in winners)
    keys = [(0 if i in winners else 1, points[i] if low_wins else -points[i]) for i in range(len(outcomes))]
    place = {key: n for n, key in enumerate(sorted(set(keys)))}
    return tuple(place[key] for key in keys)


class Ratings:
    """Ratings being folded: openskill's rating objects and match counts per player."""

    def __init__(self, start: Mapping[PlayerId, Rating] | None = None) -> None:
        self.model = PlackettLuce()
        self._rated = {
            p: self.model.rating(mu=mu, sigma=sigma) for p, (mu, sigma, _) in (start or {}).items()
        }
        self._played = {p: n for p, (_, _, n) in (start or {}).items()}

    def _team(self, side: Sequence[PlayerId]) -> list[PlackettLuceRating]:
        rated, model = self._rated, self.model
        team = []
        for player in side:
            rating = rated.get(player)
            if rating is None:
                rating = rated[player] = model.rating()
            team.append(rating)
        return team

    def play(self, match: RatedMatch) -> None:
        """One update."""
        updated = self.model.rate([self._team(side) for side in match.sides], ranks=list(match.ranks))
        rated, played = self._rated, self._played
        for side, team in zip(match.sides, updated, strict=True):
            for player, rating in zip(side, team, strict=True):
                rated[player] = rating
                played[player] = played.get(player, 0) + 1

    def chances(self, sides: Sequence[Sequence[PlayerId]]) -> tuple[float, ...]:
        """Each side's chance to win, before the match, from the model."""
        return tuple(self.model.predict_win([self._team(side) for side in sides]))

    def values(self) -> dict[PlayerId, Rating]:
        return {p: (r.mu, r.sigma, self._played.get(p, 0)) for p, r in self._rated.items()}


def replay(
    matches: Iterable[RatedMatch], start: Mapping[PlayerId, Rating] | None = None
) -> dict[PlayerId, Rating]:
    """The ratings after ``matches`` (in order), on top of ``start``."""
    ratings = Ratings(start)
    for match in matches:
        ratings.play(match)
    return ratings.values()


def win_chances(ratings: Mapping[PlayerId, Rating], sides: Sequence[Sequence[PlayerId]]) -> tuple[float, ...]:
    """Each side's chance to win, from the ratings (a player without one is a newcomer)."""
    known = {p: ratings[p] for side in sides for p in side if p in ratings}
    return Ratings(known).chances(sides)


def provisional(rating: Rating) -> bool:
    """Too few matches, or too uncertain, to be listed (see the module text)."""
    _, sigma, matches = rating
    return matches < PROVISIONAL_MATCHES or sigma > PROVISIONAL_SIGMA


def shown(rating: Rating) -> int:
    """The number the pages show: ``40 (mu - 3 sigma) + 1000`` (a newcomer shows 1000)."""
    mu, sigma, _ = rating
    return round(SCALE * (mu - 3 * sigma) + BASE)


@dataclass(frozen=True)
class Backtest:
    """How well the model predicted a history: the mean log-loss of the winner's predicted chance
    over the matches with one winner (each predicted before it was rated), beside the log-loss of
    a guess that gives every side the same chance."""

    matches: int
    predicted: int
    log_loss: float
    uniform: float


def backtest(matches: Iterable[RatedMatch]) -> Backtest:
    """Replay ``matches`` predicting each before rating it (see :class:`Backtest`)."""
    ratings = Ratings()
    total = count = 0
    loss = uniform = 0.0
    for match in matches:
        total += 1
        best = min(match.ranks)
        winners = [i for i, rank in enumerate(match.ranks) if rank == best]
        if len(winners) == 1:
            chance = ratings.chances(match.sides)[winners[0]]
            loss -= math.log(max(chance, 1e-12))
            uniform += math.log(len(match.sides))
            count += 1
        ratings.play(match)
    return Backtest(total, count, loss / count if count else 0.0, uniform / count if count else 0.0)


__all__ = [
    "Backtest",
    "RatedMatch",
    "Rating",
    "RatingError",
    "Ratings",
    "backtest",
    "provisional",
    "ranks_from_results",
    "replay",
    "shown",
    "win_chances",
]
