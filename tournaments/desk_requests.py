"""The results desk's queue of correction requests: a table asked the director to correct a deal
of its closed round (``scoring.services.correction_requests``). Each shows who asked, which round, table
and deal, why and how long ago, with a link to that deal's own page (where the director, signed
in, corrects it with a reason: the request is then settled by the correction itself) and a
Dismiss button (the deal stands; the request leaves the queue, its row and audit event stay).

What this module does not do: decide anything (the service does) or draw the rest of the desk
(``tournaments/desk_pages.py``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring.links import table_token
from scoring.models import Match
from scoring.services import correction_requests
from scoring.templatetags.results import actor
from tournaments import desk, notices
from tournaments.access import tournament_for_organizer

#: The desk's section of the requests (its anchor, and where its notices are said).
QUEUE = "requests"


class DismissForm(forms.Form):
    reason = forms.CharField(required=False, max_length=300, strip=True)


def deal_url(match: Match, number: int, tournament_id: int, queue: str) -> str:
    """Deal ``number``'s own page on the match's table link, with the way back to the desk's
    queue ``queue``; empty once the link is revoked (the director renews it first)."""
    if match.table_link_revoked:
        return ""
    back = reverse("tournaments:desk", args=[tournament_id]) + f"#{queue}"
    return reverse("scoring:table_deal", args=[table_token(match), number]) + "?" + urlencode({"back": back})


def rows(
    requests: tuple[desk.DeskRequest, ...], tournament_id: int, age: Any, now: datetime
) -> list[dict[str, Any]]:
    """The requests as the desk's template shows them (``age``: the desk's "4 min ago")."""
    matches = Match.objects.only("pk", "table_secret", "table_link_revoked").in_bulk(
        [r.match for r in requests]
    )
    return [
        {
            "r": request,
            "who": request.side or actor(request.by),
            "age": age(request.at, now),
            "deal_url": deal_url(matches[request.match], request.deal, tournament_id, QUEUE),
        }
        for request in requests
        if request.match in matches
    ]


@require_POST
def desk_dismiss(request: HttpRequest, pk: int, request_id: int) -> HttpResponse:
    """The director dismisses a table's request: the deal stands as it is."""
    tournament = tournament_for_organizer(request.user, pk)
    found = next((r for r in desk.correction_requests(tournament) if r.id == request_id), None)
    back = reverse("tournaments:desk", args=[pk]) + f"#{QUEUE}"
    place = f"{notices.PREFIX}{QUEUE}"
    if found is None:
        messages.error(request, gettext("This request is no longer open."), place)
        return redirect(back)
    form = DismissForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    said = {"round": found.round, "table": found.table, "deal": found.deal}
    try:
        correction_requests.correction_dismiss(request_id=found.id, actor=actor_for(request), reason=reason)
    except ServiceError as error:
        messages.error(
            request,
            gettext("Round %(round)s, table %(table)s, deal %(deal)s: %(rule)s.")
            % {**said, "rule": error.rule},
            place,
        )
    else:
        messages.success(
            request,
            gettext("Round %(round)s, table %(table)s, deal %(deal)s: request dismissed; the deal stands.")
            % said,
            place,
        )
    return redirect(back)
