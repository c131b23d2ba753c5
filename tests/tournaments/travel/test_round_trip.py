"""An evening moves into the same club on another Tablescore (here: the file is exported, the
evening deleted, and the file imported back, or into a club told it is the same one): every row
arrives under new ids, and nothing is lost."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.models import Club, Player
from clubs.travel.arrival import Arrival
from clubs.travel.envelope import dumps
from scoring.models import AuditEvent, DealVersion, Match
from tests.factories import ClubFactory, PlayerFactory
from tests.rows import table_rows
from tests.tournaments.travel.conftest import exported, gone
from tournaments.models import Tournament
from tournaments.services import standings_recompute
from tournaments.travel.document import evening_body
from tournaments.travel.service import import_evening

pytestmark = pytest.mark.django_db


def arrive(document: dict[str, Any], club: Club, *, other_club: bool = False) -> Any:
    return import_evening(data=dumps(document), club=club, other_club=other_club)


def test_an_evening_arrives_whole_under_new_ids(played: Tournament) -> None:
    document = exported(played)
    counts = {
        "matches": Match.objects.filter(club=played.club).count(),
        "versions": DealVersion.objects.filter(club=played.club).count(),
        "audit": AuditEvent.objects.filter(club=played.club).count(),
    }
    old_matches = set(Match.objects.filter(club=played.club).values_list("pk", flat=True))
    body = gone(played)
    outcome = arrive(document, played.club)
    assert outcome.arrival is Arrival.CREATED
    copy = Tournament.objects.get(club=played.club)
    assert copy.pk != played.pk
    assert copy.evening == played.evening
    assert evening_body(copy) == body
    club = played.club
    assert Match.objects.filter(club=club).count() == counts["matches"]
    assert not set(Match.objects.filter(club=club).values_list("pk", flat=True)) & old_matches
    assert DealVersion.objects.filter(club=club).count() == counts["versions"]
    assert DealVersion.objects.filter(club=club, version=2).exists()  # the late correction
    assert AuditEvent.objects.filter(club=club).count() == counts["audit"]
    assert AuditEvent.objects.filter(club=club, place__startswith="t:").count() == 1
    statuses = set(Match.objects.filter(club=club).values_list("result_status", flat=True))
    assert {"final", "submitted", "disputed"} <= statuses


def test_the_standings_after_an_import_are_a_fresh_recompute(played: Tournament) -> None:
    document = exported(played)
    names = [row["name"] for row in played.standings["rows"]]
    gone(played)
    arrive(document, played.club)
    copy = Tournament.objects.get(club=played.club)
    stored = copy.standings
    assert [row["name"] for row in stored["rows"]] == names
    assert dict(standings_recompute(tournament_id=copy.pk)) == stored


def test_another_club_takes_the_file_only_when_told_it_is_the_same_club(played: Tournament) -> None:
    from clubs.travel.envelope import EveningFileError

    document = exported(played)
    gone(played)
    away = ClubFactory(slug="away")
    with pytest.raises(EveningFileError, match="another club"):
        arrive(document, away)
    assert arrive(document, away, other_club=True).arrival is Arrival.CREATED


def test_players_are_found_by_name_in_the_club_or_created(played: Tournament) -> None:
    entrant = played.entrants.order_by("name").first()
    assert entrant is not None
    entrant.players.set([PlayerFactory(name="Ann  Smith")])
    document = exported(played)
    gone(played)
    away = ClubFactory(slug="away")
    known = PlayerFactory(name="ann smith")
    known.clubs.add(away)
    created_before = Player.objects.count()
    outcome = arrive(document, away, other_club=True)
    copy = Tournament.objects.get(club=away).entrants.get(name=entrant.name)
    assert list(copy.players.all()) == [known]
    partners = sum(
        1
        for _ in Tournament.objects.get(club=away).entrants.exclude(pk=copy.pk).filter(players__isnull=False)
    )
    assert outcome.players_created == Player.objects.count() - created_before == partners
    assert all(
        p.clubs.filter(pk=away.pk).exists()
        for e in Tournament.objects.get(club=away).entrants.all()
        for p in e.players.all()
    )


def test_the_same_evening_twice_changes_nothing(played: Tournament) -> None:
    document = exported(played)
    gone(played)
    arrive(document, played.club)
    before = table_rows()
    again = arrive(document, played.club)
    assert again.arrival is Arrival.SAME
    assert table_rows() == before
