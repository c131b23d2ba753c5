"""The match row of a deal write, locked and read by a statement written once per set of columns.

Every deal a table saves starts here, and the ORM's ``select_for_update().select_related().only()``
composed its statement again on every write: measured on PostgreSQL, composing it took three times
as long as running it (``bench/bench_write_cost.py``). The statement is the same each time, so it
is written once per set of columns and database; the row becomes a ``Match`` through Django's own
converters and ``Model.from_db``, as the ORM would make it (the other columns deferred, the club
with its slug). It locks the match's row only (``FOR UPDATE OF``), never its club's, so tables of
one club do not wait on each other; SQLite, which locks the whole database for a write, has no
row lock to ask for.

What this module does not do: read anything but the match and its club's slug (the deals are
``scoring/services/ledger.py``), or lock without a transaction (the caller holds one).
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Field
from django.utils.translation import gettext as _

from clubs.errors import NotFound
from clubs.models import Club
from scoring.models import Match

#: How ``columns`` names the club's slug (as ``only`` would).
CLUB_SLUG = "club__slug"


class _Read(NamedTuple):
    """The statement of one set of columns on one database, and the model fields it reads."""

    sql: str
    fields: tuple[Field[Any, Any], ...]


@cache
def _read(columns: tuple[str, ...], vendor: str) -> _Read:
    quote = connection.ops.quote_name
    wanted = {
        _concrete(name) for name in ("id", "club", *(column for column in columns if column != CLUB_SLUG))
    }
    # In the model's order, as ``Model.from_db`` takes the values of a row read in part.
    fields = tuple(field for field in Match._meta.concrete_fields if field in wanted)
    lock = connection.ops.for_update_sql(of=("m",)) if connection.features.has_select_for_update else ""
    sql = (
        f"SELECT {', '.join(f'm.{quote(field.column)}' for field in fields)}, c.{quote('slug')}"
        f" FROM {quote(Match._meta.db_table)} m JOIN {quote(Club._meta.db_table)} c ON c.id = m.club_id"
        f" WHERE m.id = %s {lock}"
    )
    return _Read(sql, fields)


def _concrete(name: str) -> Field[Any, Any]:
    field = Match._meta.get_field(name)
    if not isinstance(field, Field) or not field.concrete:
        raise ValueError(f"{name} is not a column of the match")
    return field


def locked_columns(match_id: int, columns: tuple[str, ...]) -> Match:
    """The match ``match_id`` with ``columns`` (model field names, and ``club__slug``), its row
    locked until the transaction ends; ``NotFound`` when there is none."""
    read = _read(tuple(columns), connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(read.sql, [match_id])
        row = cursor.fetchone()
    if row is None:
        raise NotFound(_("no such match"))
    values = [_converted(field, value) for field, value in zip(read.fields, row, strict=False)]
    match = Match.from_db(connection.alias, [field.attname for field in read.fields], values)
    match.club = Club.from_db(connection.alias, ["id", "slug"], [match.club_id, row[-1]])
    return match


def _converted(field: Field[Any, Any], value: Any) -> Any:
    """``value`` as the ORM gives it back: the database backend's converters, then the field's
    (a JSON column decoded, SQLite's booleans and dates)."""
    if value is None:
        return value
    column = field.get_col(Match._meta.db_table)
    for convert in (*connection.ops.get_db_converters(column), *column.get_db_converters(connection)):
        value = convert(value, column, connection)
    return value
