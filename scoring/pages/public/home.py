"""The pages that list what is played: the home page and a club's page. Public, because a club's
evenings and matches are shown to anyone who walks into the room; what only organizers see (the
archived matches, how to start one) is added for them on the same page, never another page.

What this module does not do: list the tournaments and seasons (the apps above register their
listings and links through ``clubs.parts``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.access import can_manage, is_site_operator
from clubs.models import Club
from clubs.names import name_key
from clubs.parts import club_evenings, club_links, listings
from games import GAMES
from scoring.models import Match, MatchStatus

#: The club page's filter for the matches taken off its list (organizers only).
ARCHIVED = "archived"


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The tournaments (live first), the matches in progress, the clubs with their evenings being
    played or coming, and the games; a site operator also finds how to make a club."""
    in_progress = Match.objects.filter(status=MatchStatus.IN_PROGRESS, archived_at__isnull=True)
    in_progress = in_progress.select_related("club")[:30]
    evenings = club_evenings()
    return render(
        request,
        "scoring/home.html",
        {
            "games": list(GAMES.values()),
            "clubs": [
                (club, evenings.get(club.pk, []))
                for club in sorted(Club.objects.all(), key=lambda club: name_key(club.name))
            ],
            "matches": in_progress,
            "makes_clubs": is_site_operator(request.user),
            "listings": listings(None),
        },
    )


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's tournaments (live first) and matches, newest activity first, and the links the apps
    above offer (its players); organizers also see how to start one."""
    the_club = get_object_or_404(Club, slug=slug)
    status = request.GET.get("status", "")
    organizer = can_manage(request.user, the_club)
    archived = organizer and status == ARCHIVED
    shown = the_club.matches.filter(archived_at__isnull=not archived)
    if status in MatchStatus.values:
        shown = shown.filter(status=status)
    return render(
        request,
        "scoring/club.html",
        {
            "club": the_club,
            "matches": shown[:100],
            "status": status,
            "statuses": MatchStatus.choices + ([(ARCHIVED, _("Archived"))] if organizer else []),
            "organizer": organizer,
            "listings": listings(the_club),
            "links": club_links(the_club, request.user),
        },
    )
