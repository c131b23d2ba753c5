"""The seasons pages: the season table (dropped evenings struck through, provisional while an
evening is being played), the projector, the CSV file, the organizer's pages, players and a
player's page with privacy, and the chance to win on a table's scoreboard."""

from __future__ import annotations

import csv
import io

import pytest

from clubs.models import Player
from seasons import services
from seasons.models import ClubPreferences, PlayerPrivacy, Season, SeasonEvening
from tests.factories import ClubFactory, organizer
from tests.seasons.conftest import play_evening
from tests.tournaments.factories import current_match, make_tournament, start_round
from tournaments.models import TableAssignment

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal")


@pytest.fixture
def played(club, season):
    for n in (1, 2, 3):
        evening = play_evening(club, f"Evening {n}", EIGHT)
        services.season_attach(season_id=season.pk, tournament_id=evening.pk)
    season.refresh_from_db()
    return season


def test_the_season_page_strikes_through_the_dropped_evenings(client, played):
    page = client.get(f"/seasons/{played.pk}/")

    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('<s title="dropped">') == 8  # best 2 of 3: one evening dropped per player
    assert "best 2 of 3; dropped" in html
    assert "Provisional" not in html
    assert "Ann" in html


def test_the_season_page_says_provisional_while_an_evening_is_being_played(client, club, season):
    evening = play_evening(club, "Tonight", EIGHT, rounds=2, played=1)
    services.season_attach(season_id=season.pk, tournament_id=evening.pk)

    html = client.get(f"/seasons/{season.pk}/").content.decode()

    assert "Provisional" in html


def test_the_projector_and_the_csv(client, played):
    assert client.get(f"/seasons/{played.pk}/projector/").status_code == 200
    response = client.get(f"/seasons/{played.pk}/season.csv")

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert response["Content-Type"].startswith("text/csv")
    assert rows[0][:4] == ["Rank", "Player", "Total", "Evenings"]
    assert len(rows) == 9
    assert sum(1 for cell in rows[1] if cell.startswith("(")) == 1


def test_an_organizer_creates_a_season_and_attaches_an_evening(client, boss, club):
    evening = play_evening(club, "Evening 1", EIGHT, rounds=1)
    form = {
        "club": club.slug,
        "name": "Winter",
        "game": "coinche",
        "metric": "match_points",
        "counting": "best",
        "number": "5",
        "absence": "zero",
        "min_evenings": "2",
    }

    created = client.post("/seasons/new/", form)
    season = Season.objects.get()
    attached = client.post(
        f"/seasons/{season.pk}/manage/", {"tournament": str(evening.pk), "day": "2025-10-12"}
    )

    assert created.status_code == 302
    assert season.rule == {
        "metric": "match_points",
        "counting": {"best": 5},
        "absence": "zero",
        "min_evenings": 2,
    }
    assert attached.status_code == 302
    assert SeasonEvening.objects.get().day.isoformat() == "2025-10-12"
    assert client.post(f"/seasons/{season.pk}/evenings/{evening.pk}/remove/").status_code == 302
    assert not SeasonEvening.objects.exists()


def test_the_new_season_page_shows_the_rules_error_beside_the_field(client, boss, club):
    form = {
        "club": club.slug,
        "name": "Winter",
        "game": "coinche",
        "metric": "points",
        "counting": "best",
        "number": "",
        "absence": "zero",
        "min_evenings": "0",
    }

    page = client.post("/seasons/new/", form)

    assert page.status_code == 422
    assert "counting must be a whole number" in page.content.decode()
    assert not Season.objects.exists()


def test_only_an_organizer_manages_a_season(client, season):
    assert client.get("/seasons/new/").status_code in (302, 401, 403)
    client.force_login(organizer(ClubFactory()))
    assert client.get(f"/seasons/{season.pk}/manage/").status_code == 403


def test_the_players_page_lists_established_ratings_only(client, club, played):
    services.ratings_update(club_id=club.pk, family="coinche")

    page = client.get(f"/players/?club={club.slug}")

    assert page.status_code == 200
    assert "No established rating yet" in page.content.decode()


def test_a_player_page_shows_matches_partners_seasons_and_a_provisional_rating(client, club, played):
    services.ratings_update(club_id=club.pk, family="coinche")
    ann = Player.objects.get(name="Ann", membership__club=club)

    html = client.get(f"/players/{ann.pk}/").content.decode()

    assert "Competitie" in html
    assert "Partners:" in html
    assert "?" in html.split('class="rating">')[1][:12]
    assert html.count("round ") >= 6


def test_a_player_hides_from_public_lists_and_the_club_can_close_player_pages(client, club, played):
    ann = Player.objects.get(name="Ann", membership__club=club)
    user = organizer(club)
    client.force_login(user)
    client.post(f"/players/{ann.pk}/privacy/{club.slug}/", {"hidden": "on"})
    client.post(f"/clubs/{club.slug}/preferences/", {"win_chances": "on"})
    client.logout()

    assert PlayerPrivacy.objects.get(player=ann).hidden
    assert ClubPreferences.objects.get(club=club).players_public is False
    assert client.get(f"/players/{ann.pk}/").status_code == 404
    assert client.get(f"/players/?club={club.slug}").status_code == 404
    assert "Ann" not in client.get(f"/seasons/{played.pk}/").content.decode()


def test_the_scoreboard_shows_each_sides_chance_to_win_when_the_club_says_so(client, club):
    play_evening(club, "Evening 1", EIGHT)
    services.ratings_update(club_id=club.pk, family="coinche")
    tonight = make_tournament(
        club=club, name="Tonight", game="coinche", format="individual", match_format="deals:1", rounds=1
    )
    from tournaments import services as tournament_services
    from tournaments.services import EntrantSpec

    tournament_services.entrants_register(tournament_id=tonight.pk, entrants=[EntrantSpec(n) for n in EIGHT])
    match = current_match(TableAssignment.objects.filter(round=start_round(tonight)).first())

    assert "Chance to win" not in client.get(f"/matches/{match.pk}/").content.decode()
    ClubPreferences.objects.create(club=club, win_chances=True)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Chance to win (ratings before the match)" in html
    assert html.count("%") >= 2


def test_the_home_and_club_pages_list_the_seasons(client, club, season):
    assert "Competitie" in client.get(f"/clubs/{club.slug}/").content.decode()
