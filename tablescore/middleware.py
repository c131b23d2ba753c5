"""The database is unreachable: answer 503 with ``Retry-After``, never a 500.

A restart, a failover or a full connection table makes every query fail for a few seconds with
``django.db.OperationalError`` (cannot connect, connection lost, server shutting down, too many
connections, deadlock) or ``InterfaceError`` (the connection is already closed). Nothing is wrong
with the request: the client should send it again, with the same ``Idempotency-Key`` for a deal,
and it lands exactly once (the deal and its key are committed together, or neither is).

The API (``/api/``) answers in its one error shape, ``{"error": {"field": null, "rule": ...}}``
(``tablescore.api.exception_handler`` does the same for DRF views); pages answer a short HTML page.
Django closes a broken connection at the end of the request, and ``CONN_HEALTH_CHECKS`` replaces a
dead persistent one at the next.

What this module does not do: retry anything itself, or hide other errors (they stay 500s).
Only exceptions raised by views reach it (``process_exception``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

log = logging.getLogger(__name__)

#: Seconds a client is asked to wait before sending the request again.
RETRY_AFTER_SECONDS = 2
RULE = _("the database is briefly unavailable: send the same request again in a few seconds")
UNAVAILABLE_EXCEPTIONS = (OperationalError, InterfaceError)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def unavailable_body() -> dict[str, dict[str, str | None]]:
    """The API's error document for a 503."""
    return {"error": {"field": None, "rule": str(RULE), "code": "unavailable"}}


def unavailable_headers() -> dict[str, str]:
    return {"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"}


def log_unavailable(request: HttpRequest, exception: Exception) -> None:
    first_line = (str(exception).strip().splitlines() or [""])[0]
    log.warning(
        "database unavailable: %s %s answered 503 (%s: %s)",
        request.method,
        request.path,
        type(exception).__name__,
        first_line,
    )


def unavailable(request: HttpRequest) -> HttpResponse:
    """The 503 for ``request``: JSON for the API, a short page otherwise."""
    response: HttpResponse
    if is_api(request):
        response = JsonResponse(unavailable_body(), status=503)
    else:
        # A template with no database work and nothing of base.html (no session, no CSRF token).
        page = render_to_string("503.html")
        response = HttpResponse(page, status=503, content_type="text/html; charset=utf-8")
    for name, value in unavailable_headers().items():
        response[name] = value
    return response


class DatabaseUnavailableMiddleware:
    """Turns a database connection failure raised by a view into a 503 (see the module doc)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, UNAVAILABLE_EXCEPTIONS):
            return None
        log_unavailable(request, exception)
        return unavailable(request)
