"""An organizer's page asked for by a visitor who is not signed in answers with the sign-in page.

The views refuse by raising ``clubs.access.SignInRequired`` (from ``require_organizer`` or
``get_for_organizer``), so each one reads as a plain fetch; this middleware turns that refusal into
the redirect ``login_required`` would give, coming back to the page after signing in. The API never
gets here: DRF handles its own exceptions (``tablescore/api.py`` answers 401).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse

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
