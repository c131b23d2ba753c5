"""Taking a friendly match off the lists: delete one that never started, archive one that did.

A match nobody scored holds nothing worth keeping (a test, a typo in the players), so it goes
whole. A match with deals holds a result and its audit trail: it is never deleted, only archived,
that is hidden from the home page and the club's list, still readable at its address and restored
with one action. A tournament's table is the tournament's to keep or hide
(``tournaments.services.removal``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict
from scoring.models import AuditAction, Deal, Match
from scoring.services.common import audit, locked_match


def _friendly(match: Match) -> None:
    if match.announce_changes:
        raise Conflict(
            _("this match is a tournament's table: the tournament's console deletes or archives it"),
            "match",
            code="match_in_tournament",
        )


def match_delete(*, match_id: int) -> None:
    """Delete a friendly match that has no deal yet; refuse one that has (archive it instead)."""
    with transaction.atomic():
        match = locked_match(match_id)
        _friendly(match)
        if Deal.objects.filter(match=match).exists():
            raise Conflict(
                _("a match with deals is never deleted: archive it to take it off the lists"),
                "match",
                code="match_started",
            )
        match.delete()


def matches_follow_archive(*, match_ids: Iterable[int], archived: bool) -> None:
    """A tournament's tables leave the lists with their tournament, and come back with it (the
    tournament's service calls this inside its own transaction; the tournament is what was
    archived, so the matches' trails say nothing)."""
    Match.objects.filter(pk__in=list(match_ids)).update(archived_at=timezone.now() if archived else None)


def match_archive(*, match_id: int, archived: bool, actor: Actor) -> Match:
    """Hide a friendly match from the lists (``archived``), or show it again; audited. Asking for
    the state it is already in changes nothing."""
    with transaction.atomic():
        match = locked_match(match_id)
        _friendly(match)
        if (match.archived_at is not None) == archived:
            return match
        match.archived_at = timezone.now() if archived else None
        match.revision += 1
        match.save(update_fields=["archived_at", "revision", "updated_at"])
        audit(match, AuditAction.MATCH_ARCHIVED if archived else AuditAction.MATCH_RESTORED, actor)
    return match
