"""Check-in and fees through the API: an entrant's change takes withdrawn, checked_in and paid
(each refused naming its field), the draw refuses with a 409 naming who is missing when the event
requires it, and the evening's cash is the organizer's."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import make_tournament
from tournaments.models import Entrant, Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def api(club) -> APIClient:
    client = APIClient()
    client.force_authenticate(organizer(club))
    return client


@pytest.fixture
def evening(club):
    """Four entrants, a €5 fee."""
    return make_tournament(club=club, entrants=4, rounds=2, fee=500)


def entrant_url(tournament, name: str) -> str:
    return f"/api/tournaments/{tournament.pk}/entrants/{tournament.entrants.get(name=name).pk}/"


def test_it_checks_an_entrant_in_and_records_what_it_paid(api, evening):
    response = api.patch(entrant_url(evening, "Ann"), {"checked_in": True, "paid": 400}, format="json")

    assert response.status_code == 200
    assert (response.json()["checked_in"], response.json()["paid"]) == (True, 400)
    ann = evening.entrants.get(name="Ann")
    assert (ann.checked_in, ann.paid, ann.withdrawn) == (True, 400, False)


@pytest.mark.parametrize(
    ("body", "field", "rule"),
    [
        ({"checked_in": "yes"}, "checked_in", "checked_in must be true or false"),
        ({"paid": -1}, "paid", "paid must be a whole number from 0 to 100000"),
        ({"paid": 4.5}, "paid", "paid must be a whole number from 0 to 100000"),
        ({"paid": "500"}, "paid", "paid must be a whole number from 0 to 100000"),
        ({"withdrawn": None}, "withdrawn", "withdrawn may not be null"),
        (
            {"here": True},
            "here",
            "'here' is not a field of an entrant's change: send withdrawn, checked_in or paid",
        ),
        ({}, None, "send at least one of withdrawn, checked_in or paid"),
    ],
)
def test_a_bad_change_is_refused_naming_the_field(api, evening, body, field, rule):
    response = api.patch(entrant_url(evening, "Ann"), body, format="json")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == field
    assert response.json()["error"]["rule"] == rule
    ann = evening.entrants.get(name="Ann")
    assert (ann.checked_in, ann.paid) == (False, 0)


def test_only_an_organizer_changes_an_entrant(evening):
    response = APIClient().patch(entrant_url(evening, "Ann"), {"checked_in": True}, format="json")

    assert response.status_code in (401, 403)
    assert not evening.entrants.get(name="Ann").checked_in


def test_the_draw_waits_for_the_entrants_not_checked_in_naming_them(api, club):
    evening = make_tournament(club=club, entrants=4, rounds=2, require_check_in=True)
    for name in ("Ann", "Cy"):
        api.patch(entrant_url(evening, name), {"checked_in": True}, format="json")

    refused = api.post(f"/api/tournaments/{evening.pk}/rounds/")

    assert refused.status_code == 409
    assert refused.json()["error"]["rule"] == "Bob and Dee have not checked in"
    assert refused.json()["error"]["code"] == "not_checked_in"
    assert not Round.objects.filter(tournament=evening).exists()
    for name in ("Bob", "Dee"):
        api.patch(entrant_url(evening, name), {"checked_in": True}, format="json")
    assert api.post(f"/api/tournaments/{evening.pk}/rounds/").status_code == 202


def test_the_draw_waits_for_the_fee_when_the_event_requires_it(api, club):
    evening = make_tournament(club=club, entrants=4, rounds=2, fee=500, require_paid=True)
    for name in ("Ann", "Bob", "Cy"):
        api.patch(entrant_url(evening, name), {"paid": 500}, format="json")
    api.patch(entrant_url(evening, "Dee"), {"paid": 400}, format="json")  # €1 short

    refused = api.post(f"/api/tournaments/{evening.pk}/rounds/")

    assert refused.status_code == 409
    assert refused.json()["error"]["rule"] == "Dee has not paid"
    api.patch(entrant_url(evening, "Dee"), {"withdrawn": True}, format="json")
    assert api.post(f"/api/tournaments/{evening.pk}/rounds/").status_code == 202


def test_without_the_requirement_the_draw_goes_ahead(api, evening):
    assert api.post(f"/api/tournaments/{evening.pk}/rounds/").status_code == 202


def test_the_cash_summary_says_who_paid_what_and_the_totals(api, evening):
    api.patch(entrant_url(evening, "Ann"), {"paid": 500}, format="json")
    api.patch(entrant_url(evening, "Bob"), {"paid": 400}, format="json")
    api.patch(entrant_url(evening, "Dee"), {"paid": 500, "withdrawn": True}, format="json")

    response = api.get(f"/api/tournaments/{evening.pk}/cash/")

    assert response.status_code == 200
    body = response.json()
    assert (body["fee"], body["expected"], body["received"], body["owed"]) == (500, 1500, 1400, 600)
    rows = {row["name"]: (row["paid"], row["owes"], row["withdrawn"]) for row in body["entrants"]}
    assert rows == {
        "Ann": (500, 0, False),
        "Bob": (400, 100, False),
        "Cy": (0, 500, False),
        "Dee": (500, 0, True),
    }


def test_the_cash_summary_is_for_organizers_only(evening):
    assert APIClient().get(f"/api/tournaments/{evening.pk}/cash/").status_code in (401, 403)
    other = APIClient()
    other.force_authenticate(organizer(ClubFactory()))
    assert other.get(f"/api/tournaments/{evening.pk}/cash/").status_code == 403
    assert Entrant.objects.filter(tournament=evening, paid=0).count() == 4
