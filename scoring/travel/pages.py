"""A friendly match's "Download this match" on its organizer's page: its evening file
(``scoring.travel.friendly``), as an attachment. A POST, because the match records that it left
in this state. Uploading is the tournaments app's page, which takes both kinds of file."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from clubs.access import get_for_organizer
from clubs.travel.envelope import dumps
from scoring.models import Match
from scoring.travel.friendly import export_match


@require_POST
def match_download(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_for_organizer(request.user, Match.objects.select_related("club"), "match", pk=pk)
    text = dumps(export_match(match_id=match.pk))
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.public_id}.evening.json"'
    return response
