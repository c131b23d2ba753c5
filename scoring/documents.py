"""Plain documents for the API and pages: a deal with its versions, a match with ids and links."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scoring.models import Deal, DealVersion, Match


def deal_document(deal: Deal, version: DealVersion) -> dict[str, Any]:
    """One deal as the API shows it: its stable number, current version and entry."""
    return {
        "number": deal.number,
        "version": deal.version,
        "voided": deal.voided,
        "entry": version.entry,
        "reason": version.reason,
        "source": version.source,
        "by": version.actor_label,
        "at": version.created_at.isoformat() if version.created_at else None,
    }


def match_document(match: Match) -> dict[str, Any]:
    """The CLI's state document (docs/games/README.md §6) plus ids, versions and links (no query: the cached
    state already carries each deal's stable number and version)."""
    doc = dict(match.state)
    doc.update(
        {
            "id": match.pk,
            "club": match.club.slug,
            "title": match.title,
            "status": match.status,
            "revision": match.revision,
            "seats": match.seats,
            "links": {
                "self": reverse("api:match-detail", args=[match.pk]),
                "deals": reverse("api:match-deals", args=[match.pk]),
                "history": reverse("api:match-history", args=[match.pk]),
                "page": match.get_absolute_url(),
            },
        }
    )
    return doc


def deal_write_document(match: Match, deal: Deal, version: DealVersion) -> dict[str, Any]:
    """The answer to a deal written (recorded, corrected or voided): the deal and the match as they
    now stand. The deal services store it as the first answer to a request with an
    ``Idempotency-Key``, so that its repeat gets it byte for byte."""
    return {"deal": deal_document(deal, version), "match": match_document(match)}
