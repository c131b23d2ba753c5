"""The seasons REST API: each endpoint's happy path and its 400, 401/403, 404, 405, 409, then the
database; the players' endpoints with the club's and the players' privacy."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Player
from seasons import services
from seasons.models import ClubPreferences, Season, SeasonEvening
from tests.factories import ClubFactory, organizer
from tests.seasons.conftest import play_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

EIGHT = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal")
BODY = {
    "name": "Competitie",
    "game": "coinche",
    "metric": "points",
    "counting": {"drop": 1},
    "absence": "zero",
    "min_evenings": 2,
}


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def signed_in(api, club):
    user = organizer(club)
    api.force_authenticate(user)
    return user


def test_it_creates_a_season(api, signed_in, club):
    response = api.post("/api/seasons/", BODY, format="json")

    assert response.status_code == 201
    body = response.json()
    assert (body["name"], body["game"], body["counting"], body["absence"]) == (
        "Competitie",
        "coinche",
        {"drop": 1},
        "zero",
    )
    season = Season.objects.get(pk=body["id"])
    assert season.club == club
    assert season.rule == {"metric": "points", "counting": {"drop": 1}, "absence": "zero", "min_evenings": 2}


def test_it_creates_a_season_counted_by_places(api, signed_in):
    body = {**BODY, "metric": "rank_points", "rank_points": [10, 8, 6], "counting": {"best": 5}}

    response = api.post("/api/seasons/", body, format="json")

    assert response.status_code == 201
    assert Season.objects.get().rule["rank_points"] == [10, 8, 6]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"metric": "goals"}, "metric"),
        ({"counting": {"best": 0}}, "counting"),
        ({"counting": "some"}, "counting"),
        ({"absence": "maybe"}, "absence"),
        ({"min_evenings": -1}, "min_evenings"),
        ({"rank_points": [3, 2]}, "rank_points"),
        ({"metric": "rank_points"}, "rank_points"),
        ({"game": "chess"}, "game"),
        ({"name": ""}, "name"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_it_refuses_a_season_naming_the_field(api, signed_in, change, field):
    response = api.post("/api/seasons/", {**BODY, **change}, format="json")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == field
    assert not Season.objects.exists()


def test_only_an_organizer_creates_a_season(api):
    assert api.post("/api/seasons/", BODY, format="json").status_code in (401, 403)
    api.force_authenticate(organizer(ClubFactory()))
    assert api.post("/api/seasons/", {**BODY, "club": "elsewhere"}, format="json").status_code in (
        400,
        403,
        404,
    )
    assert not Season.objects.exists()


def test_it_attaches_an_evening_and_answers_the_standings(api, signed_in, club):
    season_id = api.post("/api/seasons/", BODY, format="json").json()["id"]
    evenings = [play_evening(club, f"Evening {n}", EIGHT) for n in (1, 2)]

    for evening in evenings:
        response = api.post(f"/api/seasons/{season_id}/evenings/", {"tournament": evening.pk}, format="json")
        assert response.status_code == 201
        assert response.json()["tournament"] == evening.pk

    standings = api.get(f"/api/seasons/{season_id}/standings/")
    assert standings.status_code == 200
    body = standings.json()
    assert body["provisional"] is False
    row = body["rows"][0]
    assert set(row) >= {"rank", "player", "name", "total", "evenings", "counted", "dropped"}
    assert row["evenings"] == 2
    assert len(row["counted"]) == 1
    assert len(row["dropped"]) == 1
    assert row["total"] == row["counted"][0]["value"]
    assert {c["tournament"] for c in row["counted"] + row["dropped"]} == {e.pk for e in evenings}
    assert [e["tournament"] for e in api.get(f"/api/seasons/{season_id}/evenings/").json()] == [
        e.pk for e in evenings
    ]
    assert SeasonEvening.objects.filter(season_id=season_id).count() == 2


def test_the_standings_answer_304_while_unchanged(api, season):
    first = api.get(f"/api/seasons/{season.pk}/standings/")

    again = api.get(f"/api/seasons/{season.pk}/standings/", HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304


def test_it_refuses_an_evening_naming_the_field(api, signed_in, club):
    season_id = api.post("/api/seasons/", BODY, format="json").json()["id"]
    evening = play_evening(club, "Evening", EIGHT, rounds=1)
    api.post(f"/api/seasons/{season_id}/evenings/", {"tournament": evening.pk}, format="json")

    assert (
        api.post(f"/api/seasons/{season_id}/evenings/", {"tournament": evening.pk}, format="json").status_code
        == 409
    )
    for body, field in (
        ({"tournament": "x"}, "tournament"),
        ({}, "tournament"),
        ({"tournament": 999999}, "tournament"),
        ({"tournament": evening.pk, "day": "soon"}, "day"),
    ):
        response = api.post(f"/api/seasons/{season_id}/evenings/", body, format="json")
        assert response.status_code == 400, body
        assert response.json()["error"]["field"] == field
    assert (
        api.post("/api/seasons/999999/evenings/", {"tournament": evening.pk}, format="json").status_code
        == 404
    )
    assert api.delete(f"/api/seasons/{season_id}/evenings/").status_code == 405
    assert SeasonEvening.objects.count() == 1


def test_another_clubs_organizer_cannot_attach(api, club, season):
    evening = play_evening(club, "Evening", EIGHT, rounds=1)
    api.force_authenticate(organizer(ClubFactory()))

    assert (
        api.post(f"/api/seasons/{season.pk}/evenings/", {"tournament": evening.pk}, format="json").status_code
        == 403
    )
    assert not SeasonEvening.objects.exists()


def test_it_lists_the_clubs_players_and_answers_a_player(api, club):
    play_evening(club, "Evening", EIGHT, rounds=1)
    services.ratings_update(club_id=club.pk, family="coinche")

    listed = api.get(f"/api/players/?club={club.slug}").json()
    ann = next(p for p in listed if p["name"] == "Ann")
    body = api.get(f"/api/players/{ann['id']}/").json()

    assert sorted(p["name"] for p in listed) == sorted(EIGHT)
    assert (body["id"], body["name"]) == (ann["id"], "Ann")
    assert body["ratings"][0]["family"] == "coinche"
    assert set(body["ratings"][0]) == {"family", "mu", "sigma", "rating", "provisional", "matches"}
    assert body["ratings"][0]["provisional"] is True
    assert len(body["matches"]) == 1
    assert api.get("/api/players/999999/").status_code == 404
    assert api.get("/api/players/?club=nowhere").status_code == 404


def test_private_players_are_not_listed_nor_shown_to_the_public(api, club):
    play_evening(club, "Evening", EIGHT, rounds=1)
    ann = Player.objects.get(name="Ann", membership__club=club)
    services.player_privacy_set(club=club, player_id=ann.pk, hidden=True)

    assert "Ann" not in [p["name"] for p in api.get(f"/api/players/?club={club.slug}").json()]
    assert api.get(f"/api/players/{ann.pk}/").status_code == 404
    ClubPreferences.objects.create(club=club, players_public=False)
    assert api.get(f"/api/players/?club={club.slug}").json() == []
    api.force_authenticate(organizer(club))
    assert api.get(f"/api/players/{ann.pk}/").status_code == 200
    assert len(api.get(f"/api/players/?club={club.slug}").json()) == 8
