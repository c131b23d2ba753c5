"""Celery adapters of the seasons app: ids in, one service call, safe to run twice (the services
are idempotent), acknowledged late and retried with backoff like the tournaments' tasks."""

from __future__ import annotations

from celery import shared_task

from tournaments.models import Tournament
from tournaments.tasks import RETRYING


@shared_task(name="seasons.evening_changed", **RETRYING)
def evening_changed(tournament_id: int) -> list[int]:
    """An evening's results changed: recompute its seasons and the club's ratings."""
    from seasons import services

    return services.evening_changed(tournament_id=tournament_id)


@shared_task(name="seasons.season_recompute", **RETRYING)
def season_recompute(season_id: int) -> int:
    """Recompute a season's table."""
    from seasons import services

    return services.season_recompute(season_id=season_id).revision


@shared_task(name="seasons.ratings_update", **RETRYING)
def ratings_update(tournament_id: int) -> int:
    """Bring the ratings of the tournament's club and game family up to date (a full replay when
    an older match changed)."""
    from seasons import selectors, services

    tournament = Tournament.objects.filter(pk=tournament_id).values_list("club_id", "game_key").first()
    if tournament is None:
        return 0
    club_id, game_key = tournament
    return services.ratings_update(club_id=club_id, family=selectors.family_of(game_key)).matches


@shared_task(name="seasons.reconcile", **RETRYING)
def seasons_reconcile() -> int:
    """Catch up on what a lost task left undone: every season recomputed (each is idempotent)."""
    from seasons import services

    return services.seasons_reconcile()
