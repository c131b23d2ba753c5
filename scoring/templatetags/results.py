"""The result lifecycle on the pages: ``{% result_panel %}`` draws the scorer page's
confirmation panel (``scoring/_confirm_result.html``) when the match's result awaits the other
side, and ``{{ match|result_line }}`` says where a result stands in a few words ("Result awaiting
confirmation", "Result disputed by Ben: 9, not 10", "Result final: round 2 is closed").

What this module does not do: decide who may do what (``scoring/services/results.py`` does when the form
is posted).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.links import token_side
from scoring.models import Match
from scoring.result_states import Confirmation, ResultStatus
from scoring.titles import said_round

register = template.Library()

#: What a result's detail adds to its state, by state: who accepted or disputed it.
BY_SIDE = {
    ResultStatus.CONFIRMED: gettext_lazy("Result accepted by %(side)s"),
    ResultStatus.DISPUTED: gettext_lazy("Result disputed by %(side)s"),
}


@register.filter
def result_line(match: Match) -> str:
    """The result's state in words, or nothing for a result nobody confirms or still open."""
    status = ResultStatus(match.result_status)
    if match.confirmation == Confirmation.NONE or status == ResultStatus.OPEN:
        return ""
    detail = match.detail
    # Translators: %(status)s is where the result stands: "awaiting confirmation", "confirmed"…
    line = _("Result %(status)s") % {"status": status.label}
    if status in BY_SIDE and detail.by:
        line = BY_SIDE[status] % {"side": detail.by}
    if status == ResultStatus.FINAL and detail.closed:
        line = _("Result final: %(round)s is closed") % {"round": said_round(detail.closed)}
    elif status in (ResultStatus.DISPUTED, ResultStatus.VOID) and detail.reason:
        line = _("%(result)s: %(reason)s") % {"result": line, "reason": detail.reason}
    return line


@register.inclusion_tag("scoring/_confirm_result.html", takes_context=True)
def result_panel(context: Any) -> dict[str, Any]:
    """The confirmation panel of the scorer page, when the result awaits the other side."""
    match: Match = context["match"]
    token = context.get("token")
    waiting = (
        bool(token)
        and match.result_status == ResultStatus.SUBMITTED
        and match.confirmation in (Confirmation.HAND_OVER, Confirmation.OWN_DEVICE)
    )
    side = token_side(token) if waiting and token else None
    own_device = match.confirmation == Confirmation.OWN_DEVICE
    answer = context.get("result_form")
    board = context.get("board")
    entered = _entered(context.get("request"), answer, match) if waiting and side is None else None
    return {
        "entered": entered,
        # Hand-over asks first who entered the result; an answer posted without saying it (a page
        # drawn before it asked) is answered with every side offered, as then.
        "ask_entered": entered is None and answer is None,
        "others": [name for name in match.sides if name != entered],
        # the deals a problem may name (the whole result otherwise): the counting ones
        "deals": [d.number for d in board.deals if not d.voided] if waiting and board is not None else [],
        "show": waiting,
        "match": match,
        "token": token,
        "csrf_token": context.get("csrf_token"),
        "sides": list(match.sides),
        "own_side": match.sides[side] if side is not None and 0 <= side < len(match.sides) else None,
        "own_device": own_device,
        "problem": context.get("result_problem", ""),
        "form": context.get("result_form"),
    }


def _entered(request: HttpRequest | None, answer: Any, match: Match) -> str | None:
    """The side that entered the result, as the hand-over panel asked it: its index in the page's
    address with the match's id (``?entered=0&match=12``: a place's link that moved on to its next
    match asks again), or its name posted back with an answer the page refused (``answer``)."""
    sides: list[str] = [str(side) for side in match.sides]
    if answer is not None:
        name = answer.data.get("entered")
        return str(name) if name in sides else None
    if request is None:
        return None
    index = request.GET.get("entered", "")
    if request.GET.get("match") != str(match.pk) or not index.isdigit() or int(index) >= len(sides):
        return None
    return sides[int(index)]


#: Who wrote, when it was not a person: the labels ``clubs.access`` and the tournaments' services
#: store in English (``actor_label``), said in the reader's language; a person's name is as stored.
ACTORS = {
    # Translators: who saved a deal or a result: the players through the table's scorer link.
    "table link": pgettext_lazy("actor", "table link"),
    # Translators: who made a record: the tournament itself (its draw, its series' next game).
    "tournament": pgettext_lazy("actor", "tournament"),
    # Translators: who made a record: the demo's loader.
    "demo data": pgettext_lazy("actor", "demo data"),
}


@register.filter
def actor(label: str) -> str:
    """``table link`` → "scorelink" on a Dutch page; any other label (a person's name) as it is."""
    found = ACTORS.get(label)
    return str(found) if found is not None else label
