"""The director's results desk, as a page (organizers of the club only): every table of the rounds
being played with where its result stands and since when, the last deal entered and when, and the
queues the director works through (awaiting confirmation, disputes, corrections after the round
closed, missing results), each with its actions.

The read model is ``tournaments.desk``; every action is ``scoring.results.result_act`` (one
transaction, the match row locked, an audit event): confirm a result as entered (``resolve``),
``void`` it (with a reason, asked first like a link's Revoke) or ``reopen`` a void one (with a
reason). Correcting a deal is the deal's own page, reached through the match's scorer link. The
page polls its fragment, which answers 304 while nothing it shows has changed (the ages it shows
move with the minute); without JavaScript a Refresh link reloads it. What an action did is said
at the top of the queue it was taken from (``tournaments.notices``).
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring import link_pages, results
from scoring.links import table_token
from scoring.models import Match
from scoring.result_states import Action, ResultStatus
from tablescore.conditional import conditional_get
from tournaments import desk, notices, selectors
from tournaments.access import tournament_for_organizer
from tournaments.models import Tournament

#: Seconds between two polls of the desk.
POLL_SECONDS = 5
#: The actions the desk takes, and what it says once each is done.
DONE = {
    Action.RESOLVE: "Table {n}: the result is confirmed as entered.",
    Action.VOID: "Table {n}: the result is void; it does not count.",
    Action.REOPEN: "Table {n}: the result is reopened; it is {state} now.",
}
#: The queue a table in each state is found in (where the eye is when acting on it).
QUEUE_OF: dict[str, str] = {
    ResultStatus.SUBMITTED: "awaiting",
    ResultStatus.DISPUTED: "disputes",
    ResultStatus.OPEN: "missing",
    ResultStatus.VOID: "missing",
}
#: The state of a table decided by the organizer, in words.
DECIDED_LABEL = "decided by the director"


class DeskActionForm(forms.Form):
    action = forms.ChoiceField(choices=[(a.value, a.value) for a in DONE])
    reason = forms.CharField(required=False, max_length=300, strip=True)


def _minute() -> int:
    """The minute now: the ages the desk shows ("4 min ago") move with it."""
    return int(time.time() // 60)


def _age(since: datetime | None, now: datetime) -> str:
    """How long ago, in the room's words: "just now", "4 min ago", "1 h 5 min ago"."""
    if since is None:
        return ""
    minutes = max(0, int((now - since).total_seconds() // 60))
    if minutes == 0:
        return "just now"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min ago" if hours else f"{minutes} min ago"


def _row(table: desk.DeskTable, match: Match | None, now: datetime) -> dict[str, Any]:
    """A table as the desk's template shows it: the read model's and the words around it."""
    decided = table.state == desk.DECIDED_BY_DIRECTOR
    state = DECIDED_LABEL if decided else ResultStatus(table.state).label
    deal_url = None
    if match is not None and table.last_deal and not match.table_link_revoked:
        deal_url = reverse("scoring:table_deal", args=[table_token(match), table.last_deal])
    return {
        "t": table,
        "state_label": state,
        "age": _age(table.since, now),
        "last_age": _age(table.last_deal_at, now),
        "totals": [(name, table.totals.get(name)) for name in table.totals],
        "deal_url": deal_url,
    }


def _context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    board = desk.desk(tournament)
    now = timezone.now()
    matches = Match.objects.in_bulk([t.match for t in board.tables if t.match])
    rows = {(t.round, t.number): _row(t, matches.get(t.match or 0), now) for t in board.tables}

    def listed(tables: list[desk.DeskTable]) -> list[dict[str, Any]]:
        return [rows[t.round, t.number] for t in tables]

    return {
        "tournament": tournament,
        "tables": listed(list(board.tables)),
        "awaiting": listed(board.awaiting),
        "disputes": listed(board.disputes),
        "missing": listed(board.missing),
        "corrections": [(c, _age(c.at, now)) for c in board.corrections],
        "notices": notices.by_place(request),
        "poll_url": reverse("tournaments:desk_live", args=[tournament.pk]),
        "poll_seconds": POLL_SECONDS,
        "etag": _version(tournament),
    }


def _version(tournament: Tournament) -> str:
    return f"{selectors.live_revision(tournament)}.{_minute()}"


@never_cache
@require_GET
def desk_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The results desk of a tournament; polls :func:`desk_live`."""
    tournament = tournament_for_organizer(request.user, pk)
    return render(request, "tournaments/desk.html", _context(request, tournament))


@require_GET
def desk_live(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The desk's live part, 304 while no result, deal or age it shows has changed."""
    tournament = tournament_for_organizer(request.user, pk)
    return conditional_get(
        request,
        _version(tournament),
        lambda: render(request, "tournaments/_desk.html", _context(request, tournament)),
        private=True,
    )


@require_POST
def desk_act(request: HttpRequest, pk: int, match: int) -> HttpResponse:
    """One action of the director on a table's result: confirm as entered, void (with a reason,
    asked first), reopen (with a reason)."""
    tournament = tournament_for_organizer(request.user, pk)
    table = next((t for t in desk.desk(tournament).tables if t.match == match), None)
    if table is None:
        raise Http404("no such table at the desk")
    queue = QUEUE_OF.get(table.state, "tables")
    back = reverse("tournaments:desk", args=[pk]) + f"#{queue}"
    place = f"{notices.PREFIX}{queue}"
    form = DeskActionForm(request.POST)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        said = " ".join(str(e) for e in errors)
        messages.error(request, f"Table {table.number}: {field}: {said}", extra_tags=place)
        return redirect(back)
    action, reason = Action(form.cleaned_data["action"]), form.cleaned_data["reason"]
    if action in results.NEED_A_REASON and not reason:
        messages.error(request, f"Table {table.number}: {results.NEED_A_REASON[action]}.", extra_tags=place)
        return redirect(back)
    if action == Action.VOID and not link_pages.confirmed(request):
        return link_pages.confirmation(
            request,
            f"{tournament.name} · table {table.number}",
            question=f"Void the result of table {table.number}?",
            consequence="It stops counting in the standings; the table's link shows it void.",
            yes="Yes, void the result",
            carried=["action", "reason"],
            back=back,
        )
    try:
        done = results.result_act(match_id=match, action=action, actor=actor_for(request), reason=reason)
    except ServiceError as error:
        messages.error(request, f"Table {table.number}: {error.rule}.", extra_tags=place)
    else:
        state = ResultStatus(done.result_status).label
        messages.success(request, DONE[action].format(n=table.number, state=state), extra_tags=place)
    return redirect(back)
