"""The printable prize list of an evening: who wins which prize and the order in which winners
choose, for the prize table (public, like the standings). Before the event is over it is a preview,
"if it ended now". What it holds comes from ``tournaments.prize_list``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.access import can_manage
from tournaments import blind_finish
from tournaments.access import tournament_or_404
from tournaments.prize_list import prize_list


@require_GET
def prize_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_or_404(pk)
    return render(
        request,
        "tournaments/prizes.html",
        {
            "tournament": tournament,
            "prizes": prize_list(tournament, blind_finish.veil_for(request, tournament)),
            "organizer": can_manage(request.user, tournament.club_id),
        },
    )
