"""The console's "Reveal the standings": the prize-giving of a blind finish. The page posts through
the service the API's ``POST /api/tournaments/{id}/reveal/`` calls
(``tournaments.services.reveal``); the projector then plays its reveal
(``tournaments.projector_pages``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from tournaments import services
from tournaments.access import tournament_for_organizer

#: Where the console says what the reveal did: in its blind-finish panel.
AT_BLIND = "at-blind"


@require_POST
def console_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    """Reveal the standings (a second press changes nothing) and say so beside the button."""
    tournament = tournament_for_organizer(request.user, pk)
    try:
        services.tournament_reveal(tournament_id=tournament.pk, actor=actor_for(request))
    except ServiceError as error:
        messages.error(request, error.rule, extra_tags=AT_BLIND)
    else:
        messages.success(
            request,
            gettext("The standings are revealed: the public page and the projector show them now."),
            extra_tags=AT_BLIND,
        )
    return redirect(reverse("tournaments:console", args=[pk]) + "#blind")
