"""The cached standings: recomputed from the results after every change (the
``standings_recompute`` task), so that no page computes them per request. Once stored, the apps
above hear that the results changed (``tournaments.signals``)."""

from __future__ import annotations

from typing import Any, TypedDict

from django.db import transaction
from django.utils import timezone

from tournaments import signals
from tournaments.selectors import standing_rows
from tournaments.services.common import lock_tournament


class StoredStandings(TypedDict):
    """``Tournament.standings``: the API's rows, each metric as the pages show it, the metric keys."""

    rows: list[dict[str, Any]]
    shown: list[dict[str, str]]
    metrics: list[str]


def standings_recompute(*, tournament_id: int) -> StoredStandings:
    """Recompute and store the standings (idempotent); returns what was stored."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        rows = standing_rows(tournament)
        stored = StoredStandings(
            rows=[row.as_json() for row in rows],
            shown=[dict(row.shown) for row in rows],
            metrics=list(tournament.tiebreaks),
        )
        tournament.standings = dict(stored)
        tournament.standings_at = timezone.now()
        tournament.standings_revision = tournament.revision
        tournament.save(update_fields=["standings", "standings_at", "standings_revision"])
        transaction.on_commit(lambda: signals.announce(tournament_id))
    return stored
