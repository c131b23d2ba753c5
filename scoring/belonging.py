"""What a match is part of, so that its scoreboard links back to it (a tournament's page), and
what else the apps above know about it (a line each, e.g. each side's chance to win from the
players' ratings).

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


Teller = Callable[[Match], tuple[str, ...]]
_tellers: dict[str, Teller] = {}


def register_notes(app: str, teller: Teller) -> None:
    """Add (or replace) an app's teller of notes about a match."""
    _tellers[app] = teller


def notes(match: Match) -> tuple[str, ...]:
    """Every line the apps above have to say about ``match`` on its scoreboard."""
    return tuple(line for teller in _tellers.values() for line in teller(match))
