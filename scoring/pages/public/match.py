"""A match's public scoreboard and the fragment it polls. Anyone may read it: the board shows the
deals and totals, never the table's link; the fragment is a conditional GET (ETag = the match's
revision), so the many phones and projectors watching an unchanged board get 304s.

What this module does not do: compute the board (``scoring.boards``, ``scoring.display``) or decide
what a blind finish hides (``scoring.access.hidden_from``, filled by the tournaments).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from clubs.access import can_manage
from scoring import part_of
from scoring.access import hidden_from, match_or_404, readable_match_or_404
from scoring.boards import scoreboard
from scoring.pages.common import POLL_SECONDS, poll_response


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The public scoreboard of one match; it polls :func:`match_board` for changes. While a
    tournament's blind finish hides its round, the public reads that it waits for the reveal."""
    match = match_or_404(pk)
    if hidden_from(request, match):
        return render(
            request, "scoring/match_hidden.html", {"match": match, "part_of": part_of.part_of(match)}
        )
    return render(
        request,
        "scoring/match.html",
        {
            "match": match,
            "board": scoreboard(match),
            "poll_url": reverse("scoring:match_board", args=[match.pk]),
            "poll_seconds": POLL_SECONDS,
            "organizer": can_manage(request.user, match.club_id),
            "part_of": part_of.part_of(match),
            "notes": part_of.notes(match),
        },
    )


@require_GET
def match_board(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The scoreboard fragment; a conditional GET answers 304 while the match is unchanged."""
    match = readable_match_or_404(request, pk)
    return poll_response(
        request,
        match,
        lambda: {
            "match": match,
            "board": scoreboard(match),
            "poll_url": request.path,
            "poll_seconds": POLL_SECONDS,
            "fragment": True,
        },
    )
