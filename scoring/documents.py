"""Plain documents for the API and pages: a deal with its versions, a match with ids and links.

A tournament table's ``title`` and a closed result's ``closed`` round are said in the active
language (the request's), beside the data they are said from (``title_parts``, ``closed_round``)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scoring.models import Deal, DealVersion, Match
from scoring.titles import said_round, said_title


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
    rejected, the reason, the closed round: ``closed`` in words, "round 2" in the language of the
    request, and ``closed_round`` as stored, 2 or a bracket round's label)."""
    detail = match.detail.as_json()
    closed = match.detail.closed
    return {
        "status": match.result_status,
        "confirmation": match.confirmation,
        "since": match.result_at.isoformat() if match.result_at else None,
        **{key: detail[key] for key in ("by", "reason", "actor", "entered", "picked") if detail.get(key)},
        **({"closed": said_round(closed), "closed_round": closed} if closed not in (None, "") else {}),
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
            "title": said_title(match.title, match.title_parts),
            "title_parts": match.title_parts,
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
