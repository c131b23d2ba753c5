"""The director's results desk, as a page (organizers of the club only): every table of the rounds
being played with where its result stands and since when, the last deal entered and when, and the
queues the director works through (awaiting confirmation, disputes, the tables' requests to
correct a deal of a closed round (``tournaments/desk_requests.py``), corrections after the round
closed, missing results), each with its actions.

The read model is ``tournaments.desk``; every action is ``scoring.services.results.result_act`` (one
transaction, the match row locked, an audit event): confirm a result as entered (``resolve``),
``void`` it (with a reason, asked first like a link's Revoke) or ``reopen`` a void one (with a
reason). Correcting a deal is the deal's own page, reached through the match's scorer link: the
deal a dispute names (the score sheet when it names the whole result), the last deal of a result
awaiting confirmation, each with the way back to the desk. The page polls its fragment, which
answers 304 while nothing it shows has changed (the ages it shows move with the minute, the
requests of closed rounds are counted too); without JavaScript a Refresh link reloads it. What an action did is said
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
from django.utils.http import urlencode
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring.links import table_token
from scoring.models import Match
from scoring.pages.common import confirmation, confirmed
from scoring.result_detail import ResultDetail
from scoring.result_states import Action, ResultStatus
from scoring.services import blind, results
from scoring.services.blind import is_blind
from tablescore.conditional import conditional_get
from tournaments import blind_finish, desk, desk_diff, desk_requests, notices, selectors
from tournaments.access import tournament_for_organizer
from tournaments.models import Tournament

#: Seconds between two polls of the desk.
POLL_SECONDS = 5
#: The desk's own action on a double-blind dispute: one side's version becomes the result.
PICK = "pick"
#: The actions the desk takes, and what it says once each is done (``%(n)s``: the table,
#: ``%(state)s``: the result's state now, ``%(side)s``: the side picked).
DONE = {
    Action.RESOLVE: gettext_lazy("Table %(n)s: the result is confirmed as entered."),
    Action.VOID: gettext_lazy("Table %(n)s: the result is void; it does not count."),
    Action.REOPEN: gettext_lazy("Table %(n)s: the result is reopened; it is %(state)s now."),
    PICK: gettext_lazy("Table %(n)s: %(side)s's version is the result; it is confirmed."),
}
#: The queue a table in each state is found in (where the eye is when acting on it).
QUEUE_OF: dict[str, str] = {
    ResultStatus.SUBMITTED: "awaiting",
    ResultStatus.DISPUTED: "disputes",
    ResultStatus.OPEN: "missing",
    ResultStatus.VOID: "missing",
    desk.ABANDONED: "missing",
}
#: The state of a table decided by the organizer, in words.
DECIDED_LABEL = gettext_lazy("decided by the director")
#: The state of a table whose match was abandoned, with what the director does about it.
ABANDONED_LABEL = gettext_lazy("Match abandoned: set the result")
#: A result's state in the desk's words (``ResultStatus.label`` is the pure rule book's English).
STATE_LABELS = {
    ResultStatus.OPEN: gettext_lazy("being played"),
    ResultStatus.SUBMITTED: gettext_lazy("awaiting confirmation"),
    ResultStatus.CONFIRMED: gettext_lazy("confirmed"),
    ResultStatus.DISPUTED: gettext_lazy("disputed"),
    ResultStatus.FINAL: gettext_lazy("final"),
    ResultStatus.VOID: gettext_lazy("void"),
}


class DeskActionForm(forms.Form):
    action = forms.ChoiceField(choices=[(str(a), str(a)) for a in DONE])
    reason = forms.CharField(required=False, max_length=300, strip=True)
    side = forms.IntegerField(required=False, min_value=0)


def _minute() -> int:
    """The minute now: the ages the desk shows ("4 min ago") move with it."""
    return int(time.time() // 60)


def _age(since: datetime | None, now: datetime) -> str:
    """How long ago, in the room's words: "just now", "4 min ago", "1 h 5 min ago"."""
    if since is None:
        return ""
    minutes = max(0, int((now - since).total_seconds() // 60))
    if minutes == 0:
        return gettext("just now")
    hours, minutes = divmod(minutes, 60)
    if hours:
        return gettext("%(hours)s h %(minutes)s min ago") % {"hours": hours, "minutes": minutes}
    return gettext("%(minutes)s min ago") % {"minutes": minutes}


def _row(table: desk.DeskTable, match: Match | None, now: datetime, tournament_id: int) -> dict[str, Any]:
    """A table as the desk's template shows it: the read model's and the words around it."""
    if table.state == desk.DECIDED_BY_DIRECTOR:
        state = DECIDED_LABEL
    elif table.state == desk.ABANDONED:
        state = ABANDONED_LABEL
    else:
        state = STATE_LABELS[ResultStatus(table.state)]
    # A dispute names its deal (or the whole result: the score sheet, to see every deal); an
    # awaiting result offers its last deal.
    disputed = table.state == ResultStatus.DISPUTED
    deal = ResultDetail.of(table.detail).deal if disputed else table.last_deal
    deal_url = sheet_url = ""
    if match is not None and deal:
        deal_url = desk_requests.deal_url(match, deal, tournament_id, QUEUE_OF.get(table.state, "all-tables"))
    elif match is not None and disputed and table.last_deal and not match.table_link_revoked:
        sheet_url = _scorer_url(match, tournament_id)
    blind_dispute = match is not None and is_blind(match) and disputed
    return {
        "blind": match is not None and is_blind(match),
        "versions": desk_diff.versions(match) if blind_dispute and match is not None else [],
        "own_score_url": _own_score_url(match, tournament_id) if blind_dispute and match is not None else "",
        "t": table,
        "state_label": state,
        "age": _age(table.since, now),
        "last_age": _age(table.last_deal_at, now),
        "totals": [(name, table.totals.get(name)) for name in table.totals],
        "deal": deal,
        "deal_url": deal_url,
        "sheet_url": sheet_url,
    }


def _own_score_url(match: Match, tournament_id: int) -> str:
    """The match's scorer page, where the director enters their own score, with the way back."""
    if match.table_link_revoked:
        return ""
    return _scorer_url(match, tournament_id)


def _scorer_url(match: Match, tournament_id: int) -> str:
    """The match's scorer page (its score sheet, each deal with its link), with the way back."""
    back = reverse("tournaments:desk", args=[tournament_id]) + "#disputes"
    return reverse("scoring:table", args=[table_token(match)]) + "?" + urlencode({"back": back})


def _context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    board = desk.desk(tournament)
    now = timezone.now()
    matches = Match.objects.in_bulk([t.match for t in board.tables if t.match])
    rows = {(t.round, t.number): _row(t, matches.get(t.match or 0), now, tournament.pk) for t in board.tables}

    def listed(tables: list[desk.DeskTable]) -> list[dict[str, Any]]:
        return [rows[t.round, t.number] for t in tables]

    return {
        "tournament": tournament,
        "tables": listed(list(board.tables)),
        "awaiting": listed(board.awaiting),
        "disputes": listed(board.disputes),
        "missing": listed(board.missing),
        "requests": desk_requests.rows(board.requests, tournament.pk, _age, now),
        "corrections": [(c, _age(c.at, now)) for c in board.corrections],
        "notices": notices.by_place(request),
        "poll_url": reverse("tournaments:desk_live", args=[tournament.pk]),
        "poll_seconds": POLL_SECONDS,
        "etag": _version(tournament),
    }


def _version(tournament: Tournament) -> str:
    return f"{selectors.live_revision(tournament)}.{desk.requests_revision(tournament)}.{_minute()}"


@never_cache
@require_GET
def desk_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The results desk of a tournament; polls :func:`desk_live`."""
    tournament = tournament_for_organizer(request.user, pk)
    context = {**_context(request, tournament), "veil": blind_finish.veil_of(tournament)}
    return render(request, "tournaments/desk.html", context)


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
    n = table.number
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        said = " ".join(str(e) for e in errors)
        messages.error(
            request,
            gettext("Table %(n)s: %(field)s: %(said)s") % {"n": n, "field": field, "said": said},
            place,
        )
        return redirect(back)
    reason = form.cleaned_data["reason"]
    if form.cleaned_data["action"] == PICK:
        return _pick(request, match, n, form.cleaned_data["side"], reason, place, back)
    action = Action(form.cleaned_data["action"])
    if action in results.NEED_A_REASON and not reason:
        messages.error(
            request,
            gettext("Table %(n)s: %(rule)s.") % {"n": n, "rule": results.NEED_A_REASON[action]},
            place,
        )
        return redirect(back)
    if action == Action.VOID and not confirmed(request):
        return confirmation(
            request,
            gettext("%(tournament)s · table %(n)s") % {"tournament": tournament.name, "n": n},
            question=gettext("Void the result of table %(n)s?") % {"n": n},
            consequence=gettext("It stops counting in the standings; the table's link shows it void."),
            yes=gettext("Yes, void the result"),
            carried=["action", "reason"],
            back=back,
        )
    try:
        done = results.result_act(match_id=match, action=action, actor=actor_for(request), reason=reason)
    except ServiceError as error:
        messages.error(request, gettext("Table %(n)s: %(rule)s.") % {"n": n, "rule": error.rule}, place)
    else:
        state = STATE_LABELS[ResultStatus(done.result_status)]
        messages.success(request, DONE[action] % {"n": n, "state": state}, place)
    return redirect(back)


def _pick(
    request: HttpRequest, match: int, n: int, side: int | None, reason: str, place: str, back: str
) -> HttpResponse:
    """The director settles a double-blind dispute with one side's version (``scoring.services.blind``)."""
    try:
        done = blind.blind_pick(
            match_id=match, side=-1 if side is None else side, actor=actor_for(request), reason=reason
        )
    except ServiceError as error:
        messages.error(request, gettext("Table %(n)s: %(rule)s.") % {"n": n, "rule": error.rule}, place)
    else:
        messages.success(request, DONE[PICK] % {"n": n, "side": done.detail.picked or ""}, place)
    return redirect(back)
