"""The seasons' tasks through the real Redis broker to a real worker process (phase 2 of
bin/test): an evening played table by table is read into its season and the club's ratings by the
worker, as the tables' results come in, over the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from seasons.models import Rating, Season
from seasons.rating.engine import replay
from seasons.selectors import rated_matches
from tests.factories import organizer
from tests.seasons.conftest import play_evening
from tests.tournaments.test_celery_worker import wait_for, worker  # noqa: F401  (the worker fixture)

EIGHT = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal")


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.redis
def test_a_season_and_the_ratings_follow_the_evenings_through_a_real_worker(worker, club):  # noqa: F811
    api = APIClient()
    api.force_authenticate(organizer(club))
    body = {"name": "Competitie", "game": "coinche", "metric": "match_points", "counting": {"best": 1}}
    season_id = api.post("/api/seasons/", body, format="json").json()["id"]
    first = play_evening(club, "Evening 1", EIGHT, rounds=1)
    assert (
        api.post(f"/api/seasons/{season_id}/evenings/", {"tournament": first.pk}, format="json").status_code
        == 201
    )

    second = play_evening(club, "Evening 2", EIGHT, rounds=1)  # its standings announce on commit: the worker
    api.post(f"/api/seasons/{season_id}/evenings/", {"tournament": second.pk}, format="json")

    def rated() -> bool:
        found = {r.player_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.filter(club=club)}
        return bool(found) and found == replay(rated_matches(club.pk, "coinche"))

    wait_for(rated, "the ratings of both evenings")
    standings = api.get(f"/api/seasons/{season_id}/standings/").json()
    assert {row["evenings"] for row in standings["rows"]} == {2}
    assert Season.objects.get(pk=season_id).table["rows"]
