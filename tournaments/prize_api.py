"""``GET /api/tournaments/{id}/prizes/``: the prize list in the order winners choose (public, like
the standings; ``tournaments.prize_list`` decides what it holds)."""

from __future__ import annotations

from django.http.response import HttpResponseBase
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.authentication import AUTHENTICATION
from tablescore.api import AnyObject, ErrorBody
from tablescore.conditional import conditional_get
from tournaments.access import tournament_or_404
from tournaments.prize_list import prize_list

EXAMPLE = {
    "rule": {"rule": "every_fourth", "places": None, "extras": ["booby"]},
    "final": True,
    "prizes": [
        {
            "choose": 1,
            "place": 1,
            "rank": "1",
            "entrant": {"id": 7, "name": "Ann & Bob"},
            "kind": "place",
            "tied": False,
            "tie": None,
            "tied_with": [],
            "points": None,
            "round": None,
            "title": "Place 1",
            "note": "",
        }
    ],
}


class PrizeListView(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 304: None, 404: ErrorBody},
        summary='The prize list, in the order winners choose: {"rule" (null: no prize rule), "final" '
        '(false: as it would go if the event ended now), "prizes": [{"choose", "place", "rank", '
        '"entrant": {"id", "name"}, "kind" (place, booby, most_points, best_match), "tied", "tie" '
        '(shared, lot or null), "tied_with", "points", "round", "title", "note"}]}',
        examples=[OpenApiExample("Formule-van-4", value=EXAMPLE, response_only=True)],
        operation_id="tournaments_prizes_retrieve",
    )
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        tournament = tournament_or_404(pk)
        etag = f"{tournament.revision}.{tournament.standings_revision}"
        return conditional_get(request, etag, lambda: Response(prize_list(tournament).as_json()))
