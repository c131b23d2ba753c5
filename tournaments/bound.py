"""The tournaments app's pages bound to one club (``clubs/bound.py``): every page of a tournament
(its public, live and projector pages, slips, console, desk, exports), and its physical tables as
a kind of place, so a table's standing link speaks the club's language too; the new-tournament
form, the evening upload and the list by their ``?club=<slug>``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet

from clubs import bound
from tournaments import physical_tables, urls
from tournaments.models import PhysicalTable, Tournament


def by_tournament(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    return Tournament.objects.filter(pk=kwargs["pk"]).values("club_id") if "pk" in kwargs else None


def by_table(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    return PhysicalTable.objects.filter(pk=kwargs["pk"]).values("club_id")


def register() -> None:
    """Every URL of a tournament (those with its ``pk``) and the physical tables' place kind."""
    pages = [f"{urls.app_name}:{p.name}" for p in urls.urlpatterns if "<int:pk>" in str(p.pattern)]
    bound.register(by_tournament, *pages)
    bound.register(by_table, f"place:{physical_tables.KIND}")
    # The pages that take their club from ``?club=<slug>`` (the club page's "+ New tournament").
    bound.register(bound.by_club_query, "tournaments:new", "tournaments:evening_upload", "tournaments:list")
