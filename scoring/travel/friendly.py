"""A friendly match's evening file: ``export_match`` writes it, ``import_match`` brings it into a
club, as a tournament's evening travels (``tournaments.travel``): its identity is the match's
``public_id``, its rows are remapped, and a second import changes nothing, brings the match up to
date, or refuses a match changed on both sides (``clubs.travel.lineage``).

An updated match keeps its id here, so its scorer link and scoreboard stay where they were.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club
from clubs.travel.arrival import (
    Arrival,
    Imported,
    arriving_parts,
    club_checked,
    evening_id,
    refusal,
    unreadable,
)
from clubs.travel.envelope import EveningFileError, opened, sealed
from clubs.travel.lineage import Verdict, fingerprint, judge, recorded
from scoring.belonging import part_of
from scoring.models import Match
from scoring.travel.rows import clear_matches, load_matches, match_parts, match_sections


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


def manage(match: Match) -> str:
    return reverse("scoring:match_manage", args=[match.pk])


def export_match(*, match_id: int) -> dict[str, Any]:
    """The file of friendly match ``match_id``; the match records that it left in this state."""
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("club").filter(pk=match_id).first()
        if match is None:
            raise EveningFileError(gettext("There is no match %(id)s here.") % {"id": match_id})
        if part_of(match) is not None:
            raise EveningFileError(gettext("This match is a tournament's table: export its tournament."))
        body = match_body(match)
        parts = parts_of(body)
        match.travel = recorded(match.travel, parts)
        Match.objects.filter(pk=match.pk).update(travel=match.travel)
    return sealed(
        {
            **body,
            "fingerprint": fingerprint(parts),
            "history": match.travel["history"],
            "exported_at": timezone.now().isoformat(),
        }
    )


def import_match(*, data: bytes | str, club: Club, other_club: bool = False) -> Imported:
    """Bring the friendly match of an evening file into ``club``, in one transaction."""
    document = opened(data, kind="match")
    club_checked(document, club, other_club=other_club)
    arriving, history = arriving_parts(document, parts_of)
    evening = evening_id(document)
    if len(document.get("matches") or []) != 1:
        raise EveningFileError(gettext("A friendly match's file holds one match."))
    try:
        with transaction.atomic():
            match = Match.objects.select_for_update().select_related("club").filter(public_id=evening).first()
            arrival = Arrival.CREATED
            if match is not None:
                if match.club_id != club.pk or part_of(match) is not None:
                    raise EveningFileError(
                        gettext("This match is here already, in another club or tournament.")
                    )
                judgement = judge(
                    here=parts_of(match_body(match)), travel=match.travel, arriving=arriving, history=history
                )
                if judgement.verdict is Verdict.CONFLICT:
                    raise refusal(judgement, said_part)
                if judgement.verdict in (Verdict.SAME, Verdict.OLDER):
                    arrival = Arrival.SAME if judgement.verdict is Verdict.SAME else Arrival.OLDER
                    return Imported(arrival, str(match), match.get_absolute_url(), manage(match))
                clear_matches([match.pk])
                load_matches(document, club_id=club.pk, announce=False, into=match)
                arrival = Arrival.UPDATED
            else:
                match = load_matches(document, club_id=club.pk, announce=False)[1]
                match.public_id = evening
            match.travel = recorded(match.travel, arriving, history)
            Match.objects.filter(pk=match.pk).update(public_id=match.public_id, travel=match.travel)
            match.refresh_from_db()
            if parts_of(match_body(match)) != arriving:
                raise EveningFileError(gettext("The evening file could not be imported as it was written."))
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError, DatabaseError) as error:
        raise unreadable(error) from error
    return Imported(arrival, str(match), match.get_absolute_url(), manage(match))
