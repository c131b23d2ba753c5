"""Reads to a PostgreSQL streaming replica, when the site has one (``DATABASE_REPLICA_URL``).

django-multidb-router does the routing and the pinning: after a write (any request that is not a
GET, HEAD, OPTIONS or TRACE) the client gets a cookie that keeps its reads on the primary for
``DATABASE_REPLICA_PIN_SECONDS``, so a scorer who has just saved, or an organizer who has just
started a round, never sees their own write vanish. This module adds what a federation's Saturday
needs on top of it:

- **Only a web request's reads go to the replica**, and only outside a transaction. A Celery
  task, a management command or a read inside ``transaction.atomic`` (a read that a write will
  be based on) always reads the primary: the replica is for pages that only show.
- **A replica that is down or behind is skipped.** Every few seconds
  (``DATABASE_REPLICA_CHECK_SECONDS``) each process asks the replica how far behind it is;
  past ``DATABASE_REPLICA_MAX_LAG_SECONDS``, or when it does not answer within a second, reads go
  to the primary until a later check finds it well again.
- **A read that fails on the replica is read again from the primary**: a GET is safe to repeat,
  so a replica stopped mid-request costs that request a retry, not a 503.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.http import HttpRequest, HttpResponse
from multidb import PinningReplicaRouter
from multidb.middleware import READ_ONLY_METHODS, PinningRouterMiddleware
from multidb.pinning import this_thread_is_pinned

REPLICA = "replica"

logger = logging.getLogger(__name__)

# How far the replica is behind, in seconds: 0 when it has replayed all it received (an idle
# primary sends nothing, so the last replay's age alone would call an up-to-date replica late).
LAG_SQL = """
SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
    ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0)
END
"""

_request = threading.local()


@dataclass
class Health:
    """The last check of the replica, per process (every thread shares it)."""

    usable: bool = False
    checked_at: float = float("-inf")
    reason: str = "not checked yet"


_health = Health()
_health_lock = threading.Lock()


def replica_lag_seconds() -> float:
    """How far behind the replica is now; raises ``DatabaseError`` when it does not answer."""
    with connections[REPLICA].cursor() as cursor:
        cursor.execute(LAG_SQL)
        return float(cursor.fetchone()[0])


def _check() -> None:
    bound = settings.DATABASE_REPLICA_MAX_LAG_SECONDS
    try:
        lag = replica_lag_seconds()
    except DatabaseError as error:
        connections[REPLICA].close()
        first_line = (str(error).strip() or type(error).__name__).splitlines()[0]
        _set_health(False, f"not answering: {first_line}")
        return
    if lag > bound:
        _set_health(False, f"{lag:.1f} s behind the primary (bound {bound} s)")
    else:
        _set_health(True, f"{lag:.1f} s behind")


def _set_health(usable: bool, reason: str) -> None:
    if usable != _health.usable:
        logger.warning("Replica %s: %s", "in use" if usable else "skipped, reads go to the primary", reason)
    _health.usable, _health.reason, _health.checked_at = usable, reason, time.monotonic()


def replica_usable() -> bool:
    """Whether the replica answered, and was close enough behind, at the last check."""
    if time.monotonic() - _health.checked_at >= settings.DATABASE_REPLICA_CHECK_SECONDS:
        with _health_lock:
            if time.monotonic() - _health.checked_at >= settings.DATABASE_REPLICA_CHECK_SECONDS:
                _check()
    return _health.usable


def replica_failed(reason: str) -> None:
    """Stop reading from the replica until the next check finds it well."""
    connections[REPLICA].close()
    _set_health(False, reason)


def task_started() -> None:
    """Celery's ``task_prerun``: a task (even one run in-process inside a GET) reads the primary."""
    _request.tasks = getattr(_request, "tasks", 0) + 1


def task_ended() -> None:
    _request.tasks = max(getattr(_request, "tasks", 0) - 1, 0)


class ReplicaRouter(PinningReplicaRouter):  # type: ignore[misc]  # multidb ships no types
    """Reads of a showing web request to the replica; everything else to the primary."""

    def db_for_read(self, model: Any, **hints: Any) -> str:
        if (
            not getattr(_request, "replica_allowed", False)
            or getattr(_request, "tasks", 0) > 0
            or this_thread_is_pinned()
            or connections[DEFAULT_DB_ALIAS].in_atomic_block
            or not replica_usable()
        ):
            return DEFAULT_DB_ALIAS
        _request.replica_used = True
        return REPLICA


class ReplicaReadsMiddleware(PinningRouterMiddleware):  # type: ignore[misc]
    """Opens a showing request's reads to the replica (the router decides each one), and answers
    a GET that the replica failed (a 503, whichever error handler made it) by reading it again
    from the primary."""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response: HttpResponse = super().__call__(request)
        if (
            response.status_code == 503
            and request.method in READ_ONLY_METHODS
            and getattr(_request, "replica_used", False)
        ):
            replica_failed("a read on it failed")
            response = self.get_response(request)
        return response

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        _request.replica_allowed = request.method in READ_ONLY_METHODS
        _request.replica_used = False

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        _request.replica_allowed = False
        answered: HttpResponse = super().process_response(request, response)
        return answered
