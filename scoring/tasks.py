"""Celery adapters of the scoring app: ids in, one service call, safe to run twice."""

from celery import shared_task

from scoring.services import matches


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def match_refresh(match_id: int) -> bool:
    """Bring a match's cached state back in line with its deals (idempotent)."""
    return matches.match_refresh(match_id=match_id)
