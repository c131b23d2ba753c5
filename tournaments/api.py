"""The tournaments REST API (the paths and names are a contract; same conventions as the table API).

Thin: parse, authorize, call one service, answer. Reading is public (nothing private is shown);
writing needs an organizer of the tournament's club (a session or a token; a table link never).
Errors are the API's one shape (``tablescore/api.py``) with 400, 401, 403, 404, 405 or 409.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.http.response import HttpResponseBase
from django.utils.translation import gettext
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access import (
    actor_for,
    can_manage,
    club_for_organizer,
    managed_clubs,
)
from clubs.errors import InvalidEntry
from scoring.authentication import TableGrant, require_organizer_call
from tablescore.api import AnyList, AnyObject, ErrorBody
from tablescore.conditional import conditional_get
from tournaments import blind_finish, cash, desk, documents, selectors, services
from tournaments.access import tournament_or_404
from tournaments.contracts import (
    EntrantChange,
    EntrantInput,
    TableResultInput,
    TournamentChange,
    TournamentCreate,
    validated,
)
from tournaments.models import Entrant, Round, TableAssignment, Tournament, players_as_entered
from tournaments.pairing.formats import BRACKETS
from tournaments.physical_tables import tables_document


def _require_organizer(request: Request, tournament: Tournament | None = None) -> None:
    """Every tournament write: an organizer's (``scoring.authentication.require_organizer_call``)."""
    require_organizer_call(
        request, club_id=tournament.club_id if tournament is not None else None, running="a tournament"
    )


EntrantBody = PolymorphicProxySerializer(
    component_name="EntrantBody",
    serializers=[EntrantInput, EntrantInput(many=True)],
    resource_type_field_name=None,
    many=False,
)


def _table_document(tournament: Tournament, table: TableAssignment) -> dict[str, Any]:
    """The table as it now stands."""
    views = selectors.table_views(tournament, TableAssignment.objects.filter(pk=table.pk))
    return documents.table_document(views[0])


class TournamentCollection(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyList},
        summary="Tournaments, newest first (archived ones: ?archived=true, the caller's clubs only)",
        operation_id="tournaments_list",
    )
    def get(self, request: Request) -> Response:
        found = Tournament.objects.select_related("club").order_by("-created_at")
        if request.query_params.get("archived") == "true":
            found = found.filter(archived_at__isnull=False, club__in=managed_clubs(request.user))
        else:
            found = found.filter(archived_at__isnull=True)
        if "club" in request.query_params:
            found = found.filter(club__slug=request.query_params["club"])
        return Response([documents.tournament_document(t, blind_finish.veil_of(t)) for t in found[:100]])

    @extend_schema(
        request=TournamentCreate,
        responses={201: AnyObject, 400: ErrorBody, 403: ErrorBody},
        summary="Create a tournament (organizers)",
    )
    def post(self, request: Request) -> Response:
        _require_organizer(request)
        arguments = validated(TournamentCreate, request.data)
        club = club_for_organizer(request.user, arguments.pop("club", None))
        tournament = services.tournament_create(club=club, **arguments)
        doc = documents.tournament_document(tournament)
        return Response(doc, status=status.HTTP_201_CREATED, headers={"Location": doc["links"]["self"]})


class TournamentDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyObject, 304: None, 404: ErrorBody}, summary="A tournament")
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        tournament = tournament_or_404(pk)
        if isinstance(request.auth, TableGrant) or not can_manage(request.user, tournament.club_id):
            shown = blind_finish.veil_of(tournament)
            return blind_finish.shown_get(
                request,
                shown,
                str(tournament.revision),
                lambda: Response(documents.tournament_document(tournament, shown)),
            )

        def with_tables() -> Response:
            # An organizer also gets each physical table's link (a scorer link: never public).
            return Response(
                {**documents.tournament_document(tournament), "tables": tables_document(tournament)}
            )

        return conditional_get(request, f"{tournament.revision}.tables", with_tables, private=True)

    @extend_schema(
        request=TournamentChange,
        responses={200: AnyObject, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Change the format (before round 1), the tiebreaks or the planned rounds; archive",
    )
    def patch(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        arguments = validated(TournamentChange, request.data)
        changed = services.tournament_configure(tournament_id=tournament.pk, **arguments)
        return Response(documents.tournament_document(changed))

    @extend_schema(
        responses={204: None, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Delete a tournament that never started (one that did answers 409: archive it)",
    )
    def delete(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        services.tournament_delete(tournament_id=tournament.pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntrantCollection(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyList, 404: ErrorBody}, summary="The entrants", operation_id="entrants_list"
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        entrants = tournament.entrants.prefetch_related(players_as_entered())
        return Response([documents.entrant_document(e) for e in entrants])

    @extend_schema(
        request=EntrantBody,
        responses={201: AnyObject, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Register an entrant, or a list of them at once (all or nothing)",
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        if isinstance(request.data, list):
            specs = validated(EntrantInput, request.data, many=True)
            made = services.entrants_register(tournament_id=tournament.pk, entrants=specs)
            return Response([documents.entrant_document(e) for e in made], status=status.HTTP_201_CREATED)
        if not isinstance(request.data, dict):
            raise InvalidEntry(gettext("the body must be an entrant object or a list of them"), None)
        one = services.entrant_register(
            tournament_id=tournament.pk, entrant=validated(EntrantInput, request.data)
        )
        return Response(documents.entrant_document(one), status=status.HTTP_201_CREATED)


class EntrantDetail(APIView):
    permission_classes = [AllowAny]

    def _entrant(self, pk: int, entrant: int) -> Entrant:
        found = Entrant.objects.filter(tournament_id=pk, pk=entrant).first()
        if found is None:
            raise Http404(gettext("no such entrant"))
        return found

    @extend_schema(responses={200: AnyObject, 404: ErrorBody}, summary="An entrant")
    def get(self, request: Request, pk: int, entrant: int) -> Response:
        return Response(documents.entrant_document(self._entrant(pk, entrant)))

    @extend_schema(
        request=EntrantChange,
        responses={200: AnyObject, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody},
        summary="Withdraw an entrant (a table it still plays goes to the opponent as a forfeit) or take "
        "it back, check it in, record what it paid",
    )
    def patch(self, request: Request, pk: int, entrant: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        found = self._entrant(pk, entrant)
        arguments = validated(EntrantChange, request.data)
        changed = services.entrant_update(entrant_id=found.pk, actor=actor_for(request), **arguments)
        return Response(documents.entrant_document(changed))

    @extend_schema(
        request=None,
        responses={204: None, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Remove an entrant registered by mistake (before round 1; after, withdraw it)",
    )
    def delete(self, request: Request, pk: int, entrant: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        services.entrant_remove(entrant_id=self._entrant(pk, entrant).pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CashSummary(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 403: ErrorBody, 404: ErrorBody},
        summary="The evening's cash (organizers): who paid what, who owes, expected, received, owed (cents)",
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        return Response(cash.cash_document(cash.cash_of(tournament)))


class RoundCollection(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyList, 404: ErrorBody}, summary="The rounds", operation_id="rounds_list")
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        return Response(
            [
                {"number": r.number, "label": r.label or f"Round {r.number}", "status": r.status}
                for r in tournament.rounds.order_by("number")
            ]
        )

    @extend_schema(
        request=None,
        responses={
            202: inline_serializer(
                "RoundStarted", {"round": serializers.IntegerField(), "task": serializers.CharField()}
            ),
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
        },
        summary="Start the next round: it is drawn by a task and appears when built",
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        started = services.round_start(tournament_id=tournament.pk)
        return Response(
            {"round": started.number, "task": started.task_id},
            status=status.HTTP_202_ACCEPTED,
            headers={"Location": f"{request.path}{started.number}/"},
        )


class RoundDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 304: None, 404: ErrorBody},
        summary="A round: its tables with entrants, match and status, its byes and flags",
    )
    def get(self, request: Request, pk: int, number: int) -> HttpResponseBase:
        tournament = tournament_or_404(pk)
        the_round = Round.objects.filter(tournament=tournament, number=number).first()
        if the_round is None:
            raise Http404(gettext("no such round"))
        etag = selectors.live_revision(tournament, [the_round])
        shown = blind_finish.veil_for(request, tournament)
        return blind_finish.shown_get(
            request,
            shown,
            etag,
            lambda: Response(documents.round_document(tournament, the_round, shown)),
            private=not shown.active and tournament.blind_rounds > 0,
        )


class TableResult(APIView):
    """The organizer's word on a table's result: a winner (or a draw), or a forfeit, with a reason."""

    permission_classes = [AllowAny]

    def _table(self, pk: int, number: int, table: int) -> tuple[Tournament, TableAssignment]:
        tournament = tournament_or_404(pk)
        found = TableAssignment.objects.filter(
            round__tournament=tournament, round__number=number, number=table
        ).first()
        if found is None:
            raise Http404(gettext("no such table"))
        return tournament, found

    @extend_schema(
        request=TableResultInput,
        responses={200: AnyObject, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary='Set a result: {"winner": id or null for a draw, "points"?, "reason"} or {"forfeit": [ids], "reason"}',
    )
    def post(self, request: Request, pk: int, number: int, table: int) -> Response:
        tournament, found = self._table(pk, number, table)
        _require_organizer(request, tournament)
        decision = validated(TableResultInput, request.data)
        services.table_decide(table_id=found.pk, decision=decision, actor=actor_for(request))
        return Response(_table_document(tournament, found))

    @extend_schema(
        request=None,
        responses={200: AnyObject, 403: ErrorBody, 404: ErrorBody},
        summary="Clear the organizer's result: the table's matches decide again",
    )
    def delete(self, request: Request, pk: int, number: int, table: int) -> Response:
        tournament, found = self._table(pk, number, table)
        _require_organizer(request, tournament)
        services.table_reset(table_id=found.pk, actor=actor_for(request))
        return Response(_table_document(tournament, found))


class Standings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 304: None, 404: ErrorBody},
        summary='The standings: rows of {"rank" ("3=" when shared), "entrant", "name", metrics...}',
    )
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        tournament = tournament_or_404(pk)
        etag = f"{tournament.revision}.{tournament.standings_revision}"
        shown = blind_finish.veil_for(request, tournament)
        return blind_finish.shown_get(
            request,
            shown,
            etag,
            lambda: Response(documents.standings_document(tournament, shown)),
            private=not shown.active and tournament.blind_rounds > 0,
        )


class BracketView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 304: None, 404: ErrorBody},
        summary="The bracket: rounds of slots with entrants, their scores, match ids and winners",
    )
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        tournament = tournament_or_404(pk)
        if tournament.format not in BRACKETS:
            raise Http404(
                gettext("a tournament in this format has no bracket (%(format)s)")
                % {"format": tournament.get_format_display().lower()}
            )
        return conditional_get(
            request,
            selectors.live_revision(tournament),
            lambda: Response(documents.bracket_document(tournament)),
        )


class Corrections(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyList, 404: ErrorBody},
        summary='Results corrected after their round closed: {"match", "round", "table", "deal", "by", "at", "reason"}',
        operation_id="tournaments_corrections_list",
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        shown = blind_finish.veil_for(request, tournament)
        return Response([c.as_json() for c in blind_finish.public_corrections(tournament, shown)])


class Reveal(APIView):
    """The prize-giving of a blind finish (``services.tournament_reveal``): the standings, hidden
    from the public for the last rounds, show everywhere. Idempotent: a second call changes
    nothing."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={200: AnyObject, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Reveal the standings of a blind finish (organizers); 409 when it hides no round",
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        revealed = services.tournament_reveal(tournament_id=tournament.pk, actor=actor_for(request))
        return Response(documents.tournament_document(revealed))


class Desk(APIView):
    """The director's results desk: every table of the rounds being played and the queues."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody},
        summary="The results desk (organizers): tables with their state and since when, the last deal; "
        "queues awaiting_confirmation, disputes (a rejection's detail names its deal, if any), "
        "correction_requests (a table asking to correct a deal of its closed round), "
        "corrections_after_close, missing_results",
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_or_404(pk)
        _require_organizer(request, tournament)
        return Response(desk.desk(tournament).as_json())


__all__ = [
    "BracketView",
    "Corrections",
    "Desk",
    "EntrantCollection",
    "EntrantDetail",
    "Reveal",
    "RoundCollection",
    "RoundDetail",
    "Standings",
    "TableResult",
    "TournamentCollection",
    "TournamentDetail",
]
