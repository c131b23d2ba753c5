"""A tournament's standings, results and prize list as CSV downloads (``tournaments.exports`` writes them)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from tournaments import blind_finish, exports
from tournaments.access import tournament_or_404


def _csv(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_or_404(pk)
    shown = blind_finish.veil_for(request, tournament)
    return _csv(exports.standings_csv(tournament, shown), f"tournament-{pk}-standings.csv")


@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_or_404(pk)
    shown = blind_finish.veil_for(request, tournament)
    return _csv(exports.results_csv(tournament, shown), f"tournament-{pk}-results.csv")


@require_GET
def prizes_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_or_404(pk)
    shown = blind_finish.veil_for(request, tournament)
    return _csv(exports.prizes_csv(tournament, shown), f"tournament-{pk}-prizes.csv")
