"""The evening's travel as services: ``export_evening`` writes a tournament's file,
``import_evening`` brings a file (a tournament's or a friendly match's) into a club.

An import runs in one transaction: the file is opened and checked (``clubs.travel.envelope``),
compared with the copy here if the evening is here already (``clubs.travel.lineage``), written
(``load``), and read back: the copy here must give the file's fingerprint, or nothing is kept.
Then the standings are recomputed (``standings_recompute``), which tells the seasons app once
committed, so the season tables and ratings follow.
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
from scoring.travel.friendly import import_match
from tournaments.models import Tournament
from tournaments.services.standings import standings_recompute
from tournaments.travel.document import evening_body, parts_of, said_part
from tournaments.travel.load import load_evening


def console(tournament: Tournament) -> str:
    return reverse("tournaments:console", args=[tournament.pk])


def export_evening(*, tournament_id: int) -> dict[str, Any]:
    """The evening file of tournament ``tournament_id``, read under its row lock; the tournament
    records that it left in this state (its travel record: no page changes)."""
    with transaction.atomic():
        tournament = (
            Tournament.objects.select_for_update().select_related("club").filter(pk=tournament_id).first()
        )
        if tournament is None:
            raise EveningFileError(gettext("There is no tournament %(id)s here.") % {"id": tournament_id})
        body = evening_body(tournament)
        parts = parts_of(body)
        travel = recorded(tournament.travel, parts)
        Tournament.objects.filter(pk=tournament.pk).update(travel=travel)
    return sealed(
        {
            **body,
            "fingerprint": fingerprint(parts),
            "history": travel["history"],
            "exported_at": timezone.now().isoformat(),
        }
    )


def import_evening(*, data: bytes | str, club: Club, other_club: bool = False) -> Imported:
    """Bring the evening in ``data`` into ``club``: a tournament, or a friendly match."""
    document = opened(data)
    if document.get("kind") == "match":
        return import_match(data=data, club=club, other_club=other_club)
    if document.get("kind") != "tournament":
        raise EveningFileError(gettext("This is not a Tablescore evening file."))
    club_checked(document, club, other_club=other_club)
    arriving, history = arriving_parts(document, parts_of)
    evening = evening_id(document)
    try:
        with transaction.atomic():
            here = Tournament.objects.select_for_update().filter(evening=evening).first()
            arrival = Arrival.CREATED
            if here is not None:
                if here.club_id != club.pk:
                    raise EveningFileError(gettext("This evening is here already, in another club."))
                judgement = judge(
                    here=parts_of(evening_body(here)), travel=here.travel, arriving=arriving, history=history
                )
                if judgement.verdict is Verdict.CONFLICT:
                    raise refusal(judgement, said_part)
                if judgement.verdict is not Verdict.FORWARD:
                    arrival = Arrival.SAME if judgement.verdict is Verdict.SAME else Arrival.OLDER
                    return Imported(arrival, here.name, here.get_absolute_url(), console(here))
                arrival = Arrival.UPDATED
            tournament, created = load_evening(document, club=club, into=here)
            tournament.evening = evening
            tournament.travel = recorded(tournament.travel if here else {}, arriving, history)
            tournament.save(update_fields=["evening", "travel"])
            if parts_of(evening_body(tournament)) != arriving:
                raise EveningFileError(gettext("The evening file could not be imported as it was written."))
            standings_recompute(tournament_id=tournament.pk)
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError, DatabaseError) as error:
        raise unreadable(error) from error
    return Imported(arrival, tournament.name, tournament.get_absolute_url(), console(tournament), created)
