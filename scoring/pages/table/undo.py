"""The table's **Undo last deal**: while the match is open, take its last counting deal out, with
a reason already filled in ("Undo: entered by mistake", editable), after a confirmation.

It is the existing void (``scoring.services.deals.deal_void``: a new version with no entry, the match replayed
without it, an audit event with the reason) with the deal's version as ``If-Match``, so an undo
sent twice, or after another phone changed or added a deal, changes nothing and says why. Without
JavaScript the confirmation is a page (``scoring.pages.common.confirmation``); with it, a dialog first. The
answer is the scorer page, its message on top beside the totals.

What this module does not do: void any other deal (the deal page does,
``scoring.pages.table.deals.table_deal_void``). :func:`undo_control`, what the scorer page's Undo
shows, lives here beside the view it posts to; the ``{% undo_last %}`` tag renders it.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.errors import ServiceError
from scoring.access import scorer_match
from scoring.display import Board
from scoring.forms import UndoForm
from scoring.models import Match, MatchStatus
from scoring.pages.common import confirmation, confirmed
from scoring.pages.table.deals import void_from_table
from scoring.selectors import live_entries


def last_live(match: Match) -> tuple[int, int] | None:
    """The number and version of the match's last counting deal, if it has one."""
    live = live_entries(match)
    return (live[-1][0].number, live[-1][0].version) if live else None


def undo_control(board: Board, token: str) -> dict[str, Any]:
    """What the scorer page's Undo shows (the board's last counting deal); nothing once the match
    is over or has no deal."""
    last = next((deal for deal in reversed(board.deals) if not deal.voided), None)
    if board.match.status != MatchStatus.IN_PROGRESS or last is None:
        return {}
    return {
        "undo_form": UndoForm(initial={"number": last.number, "version": last.version}),
        "undo_number": last.number,
        "undo_action": reverse("scoring:table_undo", args=[token]),
    }


def _refusal(match: Match, posted: int, last: tuple[int, int] | None) -> str | None:
    """Why the undo of deal ``posted`` cannot go on, in words; ``None`` when it can."""
    if match.status != MatchStatus.IN_PROGRESS:
        return _("Nothing was undone: the match is over. To change a deal now, call the director.")
    if match.deals.filter(number=posted, voided=True).exists():
        return _("Deal %(number)s is already undone.") % {"number": posted}
    if last is None:
        return _("Nothing was undone: there is no deal to undo.")
    if last[0] != posted:
        return _(
            "Nothing was undone: deal %(number)s is not the last deal any more (deal %(last)s is). "
            "Look at the deals, then undo again."
        ) % {"number": posted, "last": last[0]}
    return None


@require_POST
def table_undo(request: HttpRequest, token: str) -> HttpResponse:
    """Undo the last deal, once confirmed."""
    match = scorer_match(token)
    here = reverse("scoring:table", args=[token])
    form = UndoForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Nothing was undone: say why the deal is undone."))
        return redirect(here)
    number = form.cleaned_data["number"]
    refused = _refusal(match, number, last_live(match))
    if refused is not None:
        messages.error(request, refused)
        return redirect(here)
    if not confirmed(request):
        return confirmation(
            request,
            match,
            question=_("Undo deal %(number)s?") % {"number": number},
            consequence=_(
                "Deal %(number)s stops counting and the totals go back to what they were before it. "
                "It stays in the deal history with your reason."
            )
            % {"number": number},
            yes=_("Yes, undo deal %(number)s") % {"number": number},
            carried=["number", "version", "reason", "match"],
            back=here,
        )
    try:
        void_from_table(request, match, number, form.cleaned_data)
    except ServiceError as error:
        messages.error(request, _("Nothing was undone: %(why)s.") % {"why": error.rule})
    else:
        messages.success(request, _("Deal %(number)s undone.") % {"number": number})
    return redirect(here)
