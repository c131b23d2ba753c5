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


def result_document(match: Match) -> dict[str, Any]:
    """Where the match's result stands (``scoring/result_states.py``): its status, the
    confirmation mode, since when, and what the last move recorded (the side that accepted or
    rejected, the reason, the closed round's name)."""
    detail = match.detail.as_json()
    return {
        "status": match.result_status,
        "confirmation": match.confirmation,
        "since": match.result_at.isoformat() if match.result_at else None,
        **{
            key: detail[key]
            for key in ("by", "reason", "closed", "actor", "entered", "picked")
            if detail.get(key)
        },
    }


def result_diff(match: Match) -> list[dict[str, Any]]:
    """Where the sides' own entries of a double-blind match differ (organizers only): per deal and
    field, each side's value by side name (``scoring/services/blind.py``)."""
    return [
        {
            "deal": row.deal,
            "field": row.field,
            "values": dict(zip(match.sides, row.values, strict=False)),
        }
        for row in match.detail.differences
    ]


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
            "result": result_document(match),
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
