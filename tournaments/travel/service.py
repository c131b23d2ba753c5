"""The evening's travel as services: ``export_evening`` writes a tournament's file, ``import_evening``
brings a file (a tournament's or a friendly match's) into a club.

A tournament's journey is :data:`TOURNAMENT` (``clubs.travel.journey``): found here by its evening
id, written by ``load_evening`` (``tournaments.services.travel``), and settled by recomputing its
standings (``standings_recompute``), which tells the seasons app once committed, so the season
tables and ratings follow.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from clubs.models import Club
from clubs.travel.arrival import Arrival, Imported
from clubs.travel.envelope import EveningFileError, opened
from clubs.travel.journey import Kind, arrive, depart, snapshot
from scoring.travel.friendly import import_match
from tournaments.models import Tournament
from tournaments.services.standings import standings_recompute
from tournaments.services.travel import load_evening, tournament_evening_set
from tournaments.travel.document import evening_body, parts_of, said_part


def export_evening(*, tournament_id: int) -> dict[str, Any]:
    """The evening file of tournament ``tournament_id``, read under its row lock; the tournament
    records that it left in this state (its travel record: no page changes)."""
    with snapshot():
        tournament = (
            Tournament.objects.select_for_update().select_related("club").filter(pk=tournament_id).first()
        )
        if tournament is None:
            raise EveningFileError(gettext("There is no tournament %(id)s here.") % {"id": tournament_id})
        body = evening_body(tournament)
        return depart(body, parts_of(body), club_id=tournament.club_id, evening=tournament.evening)


def _find(evening: uuid.UUID) -> Tournament | None:
    return Tournament.objects.select_for_update().select_related("club").filter(evening=evening).first()


def _foreign(tournament: Tournament, club: Club) -> str | None:
    return (
        gettext("This evening is here already, in another club.") if tournament.club_id != club.pk else None
    )


def _write(
    document: dict[str, Any], club: Club, here: Tournament | None, evening: uuid.UUID
) -> tuple[Tournament, int]:
    tournament, created = load_evening(document, club=club, into=here)
    return tournament_evening_set(tournament=tournament, evening=evening), created


def _imported(arrival: Arrival, tournament: Tournament, created: int) -> Imported:
    console = reverse("tournaments:console", args=[tournament.pk])
    return Imported(arrival, tournament.name, tournament.get_absolute_url(), console, created)


def _settle(tournament: Tournament) -> None:
    standings_recompute(tournament_id=tournament.pk)


TOURNAMENT = Kind[Tournament](
    name="tournament",
    find=_find,
    foreign=_foreign,
    body=evening_body,
    parts=parts_of,
    said=said_part,
    write=_write,
    imported=_imported,
    settle=_settle,
)


def import_evening(*, data: bytes | str, club: Club, other_club: bool = False) -> Imported:
    """Bring the evening in ``data`` into ``club``, in one transaction: a tournament, or a friendly
    match."""
    if opened(data).get("kind") == "match":
        return import_match(data=data, club=club, other_club=other_club)
    return arrive(TOURNAMENT, data=data, club=club, other_club=other_club)
