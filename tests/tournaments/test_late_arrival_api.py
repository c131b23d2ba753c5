"""A late arrival through the API: ``joins_round`` taken and shown, the next round by default once
round 1 is drawn, and refused naming the field and the rule."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import make_tournament, start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def api(club) -> APIClient:
    client = APIClient()
    client.force_authenticate(organizer(club))
    return client


def test_an_entrant_registered_after_round_1_joins_the_next_round(api, club):
    tournament = make_tournament(club=club, entrants=4, rounds=3)
    first = start_round(tournament)

    answer = api.post(f"/api/tournaments/{tournament.pk}/entrants/", {"name": "Late"}, format="json")

    assert answer.status_code == 201
    assert answer.json()["joins_round"] == 2
    first.refresh_from_db()
    assert first.absent == [answer.json()["id"]]


def test_a_late_arrival_names_its_first_round(api, club):
    tournament = make_tournament(club=club, entrants=4, rounds=3)
    start_round(tournament)
    url = f"/api/tournaments/{tournament.pk}/entrants/"

    assert api.post(url, {"name": "Late", "joins_round": 3}, format="json").json()["joins_round"] == 3
    refused = api.post(url, {"name": "Later", "joins_round": 1}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"]["field"] == "joins_round"
    assert "2 or later" in refused.json()["error"]["rule"]
    beyond = api.post(url, {"name": "Never", "joins_round": 4}, format="json")
    assert (beyond.status_code, beyond.json()["error"]["field"]) == (400, "joins_round")


def test_a_round_robin_refuses_a_late_arrival_with_409_naming_the_rule(api, club):
    tournament = make_tournament(club=club, format="round-robin", entrants=4)
    start_round(tournament)

    answer = api.post(f"/api/tournaments/{tournament.pk}/entrants/", {"name": "Late"}, format="json")

    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "late_entry_closed"
    assert "round robin or a bracket draws every entrant from round 1" in answer.json()["error"]["rule"]
