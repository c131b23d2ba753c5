"""``GET /api/tournaments/{id}/prizes/``: the prize list in the order winners choose (public, like
the standings; ``tournaments.prize_list`` decides what it holds)."""

from __future__ import annotations

from django.http.response import HttpResponseBase
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tablescore.api import ErrorBody
from tournaments import blind_finish
from tournaments.access import tournament_or_404
from tournaments.prize_list import prize_list
from tournaments.standings.club_rules import PrizeExtra, PrizeRule
from tournaments.standings.prizes import PrizeKind, Tie


class PrizeEntrantDoc(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()


class PrizeDoc(serializers.Serializer):  # type: ignore[type-arg]
    """One prize, in the order winners choose."""

    choose = serializers.IntegerField(help_text="The winner's turn at the prize table, from 1.")
    place = serializers.IntegerField(
        allow_null=True,
        help_text="A place prize's place among the entrants still in; the booby's last place.",
    )
    rank = serializers.CharField(help_text='The winner\'s rank in the standings ("3=" when shared).')
    entrant = PrizeEntrantDoc()
    kind = serializers.ChoiceField([str(k) for k in PrizeKind])
    tied = serializers.BooleanField()
    tie = serializers.ChoiceField(
        [str(t) for t in Tie],
        allow_null=True,
        help_text="shared: the tie-break order could not separate them; lot: the lots did.",
    )
    tied_with = PrizeEntrantDoc(many=True)
    points = serializers.IntegerField(
        allow_null=True, help_text="What won a best points total or best match."
    )
    round = serializers.IntegerField(allow_null=True, help_text="The round of a best match.")
    title = serializers.CharField(help_text="What the prize is for, in the reader's language.")
    note = serializers.CharField(
        allow_blank=True, help_text="The tie said plainly, in the reader's language."
    )


class PrizeRuleDoc(serializers.Serializer):  # type: ignore[type-arg]
    rule = serializers.ChoiceField([str(r) for r in PrizeRule])
    places = serializers.IntegerField(allow_null=True)
    extras = serializers.ListField(child=serializers.ChoiceField([str(e) for e in PrizeExtra]))


class PrizeListDoc(serializers.Serializer):  # type: ignore[type-arg]
    rule = PrizeRuleDoc(allow_null=True, help_text="The event's prize rule; null: none.")
    final = serializers.BooleanField(help_text="False while the event runs: the list as if it ended now.")
    hidden = serializers.BooleanField(
        help_text="True while a blind finish hides the last rounds from the reader: no prize until the reveal."
    )
    prizes = PrizeDoc(many=True)


EXAMPLE = {
    "rule": {"rule": "every_fourth", "places": None, "extras": ["booby"]},
    "final": True,
    "hidden": False,
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
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: PrizeListDoc, 304: None, 404: ErrorBody},
        summary='The prize list, in the order winners choose: {"rule" (null: no prize rule), "final" '
        '(false: as it would go if the event ended now), "hidden" (a blind finish: no prize until the '
        'reveal), "prizes": [{"choose", "place", "rank", '
        '"entrant": {"id", "name"}, "kind" (place, booby, most_points, best_match), "tied", "tie" '
        '(shared, lot or null), "tied_with", "points", "round", "title", "note"}]}',
        examples=[OpenApiExample("Formule-van-4", value=EXAMPLE, response_only=True)],
        operation_id="tournaments_prizes_retrieve",
    )
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        tournament = tournament_or_404(pk)
        shown = blind_finish.veil_for(request, tournament)
        etag = f"{tournament.revision}.{tournament.standings_revision}"
        return blind_finish.shown_get(
            request, shown, etag, lambda: Response(prize_list(tournament, shown).as_json())
        )
