"""The demo club, built once a session and copied into each test that asks for it.

Building it (``clubs.demo.load_demo``) plays a season of evenings through the services: ten to
twenty seconds, which some thirty page and browser tests each paid. The first build's rows are read
back; a later test gets the same rows inserted as they were (bulk inserts, their dates kept,
sequences moved past them), in a fraction of a second. A copy is taken only from a database that
held nothing of ours, and made only into one, so no test's own rows are mixed in; otherwise the
demo is built as before. ``tests/clubs/test_demo.py`` checks the build itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.color import no_style
from django.db import connection, models, transaction

from clubs.demo import Demo, load_demo
from clubs.models import Club

#: Rows the migrations make: there in every test database, never part of a copy.
_SEEDED: tuple[type[models.Model], ...] = (ContentType, Permission)


@dataclass(frozen=True)
class _Copy:
    rows: dict[type[models.Model], list[dict[str, Any]]]
    club: int
    parts: tuple[str, ...]


_copies: dict[tuple[str, bool], _Copy] = {}


def _ours() -> list[type[models.Model]]:
    """Every table a test can fill: each model's own, the many-to-many ones included."""
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if not model._meta.proxy and model not in _SEEDED
    ]


def _empty() -> bool:
    return not any(model._base_manager.exists() for model in _ours())


@contextmanager
def _dates_kept(model: type[models.Model]) -> Iterator[None]:
    """Inserted as they were read: ``auto_now`` fields would take the time of the copy."""
    fields = [field for field in model._meta.concrete_fields if getattr(field, "auto_now", False)]
    added = [field for field in model._meta.concrete_fields if getattr(field, "auto_now_add", False)]
    for field in fields:
        field.auto_now = False
    for field in added:
        field.auto_now_add = False
    try:
        yield
    finally:
        for field in fields:
            field.auto_now = True
        for field in added:
            field.auto_now_add = True


def _take(demo: Demo) -> _Copy:
    """Every row of the demo, each table in key order: unordered, PostgreSQL hands rows back in
    their place on disk, which an update moves (a build and its copy then listed one result's
    audit events in two orders)."""
    rows = {model: list(model._base_manager.order_by("pk").values()) for model in _ours()}
    return _Copy(
        rows={model: found for model, found in rows.items() if found}, club=demo.club.pk, parts=demo.parts
    )


def _make(copy: _Copy) -> Demo:
    with transaction.atomic():
        for model, rows in copy.rows.items():
            with _dates_kept(model):
                model._base_manager.bulk_create([model(**row) for row in rows], batch_size=500)
        with connection.cursor() as cursor:
            for statement in connection.ops.sequence_reset_sql(no_style(), list(copy.rows)):
                cursor.execute(statement)
    return Demo(club=Club.objects.get(pk=copy.club), parts=copy.parts)


def demo_club(*, with_admin: bool) -> Demo:
    """``load_demo(with_admin=...)``, from the session's copy where it can be."""
    key = (connection.vendor, with_admin)
    if not _empty():
        return load_demo(with_admin=with_admin)
    if key in _copies:
        return _make(_copies[key])
    demo = load_demo(with_admin=with_admin)
    _copies[key] = _take(demo)
    return demo
