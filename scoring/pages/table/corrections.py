"""A deal's page on a table's link once its round is closed: no correction form (the table may no
longer write the result), but "Ask the director to correct deal N" with a reason, which reaches
the results desk (``scoring.services.correction_requests``). Once asked, the page says the request is with
the director, and what it said; asking again is the same request.

Only the table asks (the director, signed in on the same page, gets the correction form), so this
is a table page, beside the deal's page that shows it.

What this module does not do: decide (the service) or correct the deal (the director does, on the
same page signed in: ``scoring.pages.table.deals.table_deal``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.access import actor_for
from scoring.access import deal_or_404, scorer_match
from scoring.links import token_side
from scoring.models import CorrectionRequest, CorrectionRequestStatus, Deal, Match
from scoring.result_states import ResultStatus
from scoring.services import correction_requests
from scoring.services.lifecycle import closed_said


class AskForm(forms.Form):
    """What the table says to the director: who asks (hand-over: the side names itself) and why."""

    side = forms.CharField(max_length=120, required=False)
    reason = forms.CharField(max_length=300, required=False)


def asks_director(match: Match, organizer: bool) -> bool:
    """Whether a deal's page shows the request instead of the correction form: the round is
    closed and the reader is the table, not the director signed in."""
    return match.result_status == ResultStatus.FINAL and not organizer


def open_request(match: Match, deal: Deal) -> CorrectionRequest | None:
    """The table's open request about ``deal``: the table sees it was sent, the director what
    was asked while correcting it."""
    return CorrectionRequest.objects.filter(
        match=match, deal_number=deal.number, status=CorrectionRequestStatus.OPEN
    ).first()


def ask_context(match: Match, token: str, deal: Deal) -> dict[str, Any]:
    """What the deal's page needs to show the request (or the one already sent)."""
    side = token_side(token)
    return {
        "ask_director": True,
        "asked": open_request(match, deal),
        "ask_round": closed_said(match) or _("the round"),
        "sides": list(match.sides),
        "own_side": match.sides[side] if side is not None and 0 <= side < len(match.sides) else None,
    }


@require_POST
def table_deal_ask(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Ask the director to correct deal ``number`` (its round is closed); a refusal (no reason, no
    side named) is said on the deal's page (``scoring.pages.common.refused_back_to`` in the URLs)."""
    match = scorer_match(token)
    deal_or_404(match, number)
    form = AskForm(request.POST)
    data = form.cleaned_data if form.is_valid() else {}
    asked = correction_requests.correction_ask(
        match_id=match.pk,
        deal=number,
        reason=data.get("reason", ""),
        actor=actor_for(request, table_link_club=match.club_id),
        side=data.get("side") or None,
        link_side=token_side(token),
    )
    if asked.created:
        messages.success(request, _("Request sent: the director will look at deal %(n)s.") % {"n": number})
    return redirect("scoring:table_deal", token=token, number=number)
