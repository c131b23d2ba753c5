"""Which club a page belongs to, found from its URL: the pages bound to one club speak the club's
language and show times in its time zone (``tablescore/languages.py``).

The clubs app cannot name the pages of the apps above it, so each app registers, in its
``AppConfig.ready()``, a finder for its URL names (``"scoring:match"``, ``"tournaments:live"``…):
given the URL's keyword arguments it answers a query of one column holding the club's id
(``Match.objects.filter(pk=kwargs["pk"]).values("club_id")``), or ``None`` when the URL names no
club. The middleware asks :func:`club_settings` once per page: one statement, the club's row
found through that query. A finder may hand the lookup on to another registered name (a table
link's token names a place, whose kind the app above registers: :func:`find`).

What this module does not do: decide the language (the middleware does: the visitor's own choice
first, then the club's, then the browser's).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from django.db.models import QuerySet

from clubs.models import Club

#: A URL's keyword arguments → a query whose one column is the club's id, or ``None``.
Finder = Callable[[Mapping[str, Any]], "QuerySet[Any] | None"]

_finders: dict[str, Finder] = {}


class ClubSettings(NamedTuple):
    """What a club-bound page takes from its club: ``language`` ("" for none) and ``time_zone``."""

    language: str
    time_zone: str


def register(finder: Finder, *names: str) -> None:
    """Bind the URL names (``namespace:name``) to ``finder`` (replacing an earlier one, as a
    ``ready()`` run twice does)."""
    for name in names:
        _finders[name] = finder


def find(name: str, kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    """The club-id query registered under ``name`` for ``kwargs``; ``None`` when nothing is
    registered or the arguments name no club."""
    finder = _finders.get(name)
    return finder(kwargs) if finder else None


def club_settings(name: str, kwargs: Mapping[str, Any]) -> ClubSettings | None:
    """The language and time zone of the club the URL ``name`` with ``kwargs`` belongs to."""
    ids = find(name, kwargs)
    if ids is None:
        return None
    row = Club.objects.filter(pk__in=ids[:1]).values_list("language", "time_zone").first()
    return ClubSettings(*row) if row else None


def by_slug(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    """The finder of the pages whose URL carries the club's ``slug``."""
    slug = kwargs.get("slug")
    return Club.objects.filter(slug=slug).values("pk") if isinstance(slug, str) else None


#: The key under which the middleware hands every finder the page's ``?club=<slug>``: the pages
#: that take their club from the query string (a new tournament or season, an evening's upload,
#: the club's list of them), reached from the club's page.
CLUB_QUERY = "?club"


def by_club_query(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    """The finder of the pages whose club is the query string's ``?club=<slug>``."""
    slug = kwargs.get(CLUB_QUERY)
    return Club.objects.filter(slug=slug).values("pk") if isinstance(slug, str) and slug else None


def bound_names() -> frozenset[str]:
    """Every URL name bound to a club (the tests check each one resolves)."""
    return frozenset(_finders)
