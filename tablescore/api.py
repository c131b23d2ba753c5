"""The API kit every app's REST views share: the one error shape and the schema pieces that say so.

Every error the API answers is ``{"error": {"field", "rule", "code", …}}``: a service's refusal
(``clubs.errors.ServiceError``, with its own status), a body an input serializer refused
(:func:`invalid_entry`), DRF's own errors (401, 403, 404, 405, a body
that is not JSON), an organizer-only request from nobody (``clubs.access.SignInRequired``: 401) and
an unreachable database (503 with ``Retry-After``, as ``tablescore/middleware.py`` answers pages).
``EXCEPTION_HANDLER`` in ``REST_FRAMEWORK`` names :func:`exception_handler`.

``rule`` is a sentence in the language of the request's ``Accept-Language`` (English, French or
Dutch; ``tablescore/languages.py`` activates it for ``/api/``, never the club's language);
``code`` says the same for scripts and never changes with the language: the raiser's own
(``ServiceError.code``, a game error's ``code``), DRF's (``required``, ``max_length``,
``not_authenticated``, ``throttled``…), or else the kind's by status (:data:`CODES`).

What this module does not do: authenticate (each app's API does, ``scoring/api.py``'s table link).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import inline_serializer
from rest_framework import exceptions, serializers, views
from rest_framework.exceptions import ErrorDetail
from rest_framework.response import Response
from rest_framework.settings import api_settings

from clubs.access import SignInRequired
from clubs.errors import InvalidEntry, ServiceError
from tablescore import middleware

#: The code of an error that names none, by its HTTP status (the kinds of refusal).
CODES = {
    400: "invalid",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    412: "precondition_failed",
    415: "unsupported_media_type",
    428: "precondition_required",
    429: "throttled",
    503: "unavailable",
}

#: The error body in the OpenAPI schema (``#/components/schemas/Error``).
ErrorBody = inline_serializer(
    "Error",
    {
        "error": inline_serializer(
            "ErrorDetail",
            {
                "field": serializers.CharField(
                    allow_null=True, help_text="The field at fault; null for the request as a whole."
                ),
                "rule": serializers.CharField(
                    help_text="What is wrong, in the language of Accept-Language (en, fr or nl)."
                ),
                "code": serializers.CharField(
                    help_text=(
                        "What is wrong, for scripts: snake_case, the same in every language (required,"
                        " invalid, not_found, conflict, round_closed, a game's own code…)."
                    )
                ),
            },
        )
    },
)
#: Any JSON object, for documents whose shape the game decides.
AnyObject = OpenApiTypes.OBJECT
#: A JSON array of objects (the list endpoints answer arrays, not objects).
AnyList = {"type": "array", "items": {"type": "object", "additionalProperties": {}}}


def code_for(status: int) -> str:
    """The code of an error with no code of its own, by its status."""
    return CODES.get(status, "invalid" if status < 500 else "server_error")


def error_body(rule: Any, *, code: str, field: str | None = None, **extra: Any) -> dict[str, Any]:
    """The one error shape: ``{"error": {"field", "rule", "code", …}}``."""
    return {"error": {"field": field, "rule": str(rule), "code": code, **extra}}


def error_response(error: ServiceError) -> Response:
    return Response(error.as_json(), status=error.status)


def invalid_entry(errors: Any) -> InvalidEntry:
    """A DRF serializer's ``errors`` as the refusal the API answers: the first problem, named by its
    top-level field (``None`` for the body as a whole) and, in a list, by its ``row`` (0-based),
    with DRF's code for it (``required``, ``invalid``, ``max_length``…)."""
    field, rule, row = _first_error(errors)
    extra = {} if row is None else {"row": row}
    return InvalidEntry(str(rule), field, code=getattr(rule, "code", None) or "invalid", **extra)


def _first_error(errors: Any) -> tuple[str | None, str, int | None]:
    """The first error of a serializer's ``errors``: field, rule (an ``ErrorDetail``, whose
    ``code`` DRF set) and row (a list's errors are keyed by the index of each item at fault)."""
    if isinstance(errors, Mapping) and errors:
        key, problem = next(iter(errors.items()))
        if isinstance(key, int):
            field, rule, _ = _first_error(problem)
            return field, rule, key
        return (None if key == api_settings.NON_FIELD_ERRORS_KEY else str(key)), _leaf(problem), None
    return None, _leaf(errors), None


def _leaf(problem: Any) -> str:
    """The first message in a nested error (a list of messages, a field's dict, a child's list)."""
    while not isinstance(problem, str | ErrorDetail):
        if isinstance(problem, Mapping):
            problem = next(iter(problem.values()), "")
        elif isinstance(problem, Sequence) and problem:
            problem = next((p for p in problem if p), problem[0])
        else:
            return str(problem)
    return problem


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error of an API view in the one error shape (see the module doc)."""
    if isinstance(exc, ServiceError):
        return error_response(exc)
    if isinstance(exc, middleware.UNAVAILABLE_EXCEPTIONS):
        middleware.log_unavailable(context["request"], exc)
        return Response(middleware.unavailable_body(), status=503, headers=middleware.unavailable_headers())
    if isinstance(exc, SignInRequired):
        exc = _not_authenticated(str(exc), context)
    response = views.exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and "error" in data:
        data["error"].setdefault("code", code_for(response.status_code))
        return response
    if isinstance(exc, exceptions.ValidationError):
        refusal = invalid_entry(exc.detail)
        response.data = refusal.as_json()
        return response
    detail = data.get("detail", data) if isinstance(data, dict) else data
    code = getattr(detail, "code", None) or code_for(response.status_code)
    response.data = error_body(detail, code=code)
    return response


def _not_authenticated(rule: str, context: dict[str, Any]) -> exceptions.NotAuthenticated:
    """DRF's 401 with the view's ``WWW-Authenticate`` challenge, or a 403 for a view that has none:
    what ``APIView.handle_exception`` makes of a ``NotAuthenticated`` raised in the view itself."""
    error = exceptions.NotAuthenticated(rule)
    challenge = context["view"].get_authenticate_header(context["request"])
    if challenge:
        error.auth_header = challenge  # type: ignore[attr-defined]  # DRF's own attribute, not in its stubs
    else:
        error.status_code = 403
    return error
