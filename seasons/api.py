"""The seasons REST API (the paths and names are a contract; same conventions as the other APIs).

Thin: parse, authorize, call one service, answer. Reading is public and shows only what the club
and its players let the public see; writing needs an organizer of the season's club (a session or
a token; a table link never). Errors are the API's one shape (``tablescore/api.py``).
"""

from __future__ import annotations

from django.http import Http404
from django.http.response import HttpResponseBase
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access import club_for_organizer, one_or_404
from clubs.models import Club, Player
from clubs.names import name_key
from scoring.authentication import require_organizer_call
from seasons import documents, selectors, services
from seasons.access import season_or_404, seen_by
from seasons.contracts import EveningAttach, SeasonCreate
from seasons.models import Season
from seasons.players import player_view
from tablescore.api import AnyList, AnyObject, ErrorBody
from tablescore.conditional import conditional_get
from tournaments.contracts import validated


def _require_organizer(request: Request, season: Season | None = None) -> None:
    """Every season write: an organizer's (``scoring.authentication.require_organizer_call``)."""
    require_organizer_call(
        request, club_id=season.club_id if season is not None else None, running="a season"
    )


class SeasonCollection(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyList}, summary="Seasons, newest first", operation_id="seasons_list")
    def get(self, request: Request) -> Response:
        found = Season.objects.select_related("club")
        if "club" in request.query_params:
            found = found.filter(club__slug=request.query_params["club"])
        return Response([documents.season_document(s) for s in found[:100]])

    @extend_schema(
        request=SeasonCreate,
        responses={201: AnyObject, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody},
        summary="Create a season (organizers)",
    )
    def post(self, request: Request) -> Response:
        _require_organizer(request)
        arguments = validated(SeasonCreate, request.data)
        club = club_for_organizer(request.user, arguments.pop("club"))
        season = services.season_create(club=club, **arguments)
        doc = documents.season_document(season)
        return Response(doc, status=status.HTTP_201_CREATED, headers={"Location": doc["links"]["self"]})


class SeasonDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyObject, 404: ErrorBody}, summary="A season")
    def get(self, request: Request, pk: int) -> Response:
        return Response(documents.season_document(season_or_404(pk)))


class EveningCollection(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyList, 404: ErrorBody},
        summary="A season's evenings",
        operation_id="season_evenings_list",
    )
    def get(self, request: Request, pk: int) -> Response:
        season = season_or_404(pk)
        return Response([documents.evening_document(e) for e in selectors.attached_evenings(season)])

    @extend_schema(
        request=EveningAttach,
        responses={
            201: AnyObject,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
        },
        summary="Attach an evening (a tournament of the club and the season's game)",
    )
    def post(self, request: Request, pk: int) -> Response:
        season = season_or_404(pk)
        _require_organizer(request, season)
        arguments = validated(EveningAttach, request.data)
        evening = services.season_attach(
            season_id=season.pk, tournament_id=arguments["tournament"], day=arguments.get("day")
        )
        return Response(documents.evening_document(evening), status=status.HTTP_201_CREATED)


class Standings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyObject, 304: None, 404: ErrorBody}, summary="The season table")
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        season = season_or_404(pk)
        seen = seen_by(request.user)(season.club_id)
        version = f"{season.revision}{'.o' if seen.everyone else ''}"
        return conditional_get(
            request,
            version,
            lambda: Response(documents.standings_document(selectors.standings(season, seen))),
            private=seen.everyone,
        )


class PlayerCollection(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyList, 400: ErrorBody, 404: ErrorBody},
        summary="A club's players (?club=slug)",
        operation_id="players_list",
    )
    def get(self, request: Request) -> Response:
        slug = request.query_params.get("club")
        if not slug:
            raise Http404(gettext("name the club: ?club=slug"))
        club = one_or_404(Club.objects.all(), "club", slug=slug)
        seen = seen_by(request.user)(club.pk)
        players = sorted(club.players.all(), key=lambda p: (name_key(p.name), p.pk))
        return Response(
            [
                {
                    "id": p.pk,
                    "name": p.name,
                    "links": {
                        "self": reverse("seasons_api:player", args=[p.pk]),
                        "page": reverse("seasons:player", args=[p.pk]),
                    },
                }
                for p in players
                if seen.lists(p.pk)
            ]
        )


class PlayerDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 404: ErrorBody}, summary="A player: ratings, matches, season places"
    )
    def get(self, request: Request, pk: int) -> Response:
        view = player_view(one_or_404(Player.objects.all(), "player", pk=pk), seen_by(request.user))
        if view is None:
            raise Http404(gettext("no such player"))
        return Response(documents.player_document(view))
