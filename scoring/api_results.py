"""The API of a match's result and of its rematch (same conventions as ``scoring/api.py``).

``POST /api/matches/{id}/result/`` takes one action on the result (:class:`ResultActionInput`):
``accept`` or ``reject`` by the table's link (the side named; with own-device confirmation the
side whose own link it is; a rejection may name the ``deal`` that is wrong), ``resolve``, ``void``
or ``reopen`` by an organizer of the match's club; a wrong state is a 409 naming it
(``scoring/services/results.py``). ``POST /api/matches/{id}/correction-requests/`` asks the director to
correct a deal of a result whose round is closed (:class:`CorrectionRequestInput`,
``scoring/services/correction_requests.py``): 201 with the request, 200 with the same open request on a
repeat, 400 naming the field (``deal``, ``reason``, ``side``), 409 while the round is not closed. ``POST /api/matches/{id}/rematch/``
starts the match's rematch: 201 for a friendly match, 409 at a tournament's table.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access import actor_for
from scoring.authentication import granted_match, match_to_write, require_scorer
from scoring.documents import match_document
from scoring.models import CorrectionRequest
from scoring.result_states import Action
from scoring.services import correction_requests, matches, results
from tablescore.api import AnyObject, ErrorBody, invalid_entry

#: The actions a request may name (closing a round is the tournament's, never a request's).
REQUESTED = [Action.ACCEPT, Action.REJECT, Action.RESOLVE, Action.VOID, Action.REOPEN]


class ResultActionInput(serializers.Serializer[Any]):
    """One action on a match's result, declared once: the API validates with it, the schema
    describes it and the tests draw from it."""

    action = serializers.ChoiceField(
        choices=[a.value for a in REQUESTED],
        help_text="accept or reject (the table's link, a side); resolve, void or reopen (an organizer).",
        error_messages={"invalid_choice": "action must be one of " + ", ".join(REQUESTED)},
    )
    side = serializers.CharField(
        required=False, max_length=120, help_text="The side accepting or rejecting (hand-over)."
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=300,
        help_text="Why: required to reject, void or reopen.",
    )
    deal = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="reject: the number of the deal that is wrong (none: the whole result).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        _no_unknown_field(self, _("%(name)s is not a field of a result action"))
        attrs["action"] = Action(attrs["action"])
        return attrs


class CorrectionRequestInput(serializers.Serializer[Any]):
    """A table's request to the director to correct a deal of its closed round."""

    deal = serializers.IntegerField(min_value=1, help_text="The number of the deal to correct.")
    reason = serializers.CharField(max_length=300, help_text="What is wrong with the deal.")
    side = serializers.CharField(
        required=False, max_length=120, help_text="The side asking (hand-over; own-device: the link's)."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        _no_unknown_field(self, _("%(name)s is not a field of a correction request"))
        return attrs


def _no_unknown_field(form: serializers.Serializer[Any], said: str) -> None:
    unknown = sorted(set(form.initial_data) - set(form.fields))
    if unknown:
        raise serializers.ValidationError({unknown[0]: said % {"name": unknown[0]}})


def arguments(data: Any, kind: type[serializers.Serializer[Any]] = ResultActionInput) -> dict[str, Any]:
    """The body as the service's arguments (``kind``: the input it declares), or the 400 naming
    the field."""
    if not isinstance(data, dict):
        raise invalid_entry({"non_field_errors": [_("the body must be a JSON object")]})
    form = kind(data=data)
    if not form.is_valid():
        raise invalid_entry(form.errors)
    return dict(form.validated_data)


def result_arguments(data: Any) -> dict[str, Any]:
    """The body as :func:`scoring.services.results.result_act`'s arguments, or the 400 naming the field."""
    return arguments(data, ResultActionInput)


class MatchResult(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=ResultActionInput,
        responses={
            200: AnyObject,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
        },
        summary="Accept or reject the result (the table), or resolve, void or reopen it (organizers)",
    )
    def post(self, request: Request, pk: int) -> Response:
        match = match_to_write(request, pk)
        require_scorer(request, match)
        grant = request.auth if granted_match(request) == match else None
        changed = results.result_act(
            match_id=match.pk,
            actor=actor_for(request),
            link_side=getattr(grant, "side", None),
            **result_arguments(request.data),
        )
        return Response(match_document(changed))


def correction_document(request: CorrectionRequest) -> dict[str, Any]:
    """A correction request as the API shows it."""
    return {
        "id": request.pk,
        "match": request.match_id,
        "deal": request.deal_number,
        "reason": request.reason,
        "side": request.side,
        "status": request.status,
        "by": request.actor_label,
        "created_at": request.created_at.isoformat(),
    }


class MatchCorrectionRequests(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=CorrectionRequestInput,
        responses={
            200: AnyObject,
            201: AnyObject,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
        },
        summary="Ask the director to correct a deal of a closed round (the same open request on a repeat)",
    )
    def post(self, request: Request, pk: int) -> Response:
        match = match_to_write(request, pk)
        require_scorer(request, match)
        grant = request.auth if granted_match(request) == match else None
        asked = correction_requests.correction_ask(
            match_id=match.pk,
            actor=actor_for(request),
            link_side=getattr(grant, "side", None),
            **arguments(request.data, CorrectionRequestInput),
        )
        return Response(
            correction_document(asked.request),
            status=status.HTTP_201_CREATED if asked.created else status.HTTP_200_OK,
        )


class MatchRematch(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={201: AnyObject, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody},
        summary="Start the rematch (the same one for a second call); a tournament table has none (409)",
    )
    def post(self, request: Request, pk: int) -> Response:
        match = match_to_write(request, pk)
        require_scorer(request, match)
        new = matches.rematch(match=match, actor=actor_for(request))
        doc = match_document(new)
        return Response(doc, status=status.HTTP_201_CREATED, headers={"Location": doc["links"]["self"]})
