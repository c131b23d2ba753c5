"""Every row of the test database, to prove that a refused write changed nothing."""

from __future__ import annotations

from typing import Any

from django.db import connection


def table_rows() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database (to prove that nothing changed)."""
    out = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names()):
            if table.startswith(("django_session", "django_migrations")):
                continue
            cursor.execute(f'SELECT * FROM "{table}"')  # the names come from the database itself
            out[table] = sorted(map(repr, cursor.fetchall()))
    return out
