"""The tournaments REST API: each endpoint's happy path and its 400, 403, 404, 405, 409, then the
database."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.links import table_token
from tests.factories import ClubFactory, UserFactory, organizer
from tests.tournaments.factories import add_entrants, current_match, make_tournament, play_table, start_round
from tournaments.models import Entrant, Round, RoundStatus, TableStatus, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

SWISS = {
    "name": "Coinche Swiss",
    "game": "coinche",
    "format": "swiss",
    "match_format": "deals:8",
    "rounds": 5,
    "entrant_kind": "partnership",
    "preset": "ffb",
    "tiebreaks": ["match-points", "buchholz"],
}


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def boss(api, club):
    user = organizer(club)
    api.force_authenticate(user)
    return user


@pytest.fixture
def tournament(club):
    return make_tournament(club=club, entrants=4, rounds=2)


# -- tournaments -----------------------------------------------------------------------------------


def test_it_creates_a_tournament(api, boss, club):
    response = api.post("/api/tournaments/", SWISS, format="json")

    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Coinche Swiss"
    assert body["format"] == "swiss"
    assert body["match_format"] == "deals:8"
    assert body["rounds"] == 5
    assert body["tiebreaks"] == ["match-points", "buchholz"]
    assert body["status"] == "registration"
    assert response["Location"] == f"/api/tournaments/{body['id']}/"
    stored = Tournament.objects.get(pk=body["id"])
    assert stored.club == club
    assert stored.options["preset"] == "ffb"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"format": "ladder"}, "format"),
        ({"match_format": "best-of:4"}, "match_format"),
        ({"game": "bridge"}, "game"),
        ({"tiebreaks": ["luck"]}, "tiebreaks"),
        ({"colour": "red"}, "colour"),
        ({"name": None}, "name"),
    ],
)
def test_it_answers_400_naming_the_field(api, boss, changes, field):
    body = {**SWISS, **changes}
    if changes.get("name", "") is None:
        del body["name"]
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == field
    assert not Tournament.objects.exists()


def test_it_answers_400_for_a_body_that_is_not_an_object(api, boss):
    response = api.post("/api/tournaments/", [1, 2], format="json")
    assert response.status_code == 400
    assert response.json() == {
        "error": {"field": None, "rule": "the body must be a JSON object", "code": "invalid"}
    }


def test_it_refuses_to_create_without_an_organizer(api, club):
    assert api.post("/api/tournaments/", SWISS, format="json").status_code in (401, 403)
    api.force_authenticate(UserFactory())
    response = api.post("/api/tournaments/", SWISS, format="json")
    assert response.status_code == 403
    assert "error" in response.json()
    assert not Tournament.objects.exists()


def test_it_refuses_a_table_link(api, tournament):
    table = start_round(tournament).tables.first()
    api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(current_match(table))}")
    assert api.post("/api/tournaments/", SWISS, format="json").status_code == 403
    assert api.post(f"/api/tournaments/{tournament.pk}/rounds/").status_code == 403


def test_it_shows_a_tournament_to_anyone(api, tournament):
    response = api.get(f"/api/tournaments/{tournament.pk}/")
    assert response.status_code == 200
    assert response.json()["entrants"] == 4
    assert response.json()["links"]["page"] == f"/tournaments/{tournament.pk}/"
    assert api.get("/api/tournaments/").json()[0]["id"] == tournament.pk


def test_it_answers_304_for_an_unchanged_tournament_and_200_once_it_changed(api, boss, tournament):
    url = f"/api/tournaments/{tournament.pk}/"
    etag = api.get(url)["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    api.patch(url, {"rounds": 4}, format="json")

    again = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again["ETag"] != etag
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 4


def test_it_answers_404_and_405(api, boss):
    assert api.get("/api/tournaments/999/").status_code == 404
    assert api.get("/api/tournaments/999/").json()["error"]["rule"]
    assert api.put("/api/tournaments/", {}, format="json").status_code == 405
    assert api.delete("/api/tournaments/999/standings/").status_code == 405


def test_it_changes_the_tiebreaks(api, boss, tournament):
    response = api.patch(
        f"/api/tournaments/{tournament.pk}/",
        {"tiebreaks": ["match-points", "sonneborn-berger"]},
        format="json",
    )
    assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["match-points", "sonneborn-berger"]
    response = api.patch(f"/api/tournaments/{tournament.pk}/", {"name": "x"}, format="json")
    assert response.status_code == 400


# -- entrants --------------------------------------------------------------------------------------


def test_it_registers_one_entrant_and_many(api, boss, club):
    tournament = make_tournament(
        club=club, game="coinche", entrant_kind="partnership", match_format="deals:4"
    )
    url = f"/api/tournaments/{tournament.pk}/entrants/"

    one = api.post(url, {"name": "Aces", "players": ["Ann", "Bob"], "club": "Lyon", "seed": 1}, format="json")
    many = api.post(url, [{"name": "Kings"}, {"name": "Queens", "seed": 3}], format="json")

    assert one.status_code == 201
    assert one.json() | {"id": 0} == {
        "id": 0,
        "name": "Aces",
        "players": ["Ann", "Bob"],
        "club": "Lyon",
        "seed": 1,
        "rating": None,
        "withdrawn": False,
        "checked_in": False,
        "paid": 0,
        "joins_round": None,
    }
    assert many.status_code == 201
    assert [e["name"] for e in many.json()] == ["Kings", "Queens"]
    assert list(tournament.entrants.values_list("name", flat=True)) == ["Aces", "Queens", "Kings"]
    assert [e["name"] for e in api.get(url).json()] == ["Aces", "Queens", "Kings"]


def test_it_refuses_a_duplicate_naming_the_row(api, boss, tournament):
    response = api.post(
        f"/api/tournaments/{tournament.pk}/entrants/", [{"name": "New"}, {"name": "Ann"}], format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"] == {
        "field": "name",
        "rule": "'Ann' is already entered",
        "code": "invalid",
        "row": 1,
    }
    assert tournament.entrants.count() == 4


def test_it_refuses_entrants_from_another_club(api, tournament):
    api.force_authenticate(organizer())
    response = api.post(f"/api/tournaments/{tournament.pk}/entrants/", {"name": "Spy"}, format="json")
    assert response.status_code == 403
    assert not Entrant.objects.filter(name="Spy").exists()


def test_it_answers_409_for_a_late_entry_into_a_bracket(api, boss, club):
    tournament = make_tournament(club=club, format="single-elimination", entrants=4)
    start_round(tournament)
    response = api.post(f"/api/tournaments/{tournament.pk}/entrants/", {"name": "Late"}, format="json")
    assert response.status_code == 409
    assert not Entrant.objects.filter(name="Late").exists()


def test_it_withdraws_an_entrant(api, boss, tournament):
    ann = tournament.entrants.get(name="Ann")
    url = f"/api/tournaments/{tournament.pk}/entrants/{ann.pk}/"
    response = api.patch(url, {"withdrawn": True}, format="json")
    assert response.status_code == 200
    assert response.json()["withdrawn"] is True
    ann.refresh_from_db()
    assert ann.withdrawn
    assert api.patch(url, {"withdrawn": "yes"}, format="json").status_code == 400
    assert (
        api.patch(f"/api/tournaments/{tournament.pk}/entrants/999999/", {"withdrawn": True}).status_code
        == 404
    )


def test_it_removes_an_entrant_registered_by_mistake_before_round_1_only(api, boss, tournament):
    ann = tournament.entrants.get(name="Ann")
    url = f"/api/tournaments/{tournament.pk}/entrants/{ann.pk}/"

    assert api.delete(url).status_code == 204
    assert not Entrant.objects.filter(pk=ann.pk).exists()
    assert api.delete(url).status_code == 404

    start_round(tournament)
    bob = tournament.entrants.get(name="Bob")
    late = api.delete(f"/api/tournaments/{tournament.pk}/entrants/{bob.pk}/")
    assert late.status_code == 409
    assert "withdraw" in late.json()["error"]["rule"]
    assert Entrant.objects.filter(pk=bob.pk).exists()


def test_it_refuses_removal_to_anyone_but_an_organizer(tournament):
    ann = tournament.entrants.get(name="Ann")
    assert APIClient().delete(f"/api/tournaments/{tournament.pk}/entrants/{ann.pk}/").status_code in (
        401,
        403,
    )
    assert Entrant.objects.filter(pk=ann.pk).exists()


def test_it_takes_the_preset_in_any_case_and_the_match_format_as_a_kind_and_a_number(api, boss):
    body = {**SWISS, "preset": "FFB", "match_format": "deals", "match_length": 6}
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201
    assert response.json()["match_format"] == "deals:6"
    assert Tournament.objects.get(pk=response.json()["id"]).options["preset"] == "ffb"


def test_it_refuses_fixed_partnerships_for_a_two_player_game_naming_the_field(api, boss):
    body = {**SWISS, "game": "jam", "preset": None, "entrant_kind": "partnership"}
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "entrant_kind"
    assert "one player a side" in response.json()["error"]["rule"]


# -- rounds ----------------------------------------------------------------------------------------


def test_it_starts_a_round_that_appears_when_built(api, boss, tournament, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the round_pair task runs in-process
        response = api.post(f"/api/tournaments/{tournament.pk}/rounds/")

    assert response.status_code == 202
    body = response.json()
    assert body["round"] == 1
    stored = Round.objects.get(tournament=tournament, number=1)
    assert body["task"] == stored.task_id
    assert stored.status == RoundStatus.PLAYING

    detail = api.get(f"/api/tournaments/{tournament.pk}/rounds/1/")
    assert detail.status_code == 200
    doc = detail.json()
    assert (doc["number"], doc["status"], doc["byes"], doc["flags"]) == (1, "playing", [], [])
    assert len(doc["tables"]) == 2
    table = doc["tables"][0]
    assert table["number"] == 1
    assert len(table["entrants"]) == 2
    assert table["status"] == "playing"
    assert table["match"] == stored.tables.get(number=1).games.get().match_id
    assert "table" not in str(doc).lower().replace("tables", "")  # no scorer link, no token


def test_it_answers_409_for_a_round_while_one_is_played(api, boss, tournament):
    start_round(tournament)
    response = api.post(f"/api/tournaments/{tournament.pk}/rounds/")
    assert response.status_code == 409
    assert response.json()["error"]["round"] == 1
    assert Round.objects.filter(tournament=tournament).count() == 1


def test_it_answers_304_for_an_unchanged_round_and_200_after_a_deal(api, tournament):
    the_round = start_round(tournament)
    url = f"/api/tournaments/{tournament.pk}/rounds/1/"
    first = api.get(url)
    etag = first["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    play_table(the_round.tables.get(number=1), the_round.tables.get(number=1).entrants[0])

    again = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again.json()["tables"][0]["status"] == "finished"
    assert again.json()["tables"][0]["progress"]["deals"] == 1
    assert api.get(f"/api/tournaments/{tournament.pk}/rounds/9/").status_code == 404


# -- results, standings, bracket -------------------------------------------------------------------


def test_it_lets_an_organizer_set_a_result(api, boss, tournament):
    the_round = start_round(tournament)
    table = the_round.tables.get(number=1)
    url = f"/api/tournaments/{tournament.pk}/rounds/1/tables/1/result/"
    loser, winner = table.entrants

    missing_reason = api.post(url, {"winner": winner}, format="json")
    assert missing_reason.status_code == 400
    assert missing_reason.json()["error"]["field"] == "reason"

    response = api.post(url, {"winner": winner, "reason": "scoresheet lost"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "adjusted"
    table.refresh_from_db()
    assert table.result[str(winner)]["outcome"] == "win"
    assert table.adjusted_by == boss.username

    forfeit = api.post(url, {"forfeit": [winner], "reason": "left early"}, format="json")
    assert forfeit.status_code == 200
    table.refresh_from_db()
    assert table.status == TableStatus.FORFEIT
    assert table.result[str(loser)]["outcome"] == "win"

    cleared = api.delete(url)
    assert cleared.status_code == 200
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert api.post(f"/api/tournaments/{tournament.pk}/rounds/1/tables/9/result/", {}).status_code == 404


def test_it_shows_the_standings_with_shared_ranks_and_answers_304(
    api, tournament, django_capture_on_commit_callbacks
):
    tournament.tiebreaks = ["match-points"]
    tournament.save()
    the_round = start_round(tournament)
    with django_capture_on_commit_callbacks(execute=True):  # standings_recompute runs in-process
        for table in the_round.tables.all():
            play_table(table, table.entrants[0])
    url = f"/api/tournaments/{tournament.pk}/standings/"

    response = api.get(url)

    assert response.status_code == 200
    rows = response.json()["rows"]
    assert [r["rank"] for r in rows] == ["1=", "1=", "3=", "3="]
    assert set(rows[0]) >= {"rank", "entrant", "name", "match-points", "played"}
    assert rows[0]["match-points"] == 2
    assert api.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_it_draws_the_bracket(api, club):
    tournament = make_tournament(club=club, game="jam", format="single-elimination", match_format="best-of:3")
    add_entrants(tournament, 8)
    start_round(tournament)
    response = api.get(f"/api/tournaments/{tournament.pk}/bracket/")
    assert response.status_code == 200
    doc = response.json()
    assert [r["label"] for r in doc["rounds"]] == ["Quarter-finals", "Semi-finals", "Final"]
    first = doc["rounds"][0]["slots"][0]
    assert first["slot"] == "W1-1"
    assert None not in first["entrants"]
    assert first["match"] is not None
    assert first["winner"] is None
    assert first["best_of"] == 3  # JAM's best of three rubbers: one match of three rubbers
    assert doc["rounds"][1]["slots"][0]["entrants"] == [None, None]
    assert doc["champion"] is None


def test_it_answers_404_for_the_bracket_of_a_swiss(api, tournament):
    assert api.get(f"/api/tournaments/{tournament.pk}/bracket/").status_code == 404


def test_it_refuses_a_player_of_another_pair_with_a_400_naming_players(api, boss, club):
    """#28 item 11: one player was accepted in two pairs; "roemers " was accepted beside "Roemers"."""
    pairs = make_tournament(
        club=club, name="Pairs", game="coinche", entrant_kind="partnership", match_format="deals:4"
    )
    url = f"/api/tournaments/{pairs.pk}/entrants/"
    assert api.post(url, {"name": "Roemers", "players": ["Ria", "Bas"]}, format="json").status_code == 201

    twice = api.post(url, {"name": "Kings", "players": ["Cy", "ria"]}, format="json")
    spaced = api.post(url, {"name": "roemers ", "players": ["Cy", "Dee"]}, format="json")

    assert twice.status_code == 400
    assert twice.json()["error"]["field"] == "players"
    assert "Roemers" in twice.json()["error"]["rule"]
    assert spaced.status_code == 400
    assert spaced.json()["error"]["field"] == "name"
    assert list(pairs.entrants.values_list("name", flat=True)) == ["Roemers"]
