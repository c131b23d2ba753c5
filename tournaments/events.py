"""How the tournament hears about the world: enqueue a task, and never let that fail a write.

A scoring match that a tournament table plays announces every committed change
(``scoring.signals.match_changed``); ``tournaments.listeners`` hears it and sends the
``match_changed`` task through :func:`send`, which reads the match into its table's result
(``services.table_sync``). Services send their follow-ups the same way, always from
``transaction.on_commit`` (``services.common.after_commit``).

If the broker is down the send is logged and dropped after a single attempt to reach it (a refused
connection costs about a millisecond, a broker that does not answer at most the broker's connect
timeout, ``socket_connect_timeout``), so a table's write never waits on the broker's own retries.
Nothing is remembered between sends: every process tries again at the next write. The write is
already committed, and the periodic ``tournaments_reconcile`` task finds every table behind its
match (``TableGame``'s ``synced_revision``), every stale standings (``Tournament.standings_revision``)
and every round left being built, and catches up once the broker is back. Nothing is lost, only late.

What this module does not do: compute anything, or import ``scoring``.
"""

from __future__ import annotations

import logging
from typing import Any

import kombu.exceptions

log = logging.getLogger(__name__)


def send(task: Any, *args: int, task_id: str | None = None) -> bool:
    """Send the Celery ``task`` with ``args``; False (logged) if that failed."""
    try:
        _publish(task, args, task_id)
    except (kombu.exceptions.OperationalError, ConnectionError, OSError):
        log.exception("broker unreachable: %s%s left to tournaments_reconcile", task.name, args)
        return False
    except Exception:  # in-process (eager) tasks raise their own errors here: never fail the write
        log.exception("%s%s failed; tournaments_reconcile will try again", task.name, args)
        return False
    return True


def _publish(task: Any, args: tuple[int, ...], task_id: str | None) -> None:
    """Publish with a single attempt to reach the broker. Left to itself, kombu retries a refused
    connection for about six seconds before giving up, and the table's write would wait for that."""
    if task.app.conf.task_always_eager:
        task.apply_async(args=args, task_id=task_id)
        return
    with task.app.producer_or_acquire() as producer:
        producer.connection.ensure_connection(max_retries=0)  # no-op while connected
        task.apply_async(args=args, task_id=task_id, retry=False, producer=producer)
