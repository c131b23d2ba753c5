"""Catching up on whatever a lost task left undone (the periodic ``tournaments_reconcile`` task)."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import F, Q
from django.utils import timezone

from tournaments.models import Round, RoundStatus, TableGame, Tournament, TournamentStatus
from tournaments.pairing.formats import BRACKETS
from tournaments.services.brackets import bracket_advance
from tournaments.services.results import table_sync
from tournaments.services.rounds import round_pair
from tournaments.services.standings import standings_recompute


def tournaments_reconcile(*, building_after_seconds: int = 60) -> dict[str, int]:
    """Catch up on everything a lost task would have done: rounds left being built, tables behind
    their matches, stale standings and brackets. Safe to run at any time, as often as wanted."""
    done = {"rounds": 0, "tables": 0, "standings": 0, "brackets": 0}
    cutoff = timezone.now() - timedelta(seconds=building_after_seconds)
    building = Round.objects.filter(status=RoundStatus.BUILDING, created_at__lt=cutoff)
    for round_id in building.values_list("pk", flat=True):
        round_pair(round_id=round_id)
        done["rounds"] += 1
    behind = (
        TableGame.objects.filter(table__round__tournament__status=TournamentStatus.RUNNING)
        .exclude(synced_revision=F("match__revision"))
        .values_list("match_id", flat=True)
    )
    for match_id in list(behind):
        table_sync(match_id=match_id)
        done["tables"] += 1
    brackets = Tournament.objects.filter(
        status=TournamentStatus.RUNNING, format__in=[f.value for f in BRACKETS]
    ).values_list("pk", flat=True)
    for tournament_id in list(brackets):
        bracket_advance(tournament_id=tournament_id)
        done["brackets"] += 1
    stale = Tournament.objects.filter(~Q(standings_revision=F("revision"))).values_list("pk", flat=True)
    for tournament_id in list(stale):
        standings_recompute(tournament_id=tournament_id)
        done["standings"] += 1
    return done
