"""A match's deals as the writes and the pages read them, and the match replayed from them.

``ledger`` is the hottest read there is (every deal write reads the whole match): one statement
and no model instances. The pages' reads, with the rows, are ``scoring.selectors``.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from django.db import connection

from games import MatchState, find_game
from scoring.models import Deal, DealVersion, IdempotentRequest, Match
from scoring.selectors import live_entries


class LedgerRow(NamedTuple):
    """One deal of a match: its row id, stable number, current version, whether it was voided,
    and its current entry."""

    id: int
    number: int
    version: int
    voided: bool
    entry: Any


class Ledger(NamedTuple):
    """What a deal write reads once the match is locked: every deal of the match (voided ones
    too) in order, and the fingerprint of an earlier request with the write's idempotency key."""

    deals: list[LedgerRow]
    earlier: str | None


#: One statement from the match row, so it answers even for a match without deals. The entry is a
#: correlated subquery on the unique (deal, version) index, so the plan stays a few index lookups
#: whatever the planner believes about the size of the versions table (a join was planned as a
#: scan of every version of every club while its statistics were stale); the earlier request is
#: one lookup on the unique (match, key) index, made once for the statement (it names the match by
#: the parameter, not by ``m.id``: a correlated subquery ran again for every deal of the match).
#: Written once rather than composed by the ORM on every write: on this path the query compiler
#: cost more than the query.
_ENTRY = (
    f"(SELECT v.entry FROM {DealVersion._meta.db_table} v WHERE v.deal_id = d.id AND v.version = d.version)"
)
_LEDGER_SQL = (
    "SELECT d.id, d.number, d.version, d.voided, {entry},"
    f" (SELECT i.fingerprint FROM {IdempotentRequest._meta.db_table} i WHERE i.match_id = %s AND i.key = %s)"
    f" FROM {Match._meta.db_table} m LEFT JOIN {Deal._meta.db_table} d ON d.match_id = m.id"
    " WHERE m.id = %s ORDER BY d.number"
)
_WITH_ENTRIES = _LEDGER_SQL.format(entry=_ENTRY)
_WITHOUT_ENTRIES = _LEDGER_SQL.format(entry="NULL")


def ledger_statement(match_id: int, *, key: str | None = None, entries: bool = True) -> tuple[str, list[Any]]:
    """The statement :func:`ledger` runs, and its parameters, for a caller that sends it with
    another (``scoring/services/locked_read.py``: in the same round trip as the match's lock)."""
    return (_WITH_ENTRIES if entries else _WITHOUT_ENTRIES), [match_id, key, match_id]


def ledger_of(rows: list[tuple[Any, ...]]) -> Ledger:
    """The :class:`Ledger` in the rows of :func:`ledger_statement`."""
    deals = [
        LedgerRow(pk, number, version, bool(voided), None if entry is None else json.loads(entry))
        for pk, number, version, voided, entry, _ in rows
        if pk is not None
    ]
    return Ledger(deals, rows[0][5] if rows else None)


def ledger(match_id: int, *, key: str | None = None, entries: bool = True) -> Ledger:
    """The match's deals with their current entries and, given an idempotency ``key``, the
    fingerprint of the request that used it first: one query, no model instances. Without
    ``entries`` (an append that resumes the match needs only the deals' numbers and versions),
    each row's ``entry`` is ``None`` and the statement stays a scan of the match's deals."""
    sql, params = ledger_statement(match_id, key=key, entries=entries)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return ledger_of(cursor.fetchall())


def live(rows: list[LedgerRow]) -> list[LedgerRow]:
    """The deals that count, in order."""
    return [row for row in rows if not row.voided]


def replay(match: Match, entries: list[Any] | None = None) -> MatchState[Any]:
    """The match state from its stored options and the given (or stored) entries."""
    game = find_game(match.game_key)
    if entries is None:
        entries = [v.entry for _, v in live_entries(match)]
    return game.replay(match.options, match.sides, entries, deal_limit=match.deal_limit)
