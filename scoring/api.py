"""The scoring REST API (docs/architecture.md). Thin: parse, authorize, call one service, answer.

Paths are a contract: ``/api/games/…`` and ``/api/matches/…``. Errors are the API's one shape
(``tablescore/api.py``) with 400 (the entry or request), 403, 404 or 409 (the match as it stands:
finished, stale version, reused idempotency key). The table link authentication defined here is
every API's: a request made with a match's link may score that match, and nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import authentication, exceptions, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access import (
    SignInRequired,
    actor_for,
    can_manage,
    club_for_organizer,
    is_signed_in,
    managed_clubs,
    one_or_404,
    require_organizer,
)
from clubs.errors import Conflict, InvalidEntry, ServiceError
from games import GAMES, Game, GameError, UnknownGameError, find_game
from games.declaration import Field
from games.schema import game_schema
from scoring import blind, conflicts, numbering
from scoring.access import can_score, deal_or_404, match_or_404
from scoring.documents import (
    deal_document,
    deal_write_document,
    match_document,
    result_diff,
    result_document,
)
from scoring.lifecycle import role_of
from scoring.links import is_place, match_for_token, organizer_links, place_now, signed_payload, token_side
from scoring.models import AuditEvent, Match, Source
from scoring.result_states import Role
from scoring.services.common import game_error
from scoring.services.deals import DealWrite, deal_correct, deal_void
from scoring.services.matches import match_create
from scoring.throttling import TooManyBadTokens, check_token, count_refused
from tablescore.api import AnyList, AnyObject, ErrorBody, invalid_entry
from tablescore.conditional import conditional_get


@dataclass(frozen=True)
class TableGrant:
    """``request.auth`` for a request made with a table link: it may score one match (``side``:
    the side whose own link it is, for confirmation by own device)."""

    match: Match
    side: int | None = None


def granted_match(request: Request) -> Match | None:
    """The match the request's table link may score, if it was made with one."""
    return request.auth.match if isinstance(request.auth, TableGrant) else None


def require_organizer_call(request: Request, *, club_id: int | None, running: str) -> None:
    """An organizer's write (a tournament's, a season's): an organizer's session or token, of
    ``club_id`` when the thing written to has a club yet; a table link never (it may score one
    match and nothing else)."""
    if isinstance(request.auth, TableGrant):
        raise DjangoPermissionDenied(_("a table link cannot run %(what)s") % {"what": running})
    if not is_signed_in(request.user):
        raise SignInRequired(_("sign in as an organizer of the club"))
    if club_id is not None:
        require_organizer(request.user, club_id)


class TableLinkAuthentication(authentication.BaseAuthentication):
    """``Authorization: Table <token>``, or ``?table=<token>`` (the scorer link itself)."""

    keyword = "Table"

    def authenticate(self, request: Request) -> tuple[AnonymousUser, TableGrant] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        token = None
        if header.startswith(self.keyword + " "):
            token = header[len(self.keyword) + 1 :].strip()
        elif "table" in request.query_params:
            token = request.query_params["table"]
        if token is None:
            return None
        # A token this server did not sign is counted per address, and throttled (429) past the
        # rate without any database work; a signed one is always checked (scoring/throttling.py).
        try:
            signed = check_token(request, token)
        except TooManyBadTokens as error:
            raise exceptions.Throttled(wait=error.retry_after) from None
        match = match_for_token(token, with_state=False) if signed else None
        if match is None:
            _refuse_an_empty_place(token)
            if signed:
                count_refused(request)
            raise exceptions.AuthenticationFailed(_("this table link is not valid (revoked or mistyped)"))
        return AnonymousUser(), TableGrant(match, token_side(token))

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


def _refuse_an_empty_place(token: str) -> None:
    """A valid link of a place (a tournament's physical table) where no match is played now is
    not a bad link: 409, saying what the table waits for, rather than a misleading 401."""
    payload = signed_payload(token)
    now = place_now(payload) if payload is not None and is_place(payload) else None
    if now is not None and now.match is None:
        rule = _("%(table)s has no match now: wait for the next round") % {"table": now.label}
        raise Conflict(rule, None, waiting=now.note)


class TableLinkScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """Documents the table link in the OpenAPI schema."""

    target_class = TableLinkAuthentication
    name = "tableLink"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "Authorization", "description": "Table <token>"}


AUTHENTICATION = [
    TableLinkAuthentication,
    authentication.SessionAuthentication,
    authentication.TokenAuthentication,
]


def _match_to_write(request: Request, pk: int) -> Match:
    """The match a write names, for the permission check only (the service locks and reads it
    again): a table link already carries its match, and nobody needs the cached state here."""
    granted = granted_match(request)
    if granted is not None and granted.pk == pk:
        return granted
    return one_or_404(Match.objects.defer("state"), "match", pk=pk)


def _require_scorer(request: Request, match: Match) -> None:
    if not can_score(request.user, granted_match(request), match):
        if not is_signed_in(request.user) and request.auth is None:
            raise exceptions.NotAuthenticated(_("sign in, or use this table's scorer link"))
        raise exceptions.PermissionDenied(_("you may not score this match"))


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


class GameList(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type[authentication.BaseAuthentication]] = []

    @extend_schema(
        responses={200: AnyList}, summary="Every game Tablescore scores", operation_id="games_list"
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "key": cls.key,
                    "name": cls.name,
                    "summary": cls.summary,
                    "sides": {"min": cls.min_sides, "max": cls.max_sides},
                    "seats": cls.seats(),
                    "partnerships": cls.partnerships,
                    "presets": list(cls.presets),
                    # the keys above are the default table; a variant's table comes with its options
                    **_other_tables(cls),
                }
                for cls in GAMES.values()
            ]
        )


def _other_tables(cls: type[Game[Any]]) -> dict[str, Any]:
    others = cls.table_shapes()[1:]
    if not others:
        return {}
    return {"other_tables": [{"when": when.as_json(), **shape.as_json()} for when, shape in others if when]}


def _field_docs(fields: tuple[Field, ...]) -> list[dict[str, Any]]:
    """The entry fields as the API describes them; ``in_play_when`` names the option values that
    bring a field into play (out of play it takes its neutral value only)."""
    return [
        {
            "name": f.name,
            "help": f.help,
            "required": f.required_label(),
            "nullable": f.nullable,
            "kind": f.kind.describe(),
            "schema": f.schema(),
            "rules": [r.text for r in f.rules],
            **({"in_play_when": f.when.as_json()} if f.when else {}),
        }
        for f in fields
    ]


def _game_or_404(key: str) -> Any:
    try:
        return find_game(key)
    except UnknownGameError:
        raise Http404(_("no such game")) from None


class GameDetail(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type[authentication.BaseAuthentication]] = []

    @extend_schema(
        responses={200: AnyObject, 404: ErrorBody}, summary="A game's entry fields, options and presets"
    )
    def get(self, request: Request, key: str) -> Response:
        game = _game_or_404(key)
        doc = game_schema(type(game))
        doc["fields"] = _field_docs(game.fields)
        for shown, declared in zip(doc.get("variants", ()), type(game).variants, strict=True):
            if declared.fields is not None:
                shown["fields"] = _field_docs(declared.fields)
        return Response(doc)


class GamePreview(APIView):
    """Score one entry after some previous deals; nothing is saved."""

    permission_classes = [AllowAny]
    authentication_classes: list[type[authentication.BaseAuthentication]] = []

    @extend_schema(
        request=inline_serializer(
            "Preview",
            {
                "sides": serializers.ListField(child=serializers.CharField()),
                "options": serializers.DictField(required=False),
                "preset": serializers.CharField(required=False),
                "deals": serializers.ListField(child=serializers.DictField(), required=False),
                "entry": serializers.DictField(),
            },
        ),
        responses={200: AnyObject, 400: ErrorBody, 404: ErrorBody},
        summary="Score an entry in the context of given previous deals",
    )
    def post(self, request: Request, key: str) -> Response:
        game = _game_or_404(key)
        body = request.data
        if not isinstance(body, dict):
            raise InvalidEntry(_("the body must be a JSON object"), None)
        for name in ("sides", "entry"):
            if name not in body:
                raise InvalidEntry(_("%(name)s is required") % {"name": name}, name)
        previous = body.get("deals", [])
        if not isinstance(previous, list):
            raise InvalidEntry(_("deals must be a list of entries"), "deals")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise InvalidEntry(_("options must be an object"), "options")
        if body.get("preset") is not None:
            options = {**options, "preset": body["preset"]}
        try:
            before = game.replay(options, body["sides"], previous)
            after = before.play(body["entry"])
        except GameError as error:
            raise game_error(error) from None
        doc = after.as_json()
        return Response({"deal": doc["deals"][-1], "match": doc})


class MatchCreateSerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    sides = serializers.JSONField()
    seats = serializers.JSONField(required=False)
    preset = serializers.CharField(required=False, allow_null=True)
    options = serializers.JSONField(required=False)
    club = serializers.SlugField(required=False)
    title = serializers.CharField(required=False, allow_blank=True, max_length=120)


class MatchCollection(APIView):
    authentication_classes = AUTHENTICATION
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
                    "title": m.title,
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
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 304: None, 404: ErrorBody},
        summary="A match's state (docs/games/README.md §6) with ids and links (304 when unchanged)",
    )
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        match = match_or_404(pk)
        organizer = can_manage(request.user, match.club_id)

        def document() -> Response:
            doc = match_document(match)
            if organizer:
                doc["links"].update(organizer_links(match))
                if match.result_detail.get("diff"):
                    doc["result"]["diff"] = result_diff(match)
            return Response(doc)

        return conditional_get(request, str(match.revision), document, private=organizer)


class MatchDeals(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyList, 404: ErrorBody},
        summary="The match's deals with their versions",
        operation_id="matches_deals_list",
    )
    def get(self, request: Request, pk: int) -> Response:
        match = match_or_404(pk)
        deals = match.deals.prefetch_related("versions").order_by("number")
        out = []
        for deal in deals:
            versions = sorted(deal.versions.all(), key=lambda v: v.version)
            out.append(deal_document(deal, versions[-1]))
        return Response(out)

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
        match = _match_to_write(request, pk)
        _require_scorer(request, match)
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 1 <= len(key) <= 120:
            raise InvalidEntry(_("Idempotency-Key must be 1 to 120 characters"), "Idempotency-Key")
        if granted_match(request) is not None:
            conflicts.note_contact(match, numbering.outbox_count(request.headers))
        actor = actor_for(request)
        if blind.is_blind(match) and role_of(actor) == Role.TABLE:
            side = request.auth.side if isinstance(request.auth, TableGrant) else None
            entered = blind.blind_record(match_id=match.pk, side=side, entry=request.data, actor=actor)
            return Response(blind_document(entered), status=status.HTTP_201_CREATED)
        written = conflicts.deal_record_numbered(
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
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyObject, 404: ErrorBody}, summary="A deal with every version (its change history)"
    )
    def get(self, request: Request, pk: int, number: int) -> Response:
        match = match_or_404(pk)
        deal = deal_or_404(match, number)
        versions = list(deal.versions.order_by("version"))
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
        match = _match_to_write(request, pk)
        _require_scorer(request, match)
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
        match = _match_to_write(request, pk)
        _require_scorer(request, match)
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
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyList, 404: ErrorBody}, summary="The match's audit trail")
    def get(self, request: Request, pk: int) -> Response:
        match = match_or_404(pk)
        private = can_manage(request.user, match.club_id) or granted_match(request) == match
        events = AuditEvent.objects.filter(match=match).order_by("created_at", "pk")
        return Response(
            [
                {
                    "at": e.created_at.isoformat(),
                    "action": e.action,
                    "deal": e.deal_number,
                    "version": e.version,
                    "by": e.actor_label,
                    **({"ip": e.actor_ip, "detail": e.detail} if private else {}),
                }
                for e in events
            ]
        )
