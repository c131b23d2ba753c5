"""Paper score sheets of a round (organizers of the club only): printed, then keyed at the desk.

- ``sheets``: every table of a round, one A4 sheet per table (``scoring.sheets.paper_sheet``: the
  game's entry form laid flat, a row per deal, a running total and a signature line per side, the
  QR code of the link a phone at the table opens); ``sheet``: one table's.
- ``sheet_key``: the desk's keyboard-first page to key a table's whole sheet, a row per deal,
  saved once (``scoring.services.sheets.sheet_record``: one transaction, recorded as entered by
  the director, so a finished sheet's result is confirmed by the director); without JavaScript the
  form posts and a refusal comes back beside the deal and field it names, nothing typed lost.
- ``sheet_check``: the same validation without writing (``sheet_check``), for the page's script
  (``static/js/sheet-key.js``), which also fills in each row's running totals.

What this module does not do: lay out the columns (``scoring/forms/sheet.py``), or correct deals
already recorded (the desk and the deal's own page do).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from games import MatchState
from scoring import links
from scoring.forms.reading import entry_words
from scoring.forms.sheet import Keyed, RowError, columns_of, posted_rows, read_rows, refusal, row_prefix
from scoring.models import Match, MatchStatus
from scoring.result_states import ResultStatus
from scoring.selectors import deal_rows
from scoring.services import ledger, sheets
from scoring.sheets import Sheet, paper_sheet
from tournaments import physical_tables, selectors, wording
from tournaments.access import tournament_for_organizer
from tournaments.desk_pages import STATE_LABELS
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.selectors import TableView

#: Rows a keying page offers past the deals it expects, for a match played to a target.
SPARE_ROWS = 4


def _round(tournament: Tournament, number: int) -> Round:
    found = Round.objects.filter(tournament=tournament, number=number).first()
    if found is None or found.status in (RoundStatus.BUILDING, RoundStatus.FAILED):
        raise Http404(gettext("no such round, or not drawn yet"))
    return found


def _views(tournament: Tournament, the_round: Round, table: int | None = None) -> list[TableView]:
    tables = the_round.tables.order_by("number")
    return selectors.table_views(tournament, tables if table is None else tables.filter(number=table))


def _link(tournament: Tournament, view: TableView, match: Match) -> tuple[str, str]:
    """The link (and its code) a phone at the table opens: the room's table's when the room has
    one with that number, else the match's own; none once revoked."""
    room = tournament.physical_tables.filter(number=view.number, revoked=False).first()
    if room is not None:
        url = links.site_url(physical_tables.table_path(room))
        return url, links.place_code(physical_tables.KIND, room.pk, room.secret)
    if match.table_link_revoked:
        return "", ""
    return links.scorer_url(match), links.table_code(match)


def _sheet(tournament: Tournament, the_round: Round, view: TableView) -> Sheet | None:
    match = view.match
    if match is None:
        return None
    url, code = _link(tournament, view, match)
    where = wording.round_label(the_round.label, the_round.number)
    table = gettext("Table %(number)s") % {"number": view.slot or view.number}
    return paper_sheet(
        match,
        title=tournament.name,
        lines=(f"{where} · {table}", wording.seat_names([seat.name for seat in view.seats])),
        url=url,
        code=code,
        key_url=reverse("tournaments:sheet_key", args=[tournament.pk, the_round.number, view.number]),
    )


def _print(
    request: HttpRequest, tournament: Tournament, the_round: Round, views: list[TableView]
) -> HttpResponse:
    found = [sheet for sheet in (_sheet(tournament, the_round, view) for view in views) if sheet]
    return render(
        request,
        "tournaments/sheets.html",
        {
            "tournament": tournament,
            "round": the_round,
            "round_label": wording.round_label(the_round.label, the_round.number),
            "sheets": found,
            "code_url": links.code_page_url(),
        },
    )


@never_cache
@require_GET
def sheets_page(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Every table's sheet of round ``number``, one printed page each."""
    tournament = tournament_for_organizer(request.user, pk)
    the_round = _round(tournament, number)
    return _print(request, tournament, the_round, _views(tournament, the_round))


@never_cache
@require_GET
def sheet_page(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """One table's sheet of round ``number``."""
    tournament = tournament_for_organizer(request.user, pk)
    the_round = _round(tournament, number)
    views = _views(tournament, the_round, table)
    if not views or views[0].match is None:
        raise Http404(gettext("no such table, or no match to score at it"))
    return _print(request, tournament, the_round, views)


class _Table:
    """One table's match as the keying page reads it."""

    def __init__(self, request: HttpRequest, pk: int, number: int, table: int) -> None:
        self.tournament = tournament_for_organizer(request.user, pk)
        self.round = _round(self.tournament, number)
        views = _views(self.tournament, self.round, table)
        if not views or views[0].match is None:
            raise Http404(gettext("no such table, or no match to score at it"))
        self.view = views[0]
        self.match: Match = views[0].match
        self.sheet = _sheet(self.tournament, self.round, self.view)
        rows = deal_rows(self.match)
        self.recorded = [(deal, version) for deal, version in rows if not deal.voided]
        self.start: MatchState[Any] = ledger.replay(self.match, [v.entry for _, v in self.recorded])
        self.first = rows[-1][0].number + 1 if rows else 1

    def read(self, data: QueryDict, first: int) -> tuple[Keyed, list[int]]:
        assert self.sheet is not None
        numbers = posted_rows(data, first, columns_of(self.sheet.groups))
        upto = data.get("upto", "")
        if upto.isdigit():
            numbers = [n for n in numbers if n <= int(upto)]
        return read_rows(self.start, data, numbers, players=self.match.seats or ()), numbers


def _first(data: QueryDict, default: int) -> int:
    given = data.get("first", "")
    return int(given) if given.isdigit() else default


def _refused(error: ServiceError, table: _Table) -> RowError:
    assert table.sheet is not None
    return refusal(error, table.sheet.groups) or RowError(0, None, str(error.rule))


def _check(table: _Table, keyed: Keyed, first: int) -> tuple[RowError | None, dict[int, dict[str, int]]]:
    """The first refusal of the keyed deals, and the running totals of those the game took."""
    entries = list(keyed.entries)
    error = keyed.error
    try:
        state = sheets.sheet_check(match=table.match, first=first, entries=entries)
    except ServiceError as refused:
        found = _refused(refused, table)
        bad = found.deal - first if found.deal >= first else 0
        error = found
        try:
            state = sheets.sheet_check(match=table.match, first=first, entries=entries[:bad])
        except ServiceError:
            return error, {}
    played = len(table.recorded)
    totals = {first + index: dict(deal.running_totals) for index, deal in enumerate(state.deals[played:])}
    return error, totals


@never_cache
@require_http_methods(["GET", "POST"])
def sheet_key(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """Key a table's paper sheet: a row per deal, one Save (see the module's docstring)."""
    found = _Table(request, pk, number, table)
    data: QueryDict | None = None
    error: RowError | None = None
    totals: dict[int, dict[str, int]] = {}
    key = uuid.uuid4().hex
    if request.method == "POST":
        data = request.POST
        key = data.get("key", "") or key
        first = _first(data, found.first)
        keyed, numbers = found.read(data, first)
        error = keyed.error
        if error is None and not numbers:
            error = RowError(first, None, gettext("Key at least one deal."))
        if error is None:
            try:
                saved = sheets.sheet_record(
                    match_id=found.match.pk,
                    first=first,
                    entries=keyed.entries,
                    actor=actor_for(request),
                    key=key,
                )
            except ServiceError as refused:
                error, totals = _check(found, keyed, first)
                error = error or _refused(refused, found)
            else:
                messages.success(request, _saved(saved, found.view.number))
                return redirect(request.path)
        else:
            totals = _check(found, keyed, first)[1]
    return render(request, "tournaments/sheet_key.html", _context(found, data, error, totals, key))


def _saved(saved: sheets.SheetSaved, table: int) -> str:
    if not saved.created:
        return gettext("Table %(table)s: this sheet was saved already; nothing changed.") % {"table": table}
    count = len(saved.writes)
    said = ngettext(
        "Table %(table)s: %(count)s deal saved.", "Table %(table)s: %(count)s deals saved.", count
    ) % {"table": table, "count": count}
    if saved.match.status == MatchStatus.FINISHED:
        state = STATE_LABELS.get(ResultStatus(saved.match.result_status), "")
        said += " " + gettext("The match is over; its result is %(state)s.") % {"state": state}
    return said


def _context(
    found: _Table,
    data: QueryDict | None,
    error: RowError | None,
    totals: dict[int, dict[str, int]],
    key: str,
) -> dict[str, Any]:
    sheet = found.sheet
    assert sheet is not None
    first = _first(data, found.first) if data is not None else found.first
    expected = len(sheet.rows) - len(found.recorded)
    if sheet.target is not None:
        expected = max(expected, 0) + SPARE_ROWS
    posted = posted_rows(data, first, columns_of(sheet.groups)) if data is not None else []
    count = max(expected, len(posted), 1)
    rows = [_row(number, sheet, data, error, totals) for number in range(first, first + count)]
    return {
        "tournament": found.tournament,
        "round": found.round,
        "table": found.view,
        "match": found.match,
        "sheet": sheet,
        "rows": rows,
        "first": first,
        "width": 1 + len(sheet.columns) + len(sheet.sides),
        "key": key,
        "error": error,
        "over": found.match.status != MatchStatus.IN_PROGRESS,
        "state": STATE_LABELS.get(ResultStatus(found.match.result_status), ""),
        "recorded": [
            {"number": deal.number, "words": entry_words(found.match, version.entry or {})}
            for deal, version in found.recorded
        ],
        "totals": found.start.totals,
        "check_url": reverse(
            "tournaments:sheet_check", args=[found.tournament.pk, found.round.number, found.view.number]
        ),
    }


def _row(
    number: int,
    sheet: Sheet,
    data: QueryDict | None,
    error: RowError | None,
    totals: dict[int, dict[str, int]],
) -> dict[str, Any]:
    """One deal's row of the keying page: each column's input name, what was typed, whether the
    refusal names it; the running totals; the refusal, when it is this deal's."""
    mine = error if error is not None and error.deal == number else None
    cells = []
    for column in sheet.columns:
        name = f"{row_prefix(number)}.{column.name}"
        typed = data.get(name, "") if data is not None else ""
        cells.append(
            {
                "column": column,
                "name": name,
                "value": typed,
                "invalid": bool(mine and mine.field == column.field),
            }
        )
    running = totals.get(number, {})
    return {
        "number": number,
        "cells": cells,
        "totals": [(side.name, running.get(side.name, "")) for side in sheet.sides],
        "error": mine,
    }


@require_POST
def sheet_check(request: HttpRequest, pk: int, number: int, table: int) -> JsonResponse:
    """The keyed rows checked as Save would check them, nothing written: the first refusal (deal,
    field, words) and each accepted deal's running totals."""
    found = _Table(request, pk, number, table)
    first = _first(request.POST, found.first)
    keyed, _numbers = found.read(request.POST, first)
    error, totals = _check(found, keyed, first)
    return JsonResponse(
        {
            "error": None
            if error is None
            else {"deal": error.deal, "field": error.field, "said": error.said},
            "totals": {str(deal): running for deal, running in totals.items()},
        }
    )
