"""Error pages: under ``/api/`` a 404 is the API's JSON error shape (a path the URLs do not match,
such as a negative id, is still an API answer); everywhere else Django's page (templates/404.html).

A 500 caused by an unreachable database is a 503 (``tablescore/middleware.py``'s answer) wherever it
was raised: the middleware only sees views' exceptions, and a session saved while the database
restarts fails after the view, in another middleware."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults

from tablescore import middleware


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path.startswith("/api/"):
        body = {"error": {"field": None, "rule": _("no such resource"), "code": "not_found"}}
        return JsonResponse(body, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django calls this while handling the exception, so ``sys.exc_info`` still names it."""
    exception = sys.exc_info()[1]
    if isinstance(exception, middleware.UNAVAILABLE_EXCEPTIONS):
        middleware.log_unavailable(request, exception)
        return middleware.unavailable(request)
    return defaults.server_error(request)
