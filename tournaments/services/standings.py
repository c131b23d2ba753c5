"""The cached standings: recomputed from the results after every change (the
``standings_recompute`` task), so that no page computes them per request. Once stored, the apps
above hear that the results changed (``tournaments.signals``)."""

from __future__ import annotations

import random
from typing import Any, TypedDict

from django.db import transaction
from django.utils import timezone

from tournaments import signals
from tournaments.models import Tournament
from tournaments.selectors import standing_rows
from tournaments.services.common import lock_tournament
from tournaments.standings.rows import shared_ranks

#: Lots are drawn from 1 to at least this (distinct, so two lots never tie again).
LOT_SPACE = 1000


class StoredStandings(TypedDict):
    """``Tournament.standings``: the API's rows, each metric as the pages show it, the metric keys."""

    rows: list[dict[str, Any]]
    shown: list[dict[str, str]]
    metrics: list[str]


def standings_recompute(*, tournament_id: int) -> StoredStandings:
    """Recompute and store the standings (idempotent); returns what was stored."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        record_lots(tournament)
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


def record_lots(tournament: Tournament) -> None:
    """Draw lots, at the moment they are needed, for the entrants tied on every metric before the
    ``lots`` tiebreak (a concours: the same points marked and conceded), each a number no one else
    holds; a lot once drawn is kept, so the same order shows every time. Called with the
    tournament locked, before the standings are computed."""
    keys = list(tournament.tiebreaks)
    if "lots" not in keys:
        return
    held = {int(entrant): int(lot) for entrant, lot in tournament.lots.items()}
    due = [
        entrant
        for group in shared_ranks(standing_rows(tournament, precedence=keys[: keys.index("lots")]))
        for entrant in group
        if entrant not in held
    ]
    if not due:
        return
    draw = random.SystemRandom()
    space = max(LOT_SPACE, 10 * (len(held) + len(due)))
    for entrant in due:
        lot = draw.randrange(1, space + 1)
        while lot in held.values():
            lot = draw.randrange(1, space + 1)
        held[entrant] = lot
    tournament.lots = {str(entrant): lot for entrant, lot in held.items()}
    tournament.save(update_fields=["lots"])
