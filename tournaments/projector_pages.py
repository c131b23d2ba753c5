"""The projector: large type for a screen in the room, a page that polls its own screen (304 while
nothing on show changed). What it shows is decided in ``tournaments.projector`` (pages, rows, the
pairings and the find-your-table list); this module picks the screen for the tournament's state.
"""

from __future__ import annotations

import time
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from tournaments import blind_finish, documents, projector, selectors, wording
from tournaments.access import tournament_or_404
from tournaments.models import Tournament
from tournaments.pairing.formats import BRACKETS
from tournaments.prize_list import prize_list
from tournaments.views import public_context

#: Seconds between two polls of the projector (a page turn shows at the next one).
PROJECTOR_POLL_SECONDS = 3


def _projector_context(tournament: Tournament, now: float) -> dict[str, Any]:
    """The projector's content at time ``now``: the bracket of an elimination event; once an evening
    drawn round by round is over, its winner, final standings and prize list; else the pairings, the
    find-your-table list and the standings, each on the page the clock says (``projector``)."""
    context = public_context(tournament)
    if tournament.format in BRACKETS:
        bracket = documents.bracket_document(tournament)
        names = selectors.entrant_names(tournament)
        focused = projector.bracket_focus(bracket) if bracket else {}
        context["panels"] = wording.bracket_panels(focused, names) if focused.get("rounds") else []
        context["playing"] = projector.playing_now(context["rounds"])
        pages: tuple[int, ...] = ()
    elif context["winner"]:
        rows = projector.page_at(context["standings"].public_rows, projector.ROWS, now)
        prize_rows = projector.page_at(prize_list(tournament, context["blind"]).prizes, projector.ROWS, now)
        context.update({"rows": rows, "prize_rows": prize_rows})
        pages = (rows.number, prize_rows.number)
    else:
        places = projector.find_your_table(context["rounds"], selectors.entrant_players(tournament))
        find = projector.page_at(places, projector.FIND_ROWS * projector.FIND_COLUMNS, now)
        tables = projector.page_at(projector.pairings(context["rounds"]), projector.ROWS, now)
        rows = projector.page_at(context["standings"].public_rows, projector.ROWS, now)
        # One column of names while they fit one (the pairings then take its room), else two.
        columns = 1 if len(places) <= projector.FIND_ROWS else projector.FIND_COLUMNS
        context.update({"find": find, "find_columns": columns, "tables": tables, "rows": rows})
        pages = (tables.number, find.number, rows.number)
    revealing = blind_finish.revealing(tournament, now)
    context.update(
        {
            "etag": ".".join([context["etag"], *map(str, pages), *(["reveal"] if revealing else [])]),
            "revealing": revealing,
            # the reveal plays once: the screen is not swapped (and replayed) while it is the moment
            "poll_seconds": blind_finish.REVEAL_SECONDS if revealing else PROJECTOR_POLL_SECONDS,
            "page_seconds": projector.PAGE_SECONDS,
            "brackets": tournament.format in BRACKETS,
        }
    )
    return context


@require_GET
def projector_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Large type for a screen in the room; polls :func:`projector_live`."""
    tournament = tournament_or_404(pk)
    context = _projector_context(tournament, time.time())
    context["poll_url"] = reverse("tournaments:projector_live", args=[pk])
    return blind_finish.shown_page(render(request, "tournaments/projector.html", context))[0]


@require_GET
def projector_live(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The projector's screen, 304 while neither the results nor the page on show have changed."""
    tournament = tournament_or_404(pk)
    context = _projector_context(tournament, time.time())
    context["poll_url"] = request.path
    return blind_finish.shown_get(
        request,
        context["blind"],
        context["etag"],
        lambda: render(request, "tournaments/_projector.html", context),
    )
