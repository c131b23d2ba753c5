"""What the pages of more than one audience do the same way, public here so that no page module
reaches into another's private helpers (and the tournaments' pages ask their confirmations the same
way as scoring's):

- the polled scoreboard fragment: a conditional GET whose ETag is the match's revision, so an
  unchanged board answers 304 (the public board and the scorer's);
- a write a service refuses, said on the page it came from (post, redirect, get): the table's
  rematch and request to the director, the organizer's rematch;
- the confirmation asked before an action that stops something (revoking a link, abandoning or
  deleting a match, a table's Undo, the tournaments' withdrawals and voids). It is a page, so that it
  works without JavaScript; with JavaScript the page asks in a dialog first and posts the
  confirmation at once;
- a match's conflicts (#13): two phones sent different entries for one deal number; the scored one
  counts and the other waits beside it. The table (on the scorer page) or an organizer (on the
  match's organizer page) keeps the scored entry or uses the other one
  (``scoring.services.conflicts.conflict_resolve``); both pages list them with the
  ``{% deal_conflicts %}`` tag and post to their own address.

What this module does not do: decide anything (the services do) or serve a URL of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring.forms.reading import entry_words
from scoring.models import Deal, Match, Source
from scoring.services import conflicts
from tablescore.conditional import conditional_get

#: Seconds between two polls of a scoreboard.
POLL_SECONDS = 4
#: What the confirmation posts back.
CONFIRMED = "yes"

#: A page view of the scoring app.
View = Callable[..., HttpResponse]


def poll_response(
    request: HttpRequest, match: Match, context: Callable[[], dict[str, Any]], *, private: bool = False
) -> HttpResponseBase:
    """The board fragment, or 304 when the client already has this revision (ETag = revision)."""
    return conditional_get(
        request,
        str(match.revision),
        lambda: render(request, "scoring/_board.html", context()),
        private=private,
    )


def int_or_none(text: str | None) -> int | None:
    """A number a form posted (a deal's number, a version), ``None`` when absent or not one."""
    try:
        return int(text) if text else None
    except ValueError:
        return None


def sentence(rule: str) -> str:
    """A service's refusal ("the round is closed") as a sentence of its own on the page."""
    return rule[:1].upper() + rule[1:] + "."


def refused_back_to(page: str) -> Callable[[View], View]:
    """A write refused by a service (a 409: no rematch at a tournament table) shows its reason on
    ``page`` (named with the view's own arguments) instead of failing: post, redirect, get."""

    def decorate(view: View) -> View:
        @wraps(view)
        def refusing(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            try:
                return view(request, **kwargs)
            except ServiceError as error:
                messages.error(request, sentence(error.rule))
                return redirect(reverse(page, kwargs=kwargs))

        return refusing

    return decorate


def confirmed(request: HttpRequest) -> bool:
    """Whether the action posted was confirmed (the confirmation page, or the dialog)."""
    return request.POST.get("confirm") == CONFIRMED


def confirmation(
    request: HttpRequest,
    subject: Match | str,
    *,
    question: str,
    consequence: str,
    yes: str,
    carried: Iterable[str],
    back: str | None = None,
) -> HttpResponse:
    """The page asking to confirm what ``request`` posted about ``subject`` (a match, or what the
    question is about in words); the fields named in ``carried`` are posted again with the
    confirmation. "No" goes ``back`` (a match's manage page by default)."""
    if back is None and isinstance(subject, Match):
        back = reverse("scoring:match_manage", args=[subject.pk])
    return render(
        request,
        "scoring/confirm.html",
        {
            "match": subject,
            "question": question,
            "consequence": consequence,
            "yes": yes,
            "action": request.path,
            "carried": [(name, request.POST[name]) for name in carried if request.POST.get(name)],
            "back": back,
        },
    )


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


def settle_conflict(request: HttpRequest, match: Match, pk: int, *, table_link: bool) -> None:
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
