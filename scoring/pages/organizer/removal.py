"""A friendly match's "take it off the lists", on its manage page: delete one nobody scored,
asked first, or archive one that has deals, and show it again. Which is allowed is the service's
rule (``scoring.services.removal``); these pages only ask, call it and say what it did."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring.pages.common import confirmation, confirmed
from scoring.pages.organizer.matches import managed_match
from scoring.services import removal


@require_POST
def match_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a match nobody scored, once the organizer confirmed it."""
    match = managed_match(request, pk)
    if not confirmed(request):
        return confirmation(
            request,
            match,
            question=_("Delete the match?"),
            consequence=_("No deal was entered: the match and its scorer link go. This cannot be undone."),
            yes=_("Yes, delete the match"),
            carried=[],
        )
    try:
        removal.match_delete(match_id=match.pk)
    except ServiceError as error:
        messages.error(request, error.rule)
        return redirect("scoring:match_manage", pk=match.pk)
    messages.success(request, _("“%(match)s” was deleted.") % {"match": match})
    return redirect("scoring:club", slug=match.club.slug)


@require_POST
def match_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Archive the match (``archived=on``), or show it in the lists again."""
    match = managed_match(request, pk)
    archived = request.POST.get("archived") == "on"
    try:
        removal.match_archive(match_id=match.pk, archived=archived, actor=actor_for(request))
    except ServiceError as error:
        messages.error(request, error.rule)
    else:
        messages.success(
            request,
            _("Archived: the match no longer shows in the lists.")
            if archived
            else _("The match shows in the lists again."),
        )
    return redirect("scoring:match_manage", pk=match.pk)
