"""The scoring REST API of matches and deals (docs/architecture.md). Thin: parse, authorize, call
one service, answer.

Paths are a contract: ``/api/matches/…``. Errors are the API's one shape (``tablescore/api.py``)
with 400 (the entry or request), 403, 404 or 409 (the match as it stands: finished, stale version,
reused idempotency key). Who may call is decided in ``scoring/authentication.py`` (every API's);
the game catalogue is ``scoring/api_games.py``.
"""

from __future__ import annotations

import re
from typing import Any

from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access import (
    actor_for,
    can_manage,
    club_for_organizer,
    managed_clubs,
)
from clubs.errors import InvalidEntry, ServiceError
from scoring import numbering, selectors
from scoring.access import deal_or_404, readable_match_or_404
from scoring.authentication import TableGrant, granted_match, match_to_write, require_scorer
from scoring.documents import (
    deal_document,
    deal_write_document,
    match_document,
    result_diff,
    result_document,
)
from scoring.links import organizer_links
from scoring.models import Match, Source
from scoring.result_states import Role
from scoring.services import blind, conflicts, contacts, deals
from scoring.services.deals import DealWrite, deal_correct, deal_void
from scoring.services.lifecycle import role_of
from scoring.services.matches import match_create
from scoring.titles import said_title
from tablescore.api import AnyList, AnyObject, ErrorBody, invalid_entry
from tablescore.conditional import conditional_get


def blind_document(write: blind.BlindWrite) -> dict[str, Any]:
    """The answer to a side's entry of a double-blind match: its place in the side's own ledger,
    whether the side has entered the whole match, and where the result stands (nothing of the
    other side's entries)."""
    return {
        "side": write.match.sides[write.side],
        "deal": write.number,
        "finished": write.finished,
        "result": result_document(write.match),
    }


def _answer(write: DealWrite) -> dict[str, Any]:
    """The answer to a deal write: the one stored for its ``Idempotency-Key`` (a repeat gets the
    first answer byte for byte), else the deal and the match as they now stand."""
    if write.answer is not None:
        return write.answer
    return deal_write_document(write.match, write.deal, write.version)


_ETAG_NUMBER = re.compile(r'^\s*(?:W/)?"?(\d+)"?\s*$')


def _if_match(request: Request) -> int | None:
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    found = _ETAG_NUMBER.match(raw)
    if not found:
        raise ServiceError(_("If-Match must be the version number being corrected"), "If-Match")
    return int(found.group(1))


class MatchCreateSerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    sides = serializers.JSONField()
    seats = serializers.JSONField(required=False)
    preset = serializers.CharField(required=False, allow_null=True)
    options = serializers.JSONField(required=False)
    club = serializers.SlugField(required=False)
    title = serializers.CharField(required=False, allow_blank=True, max_length=120)


class MatchCollection(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("club", str, OpenApiParameter.QUERY, required=False)],
        responses={200: AnyList},
        summary="The matches of the clubs you organize, newest first",
        operation_id="matches_list",
    )
    def get(self, request: Request) -> Response:
        clubs = managed_clubs(request.user)
        if "club" in request.query_params:
            clubs = [c for c in clubs if c.slug == request.query_params["club"]]
        matches = Match.objects.filter(club__in=clubs).select_related("club").order_by("-updated_at")[:200]
        return Response(
            [
                {
                    "id": m.pk,
                    "club": m.club.slug,
                    "game": m.game_key,
                    "title": said_title(m.title, m.title_parts),
                    "sides": m.sides,
                    "status": m.status,
                    "totals": m.state.get("totals"),
                    "deals": m.deal_count,
                    "revision": m.revision,
                }
                for m in matches
            ]
        )

    @extend_schema(
        request=MatchCreateSerializer,
        responses={201: AnyObject, 400: ErrorBody, 403: ErrorBody},
        summary="Create a match (organizers)",
    )
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, TableGrant):
            raise exceptions.PermissionDenied("a table link cannot create matches")
        data = request.data if isinstance(request.data, dict) else None
        if data is None:
            raise InvalidEntry(_("the body must be a JSON object"), None)
        form = MatchCreateSerializer(data=data)
        if not form.is_valid():
            raise invalid_entry(form.errors)
        values = form.validated_data
        match = match_create(
            club=club_for_organizer(request.user, values.get("club")),
            game_key=values["game"],
            sides=values["sides"],
            seats=values.get("seats"),
            preset=values.get("preset"),
            options=values.get("options"),
            title=values.get("title", ""),
            actor=actor_for(request),
        )
        doc = match_document(match)
        doc["links"].update(organizer_links(match))  # its creator is an organizer: as GET answers them
        return Response(doc, status=status.HTTP_201_CREATED, headers={"Location": doc["links"]["self"]})


class MatchDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 304: None, 404: ErrorBody},
        summary="A match's state (docs/games/README.md §6) with ids and links (304 when unchanged)",
    )
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        match = readable_match_or_404(request, pk)
        organizer = can_manage(request.user, match.club_id)

        def document() -> Response:
            doc = match_document(match)
            if organizer:
                doc["links"].update(organizer_links(match))
                if match.detail.differences:
                    doc["result"]["diff"] = result_diff(match)
            return Response(doc)

        return conditional_get(request, str(match.revision), document, private=organizer)


class MatchDeals(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyList, 404: ErrorBody},
        summary="The match's deals with their versions",
        operation_id="matches_deals_list",
    )
    def get(self, request: Request, pk: int) -> Response:
        match = readable_match_or_404(request, pk)
        return Response([deal_document(deal, version) for deal, version in selectors.deal_rows(match)])

    @extend_schema(
        request=AnyObject,
        parameters=[
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False),
            *numbering.PARAMETERS,
        ],
        responses={
            201: AnyObject,
            200: AnyObject,
            400: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
        },
        summary="Record a deal: the body is the game's deal entry",
    )
    def post(self, request: Request, pk: int) -> Response:
        match = match_to_write(request, pk)
        require_scorer(request, match)
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 1 <= len(key) <= 120:
            raise InvalidEntry(_("Idempotency-Key must be 1 to 120 characters"), "Idempotency-Key")
        if granted_match(request) is not None:
            contacts.note_contact(match, numbering.outbox_count(request.headers))
        actor = actor_for(request)
        if blind.is_blind(match) and role_of(actor) == Role.TABLE:
            side = request.auth.side if isinstance(request.auth, TableGrant) else None
            entered = blind.blind_record(match_id=match.pk, side=side, entry=request.data, actor=actor)
            return Response(blind_document(entered), status=status.HTTP_201_CREATED)
        written = deals.deal_record_numbered(
            match_id=match.pk,
            number=numbering.deal_number(request.headers),
            entry=request.data,
            actor=actor,
            source=Source.API,
            idempotency_key=key,
        )
        write = conflicts.refuse_conflict(written, numbering.DEAL_NUMBER)
        return Response(
            _answer(write), status=status.HTTP_200_OK if written.duplicate else status.HTTP_201_CREATED
        )


class DealDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 404: ErrorBody}, summary="A deal with every version (its change history)"
    )
    def get(self, request: Request, pk: int, number: int) -> Response:
        match = readable_match_or_404(request, pk)
        deal = deal_or_404(match, number)
        versions = selectors.deal_history(deal)
        doc = deal_document(deal, versions[-1])
        doc["versions"] = [
            {
                "version": v.version,
                "entry": v.entry,
                "voided": v.voided,
                "reason": v.reason,
                "source": v.source,
                "by": v.actor_label,
                "at": v.created_at.isoformat(),
            }
            for v in versions
        ]
        return Response(doc, headers={"ETag": f'"{deal.version}"'})

    @extend_schema(
        request=AnyObject,
        parameters=[
            OpenApiParameter("If-Match", str, OpenApiParameter.HEADER, required=True),
            OpenApiParameter("reason", str, OpenApiParameter.QUERY, required=False),
        ],
        responses={200: AnyObject, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Correct a deal (If-Match: the version corrected; reason: required after the round closed)",
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        match = match_to_write(request, pk)
        require_scorer(request, match)
        write = deal_correct(
            match_id=match.pk,
            number=number,
            entry=request.data,
            expected_version=_if_match(request),
            actor=actor_for(request),
            source=Source.API,
            reason=request.query_params.get("reason", ""),
        )
        return Response(_answer(write), headers={"ETag": f'"{write.deal.version}"'})

    @extend_schema(
        request=inline_serializer("Void", {"reason": serializers.CharField()}),
        parameters=[
            OpenApiParameter("If-Match", str, OpenApiParameter.HEADER, required=True),
            OpenApiParameter("reason", str, OpenApiParameter.QUERY, required=False),
        ],
        responses={200: AnyObject, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Void a deal with a reason",
    )
    def delete(self, request: Request, pk: int, number: int) -> Response:
        match = match_to_write(request, pk)
        require_scorer(request, match)
        reason = request.query_params.get("reason")
        if reason is None and isinstance(request.data, dict):
            reason = request.data.get("reason")
        write = deal_void(
            match_id=match.pk,
            number=number,
            reason=str(reason or ""),
            expected_version=_if_match(request),
            actor=actor_for(request),
            source=Source.API,
        )
        return Response(_answer(write))


class MatchHistory(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyList, 404: ErrorBody}, summary="The match's audit trail")
    def get(self, request: Request, pk: int) -> Response:
        match = readable_match_or_404(request, pk)
        private = can_manage(request.user, match.club_id) or granted_match(request) == match
        return Response([event.as_json() for event in selectors.audit_trail(match, private=private)])
