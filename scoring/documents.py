"""Plain documents for the API and pages: a deal with its versions, a match with ids and links.

A tournament table's ``title`` and a closed result's ``closed`` round are said in the active
language (the request's), beside the data they are said from (``title_parts``, ``closed_round``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

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
            "links": match_links(match.pk),
        }
    )
    return doc


def match_links(pk: int) -> dict[str, str]:
    """The match's API and page addresses. Every deal's answer carries them, and reversing four
    names cost as much CPU as the rest of the answer: they are worked out once per match and
    address scheme (the script prefix and the URLconf a deployment serves under)."""
    return dict(_links(pk, get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF))


@lru_cache(maxsize=4096)
def _links(pk: int, prefix: str, urlconf: str) -> tuple[tuple[str, str], ...]:
    names = {"self": "api:match-detail", "deals": "api:match-deals", "history": "api:match-history"}
    return (
        *((key, reverse(name, urlconf=urlconf, args=[pk])) for key, name in names.items()),
        ("page", reverse("scoring:match", urlconf=urlconf, args=[pk])),
    )


def deal_write_document(match: Match, deal: Deal, version: DealVersion) -> dict[str, Any]:
    """The answer to a deal written (recorded, corrected or voided): the deal and the match as they
    now stand. The deal services store it as the first answer to a request with an
    ``Idempotency-Key``, so that its repeat gets it byte for byte."""
    return {"deal": deal_document(deal, version), "match": match_document(match)}
