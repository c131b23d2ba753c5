"""An organizer's page asked for by a visitor who is not signed in answers with the sign-in page.

The views refuse by raising ``clubs.access.SignInRequired`` (from ``require_organizer`` or
``get_for_organizer``), so each one reads as a plain fetch; this middleware turns that refusal into
the redirect ``login_required`` would give, coming back to the page after signing in. The API never
gets here: DRF handles its own exceptions (``tablescore/api.py`` answers 401).

Too many failed sign-ins (django-axes, ``AXES_*`` in the settings) answer :func:`locked_out`: a
page in the reader's language that says how long to wait, with 429.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.access import SignInRequired


class SignInMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, SignInRequired):
            return redirect_to_login(request.get_full_path())
        return None


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """The answer to a sign-in refused because of earlier failures (``AXES_LOCKOUT_CALLABLE``)."""
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return render(request, "registration/locked_out.html", {"cooloff_minutes": minutes}, status=429)
