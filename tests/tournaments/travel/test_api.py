"""The evening's travel through the API: an organizer's script downloads a tournament's evening
file and uploads it to a club; refusals are the API's one error shape (400 on ``file``, 409 for an
evening changed on both sides); nobody else may do either."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs.access import Actor
from clubs.models import Club
from scoring.services.deals import deal_record
from tests.factories import ClubFactory, organizer
from tests.rows import table_rows
from tests.tournaments.factories import current_match, winning_entry
from tests.tournaments.travel.conftest import gone
from tournaments.models import TableAssignment, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(home: Club) -> APIClient:
    client = APIClient()
    client.force_authenticate(organizer(home))
    return client


def evening_file(api: APIClient, tournament: Tournament) -> dict[str, Any]:
    answer = api.post(f"/api/tournaments/{tournament.pk}/evening/")
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def test_a_script_moves_an_evening(api: APIClient, played: Tournament) -> None:
    document = evening_file(api, played)
    gone(played)
    answer = api.post("/api/evenings/?club=home", document, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["arrival"] == "created"
    assert answer.json()["url"] == Tournament.objects.get(evening=played.evening).get_absolute_url()
    again = api.post("/api/evenings/?club=home", document, format="json")
    assert (again.status_code, again.json()["arrival"]) == (200, "same")


def test_a_tampered_file_answers_400_on_the_file(api: APIClient, played: Tournament) -> None:
    document = evening_file(api, played)
    gone(played)
    document["tables"][0]["status"] = "adjusted"
    before = table_rows()
    answer = api.post("/api/evenings/?club=home", document, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == "file"
    assert "digest" in answer.json()["error"]["rule"]
    assert table_rows() == before


def test_an_evening_changed_on_both_sides_answers_409(api: APIClient, played: Tournament) -> None:
    first = evening_file(api, played)
    table = TableAssignment.objects.get(round__tournament=played, round__number=2, number=3)
    match = current_match(table)
    deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=Actor(label="Olga"))
    second = evening_file(api, played)
    gone(played)
    api.post("/api/evenings/?club=home", first, format="json")
    copy = Tournament.objects.get(evening=played.evening)
    here = current_match(TableAssignment.objects.get(round__tournament=copy, round__number=2, number=3))
    deal_record(match_id=here.pk, entry=winning_entry(here, 1), actor=Actor(label="Olga"))
    answer = api.post("/api/evenings/?club=home", second, format="json")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "changed_on_both_sides"
    assert "changed here and in the file" in answer.json()["error"]["rule"]


def test_nobody_else_may_download_or_upload(played: Tournament) -> None:
    api = APIClient()
    assert api.post(f"/api/tournaments/{played.pk}/evening/").status_code in (401, 403)
    assert api.post("/api/evenings/?club=home", {}, format="json").status_code in (401, 403)
    api.force_authenticate(organizer(ClubFactory(slug="away")))
    assert api.post(f"/api/tournaments/{played.pk}/evening/").status_code == 403
    assert api.post("/api/evenings/?club=home", {}, format="json").status_code == 403
