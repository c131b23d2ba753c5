"""Each app's part of a club: the rows it keeps for a club, and its share of the demo.

The clubs app sits at the bottom and names no app above it, yet a club's archive holds every row
of the club and the demo club shows every app. So each app registers its :class:`ClubPart` in its
``AppConfig.ready()``. Django calls those in ``INSTALLED_APPS`` order, the bottom app first, so the
parts come parents first: the order in which a restore saves rows and the demo builds them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from clubs.models import Club


@dataclass(frozen=True)
class ClubPart:
    """What one app keeps of a club."""

    #: The app's label.
    app: str
    #: The app's models whose rows belong to one club, parents first, each with the lookup from a
    #: row to its club's id (``"club_id"``; the club itself: ``"pk"``).
    rows: tuple[tuple[str, str], ...]
    #: Loads the app's share of the demo into the demo club and says what it made ("4 matches").
    demo: Callable[[Club], str] | None = None


_parts: dict[str, ClubPart] = {}


def register(part: ClubPart) -> None:
    """Add (or, when ``ready()`` runs again, replace) an app's part."""
    _parts[part.app] = part


def club_parts() -> tuple[ClubPart, ...]:
    """Every app's part, in ``INSTALLED_APPS`` order (parents first)."""
    return tuple(_parts.values())


def club_rows() -> tuple[tuple[str, str], ...]:
    """The rows of a club, over every app, in restore order (parents first)."""
    return tuple(row for part in club_parts() for row in part.rows)
