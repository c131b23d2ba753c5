"""A table's last contact: when a table link's page or API call reached the server, and how many
deals its phone said it still keeps unsent (the console and the desk show both)."""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.models import Match, TableContact

#: A contact is written again once the count changes, or this long after the last one.
CONTACT_EVERY = timedelta(seconds=30)


def note_contact(match: Match, pending: int | None) -> None:
    """Remember that the match's table reached the server now and how many deals its phone keeps
    unsent. Only a phone that says so counts (the scorer page with JavaScript sends the count with
    every poll and Save); written at most every ``CONTACT_EVERY`` unless the count changed."""
    if pending is None:
        return
    now = timezone.now()
    contact = TableContact.objects.filter(match=match).first()
    if contact is not None:
        if now - contact.seen_at < CONTACT_EVERY and pending == contact.pending:
            return
        TableContact.objects.filter(match=match).update(seen_at=now, pending=pending)
        return
    try:
        with transaction.atomic():
            TableContact.objects.create(match=match, club_id=match.club_id, seen_at=now, pending=pending)
    except IntegrityError:  # another request of the same table wrote it first
        pass


def contacts(match_ids: list[int]) -> dict[int, TableContact]:
    """The last contact of each of these matches' tables that has one."""
    return {contact.match_id: contact for contact in TableContact.objects.filter(match_id__in=match_ids)}
