"""Error pages: under ``/api/`` a 404 is the API's JSON error shape (a path the URLs do not match,
such as a negative id, is still an API answer); everywhere else Django's page (templates/404.html)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"field": None, "rule": "no such resource"}}, status=404)
    return defaults.page_not_found(request, exception)
