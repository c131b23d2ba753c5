"""The console's "take it off the lists": delete a tournament that never started, asked first, or
archive one that did, and show it again. The rule of which is which is the service's
(``tournaments.services.removal``); these pages only ask, call it and say what it did."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from clubs.errors import ServiceError
from scoring.pages.common import confirmation, confirmed
from tournaments import services
from tournaments.access import tournament_for_organizer

AT_KEEP = "at-keep"


@require_POST
def console_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a tournament that never started, once the organizer confirmed it."""
    tournament = tournament_for_organizer(request.user, pk)
    console = reverse("tournaments:console", args=[pk])
    if not confirmed(request):
        entrants = tournament.entrants.count()
        return confirmation(
            request,
            tournament.name,
            question=gettext("Delete this tournament?"),
            consequence=ngettext(
                "It is deleted with its %(count)s entrant. This cannot be undone.",
                "It is deleted with its %(count)s entrants. This cannot be undone.",
                entrants,
            )
            % {"count": entrants},
            yes=gettext("Yes, delete the tournament"),
            carried=[],
            back=console + "#keep",
        )
    club = tournament.club
    try:
        services.tournament_delete(tournament_id=tournament.pk)
    except ServiceError as error:
        messages.error(request, error.rule, extra_tags=AT_KEEP)
        return redirect(console + "#keep")
    messages.success(request, gettext("“%(name)s” was deleted.") % {"name": tournament.name})
    return redirect("scoring:club", slug=club.slug)


@require_POST
def console_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Archive the tournament (``archived=on``), or show it in the lists again."""
    tournament = tournament_for_organizer(request.user, pk)
    archived = request.POST.get("archived") == "on"
    services.tournament_archive(tournament_id=tournament.pk, archived=archived)
    said = (
        gettext("Archived: the tournament no longer shows in the lists.")
        if archived
        else gettext("The tournament shows in the lists again.")
    )
    messages.success(request, said, extra_tags=AT_KEEP)
    return redirect(reverse("tournaments:console", args=[pk]) + "#keep")
