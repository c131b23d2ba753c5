"""The game catalogue of the API: ``/api/games/`` (every game and its entry's schema, the same
declaration that drives the forms and the docs) and a preview that scores entries without saving.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import authentication, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.errors import InvalidEntry
from games import GAMES, Game, GameError, UnknownGameError, find_game
from games.declaration import Field
from games.schema import game_schema
from scoring.services.common import game_error
from tablescore.api import AnyList, AnyObject, ErrorBody


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
