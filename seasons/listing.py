"""How visitors find seasons from the scoring app's pages (the home page, a club's page): the
seasons, newest first, and the link to the club's players, handed to the clubs app as the seasons'
part of a club (``clubs.parts``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext, pgettext

from clubs.models import Club
from clubs.parts import Listed, Listing
from scoring.templatetags.game_names import game_name
from seasons.access import seen_by
from seasons.models import Season
from seasons.selectors import privacy

SHOWN = 4


def club_links(club: Club, user: Any) -> tuple[tuple[str, str], ...]:
    """The club page's link to its players (their list, ratings and pages), for a visitor who
    may see them (``seasons.access``: public, or an organizer of the club)."""
    if not seen_by(user)(club.pk).pages:
        return ()
    return ((gettext("Players"), reverse("seasons:players") + f"?club={club.slug}"),)


def public_player_pages(club_id: int) -> Callable[[int], str | None]:
    """The page of each player of the club a visitor may open (``seasons.access``), for the names
    on the club's public pages (a tournament's standings): ``None`` for a player kept private."""
    shown = privacy(club_id, organizer=False)
    return lambda player: reverse("seasons:player", args=[player]) if shown.lists(player) else None


def season_listing(club: Club | None) -> Listing:
    """The newest seasons of ``club`` (every club's for the home page)."""
    found = Season.objects.select_related("club")
    if club is not None:
        found = found.filter(club=club)
    items = []
    for season in found[:SHOWN]:
        words = [game_name(season.game_key), *([season.club.name] if club is None else [])]
        if season.table.get("provisional"):
            words.append(pgettext("season", "provisional"))
        items.append(Listed(title=season.name, url=season.get_absolute_url(), detail=" · ".join(words)))
    all_url = reverse("seasons:list") + (f"?club={club.slug}" if club is not None else "")
    return Listing(
        heading=gettext("Seasons"), items=tuple(items), all_url=all_url, empty=gettext("No season yet.")
    )
