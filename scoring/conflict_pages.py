"""The scorer page's conflicts (#13): two phones sent different entries for one deal number; the
scored one counts and the other waits beside it. The table (or the director, on the same page)
keeps the scored entry or uses the other one (``scoring.conflicts.conflict_resolve``). Shown by
the ``{% deal_conflicts %}`` tag; the answer is the scorer page, its message on top."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring import conflicts
from scoring.access import scorer_match
from scoring.forms.reading import entry_words
from scoring.models import Deal, Match, Source


def conflict_rows(match: Match, token: str) -> list[dict[str, Any]]:
    """Each open conflict with both entries in words, who sent each and when."""
    rows = []
    for conflict in conflicts.open_conflicts(match):
        deal = Deal.objects.get(match=match, number=conflict.number)
        scored = deal.versions.get(version=deal.version)
        rows.append(
            {
                "conflict": conflict,
                "scored": entry_words(match, scored.entry) if scored.entry else (_("(undone)"),),
                "scored_by": scored.actor_label,
                "scored_at": timezone.localtime(scored.created_at),
                "other": entry_words(match, conflict.entry),
                "other_at": timezone.localtime(conflict.created_at),
                "action": reverse("scoring:table_conflict", args=[token, conflict.pk]),
            }
        )
    return rows


@require_POST
def resolve(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Keep the scored entry (``choice=keep``) or use the other one (``choice=other``)."""
    match = scorer_match(token)
    use_other = request.POST.get("choice") == "other"
    try:
        conflict = conflicts.conflict_resolve(
            match_id=match.pk,
            conflict_id=pk,
            use_other=use_other,
            actor=actor_for(request, table_link_club=match.club_id),
            source=Source.WEB,
        )
    except ServiceError as error:
        messages.error(request, _("Nothing changed: %(why)s.") % {"why": error.rule})
    else:
        said = (
            _("Deal %(number)s: the other entry now counts.")
            if use_other
            else _("Deal %(number)s: the scored entry stays.")
        )
        messages.success(request, said % {"number": conflict.number})
    return redirect("scoring:table", token=token)
