"""A friendly match's evening file: ``export_match`` writes it, ``import_match`` brings it into a
club, as a tournament's evening travels (``clubs.travel.journey``): its identity is the match's
``public_id``, its rows are remapped, and a second import changes nothing, brings the match up to
date, or refuses a match changed on both sides (``clubs.travel.lineage``).

An updated match keeps its id here, so its scorer link and scoreboard stay where they were.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from clubs.models import Club
from clubs.travel.arrival import Arrival, Imported
from clubs.travel.envelope import EveningFileError
from clubs.travel.journey import Kind, arrive, depart, snapshot
from scoring.models import Match
from scoring.part_of import part_of
from scoring.services.travel import clear_matches, load_matches, match_public_id_set
from scoring.travel.rows import match_parts, match_sections


def match_body(match: Match) -> dict[str, Any]:
    """The friendly match's file without its envelope, lineage and digest."""
    return {
        "kind": "match",
        "evening": str(match.public_id),
        "title": str(match),
        "club": {"slug": match.club.slug, "name": match.club.name},
        **match_sections([match]),
    }


def parts_of(body: dict[str, Any]) -> dict[str, str]:
    """The match's parts: ``match`` and ``deal:N``."""
    return match_parts(body).get(1, {})


def said_part(key: str) -> str:
    """A part of a friendly match, in words: "deal 3", "the match's result and trail"."""
    if key.startswith("deal:"):
        return gettext("deal %(number)s") % {"number": key.split(":", 1)[1]}
    return gettext("the match's result and trail")


def export_match(*, match_id: int) -> dict[str, Any]:
    """The file of friendly match ``match_id``; the match records that it left in this state."""
    with snapshot():
        match = Match.objects.select_for_update().select_related("club").filter(pk=match_id).first()
        if match is None:
            raise EveningFileError(gettext("There is no match %(id)s here.") % {"id": match_id})
        if part_of(match) is not None:
            raise EveningFileError(gettext("This match is a tournament's table: export its tournament."))
        body = match_body(match)
        return depart(body, parts_of(body), club_id=match.club_id, evening=match.public_id)


def _find(evening: uuid.UUID) -> Match | None:
    return Match.objects.select_for_update().select_related("club").filter(public_id=evening).first()


def _foreign(match: Match, club: Club) -> str | None:
    if match.club_id != club.pk or part_of(match) is not None:
        return gettext("This match is here already, in another club or tournament.")
    return None


def _write(document: dict[str, Any], club: Club, here: Match | None, evening: uuid.UUID) -> tuple[Match, int]:
    if len(document.get("matches") or []) != 1:
        raise EveningFileError(gettext("A friendly match's file holds one match."))
    if here is not None:
        clear_matches([here.pk])
    match: Match = load_matches(document, club_id=club.pk, announce=False, into=here)[1]
    return match_public_id_set(match=match, public_id=evening), 0


def _imported(arrival: Arrival, match: Match, created: int) -> Imported:
    manage = reverse("scoring:match_manage", args=[match.pk])
    return Imported(arrival, str(match), match.get_absolute_url(), manage, created)


FRIENDLY = Kind[Match](
    name="match",
    find=_find,
    foreign=_foreign,
    body=match_body,
    parts=parts_of,
    said=said_part,
    write=_write,
    imported=_imported,
)


def import_match(*, data: bytes | str, club: Club, other_club: bool = False) -> Imported:
    """Bring the friendly match of an evening file into ``club``, in one transaction."""
    return arrive(FRIENDLY, data=data, club=club, other_club=other_club)
