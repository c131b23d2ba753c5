"""Each app's part of a club: the rows it keeps for a club, and its share of the demo.

The clubs app sits at the bottom and names no app above it, yet a club's archive holds every row
of the club and the demo club shows every app. So each app registers its :class:`ClubPart` in its
``AppConfig.ready()``. Django calls those in ``INSTALLED_APPS`` order, the bottom app first, so the
parts come parents first: the order in which a restore saves rows and the demo builds them.

A part may also list what a visitor of the home page or of a club's page looks for (the
tournaments, live ones first), and each club's evenings being played or coming (the home page's
list of clubs): the scoring app, which serves those pages, shows every app's :class:`Listing`
without knowing the app.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clubs.models import Club


@dataclass(frozen=True)
class Listed:
    """One thing a listing shows: its title, its page, a line saying what it is, and whether it is
    being played now."""

    title: str
    url: str
    detail: str
    live: bool = False


@dataclass(frozen=True)
class Listing:
    """What an app lists for visitors: a heading, the items (live first), the page listing them
    all, and what to say when there is none."""

    heading: str
    items: tuple[Listed, ...]
    all_url: str
    empty: str


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
    #: What the app lists on the home page (``None``: every club) and on a club's page.
    listing: Callable[[Club | None], Listing] | None = None
    #: The evenings being played or coming of every club, by club id, live first: the home page
    #: lists each club with them.
    evenings: Callable[[], Mapping[int, Sequence[Listed]]] | None = None
    #: The app's pages of a club that its page links to for a visitor (``user``): (label, URL)
    #: pairs, none when the visitor may not see them (the players, when the club keeps them private).
    links: Callable[[Club, Any], tuple[tuple[str, str], ...]] | None = None
    #: The public page of a player of the club (by the club's id, then the player's), or ``None``
    #: when the club keeps that player's page private: names on the public pages link there.
    player_page: Callable[[int], Callable[[int], str | None]] | None = None
    #: An archived row's fields (by its model's label) as the app's models hold them today: an
    #: archive written by an older Tablescore may hold data in a shape that has changed since.
    archived: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None


_parts: dict[str, ClubPart] = {}


def register(part: ClubPart) -> None:
    """Add (or, when ``ready()`` runs again, replace) an app's part."""
    _parts[part.app] = part


def club_parts() -> tuple[ClubPart, ...]:
    """Every app's part, in ``INSTALLED_APPS`` order (parents first)."""
    return tuple(_parts.values())


def archived_fields(label: str, fields: dict[str, Any]) -> dict[str, Any]:
    """An archived row's fields as they are stored today (its app's :attr:`ClubPart.archived`)."""
    part = _parts.get(label.partition(".")[0])
    return part.archived(label, fields) if part is not None and part.archived is not None else fields


def club_rows() -> tuple[tuple[str, str], ...]:
    """The rows of a club, over every app, in restore order (parents first)."""
    return tuple(row for part in club_parts() for row in part.rows)


def club_links(club: Club, user: Any) -> tuple[tuple[str, str], ...]:
    """Every app's links from ``club``'s page for ``user`` (label, URL)."""
    return tuple(link for part in club_parts() if part.links is not None for link in part.links(club, user))


def player_pages(club_id: int) -> Callable[[int], str | None]:
    """A player's public page (by the player's id) as the club's public pages may link it, or
    ``None``: the first app that serves player pages answers; without one, no name is a link."""
    for part in club_parts():
        if part.player_page is not None:
            return part.player_page(club_id)
    return lambda player: None


def listings(club: Club | None) -> tuple[Listing, ...]:
    """Every app's listing for the home page (``club`` ``None``) or for ``club``'s page."""
    return tuple(part.listing(club) for part in club_parts() if part.listing is not None)


def club_evenings() -> dict[int, list[Listed]]:
    """Every app's live and coming evenings, by club id (live first within each app's)."""
    found: dict[int, list[Listed]] = {}
    for part in club_parts():
        if part.evenings is not None:
            for club_id, items in part.evenings().items():
                found.setdefault(club_id, []).extend(items)
    return {club_id: sorted(items, key=lambda item: not item.live) for club_id, items in found.items()}
