"""The scorer page's side of the result lifecycle: the other side accepts the result on the
table's phone, or reports a problem with a reason (hand-over confirmation; with own-device
confirmation, on its own link). One POST, then the scorer page again: a redirect with a message
without JavaScript (post, redirect, get), the page itself with the message in place for htmx.

What this module does not do: decide anything about the result (``scoring/services/results.py``) or draw
the panel (``templates/scoring/_confirm_result.html``).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring.access import place_for, scorer_match
from scoring.boards import scoreboard
from scoring.links import token_side
from scoring.models import Match
from scoring.pages.common import sentence
from scoring.pages.table.scorer import scorer_page_context
from scoring.result_states import Action
from scoring.services import results

DONE = {
    Action.ACCEPT: gettext_lazy("Result accepted: it counts now."),
    Action.REJECT: gettext_lazy("Problem reported: the director decides."),
}


class ResultAnswerForm(forms.Form):
    """What the other side says on the scorer page: accept, or reject with a reason."""

    action = forms.ChoiceField(
        choices=[
            (Action.ACCEPT.value, gettext_lazy("Accept")),
            (Action.REJECT.value, gettext_lazy("Report a problem")),
        ]
    )
    side = forms.CharField(max_length=120, required=False)
    #: The side that entered the result, as the panel asked it (hand-over): it cannot accept it.
    entered = forms.CharField(max_length=120, required=False)
    reason = forms.CharField(max_length=300, required=False)
    #: The deal the problem is about; none: the whole result.
    deal = forms.IntegerField(required=False, min_value=1)


def _moved_on(token: str, match: Match) -> bool:
    """Whether ``token`` is a place's link that now plays another match than ``match``."""
    now = place_for(token)
    return now is not None and now.match is not None and now.match.pk != match.pk


@require_POST
def table_result(request: HttpRequest, token: str) -> HttpResponse:
    """Accept or reject the match's result from the scorer page."""
    match = scorer_match(token)
    form = ResultAnswerForm(request.POST)
    problem, status = _("Choose Accept or Report a problem."), 422
    if form.is_valid():
        action = Action(form.cleaned_data["action"])
        try:
            results.result_act(
                match_id=match.pk,
                action=action,
                actor=actor_for(request, table_link_club=match.club_id),
                side=form.cleaned_data["side"] or None,
                link_side=token_side(token),
                entered=form.cleaned_data["entered"] or None,
                reason=form.cleaned_data["reason"],
                deal=form.cleaned_data["deal"],
            )
        except ServiceError as error:
            problem, status = sentence(error.rule), error.status
        else:
            problem, status = "", 200
    notice = str(DONE[Action(form.cleaned_data["action"])]) if status == 200 else ""
    if not request.htmx:  # type: ignore[attr-defined]
        (messages.success if notice else messages.error)(request, notice or problem)
        return redirect(reverse("scoring:table", args=[token]) + "#result")
    if notice and _moved_on(token, match):
        # A table's link whose series went on to its next game (or whose round moved on): the
        # page is the place's again, reloaded whole; the news comes with it.
        messages.success(request, notice)
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("scoring:table", args=[token])  # without ?entered=
        return response
    match.refresh_from_db()
    context = scorer_page_context(request, match, token, scoreboard(match))
    # The news goes in the page's result news, which the board's poll empties once the match moves
    # on (the director resolves the dispute): the scoreline then says where the result stands.
    context.update({"result_notice": notice, "result_problem": problem, "result_form": form})
    response = render(request, "scoring/table.html", context, status=200 if status == 200 else 422)
    if notice:  # answered: the address no longer says who entered (?entered=), for the next result
        response["HX-Replace-Url"] = reverse("scoring:table", args=[token])
    return response
