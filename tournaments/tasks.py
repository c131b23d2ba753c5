"""Celery adapters of the tournaments app: ids in, one service call, safe to run twice.

The services import these tasks at their top and send them after the commit
(``services.common.after_commit``); each task imports the services inside its body, so the two
never import each other in a loop (``tests/tablescore/test_import_cycles.py``).

Every task acknowledges late (a worker that dies mid-task leaves it for another) and retries with
backoff when the database or broker is briefly unreachable. The services are idempotent, so a
redelivery changes nothing. ``tournaments_reconcile`` runs periodically (``CELERY_BEAT_SCHEDULE``)
and catches up on any task that was never delivered.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db import InterfaceError, OperationalError

RETRYING: dict[str, Any] = {
    "acks_late": True,
    "autoretry_for": (OperationalError, InterfaceError, ConnectionError),
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
}


@shared_task(name="tournaments.round_pair", **RETRYING)
def round_pair(round_id: int) -> str:
    """Draw a round and open its matches."""
    from tournaments import services

    return str(services.round_pair(round_id=round_id).status)


@shared_task(name="tournaments.match_changed", **RETRYING)
def match_changed(match_id: int) -> str | None:
    """A match changed: read it into its table's result."""
    from tournaments import services

    table = services.table_sync(match_id=match_id)
    return None if table is None else str(table.status)


@shared_task(name="tournaments.standings_recompute", **RETRYING)
def standings_recompute(tournament_id: int) -> int:
    """Recompute a tournament's cached standings."""
    from tournaments import services

    return len(services.standings_recompute(tournament_id=tournament_id)["rows"])


@shared_task(name="tournaments.bracket_advance", **RETRYING)
def bracket_advance(tournament_id: int) -> int:
    """Fill the next bracket slots and open their tables."""
    from tournaments import services

    state = services.bracket_advance(tournament_id=tournament_id)
    return 0 if state is None else len(state.ready)


@shared_task(name="tournaments.reconcile", **RETRYING)
def tournaments_reconcile() -> dict[str, int]:
    """Catch up on whatever a lost task left undone."""
    from tournaments import services

    return services.tournaments_reconcile()
