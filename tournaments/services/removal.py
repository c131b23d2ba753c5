"""Taking a tournament off the lists: delete one that never started, archive one that did.

Before round 1 an event holds only its settings and entrants (a test event, a duplicate), so it
goes whole, its entrants with it. Once a round was drawn it holds results that seasons, ratings and
the audit trail rely on: it is never deleted, only archived, that is hidden from the home page, the
club's page and the tournament list, still readable at its address, still counted by seasons, and
shown again with one action.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.errors import Conflict
from scoring.services.removal import matches_follow_archive
from tournaments.models import RoundStatus, TableGame, Tournament
from tournaments.services.common import lock_tournament


def tournament_deletable(tournament: Tournament) -> bool:
    """Whether the tournament may be deleted: no round was drawn (a draw that failed left no table)."""
    return not tournament.rounds.exclude(status=RoundStatus.FAILED).exists()


def tournament_delete(*, tournament_id: int) -> None:
    """Delete a tournament that never started; refuse one that did (archive it instead)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if not tournament_deletable(tournament):
            raise Conflict(
                gettext(
                    "a tournament that has started is never deleted: archive it to take it off the lists"
                ),
                "tournament",
                code="tournament_started",
            )
        tournament.delete()


def tournament_archive(*, tournament_id: int, archived: bool) -> Tournament:
    """Hide a tournament from the public lists (``archived``), or show it again. Asking for the
    state it is already in changes nothing."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if mark_archived(tournament, archived):
            tournament.revision += 1
            tournament.save(update_fields=["archived_at", "revision"])
    return tournament


def mark_archived(tournament: Tournament, archived: bool) -> bool:
    """Set the locked row's archive mark (saved by the caller) and its tables' matches' (they leave
    the club's match list with it); whether it changed."""
    if (tournament.archived_at is not None) == archived:
        return False
    tournament.archived_at = timezone.now() if archived else None
    matches = TableGame.objects.filter(table__round__tournament=tournament).values_list("match_id", flat=True)
    matches_follow_archive(match_ids=matches, archived=archived)
    return True
