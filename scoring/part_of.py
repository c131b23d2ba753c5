"""What a match is part of, so that its scoreboard links back to it (a tournament's page), the
series it is one game of (a tournament's best of N: the score so far, so that the end of game 1
is not read as the end of the match), and what else the apps above know about it (a line each,
e.g. each side's chance to win from the players' ratings).

The scoring app cannot name the apps above it; the tournaments app registers a finder in its
``AppConfig.ready()`` that answers for its tables' matches, the seasons app a teller of notes. A
friendly match is part of nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.models import Match


@dataclass(frozen=True)
class PartOf:
    """Where a match belongs: a page's title and address."""

    title: str
    url: str


Finder = Callable[[Match], PartOf | None]
_finders: dict[str, Finder] = {}


def register(app: str, finder: Finder) -> None:
    """Add (or, when ``ready()`` runs again, replace) an app's finder."""
    _finders[app] = finder


def part_of(match: Match) -> PartOf | None:
    """What ``match`` is part of, if any app says so."""
    for finder in _finders.values():
        found = finder(match)
        if found is not None:
            return found
    return None


@dataclass(frozen=True)
class Series:
    """A match that is one game of a best-of-N series: which game, and the series so far."""

    #: Which game of the series this match is (1 for the first).
    game: int
    best_of: int
    #: Games won so far by each side, by the side's name (this match counted once it is over).
    won: dict[str, int]

    @property
    def needed(self) -> int:
        """The games that win the series."""
        return self.best_of // 2 + 1

    @property
    def winner(self) -> str | None:
        """The side that has won the series, once one has."""
        return next((side for side, count in self.won.items() if count >= self.needed), None)


SeriesFinder = Callable[[Match], Series | None]
_series_finders: dict[str, SeriesFinder] = {}


def register_series(app: str, finder: SeriesFinder) -> None:
    """Add (or replace) an app's finder of the series a match is one game of."""
    _series_finders[app] = finder


def series_of(match: Match) -> Series | None:
    """The series ``match`` is one game of, if any app says so (only a tournament's matches can
    be: a friendly match costs no query)."""
    if not match.announce_changes:
        return None
    for finder in _series_finders.values():
        found = finder(match)
        if found is not None:
            return found
    return None


Teller = Callable[[Match], tuple[str, ...]]
_tellers: dict[str, Teller] = {}


def register_notes(app: str, teller: Teller) -> None:
    """Add (or replace) an app's teller of notes about a match."""
    _tellers[app] = teller


def notes(match: Match) -> tuple[str, ...]:
    """Every line the apps above have to say about ``match`` on its scoreboard."""
    return tuple(line for teller in _tellers.values() for line in teller(match))


Hider = Callable[[Match], bool]
_hiders: dict[str, Hider] = {}


def register_hidden(app: str, hider: Hider) -> None:
    """Add (or replace) an app's word on whether a match's score is hidden from the public (a
    tournament's blind finish: ``tournaments.blind_finish``)."""
    _hiders[app] = hider


def hidden(match: Match) -> bool:
    """Whether ``match``'s score is hidden from the public now (only a tournament's matches can
    be: a friendly match costs no query). Its table and the club's organizers still see it."""
    return match.announce_changes and any(hider(match) for hider in _hiders.values())
