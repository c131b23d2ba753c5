"""The laptop's side of the SQLite → PostgreSQL round trip (``test_postgres_round_trip``): run in
a ``manage.py shell`` of its own, on its own SQLite file, it plays an evening (``first``) or plays
on (``more``) and prints the tournament's id."""

from __future__ import annotations

from clubs.models import Club
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import busy_desk, current_match, winning_entry
from tournaments.models import TableAssignment, Tournament


def first() -> None:
    club = ClubFactory(slug="home", name="Home club")
    night = busy_desk(club, organizer(club))
    print(night["tournament"].pk)


def more() -> None:
    from scoring.services.deals import deal_record
    from tests.tournaments.factories import TABLE

    tournament = Tournament.objects.get(club=Club.objects.get(slug="home"))
    table = TableAssignment.objects.get(round__tournament=tournament, round__number=2, number=3)
    match = current_match(table)
    deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=TABLE)
    print(tournament.pk)
