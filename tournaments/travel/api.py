"""The evening's travel in the REST API, for an organizer's scripts (a club's nightly upload):
``POST /api/tournaments/{id}/evening/`` answers the tournament's evening file (a POST: the evening
records that it left), ``POST /api/evenings/?club=<slug>`` takes an evening file as its body
(``club`` may be left out by an organizer of one club). A refused file is the API's one error
shape: 400 on the ``file`` (cut, edited, foreign), 409 for an evening changed on both sides."""

from __future__ import annotations

import json

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access import club_for_organizer
from clubs.errors import Conflict, InvalidEntry
from clubs.travel.arrival import Arrival
from clubs.travel.envelope import ChangedOnBothSides, EveningFileError
from scoring.authentication import require_organizer_call
from tablescore.api import AnyObject, ErrorBody
from tournaments.access import tournament_or_404
from tournaments.travel.service import export_evening, import_evening


class EveningExport(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={200: AnyObject, 403: ErrorBody, 404: ErrorBody},
        summary="The tournament's evening file (organizers)",
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        require_organizer_call(request, club_id=tournament.club_id, running="a tournament")
        return Response(export_evening(tournament_id=tournament.pk))


class EveningImport(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=AnyObject,
        responses={200: AnyObject, 201: AnyObject, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody},
        summary="Bring an evening file into the club ?club=<slug> (organizers); ?other_club=true when "
        "it was exported under another slug",
    )
    def post(self, request: Request) -> Response:
        require_organizer_call(request, club_id=None, running="a tournament")
        club = club_for_organizer(request.user, request.query_params.get("club"))
        other = request.query_params.get("other_club", "") in ("1", "true", "yes")
        try:
            outcome = import_evening(data=json.dumps(request.data), club=club, other_club=other)
        except ChangedOnBothSides as error:
            raise Conflict(str(error), "file", code="changed_on_both_sides") from None
        except EveningFileError as error:
            raise InvalidEntry(str(error), "file", code="not_an_evening") from None
        created = outcome.arrival is Arrival.CREATED
        return Response(
            {"arrival": outcome.arrival.value, "message": outcome.message, "url": outcome.url},
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
