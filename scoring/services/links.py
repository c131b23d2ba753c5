"""The write of a match's table link: revoke it, or renew it with a fresh one."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from clubs.access import Actor
from scoring.models import AuditAction, Match, new_table_secret
from scoring.services.common import audit, locked_match


def table_link_revoke(*, match_id: int, actor: Actor, renew: bool = False) -> Match:
    """Make the current scorer link stop working at once; ``renew`` issues a fresh one."""
    with transaction.atomic():
        match = locked_match(match_id)
        match.table_secret = new_table_secret()
        match.table_link_revoked = not renew
        match.revision += 1
        match.save(update_fields=["table_secret", "table_link_revoked", "revision", "updated_at"])
        audit(
            match,
            AuditAction.LINK_RENEWED if renew else AuditAction.LINK_REVOKED,
            actor,
            detail={"at": timezone.now().isoformat()},
        )
    return match
