"""The scoring app's pages bound to one club (``clubs/bound.py``): the club's page and its new
match page (by slug), a match's pages (by id) and the table link's pages (by token: a match's
token names the match; a place's token is handed to the kind of place its app registered, under
``place:<kind>``). A forged token names no club; the page's own throttle deals with it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet

from clubs import bound
from scoring import links
from scoring.models import Match

#: Pages whose URL carries a match's ``pk``.
MATCH_PAGES = (
    "scoring:match",
    "scoring:match_board",
    "scoring:match_manage",
    "scoring:match_print",
    "scoring:match_sheet",
    "scoring:match_qr",
    "scoring:match_revoke",
    "scoring:match_abandon",
    "scoring:match_rematch",
    "scoring:match_delete",
    "scoring:match_archive",
    "scoring:match_download",
)
#: Pages whose URL carries a table link's ``token``.
TABLE_PAGES = (
    "scoring:table",
    "scoring:table_board",
    "scoring:table_contact",
    "scoring:table_deal",
    "scoring:table_deal_void",
    "scoring:table_deal_ask",
    "scoring:table_rematch",
    "scoring:table_result",
    "scoring:table_undo",
    "scoring:table_blind_undo",
    "scoring:table_conflict",
    "scoring:table_follow",
)


def by_match(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    return Match.objects.filter(pk=kwargs["pk"]).values("club_id") if "pk" in kwargs else None


def by_match_pk(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    """The pages of a match's own rows (a conflict), whose ``pk`` is the row's, ``match_pk`` the match's."""
    return by_match({"pk": kwargs["match_pk"]}) if "match_pk" in kwargs else None


def by_token(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    payload = links.signed_payload(str(kwargs.get("token", "")))
    if payload is None:
        return None
    if links.is_place(payload):
        return bound.find(f"place:{payload['k']}", {"pk": payload["p"]})
    return Match.objects.filter(pk=payload["m"]).values("club_id")


def register() -> None:
    bound.register(bound.by_slug, "scoring:club", "scoring:match_new", "scoring:room")
    bound.register(by_match, *MATCH_PAGES)
    bound.register(by_match_pk, "scoring:match_conflict")
    bound.register(by_token, *TABLE_PAGES)
