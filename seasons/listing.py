"""How visitors find seasons from the scoring app's pages (the home page, a club's page): the
seasons, newest first, handed to the clubs app as the seasons' part of a club (``clubs.parts``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext, pgettext

from clubs.models import Club
from clubs.parts import Listed, Listing
from scoring.templatetags.game_names import game_name
from seasons.models import Season

SHOWN = 4


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
