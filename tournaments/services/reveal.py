"""The prize-giving of a blind finish: the organizer reveals the standings the public has not seen
since the last rounds began (``tournaments.standings.blind_finish``).

Revealing is once: a second reveal changes nothing (a double tap, a retried request). It is
audited (who revealed, when), bumps the revision so every public page, the projector and the API
show the final standings at their next poll, and recomputes the standings so that the seasons
hear the evening's results (``tournaments.signals``). A reveal is never taken back: the room has
seen the standings.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.access import Actor
from clubs.errors import Conflict
from scoring.models import AuditAction
from scoring.services.common import audit_place
from tournaments.models import Tournament
from tournaments.services.common import lock_tournament, results_changed

#: How the audit trail names the tournament it records a reveal of (``scoring.places``' "kind:id").
AUDIT_KIND = "tournament"


def tournament_reveal(*, tournament_id: int, actor: Actor) -> Tournament:
    """Reveal the standings of a blind finish (idempotent); refuse an event without one."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.revealed_at is not None:
            return tournament
        if tournament.blind_rounds <= 0:
            raise Conflict(
                gettext("this tournament hides no round: there is nothing to reveal"),
                "blind_rounds",
                code="nothing_hidden",
            )
        tournament.revealed_at = timezone.now()
        tournament.save(update_fields=["revealed_at"])
        audit_place(
            tournament.club_id,
            AUDIT_KIND,
            tournament.pk,
            AuditAction.STANDINGS_REVEALED,
            actor,
            detail={"blind_rounds": tournament.blind_rounds},
        )
        results_changed(tournament)
    return tournament
