"""How the tournament hears about the world: enqueue a task, and never let that fail a write.

``scoring`` calls :func:`announce` (alias :func:`match_changed`) after every commit that changed a
match's state; it enqueues the ``match_changed`` task, which reads the match into its table's
result (``services.table_sync``). Services enqueue their follow-ups the same way through
:func:`enqueue`, always from ``transaction.on_commit``.

If the broker is down the enqueue is logged and dropped: the write is already committed, and the
periodic ``tournaments_reconcile`` task finds every table behind its match (``TableGame``'s
``synced_revision``), every stale standings (``Tournament.standings_revision``) and every round left
being built, and catches up once the broker is back. Nothing is lost, only late.

What this module does not do: compute anything, or import ``scoring`` (scoring imports it).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from kombu.exceptions import OperationalError as KombuOperationalError

log = logging.getLogger(__name__)

#: After a failed enqueue, further ones are skipped for this many seconds: reaching a broker that
#: is down takes seconds (the client's own retries), and a table entering deals should not wait
#: for that on every deal. Skipping loses nothing: the reconcile task does the work later.
PAUSE_SECONDS = 30.0
_paused_until = 0.0


def enqueue(task_name: str, *args: int, task_id: str | None = None) -> bool:
    """Send ``tournaments.tasks.<task_name>`` with ``args``; False (logged) if that failed."""
    global _paused_until
    if time.monotonic() < _paused_until:
        log.info("broker recently unreachable: %s%s left to tournaments_reconcile", task_name, args)
        return False
    try:
        from tournaments import tasks

        _send(getattr(tasks, task_name), args, task_id)
    except (KombuOperationalError, ConnectionError, OSError):
        _paused_until = time.monotonic() + PAUSE_SECONDS
        log.exception("broker unreachable: %s%s left to tournaments_reconcile", task_name, args)
        return False
    except Exception:  # in-process (eager) tasks raise their own errors here: never fail the write
        log.exception("%s%s failed; tournaments_reconcile will try again", task_name, args)
        return False
    return True


def _send(task: Any, args: tuple[int, ...], task_id: str | None) -> None:
    """Publish with a single attempt to reach the broker. Left to itself, kombu retries a refused
    connection for about six seconds before giving up, and the table's write would wait for that
    (at the first deal after each pause, for as long as the broker stays down)."""
    if task.app.conf.task_always_eager:
        task.apply_async(args=args, task_id=task_id)
        return
    with task.app.producer_or_acquire() as producer:
        producer.connection.ensure_connection(max_retries=0)  # no-op while connected
        task.apply_async(args=args, task_id=task_id, retry=False, producer=producer)


def resume() -> None:
    """Try the broker again at the next enqueue (after a pause, see :data:`PAUSE_SECONDS`)."""
    global _paused_until
    _paused_until = 0.0


def announce(match_id: int) -> bool:
    """A scoring match changed (call on commit): its table, if any, reads it again."""
    return enqueue("match_changed", match_id)


match_changed = announce
