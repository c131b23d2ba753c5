"""The seasons services over evenings played through the real tournaments services: the table per
player across changing partners, attaching evenings, the recompute when results change, ratings
added match by match and replayed in full after a correction, and privacy."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, NotFound
from clubs.models import Player
from scoring.models import Match
from scoring.result_states import ResultStatus
from seasons import selectors, services
from seasons.models import Rating, RatingLedger, Season
from seasons.rating.engine import replay
from tests.factories import ClubFactory
from tests.seasons.conftest import play_evening
from tests.tournaments.factories import make_tournament
from tournaments import services as tournament_services
from tournaments.evenings import evening_is_final, played_tables
from tournaments.models import TableAssignment

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal")
ORGANIZER = Actor(label="organizer")


def ratings_of(club, family="coinche"):
    return {r.player_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.filter(club=club, family=family)}


def test_it_follows_each_player_across_changing_partners(club, season):
    evening = play_evening(club, "Evening 1", EIGHT)

    services.season_attach(season_id=season.pk, tournament_id=evening.pk)

    season.refresh_from_db()
    own = {}
    for table in TableAssignment.objects.filter(round__tournament=evening):
        for entrant, doc in table.result.items():
            player = evening.entrants.get(pk=int(entrant)).players.get().pk
            own[player] = own.get(player, 0) + doc["points"]
    assert {row["player"]: row["total"] for row in season.table["rows"]} == own
    assert len(own) == 8
    assert season.table["provisional"] is False


def test_the_same_person_is_one_player_across_evenings(club, season):
    first = play_evening(club, "Evening 1", EIGHT)
    second = play_evening(club, "Evening 2", EIGHT)

    for evening in (first, second):
        services.season_attach(season_id=season.pk, tournament_id=evening.pk)

    season.refresh_from_db()
    assert {row["evenings"] for row in season.table["rows"]} == {2}
    assert Player.objects.filter(name="Ann", membership__club=club).count() == 1


def test_it_marks_the_table_provisional_while_an_evening_is_being_played(club, season):
    evening = play_evening(club, "Evening 1", EIGHT, rounds=2, played=1)

    services.season_attach(season_id=season.pk, tournament_id=evening.pk)

    season.refresh_from_db()
    assert not evening_is_final(evening)
    assert season.table["provisional"] is True


def test_it_refuses_an_evening_of_another_club_or_game_or_twice(club, season):
    elsewhere = make_tournament(
        club=ClubFactory(), game="coinche", format="individual", match_format="deals:1", rounds=1
    )
    other_game = make_tournament(club=club, game="tally")
    evening = make_tournament(
        club=club, name="Evening", game="coinche", format="individual", match_format="deals:1", rounds=1
    )
    services.season_attach(season_id=season.pk, tournament_id=evening.pk)

    for tournament in (elsewhere, other_game):
        with pytest.raises(InvalidEntry) as caught:
            services.season_attach(season_id=season.pk, tournament_id=tournament.pk)
        assert caught.value.field == "tournament"
    with pytest.raises(Conflict):
        services.season_attach(season_id=season.pk, tournament_id=evening.pk)
    with pytest.raises(NotFound):
        services.season_detach(season_id=season.pk, tournament_id=other_game.pk)
    assert season.evenings.count() == 1


def test_a_changed_result_recomputes_the_season_and_the_ratings_through_the_tasks(
    club, season, in_process_tasks, django_capture_on_commit_callbacks
):
    evening = play_evening(club, "Evening 1", EIGHT)
    services.season_attach(season_id=season.pk, tournament_id=evening.pk)
    table = (
        TableAssignment.objects.filter(round__tournament=evening).order_by("round__number", "number").first()
    )
    loser = next(int(e) for e, doc in table.result.items() if doc["outcome"] == "loss")
    before = Season.objects.get(pk=season.pk).table["rows"]

    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.table_adjust(
            table_id=table.pk, winner=loser, reason="wrong card", actor=ORGANIZER, points={loser: 500}
        )

    assert Season.objects.get(pk=season.pk).table["rows"] != before
    assert ratings_of(club) == replay(selectors.rated_matches(club.pk, "coinche"))
    assert RatingLedger.objects.get(club=club, family="coinche").matches == 4


def test_new_matches_are_added_on_top_and_equal_a_fresh_replay(club):
    play_evening(club, "Evening 1", EIGHT)
    services.ratings_update(club_id=club.pk, family="coinche")
    play_evening(club, "Evening 2", EIGHT)

    ledger = services.ratings_update(club_id=club.pk, family="coinche")

    assert (ledger.matches, ledger.replays) == (8, 1)
    assert ratings_of(club) == replay(selectors.rated_matches(club.pk, "coinche"))


def test_a_correction_to_an_older_match_replays_the_whole_history_and_equals_a_fresh_replay(club):
    first = play_evening(club, "Evening 1", EIGHT)
    play_evening(club, "Evening 2", EIGHT)
    services.ratings_update(club_id=club.pk, family="coinche")
    table = (
        TableAssignment.objects.filter(round__tournament=first).order_by("round__number", "number").first()
    )
    loser = next(int(e) for e, doc in table.result.items() if doc["outcome"] == "loss")
    before = ratings_of(club)

    tournament_services.table_adjust(table_id=table.pk, winner=loser, reason="scored wrong", actor=ORGANIZER)
    ledger = services.ratings_update(club_id=club.pk, family="coinche")

    assert ledger.replays == 2
    assert ratings_of(club) != before
    assert ratings_of(club) == replay(selectors.rated_matches(club.pk, "coinche"))


def test_running_the_update_twice_changes_nothing(club):
    play_evening(club, "Evening 1", EIGHT)
    services.ratings_update(club_id=club.pk, family="coinche")
    before = ratings_of(club)

    ledger = services.ratings_update(club_id=club.pk, family="coinche")

    assert ratings_of(club) == before
    assert ledger.replays == 1


def test_only_final_tables_are_rated(club):
    play_evening(club, "Evening 1", EIGHT, rounds=2, played=1)
    start = TableAssignment.objects.filter(round__tournament__club=club, round__number=1)

    assert {t.status for t in start} == {"finished"}
    assert played_tables(club_id=club.pk) != []
    tournament_services.round_start(tournament_id=start.first().round.tournament_id)
    assert len(played_tables(club_id=club.pk)) == 2


def test_a_table_counts_once_its_result_is_confirmed_or_final_only(club):
    evening = play_evening(club, "Evening 1", EIGHT, rounds=1)
    table = TableAssignment.objects.filter(round__tournament=evening).order_by("number").first()
    assert evening_is_final(evening)
    assert len(played_tables(club_id=club.pk)) == 2

    # The other side asked again (a table's correction): until its table hears of it
    # (table_sync runs after the commit), the table neither counts nor lets the evening be final.
    Match.objects.filter(tournament_game__table=table).update(result_status=ResultStatus.SUBMITTED)
    assert not evening_is_final(evening)
    assert [t.key[1] for t in played_tables(club_id=club.pk)] == [2]

    for status in (ResultStatus.CONFIRMED, ResultStatus.FINAL):
        Match.objects.filter(tournament_game__table=table).update(result_status=status)
        assert evening_is_final(evening)
        assert len(played_tables(club_id=club.pk)) == 2


def test_a_hidden_player_keeps_the_place_without_a_name_in_public(club, season):
    evening = play_evening(club, "Evening 1", EIGHT)
    services.season_attach(season_id=season.pk, tournament_id=evening.pk)
    ann = Player.objects.get(name="Ann", membership__club=club)

    services.player_privacy_set(club=club, player_id=ann.pk, hidden=True)
    season.refresh_from_db()

    public = selectors.standings(season, selectors.privacy(club.pk, organizer=False))
    organizer = selectors.standings(season, selectors.privacy(club.pk, organizer=True))
    assert "Ann" not in [r["name"] for r in public["rows"]]
    assert [r["player"] for r in public["rows"]].count(None) == 1
    assert "Ann" in [r["name"] for r in organizer["rows"]]


def test_the_reconcile_catches_up_on_a_lost_recompute(club, season):
    evening = play_evening(club, "Evening 1", EIGHT)
    services.season_attach(season_id=season.pk, tournament_id=evening.pk)
    Season.objects.filter(pk=season.pk).update(table={}, table_at=None)

    assert services.seasons_reconcile() >= 1

    assert len(Season.objects.get(pk=season.pk).table["rows"]) == 8
    assert ratings_of(club)
