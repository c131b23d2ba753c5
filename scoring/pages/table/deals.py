"""One deal's page on a table's link: correct it, void it, with its change history. A correction
carries the version it corrects, so a phone that read an older one changes nothing and says why.
Once a tournament round is closed the table no longer writes its result: the page asks the
director instead (``scoring.pages.table.corrections``), and the director, signed in, corrects on
this same page with a reason kept on the version.

What this module does not do: undo the last deal from the scorer page (``scoring.pages.table.undo``)
or decide whether a correction is allowed (``scoring.services.deals``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import actor_for, can_manage
from clubs.errors import ServiceError
from games import MatchState
from scoring import selectors
from scoring.access import deal_or_404, scorer_match
from scoring.boards import entry_form
from scoring.forms import VoidForm
from scoring.forms.entry import EntryForm
from scoring.forms.reading import entry_words
from scoring.models import Deal, Match, Source
from scoring.pages.common import int_or_none
from scoring.pages.table import corrections
from scoring.pages.table.blind import back_path
from scoring.services import deals, ledger, lifecycle
from scoring.titles import said_round


def _before(match: Match, number: int) -> MatchState[Any]:
    """The match as it stood before deal ``number`` (all of it, for a voided deal)."""
    live = selectors.live_entries(match)
    position = next((i for i, (deal, _) in enumerate(live) if deal.number == number), len(live))
    return ledger.replay(match, [version.entry for _, version in live[:position]])


def _deal_context(
    request: HttpRequest, match: Match, token: str, deal: Deal, form: EntryForm, void_form: VoidForm
) -> dict[str, Any]:
    organizer = can_manage(request.user, match.club_id)
    closed = lifecycle.needs_reason(match) and organizer
    asking = (
        corrections.ask_context(match, token, deal)
        if corrections.asks_director(match, organizer)
        else {"asked": corrections.open_request(match, deal) if closed else None}
    )
    return {
        **asking,
        "back": back_path(request),
        "reason_required": closed,
        "closed_round": (said_round(match.detail.closed_round) or _("the round")).capitalize()
        if closed
        else "",
        "reason_value": request.POST.get("reason", "") if request.method == "POST" else "",
        "match": match,
        "token": token,
        "deal": deal,
        "form": form,
        "void_form": void_form,
        "versions": [
            {
                "version": v.version,
                "voided": v.voided,
                "reason": v.reason,
                "created_at": v.created_at,
                "actor_label": v.actor_label,
                "actor_ip": v.actor_ip,
                "source": v.get_source_display(),
                "entry_words": entry_words(match, v.entry) if v.entry is not None else (),
            }
            for v in reversed(selectors.deal_history(deal))
        ],
        "organizer": can_manage(request.user, match.club_id),
        "scorer": True,
    }


@never_cache
@require_http_methods(["GET", "POST"])
def table_deal(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """One deal: correct it (POST), with its change history and the form to void it."""
    match = scorer_match(token)
    deal = deal_or_404(match, number)
    if request.method == "GET":
        form = entry_form(match, _before(match, number), entry=_stored_entry(deal))
        void_form = VoidForm(initial={"version": deal.version})
        return render(
            request, "scoring/deal.html", _deal_context(request, match, token, deal, form, void_form)
        )
    form = entry_form(match, _before(match, number), data=request.POST)
    entry = form.entry()
    status = 422
    reason_error = ""
    expected = int_or_none(request.POST.get("version"))
    if entry is not None:
        try:
            deals.deal_correct(
                match_id=match.pk,
                number=number,
                entry=entry,
                expected_version=expected,
                actor=actor_for(request, table_link_club=match.club_id),
                source=Source.WEB,
                reason=request.POST.get("reason", ""),
            )
        except ServiceError as error:
            if error.field == "reason":
                reason_error = error.rule
            else:
                form.report(error.field if error.field != "If-Match" else None, error.rule, error.words)
            status = error.status if error.status != 400 else 422
            deal.refresh_from_db()
        else:
            back = back_path(request)
            # The director came from the desk: back to the queue the link was in (its fragment), the
            # news said there ("at-<queue>", tournaments.notices); the table: the totals on top.
            place = f"at-{urlsplit(back).fragment}" if urlsplit(back).fragment else ""
            messages.success(request, _("Deal %(number)s corrected.") % {"number": number}, place)
            return redirect(back or reverse("scoring:table", args=[token]))
    context = _deal_context(request, match, token, deal, form, VoidForm(initial={"version": deal.version}))
    context["reason_error"] = reason_error
    return render(request, "scoring/deal.html", context, status=status)


def _stored_entry(deal: Deal) -> dict[str, Any] | None:
    """The entry of the deal's current version (``None`` once it is voided)."""
    current = selectors.current_version(deal)
    return None if current is None else current.entry


def void_from_table(request: HttpRequest, match: Match, number: int, cleaned: dict[str, Any]) -> None:
    """The void a table's page sends (this page's Void, the scorer page's Undo): the reason and the
    deal's version (its ``If-Match``) from the form, the table link as who did it."""
    deals.deal_void(
        match_id=match.pk,
        number=number,
        reason=cleaned["reason"],
        expected_version=cleaned["version"],
        actor=actor_for(request, table_link_club=match.club_id),
        source=Source.WEB,
    )


@require_POST
def table_deal_void(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Take a deal out of the match, with a reason; later deals are rescored without it."""
    match = scorer_match(token)
    deal = deal_or_404(match, number)
    void_form = VoidForm(request.POST)
    if void_form.is_valid():
        try:
            void_from_table(request, match, number, void_form.cleaned_data)
        except ServiceError as error:
            void_form.add_error("reason" if error.field == "reason" else None, error.rule)
            deal.refresh_from_db()
        else:
            messages.success(request, _("Deal %(number)s voided.") % {"number": number})
            return redirect("scoring:table", token=token)  # the message and the totals on top
    form = entry_form(match, _before(match, number), entry=_stored_entry(deal))
    context = _deal_context(request, match, token, deal, form, void_form)
    return render(request, "scoring/deal.html", context, status=422)
