"""What a match is part of, so that its scoreboard links back to it (a tournament's page).

The scoring app cannot name the apps above it; the tournaments app registers a finder in its
``AppConfig.ready()`` that answers for its tables' matches. A friendly match is part of nothing.
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
