"""The club's rules for an evening through the API: taken at creation and by a change, shown as
given, taken off with null, and refused naming the field and the rule."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, organizer
from tests.tournaments.test_api import SWISS
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    """An organizer's API client."""
    client = APIClient()
    client.force_authenticate(organizer(ClubFactory()))
    return client


KLAVERJAS_AFTERNOON = {
    "bye": {"game_points": 1600, "outcome": "win", "max_per_entrant": 1},
    "absent": {"game_points": 1450, "outcome": "loss"},
    "fee": 500,
    "require_paid": True,
    "require_check_in": True,
    "prizes": {"rule": "every_fourth", "extras": ["booby", "most_points"]},
    "blind_rounds": 1,
}


def test_an_event_takes_the_clubs_rules_and_shows_them(api):
    created = api.post("/api/tournaments/", {**SWISS, **KLAVERJAS_AFTERNOON}, format="json")

    assert created.status_code == 201
    body = created.json()
    assert body["bye"] == KLAVERJAS_AFTERNOON["bye"]
    assert body["absent"] == KLAVERJAS_AFTERNOON["absent"]
    assert body["prizes"] == {"rule": "every_fourth", "places": None, "extras": ["booby", "most_points"]}
    assert (body["fee"], body["require_paid"], body["require_check_in"]) == (500, True, True)
    assert (body["blind_rounds"], body["revealed"]) == (1, False)


def test_a_change_sets_one_rule_and_null_takes_it_off(api):
    body = api.post("/api/tournaments/", {**SWISS, **KLAVERJAS_AFTERNOON}, format="json").json()
    url = f"/api/tournaments/{body['id']}/"

    changed = api.patch(
        url, {"bye": {"game_points": "average", "outcome": "draw"}, "fee": None}, format="json"
    )

    assert changed.status_code == 200
    assert changed.json()["bye"] == {"game_points": "average", "outcome": "draw", "max_per_entrant": None}
    assert changed.json()["fee"] is None
    assert changed.json()["absent"] == KLAVERJAS_AFTERNOON["absent"]  # left out: kept
    assert api.patch(url, {"bye": None}, format="json").json()["bye"] is None


@pytest.mark.parametrize(
    ("rules", "field", "rule"),
    [
        ({"bye": {"game_points": -1}}, "bye", "game_points must be a whole number from 0 to 100000"),
        ({"bye": {"outcome": "bye"}}, "bye", "outcome must be win, draw or loss"),
        ({"bye": 1600}, "bye", "bye must be an object"),
        ({"absent": {"points": 1450}}, "absent", "'points' is not part of the absent rule"),
        ({"prizes": {"rule": "places"}}, "prizes", "places is required when rule is places"),
        ({"prizes": {"rule": "lottery"}}, "prizes", "rule must be places, every_fourth or everyone"),
        ({"prizes": {"rule": "everyone", "extras": ["spoon"]}}, "prizes", "extras must list booby"),
        ({"fee": 2.5}, "fee", "fee must be a whole number from 0 to 100000"),
        ({"require_paid": "yes"}, "require_paid", "require_paid must be true or false"),
        ({"blind_rounds": 100}, "blind_rounds", "blind_rounds must be a whole number from 0 to 99"),
    ],
)
def test_a_bad_rule_is_refused_naming_the_field(api, rules, field, rule):
    response = api.post("/api/tournaments/", {**SWISS, **rules}, format="json")

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == field
    assert rule in error["rule"]
    assert not Tournament.objects.exists()
