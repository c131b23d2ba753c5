"""Pages of the scoring app: parse, authorize, call one service or selector, render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import GAMES
from scoring.models import Club, Match, MatchStatus


def home(request: HttpRequest) -> HttpResponse:
    """The games Tablescore scores, the clubs, and the matches in progress."""
    in_progress = Match.objects.filter(status=MatchStatus.IN_PROGRESS).select_related("club")[:30]
    return render(
        request,
        "scoring/home.html",
        {"games": list(GAMES.values()), "clubs": Club.objects.all(), "matches": in_progress},
    )


def club(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's matches."""
    the_club = get_object_or_404(Club, slug=slug)
    matches = the_club.matches.all()[:100]
    return render(request, "scoring/club.html", {"club": the_club, "matches": matches})


def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The public scoreboard of one match."""
    match = get_object_or_404(Match.objects.select_related("club"), pk=pk)
    return render(request, "scoring/match.html", {"match": match, "state": match.state})
