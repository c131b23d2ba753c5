"""Conditional GET for everything that is polled: 304 while the client has the current version.

A scoreboard, the scorer's board, a tournament's live page and projector, and the API's documents
of a match, a tournament, a round, the standings and the bracket are each fetched every few seconds
by many phones. Each carries an ETag made of the revision numbers its rows keep (a match's
``revision``, a tournament's ``revision`` and ``standings_revision``…), so answering "unchanged"
costs one small query and no rendering. Django's ``get_conditional_response`` reads
``If-None-Match`` (weak or strong, ``*``) and the other preconditions; this module adds the ETag and
the ``Cache-Control`` that makes every client ask again rather than trust a copy. The page's words
depend on the active language (``tablescore/languages.py``), so the ETag carries it too, and a
polled fragment sends it back as written by ``{{ version|as_etag }}`` (``tablescore/etag_tags.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpResponseBase
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import quote_etag


def versioned(version: str) -> str:
    """The ETag's value: ``version``, and the active language when it is not English (``7.fr``),
    so a client switched to French never gets a 304 for the English copy it holds."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    return version if language == settings.LANGUAGE_CODE else f"{version}.{language}"


def conditional_get(
    request: Any, version: str, respond: Callable[[], HttpResponseBase], *, private: bool = False
) -> HttpResponseBase:
    """``respond()``, or 304 without calling it when the client already has ``version`` (the ETag).
    ``private``: the answer is meant for one client (a scorer's page), never for a shared cache."""
    etag = quote_etag(versioned(version))
    response = get_conditional_response(request, etag=etag) or respond()
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache, private" if private else "no-cache"
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response
