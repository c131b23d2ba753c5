"""Which language a page speaks, and which time zone it shows times in.

Pages, in this order (the first that gives a language wins):

1. the visitor's own choice: the switcher at the foot of every page posts to Django's
   ``set_language``, which keeps it in the language cookie (``django_language``);
2. the club's language, on a page bound to one club (its page, a scoreboard, a scorer page, a
   tournament's pages, a projector, slips, a season, and the new-tournament, new-match and
   new-season forms reached from the club's page): ``clubs.bound`` finds the club from the
   resolved URL (or its ``?club=<slug>``) through the finders each app registers, so no view
   does anything;
3. the browser's ``Accept-Language``;
4. English.

``django.middleware.locale.LocaleMiddleware`` (before this one) does 1, 3 and 4; this middleware
puts 2 in between in ``process_view``, once the URL is resolved. On a club-bound page it also
activates the club's time zone (``Club.time_zone``), so ``{{ when|time }}`` shows the club's
clock. URLs carry no language prefix: a scorer link or a QR code is the same in every language.

The API (``/api/``) speaks the language of ``Accept-Language`` only: not the cookie (a script's
session is no visitor's choice) and never the club's; its errors carry a ``code`` that does not
change with the language (``tablescore/api.py``).

Every answer varies on ``Accept-Language`` and ``Cookie``; the polled pages' ETags carry the
language (``tablescore/conditional.py``), so a French client never gets an English 304.
"""

from __future__ import annotations

import contextlib
import zoneinfo
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.translation.trans_real import parse_accept_lang_header

from clubs import bound


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def supported(code: str | None) -> str | None:
    """``code`` as one of ``LANGUAGES`` (``fr-BE`` → ``fr``), or ``None``."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def from_accept_language(header: str) -> str:
    """The first language of an ``Accept-Language`` header Tablescore speaks; English otherwise."""
    for code, _quality in parse_accept_lang_header(header):
        if code == "*":
            break
        found = supported(code)
        if found:
            return found
    return str(settings.LANGUAGE_CODE)


def chosen(request: HttpRequest) -> str | None:
    """The language the visitor chose with the switcher, if any."""
    return supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


def use(request: HttpRequest, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = language  # what LocaleMiddleware sets


class ClubLanguageMiddleware:
    """The club's language and time zone on its pages; the API's language (see the module doc).
    Sits after ``LocaleMiddleware`` in ``MIDDLEWARE``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api(request):
            use(request, from_accept_language(request.headers.get("Accept-Language", "")))
        try:
            response = self.get_response(request)
        finally:
            timezone.deactivate()
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: dict[str, Any]
    ) -> None:
        match = request.resolver_match
        if is_api(request) or match is None:
            return
        try:
            club = bound.club_settings(match.view_name, {**kwargs, bound.CLUB_QUERY: request.GET.get("club")})
        except DatabaseError:
            return  # the view meets the same failure and answers 503 (tablescore/middleware.py)
        if club is None:
            return
        with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError):
            timezone.activate(zoneinfo.ZoneInfo(club.time_zone))
        if club.language and not chosen(request):
            use(request, club.language)
