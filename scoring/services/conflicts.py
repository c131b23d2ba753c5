"""Two phones at one table (#13): the conflicts a numbered deal can leave (recorded by
``scoring.services.deals.deal_record_numbered``), what the edges answer for one, and how the table
or the director settles it: keep the scored entry, or use the other one (a new version of the
deal, audited). Writes follow the services' rules: one transaction, the match's row locked, an
audit event (``scoring.services.common``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict, NotFound
from scoring.models import AuditAction, ConflictResolution, Deal, DealConflict, Match, Source
from scoring.services import deals
from scoring.services.common import audit, locked_match


def conflict_rule(conflict: DealConflict) -> str:
    """The refusal a conflicting entry gets, in words."""
    return _(
        "deal %(number)s is already scored with another entry; both are kept until the table "
        "or the director decides which one counts"
    ) % {"number": conflict.number}


def refuse_conflict(written: deals.Numbered, field: str) -> deals.DealWrite:
    """An edge's answer to a recorded conflict: a 409 naming the conflict (it is stored already);
    otherwise the write."""
    if written.conflict is not None:
        conflict = written.conflict
        raise Conflict(conflict_rule(conflict), field, conflict=conflict.pk, number=conflict.number)
    assert written.write is not None
    return written.write


def conflict_resolve(
    *, match_id: int, conflict_id: int, use_other: bool, actor: Actor, source: Source
) -> DealConflict:
    """Settle a conflict: keep the scored entry, or use the other one (a new version of the deal,
    the whole match replayed, refused like any correction it would make invalid)."""
    with transaction.atomic():
        match = locked_match(match_id)
        conflict = DealConflict.objects.select_for_update().filter(pk=conflict_id, match=match).first()
        if conflict is None:
            raise NotFound(_("no such conflict"), "conflict")
        if conflict.resolved_at is not None:
            raise Conflict(
                _("the conflict on deal %(number)s was already settled") % {"number": conflict.number},
                "conflict",
            )
        if use_other:
            deal = Deal.objects.get(match=match, number=conflict.number)
            deals.deal_correct(
                match_id=match_id,
                number=conflict.number,
                entry=conflict.entry,
                expected_version=deal.version,
                actor=actor,
                source=source,
            )
        conflict.resolution = ConflictResolution.REPLACED if use_other else ConflictResolution.KEPT
        conflict.resolved_by = actor.label
        conflict.resolved_at = timezone.now()
        conflict.save(update_fields=["resolution", "resolved_by", "resolved_at"])
        audit(
            match,
            AuditAction.CONFLICT_RESOLVED,
            actor,
            deal_number=conflict.number,
            detail={"conflict": conflict.pk, "resolution": conflict.resolution},
        )
        return conflict


def open_conflicts(match: Match) -> list[DealConflict]:
    """The match's conflicts nobody settled yet, oldest first."""
    return list(DealConflict.objects.filter(match=match, resolved_at__isnull=True))
