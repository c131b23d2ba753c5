"""#26 item 4: a season waits for a blind finish's reveal, as the public does: while the last
rounds of an evening are hidden, its season table, its player pages' tables and the ratings count
the rounds before them only, and the evening is not final; once revealed, everything counts."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from seasons import services
from seasons.players import _places
from tests.seasons.conftest import play_evening
from tournaments import services as tournament_services
from tournaments.blind_finish import public_standings, veil_of
from tournaments.evenings import evening_is_final, evening_results, played_tables
from tournaments.models import TableAssignment, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

EIGHT = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal")


def own_points(evening: Tournament, rounds: set[int]) -> dict[int, int]:
    """Each player's game points over the tables of ``rounds``."""
    own: dict[int, int] = {}
    for table in TableAssignment.objects.filter(round__tournament=evening, round__number__in=rounds):
        for entrant, doc in table.result.items():
            player = evening.entrants.get(pk=int(entrant)).players.get().pk
            own[player] = own.get(player, 0) + doc["points"]
    return own


def test_a_season_counts_a_blind_evening_up_to_the_last_round_shown_until_the_reveal(
    club, season, django_capture_on_commit_callbacks
):
    evening = play_evening(club, "Evening 1", EIGHT, rounds=3)
    Tournament.objects.filter(pk=evening.pk).update(blind_rounds=1)
    evening.refresh_from_db()

    services.season_attach(season_id=season.pk, tournament_id=evening.pk)

    season.refresh_from_db()
    assert {row["player"]: row["total"] for row in season.table["rows"]} == own_points(evening, {1, 2})
    assert season.table["provisional"] is True
    assert not evening_is_final(evening)
    assert {table.round for table in played_tables(club_id=club.pk)} == {1, 2}
    assert {row.tables for row in evening_results(evening)} == {2}

    with django_capture_on_commit_callbacks(execute=True):  # the reveal's tasks tell the season
        tournament_services.tournament_reveal(tournament_id=evening.pk, actor=Actor(label="organizer"))

    season.refresh_from_db()
    evening.refresh_from_db()
    assert {row["player"]: row["total"] for row in season.table["rows"]} == own_points(evening, {1, 2, 3})
    assert season.table["provisional"] is False
    assert evening_is_final(evening)
    assert {table.round for table in played_tables(club_id=club.pk)} == {1, 2, 3}


def test_a_players_page_shows_the_place_the_public_sees(club, season):
    evening = play_evening(club, "Evening 1", EIGHT, rounds=3)
    Tournament.objects.filter(pk=evening.pk).update(blind_rounds=1)
    evening.refresh_from_db()
    public = {int(row.entrant): row.rank for row in public_standings(evening, veil_of(evening)).rows}
    full = {int(row["entrant"]): str(row["rank"]) for row in evening.standings["rows"]}
    assert public != full  # round 3 changed the order: the test can tell them apart

    for entrant in evening.entrants.all():
        player = entrant.players.get().pk
        assert _places(player, {evening.pk}) == {evening.pk: public[entrant.pk]}
