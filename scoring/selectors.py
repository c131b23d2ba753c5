"""The reads of scoring that pages and the API share, one way each: a match's deals with their
current versions, a deal's history, a match's audit trail as a given viewer may see it.

Each read lived in two to four places, each with its own query and its own idea of what a
viewer may see; here it is written once, so a page and the API cannot drift apart (a voided deal
shown on one and not the other, an address leaked by one of them).

What this module does not do: the hot read of a deal write (``scoring.services.ledger.ledger``:
one raw statement, no model instances), the scoreboard (``scoring.boards.scoreboard``, itself
built on :func:`deal_rows`), or the reads of an evening moved to another Tablescore
(``scoring.travel``), which read every row for another purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import F

from scoring.models import AuditAction, AuditEvent, Deal, DealVersion, Match


def deal_rows(match: Match) -> list[tuple[Deal, DealVersion]]:
    """Every deal of the match (voided ones too), in order, with its current version: one query."""
    versions = (
        DealVersion.objects.filter(deal__match=match, version=F("deal__version"))
        .select_related("deal")
        .order_by("deal__number")
    )
    return [(v.deal, v) for v in versions]


def live_entries(match: Match) -> list[tuple[Deal, DealVersion]]:
    """The match's deals that count, in order, each with its current version."""
    return [(d, v) for d, v in deal_rows(match) if not d.voided]


def deal_history(deal: Deal) -> list[DealVersion]:
    """Every version of the deal, oldest first (the last is the current one): its change history,
    voids included, as the deal's page and the API show it."""
    return list(deal.versions.order_by("version"))


def current_version(deal: Deal) -> DealVersion | None:
    """The deal's current version (its entry is ``None`` once voided); ``None`` for a deal whose
    versions are missing, which a write never leaves."""
    return deal.versions.filter(version=deal.version).first()


@dataclass(frozen=True)
class TrailEvent:
    """One event of a match's audit trail as a viewer may see it: where the viewer is not
    ``private`` (an organizer of the club, or the match's own table), the address and the
    detail (reasons, entries) are left out."""

    at: datetime
    action: str
    deal: int | None
    version: int | None
    by: str
    private: bool
    ip: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """The action in the reader's language (the stored value for an action no longer known)."""
        return str(AuditAction(self.action).label) if self.action in AuditAction.values else self.action

    def as_json(self) -> dict[str, Any]:
        """The API's document of the event (the address and the detail for a private viewer only)."""
        return {
            "at": self.at.isoformat(),
            "action": self.action,
            "deal": self.deal,
            "version": self.version,
            "by": self.by,
            **({"ip": self.ip, "detail": self.detail} if self.private else {}),
        }


def audit_trail(
    match: Match, *, private: bool, newest_first: bool = False, limit: int | None = None
) -> list[TrailEvent]:
    """The match's audit trail as the viewer may see it (``private``: an organizer of its club, or
    its own table link), oldest first unless ``newest_first``, at most ``limit`` events."""
    order = ("-created_at", "-pk") if newest_first else ("created_at", "pk")
    events = AuditEvent.objects.filter(match=match).order_by(*order)
    if limit is not None:
        events = events[:limit]
    return [
        TrailEvent(
            at=e.created_at,
            action=e.action,
            deal=e.deal_number,
            version=e.version,
            by=e.actor_label,
            private=private,
            ip=e.actor_ip if private else None,
            detail=e.detail if private else {},
        )
        for e in events
    ]
