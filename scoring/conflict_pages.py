"""The pages' conflicts (#13): two phones sent different entries for one deal number; the scored
one counts and the other waits beside it. The table (on the scorer page, through its link) or an
organizer of the club (on the match's organizer page) keeps the scored entry or uses the other
one (``scoring.services.conflicts.conflict_resolve``: a new version of the deal, audited). Both pages show
them with the ``{% deal_conflicts %}`` tag and post to their own address; each answers with its
page, the message on top."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.access import actor_for, get_for_organizer
from clubs.errors import ServiceError
from scoring.access import scorer_match
from scoring.forms.reading import entry_words
from scoring.models import Deal, Match, Source
from scoring.services import conflicts


def conflict_rows(match: Match, token: str | None) -> list[dict[str, Any]]:
    """Each open conflict with both entries in words, who sent each and when; its form posts to
    the scorer page's address (``token``) or, without one, to the organizer's."""
    rows = []
    for conflict in conflicts.open_conflicts(match):
        deal = Deal.objects.get(match=match, number=conflict.number)
        scored = deal.versions.get(version=deal.version)
        action = (
            reverse("scoring:table_conflict", args=[token, conflict.pk])
            if token
            else reverse("scoring:match_conflict", args=[match.pk, conflict.pk])
        )
        rows.append(
            {
                "conflict": conflict,
                "scored": entry_words(match, scored.entry) if scored.entry else (_("(undone)"),),
                "scored_by": scored.actor_label,
                "scored_at": timezone.localtime(scored.created_at),
                "other": entry_words(match, conflict.entry),
                "other_at": timezone.localtime(conflict.created_at),
                "action": action,
            }
        )
    return rows


def _settle(request: HttpRequest, match: Match, pk: int, *, table_link: bool) -> None:
    """Keep the scored entry (``choice=keep``) or use the other one (``choice=other``); the
    outcome as the page's message."""
    use_other = request.POST.get("choice") == "other"
    try:
        conflict = conflicts.conflict_resolve(
            match_id=match.pk,
            conflict_id=pk,
            use_other=use_other,
            actor=actor_for(request, table_link_club=match.club_id if table_link else None),
            source=Source.WEB if table_link else Source.ADMIN,
        )
    except ServiceError as error:
        messages.error(request, _("Nothing changed: %(rule)s.") % {"rule": error.rule})
    else:
        said = (
            _("Deal %(n)s: the other entry now counts.")
            if use_other
            else _("Deal %(n)s: the scored entry stays.")
        )
        messages.success(request, said % {"n": conflict.number})


@require_POST
def resolve(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """The table settles a conflict from the scorer page."""
    match = scorer_match(token)
    _settle(request, match, pk, table_link=True)
    return redirect("scoring:table", token=token)


@require_POST
def organizer_resolve(request: HttpRequest, match_pk: int, pk: int) -> HttpResponse:
    """An organizer of the club settles a conflict from the match's organizer page."""
    match = get_for_organizer(request.user, Match.objects.select_related("club"), "match", pk=match_pk)
    _settle(request, match, pk, table_link=False)
    return redirect("scoring:match_manage", pk=match.pk)
