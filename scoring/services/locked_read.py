"""The match row of a deal write, locked and read by a statement written once per set of columns.

Every deal a table saves starts here, and the ORM's ``select_for_update().select_related().only()``
composed its statement again on every write: measured on PostgreSQL, the ORM's read used 1,369 µs
of CPU and the same statement through a cursor 210 µs, composing it 670 µs of that. The statement is the same each time, so it
is written once per set of columns and database; the row becomes a ``Match`` through Django's own
converters and ``Model.from_db``, as the ORM would make it (the other columns deferred, the club
with its slug). It locks the match's row only (``FOR UPDATE OF``), never its club's, so tables of
one club do not wait on each other; SQLite, which locks the whole database for a write, has no
row lock to ask for.

What this module does not do: read anything but the match and its club's slug (the deals are
``scoring/services/ledger.py``), or lock without a transaction (the caller holds one).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field
from django.db.models.expressions import Col
from django.utils.translation import gettext as _

from clubs.errors import NotFound
from clubs.models import Club
from scoring.models import Match

#: How ``columns`` names the club's slug (as ``only`` would).
CLUB_SLUG = "club__slug"

#: One column's converters, in the order the ORM applies them (the backend's, then the field's).
Converters = tuple[tuple[Col, tuple[Callable[..., Any], ...]], ...]


class _Read(NamedTuple):
    """The statement of one set of columns on one database, and the model fields it reads."""

    sql: str
    fields: tuple[Field[Any, Any], ...]


@cache
def _read(columns: tuple[str, ...], vendor: str) -> _Read:
    """Written once per set of columns and kind of database (``vendor``: its quoting and lock)."""
    db = connections[DEFAULT_DB_ALIAS]
    quote = db.ops.quote_name
    wanted = {
        _concrete(name) for name in ("id", "club", *(column for column in columns if column != CLUB_SLUG))
    }
    # In the model's order, as ``Model.from_db`` takes the values of a row read in part.
    fields = tuple(field for field in Match._meta.concrete_fields if field in wanted)
    lock = db.ops.for_update_sql(of=("m",)) if db.features.has_select_for_update else ""
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


#: Each connection's converters per set of fields: the backend's are bound to its connection.
_CONVERTERS: WeakKeyDictionary[BaseDatabaseWrapper, dict[tuple[Field[Any, Any], ...], Converters]] = (
    WeakKeyDictionary()
)


def _converters(db: BaseDatabaseWrapper, fields: tuple[Field[Any, Any], ...]) -> Converters:
    known = _CONVERTERS.setdefault(db, {})
    if fields not in known:
        columns = [field.get_col(Match._meta.db_table) for field in fields]
        known[fields] = tuple(
            (column, (*db.ops.get_db_converters(column), *column.get_db_converters(db))) for column in columns
        )
    return known[fields]


#: A statement and its parameters, run once the match is locked (``locked_columns_then``).
Statement = tuple[str, list[Any]]


def locked_columns(match_id: int, columns: tuple[str, ...]) -> Match:
    """The match ``match_id`` with ``columns`` (model field names, and ``club__slug``), its row
    locked until the transaction ends; ``NotFound`` when there is none. Each value comes back as
    the ORM gives it (the backend's converters, then the field's: a JSON column decoded, SQLite's
    booleans and dates)."""
    return _locked(match_id, columns, None)[0]


def locked_columns_then(
    match_id: int, columns: tuple[str, ...], then: Statement
) -> tuple[Match, list[tuple[Any, ...]]]:
    """:func:`locked_columns`, and the rows of ``then``, run once the lock is held (in READ
    COMMITTED it sees every write committed before the lock was granted). On PostgreSQL the two go
    in one round trip: each deal write locks its match and reads its deals (``ledger_statement``),
    and at a table's pace the wait for the server costs more than either statement."""
    match, rows = _locked(match_id, columns, then)
    assert rows is not None
    return match, rows


def _locked(
    match_id: int, columns: tuple[str, ...], then: Statement | None
) -> tuple[Match, list[tuple[Any, ...]] | None]:
    db = connections[DEFAULT_DB_ALIAS]
    read = _read(tuple(columns), db.vendor)
    rows: list[tuple[Any, ...]] | None = None
    with db.cursor() as cursor:
        if then is not None and _one_request(db, cursor):
            cursor.execute(f"{read.sql}; {then[0]}", [match_id, *then[1]])
            row = cursor.fetchone()
            cursor.nextset()
            rows = cursor.fetchall()
        else:
            cursor.execute(read.sql, [match_id])
            row = cursor.fetchone()
            if then is not None:
                cursor.execute(*then)
                rows = cursor.fetchall()
    if row is None:
        raise NotFound(_("no such match"))
    values = list(row[:-1])
    for index, (column, chain) in enumerate(_converters(db, read.fields)):
        if values[index] is not None:
            for convert in chain:
                values[index] = convert(values[index], column, db)
    match = Match.from_db(db.alias, [field.attname for field in read.fields], values)
    match.club = Club.from_db(db.alias, ["id", "slug"], [match.club_id, row[-1]])
    return match, rows


def _one_request(db: BaseDatabaseWrapper, cursor: Any) -> bool:
    """Whether this connection sends several statements in one request: psycopg's client-side
    binding (Django's default on PostgreSQL), not its server-side one, nor SQLite."""
    if db.vendor != "postgresql":
        return False
    from psycopg import ClientCursor

    return isinstance(cursor.cursor, ClientCursor)
