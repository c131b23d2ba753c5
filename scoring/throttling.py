"""Throttling of bad table-link tokens, per client address (DRF's ``SimpleRateThrottle``, in the cache).

A club's phones often share one public address, so a real scorer link must never be locked out by
someone else's typos. Hence two kinds of bad token:
- a token whose signature is bad (mistyped, truncated, guessed: it was not made by this server)
  counts as a bad attempt; once the address is over the ``bad_token`` rate, further such tokens get
  429 with ``Retry-After`` before anything else is done;
- a token this server signed is always checked normally, even from a throttled address: a valid
  one works, a revoked one is refused (and counted).
Guesses never carry a valid signature, so guessing stops while every real table goes on scoring.

Used by ``TableLinkAuthentication`` (the API) and :func:`guard_table_link` (the ``/t/<token>/``
pages, wrapped in ``scoring/urls.py``). A typed table code (``scoring.links.table_code``) carries
no signature to tell a typo from a guess, so every code that finds no table counts the same way, and
no code at all is looked up from an address over the rate (:meth:`BadTokenThrottle.blocked`): the
room's real links and QR codes keep working meanwhile. What it does not do: decide what a valid
token grants.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from scoring.links import signed_payload
from scoring.pages.table import place_link
from scoring.places import Waiting
from tablescore.client import client_ip


class BadTokenThrottle(SimpleRateThrottle):
    """Bad table-link tokens per client address (:func:`tablescore.client.client_ip`: only what
    the trusted proxies saw, or a guesser would pick a fresh address each time)."""

    scope = "bad_token"

    def get_rate(self) -> str | None:
        # Read at each use, not once at import (DRF's class attribute), so a changed setting applies.
        rates: dict[str, Any] = api_settings.DEFAULT_THROTTLE_RATES
        rate: str | None = rates.get(self.scope)
        return rate

    def get_cache_key(self, request: Any, view: Any = None) -> str | None:
        ident = client_ip(request) or "unknown"
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def over_limit(self, request: Any) -> bool:
        """Whether the address is over the rate; counts this bad attempt when it is not (DRF's
        ``allow_request``, inverted)."""
        return not self.allow_request(request, None)  # type: ignore[arg-type]  # no view: a helper

    def blocked(self, request: Any) -> bool:
        """Whether the address is over the rate, counting nothing."""
        allowed, duration = self.parse_rate(self.rate)
        if allowed is None or duration is None:
            return False
        self.key = self.get_cache_key(request)
        self.now = self.timer()
        self.history = [t for t in self.cache.get(self.key, []) if t > self.now - duration]
        return len(self.history) >= allowed

    def count(self, request: Any) -> None:
        """Count a bad attempt whatever the count so far (a revoked link, which is never refused
        for the count: it is checked normally)."""
        _, duration = self.parse_rate(self.rate)
        if duration is None:
            return
        self.key = self.get_cache_key(request)
        self.now = self.timer()
        history = [t for t in self.cache.get(self.key, []) if t > self.now - duration]
        self.history = [self.now, *history]
        self.cache.set(self.key, self.history, duration)

    @classmethod
    def forget(cls, ip: str) -> None:
        """Drop the count of an address (tests, or an organizer unlocking a room by hand)."""
        cls.cache.delete(cls.cache_format % {"scope": cls.scope, "ident": ip})

    def retry_after(self) -> int:
        """Whole seconds until the address may try again."""
        wait = self.wait()
        return max(1, math.ceil(wait)) if wait is not None else 1


class TooManyBadTokens(Exception):
    """The address is over the rate and the token's signature is bad."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many invalid table links from this address: try again in {retry_after} s")
        self.retry_after = retry_after


def check_token(request: Any, token: str) -> bool:
    """Whether ``token`` carries this server's signature. A bad one is counted, and raises
    :class:`TooManyBadTokens` once the address is over the rate. No database work."""
    if signed_payload(token) is not None:
        return True
    throttle = BadTokenThrottle()
    if throttle.over_limit(request):
        raise TooManyBadTokens(throttle.retry_after())
    return False


def count_refused(request: Any) -> None:
    """A signed token that was refused (revoked, or its match is gone) counts as a bad attempt."""
    BadTokenThrottle().count(request)


def too_many_response(error: TooManyBadTokens) -> HttpResponse:
    response = HttpResponse(
        _("Too many invalid scorer links from this network. Try again in %(seconds)s seconds.")
        % {"seconds": error.retry_after}
        + "\n",
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(error.retry_after)
    response["Cache-Control"] = "no-store"
    return response


def guard_table_link(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Wraps a ``/t/<token>/`` page: a bad signature is counted (429 once over the rate, before the
    view runs); a signed token goes to the view, and counts when the view refuses it. A place's
    link (``scoring.pages.table.place_link``) refuses a form posted for an earlier match, and shows its
    waiting page while no match is played there."""

    @functools.wraps(view)
    def guarded(request: HttpRequest, *args: Any, token: str, **kwargs: Any) -> HttpResponseBase:
        try:
            signed = check_token(request, token)
        except TooManyBadTokens as error:
            return too_many_response(error)
        try:
            return place_link.moved_on(request, token) or view(request, *args, token=token, **kwargs)
        except PermissionDenied:
            if signed:
                count_refused(request)
            raise
        except Waiting as waiting:
            return place_link.waiting_page(request, token, waiting.now)

    return guarded
