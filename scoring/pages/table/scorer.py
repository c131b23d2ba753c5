"""The scorer page of a table's link and what it posts: the board with the next deal's entry form
(a Save records the deal), the fragment it polls, its heartbeat, a conflict settled, a rematch.

A Save goes the one way every entry point takes (``scoring.services.deals.deal_record_numbered``,
with the deal's number and its ``Idempotency-Key``), as "table link" from the client's address;
its answer tells the phone's outbox what became of the deal in headers (``scoring.numbering``), so
the script never reads the page. A double-blind side's Save goes to its own ledger instead
(``scoring.pages.table.blind``).

What this module does not do: a deal's own page (``scoring.pages.table.deals``), build the entry
form or the board (``scoring.boards``, ``scoring.forms.entry``, ``scoring.display``).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import actor_for, can_manage
from clubs.errors import ServiceError
from scoring import display, numbering
from scoring.access import scorer_match
from scoring.boards import entry_form, scoreboard
from scoring.forms.entry import EntryForm
from scoring.links import scorer_path
from scoring.models import Match, Source
from scoring.pages.common import POLL_SECONDS, int_or_none, poll_response, settle_conflict
from scoring.pages.table import blind
from scoring.services import blind as blind_ledgers
from scoring.services import contacts, deals, matches


def _scorer_board(request: HttpRequest, match: Match, token: str) -> display.Board:
    """The board a scorer page shows: the match's deals, or a double-blind side's own entries."""
    side = blind.blind_side(request, match, token)
    if side is None or not blind.shows_own(match):
        return scoreboard(match)
    return blind.blind_board(match, side)


def scorer_page_context(
    request: HttpRequest, match: Match, token: str, board: display.Board, form: EntryForm | None = None
) -> dict[str, Any]:
    """The scorer page of ``board``; its entry form is the next deal's unless ``form`` (as posted)."""
    last = max((deal.number for deal in board.deals), default=0)
    side = blind.blind_side(request, match, token)
    locked = blind.blind_locked(request, match, token)
    blind_context: dict[str, Any] = {}
    if side is not None or locked:
        blind_context = {"blind": blind.blind_panel(match, side, board), "blind_locked": locked}
        blind_context["entry_closed"] = locked or match.result_status != "open"
    return {
        **blind_context,
        # the director came from the desk (a dispute's score sheet, a double-blind's own score)
        "back": blind.back_path(request),
        "match": match,
        "token": token,
        "board": board,
        "form": form or entry_form(match, board.played),
        "entry_heading": _("Enter deal %(number)s") % {"number": last + 1},
        "entry_submit": _("Save deal %(number)s") % {"number": last + 1},
        "entry_number": last + 1,
        "scorer": True,
        "idempotency_key": uuid.uuid4().hex,
        "poll_url": reverse("scoring:table_board", args=[token]),
        "contact_url": reverse("scoring:table_contact", args=[token]),
        "poll_seconds": POLL_SECONDS,
        "organizer": can_manage(request.user, match.club_id),
    }


@never_cache
@require_http_methods(["GET", "POST"])
def table(request: HttpRequest, token: str) -> HttpResponse:
    """The scorer page: the scoreboard and the form for the next deal (POST records it)."""
    match = scorer_match(token)
    board = _scorer_board(request, match, token)
    if request.method == "GET":
        return render(request, "scoring/table.html", scorer_page_context(request, match, token, board))
    contacts.note_contact(match, numbering.outbox_count(request.headers))
    form = entry_form(match, board.played, data=request.POST)
    entry = form.entry()
    status = 422
    side = blind.blind_side(request, match, token)
    if entry is not None and side is not None:
        return _blind_entry(request, match, token, side, form, entry)
    if entry is not None:
        try:
            written = deals.deal_record_numbered(
                match_id=match.pk,
                number=int_or_none(request.POST.get("number")),
                entry=entry,
                actor=actor_for(request, table_link_club=match.club_id),
                source=Source.WEB,
                idempotency_key=request.POST.get("key") or None,
            )
        except ServiceError as error:
            form.report(error.field, error.rule, error.words)
            status = error.status if error.status != 400 else 422
        else:  # saved, or a recorded conflict (both entries shown on the page, to settle)
            notice = numbering.saved_notice(written)
            if not request.htmx:  # type: ignore[attr-defined]
                level = messages.WARNING if written.conflict else messages.SUCCESS
                messages.add_message(request, level, notice)
                return redirect("scoring:table", token=token)  # the message and the totals on top
            match.refresh_from_db()
            context = scorer_page_context(request, match, token, scoreboard(match))
            context["notice"] = notice
            answer = render(request, "scoring/table.html", context, status=409 if written.conflict else 200)
            return numbering.tell_outcome(answer, _outcome(written))
    match.refresh_from_db()
    context = scorer_page_context(request, match, token, scoreboard(match), form)
    answer = render(request, "scoring/table.html", context, status=status)
    return numbering.tell_outcome(answer, numbering.Outcome.REFUSED, form)


def _outcome(written: deals.Numbered) -> numbering.Outcome:
    if written.conflict is not None:
        return numbering.Outcome.CONFLICT
    return numbering.Outcome.DUPLICATE if written.duplicate else numbering.Outcome.SAVED


def _blind_entry(
    request: HttpRequest, match: Match, token: str, side: int, form: EntryForm, entry: Any
) -> HttpResponse:
    """A side's deal of a double-blind match, into its own ledger (``scoring.services.blind``)."""
    try:
        written = blind_ledgers.blind_record(
            match_id=match.pk,
            side=side,
            entry=entry,
            actor=actor_for(request, table_link_club=match.club_id),
        )
    except ServiceError as error:
        form.report(error.field, error.rule, error.words)
        match.refresh_from_db()
        board = blind.blind_board(match, side)
        context = scorer_page_context(request, match, token, board, form)
        return render(
            request, "scoring/table.html", context, status=error.status if error.status != 400 else 422
        )
    notice = blind.saved_notice(written)
    if not request.htmx:  # type: ignore[attr-defined]
        messages.success(request, notice)
        return redirect("scoring:table", token=token)
    match.refresh_from_db()
    context = scorer_page_context(request, match, token, _scorer_board(request, match, token))
    # News about the result (the side's last deal) goes in the result news the board's poll
    # empties, so it goes once the result moves on (the director picks a version).
    context["result_notice" if written.finished else "notice"] = notice
    return render(request, "scoring/table.html", context)


@require_POST
def table_contact(request: HttpRequest, token: str) -> HttpResponse:
    """The scorer page's heartbeat: its table reached the server now, with the count of deals its
    phone keeps unsent (``Tablescore-Outbox``; the console and the desk show both). Its own POST,
    so that no read of the board writes."""
    contacts.note_contact(scorer_match(token), numbering.outbox_count(request.headers))
    return HttpResponse(status=204)


@require_GET
def table_board(request: HttpRequest, token: str) -> HttpResponseBase:
    """The scorer's board fragment (with edit links), 304 while unchanged. A read only: the page
    says it is there with a POST of its own (:func:`table_contact`)."""
    match = scorer_match(token)
    return poll_response(
        request,
        match,
        lambda: {
            "match": match,
            "token": token,
            "board": _scorer_board(request, match, token),
            "blind": blind.blind_side(request, match, token) is not None
            or blind.blind_locked(request, match, token),
            "scorer": True,
            "organizer": can_manage(request.user, match.club_id),
            "poll_url": request.path,
            "poll_seconds": POLL_SECONDS,
            "fragment": True,
        },
        private=True,
    )


@require_POST
def table_conflict(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """The table settles a conflict from the scorer page."""
    match = scorer_match(token)
    settle_conflict(request, match, pk, table_link=True)
    return redirect("scoring:table", token=token)


@require_POST
def table_rematch(request: HttpRequest, token: str) -> HttpResponse:
    """A new match with the same game, options, sides and seats; the table moves on to it."""
    match = scorer_match(token)
    new = matches.rematch(match=match, actor=actor_for(request, table_link_club=match.club_id))
    return redirect(scorer_path(new))
