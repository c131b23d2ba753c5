"""An evening worth moving: two rounds of a Swiss tournament with a correction after its round
closed, a result awaiting confirmation, a disputed one, a withdrawn entrant, a partnership's
players and a numbered table's link renewed; and the helpers that move it."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.access import Actor
from clubs.models import Club
from scoring.models import AuditEvent, Match
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import busy_desk
from tournaments.models import Entrant, Tournament
from tournaments.services import standings_recompute
from tournaments.services.physical_tables import physical_table_revoke, physical_tables_prepare
from tournaments.travel.document import evening_body
from tournaments.travel.service import export_evening


@pytest.fixture
def home() -> Club:
    return ClubFactory(slug="home", name="Home club")


@pytest.fixture
def played(home: Club) -> Tournament:
    """A busy evening at ``home``."""
    night = busy_desk(home, organizer(home))
    tournament: Tournament = night["tournament"]
    physical_tables_prepare(tournament_id=tournament.pk, count=3)
    table = tournament.physical_tables.get(number=2)
    physical_table_revoke(tournament_id=tournament.pk, number=table.number, actor=Actor(label="Olga"))
    # A withdrawn entrant in the file, marked directly: the service would also settle its table
    # still playing as a forfeit (#28), and these tests play on at every table of round 2.
    Entrant.objects.filter(pk=tournament.entrants.order_by("pk").last().pk).update(withdrawn=True)  # type: ignore[union-attr]
    standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def exported(tournament: Tournament) -> dict[str, Any]:
    return export_evening(tournament_id=tournament.pk)


def gone(tournament: Tournament) -> dict[str, Any]:
    """Delete the evening from this database (as if the file had gone to another Tablescore); what
    its file held, but for its ids."""
    body = evening_body(tournament)
    AuditEvent.objects.filter(club=tournament.club, match=None).delete()
    Match.objects.filter(tournament_game__table__round__tournament=tournament).delete()
    tournament.delete()
    return body
