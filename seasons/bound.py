"""The seasons app's pages bound to one club (``clubs/bound.py``): a season's pages (by id) and
the club's preferences (by slug), the new-season form and the list by their ``?club=<slug>``. A player's page is not bound: a player plays in many clubs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet

from clubs import bound
from seasons.models import Season

SEASON_PAGES = ("seasons:season", "seasons:projector", "seasons:csv", "seasons:manage", "seasons:detach")


def by_season(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    return Season.objects.filter(pk=kwargs["pk"]).values("club_id") if "pk" in kwargs else None


def register() -> None:
    bound.register(by_season, *SEASON_PAGES)
    bound.register(bound.by_slug, "seasons:preferences")
    bound.register(bound.by_club_query, "seasons:new", "seasons:list")
