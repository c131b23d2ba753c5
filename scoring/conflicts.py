"""Two phones at one table (#13): a deal sent with the number its sender expects, and the
conflicts that come of it. The natural key (match, deal number) protects the match:

- the number is the next one: the deal is recorded (``scoring.services.deals.deal_record``);
- the deal is already scored with the same entry (a second phone, or the same phone again with
  a new key): one deal, answered as saved (an independent confirmation of it);
- the deal is scored with another entry: a :class:`~scoring.models.DealConflict` is recorded
  (both versions kept, who and when) and nothing else changes, until the table or the director
  keeps the scored entry or uses the other one (a new version of the deal, audited);
- a number past the next one: refused (the deals before it are not in yet).

A request without a number behaves as before. Writes here follow the services' rules: one
transaction, the match's row locked, an audit event (``scoring.services.common``).

The table's last contact (``note_contact``) is written here too: when a table link's page or API
call reached the server, and how many deals its phone said it still keeps."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict, NotFound
from scoring.models import (
    AuditAction,
    ConflictResolution,
    Deal,
    DealConflict,
    IdempotentRequest,
    Match,
    Source,
    TableContact,
)
from scoring.services import deals
from scoring.services.common import audit, by, locked_match

#: A contact is written again once the count changes, or this long after the last one.
CONTACT_EVERY = timedelta(seconds=30)


@dataclass(frozen=True)
class Numbered:
    """What a numbered write did: the ``write`` (recorded, a repeated key's answer, or the same
    deal already scored: ``duplicate``), or a recorded ``conflict`` (no write)."""

    write: deals.DealWrite | None
    conflict: DealConflict | None = None
    duplicate: bool = False


def conflict_rule(conflict: DealConflict) -> str:
    """The refusal a conflicting entry gets, in words."""
    return _(
        "deal %(number)s is already scored with another entry; both are kept until the table "
        "or the director decides which one counts"
    ) % {"number": conflict.number}


def refuse_conflict(written: Numbered, field: str) -> deals.DealWrite:
    """An edge's answer to a recorded conflict: a 409 naming the conflict (it is stored already);
    otherwise the write."""
    if written.conflict is not None:
        conflict = written.conflict
        raise Conflict(conflict_rule(conflict), field, conflict=conflict.pk, number=conflict.number)
    assert written.write is not None
    return written.write


def deal_record_numbered(
    *,
    match_id: int,
    number: int | None,
    entry: Any,
    actor: Actor,
    source: Source = Source.API,
    idempotency_key: str | None = None,
) -> Numbered:
    """Record ``entry`` as deal ``number`` of the match (see the module's doc); ``number=None``
    records the next deal, as ``deals.deal_record`` does."""
    if number is not None and number < 1:
        raise Conflict(_("a deal number starts at 1"), "number")
    with transaction.atomic():
        match = locked_match(match_id, with_state=True)
        repeated = (
            bool(idempotency_key)
            and IdempotentRequest.objects.filter(match=match, key=idempotency_key).exists()
        )
        taken = (
            None if number is None or repeated else Deal.objects.filter(match=match, number=number).first()
        )
        if taken is not None:
            return _taken(match, taken, entry, actor, source)
        if number is not None and not repeated:
            last = Deal.objects.filter(match=match).aggregate(last=Max("number"))["last"] or 0
            if number > last + 1:
                raise Conflict(
                    _("deal %(number)s is not scored yet: the deals go in order") % {"number": last + 1},
                    "number",
                    next=last + 1,
                )
        write = deals.deal_record(
            match_id=match_id, entry=entry, actor=actor, source=source, idempotency_key=idempotency_key
        )
        return Numbered(write)


def _taken(match: Match, deal: Deal, entry: Any, actor: Actor, source: Source) -> Numbered:
    version = deal.versions.get(version=deal.version)
    fingerprint = deals._fingerprint(entry)
    if not deal.voided and deals._fingerprint(version.entry) == fingerprint:
        return Numbered(deals.DealWrite(match, deal, version, created=False), duplicate=True)
    conflict = DealConflict.objects.filter(
        match=match, number=deal.number, fingerprint=fingerprint, resolved_at__isnull=True
    ).first()
    if conflict is None:
        conflict = DealConflict.objects.create(
            club_id=match.club_id,
            match=match,
            number=deal.number,
            entry=entry,
            fingerprint=fingerprint,
            source=source,
            **by(actor),
        )
        audit(
            match,
            AuditAction.CONFLICT_RECORDED,
            actor,
            deal_number=deal.number,
            version=deal.version,
            detail={"entry": entry, "conflict": conflict.pk},
        )
    return Numbered(None, conflict)


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
