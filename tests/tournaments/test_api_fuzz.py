"""Hypothesis throws arbitrary JSON at the tournament write endpoints, under the keys their contracts
declare: the answer is a 4xx (or the success code), never a 500, and a refused write leaves the
database as it was."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import make_tournament, start_round
from tournaments.contracts import EntrantInput, TableResultInput, TournamentCreate
from tournaments.models import Entrant, TableAssignment, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=15,
)
VALUES = JSON | st.sampled_from(
    ["swiss", "tally", "coinche", "jam", "game", "deals:3", "best-of:3", "individual", "partnership", "x"]
)
#: The keys each body may have, from the contract that declares it (club left out: a real slug).
TOURNAMENT = st.dictionaries(st.sampled_from(sorted(set(TournamentCreate().fields) - {"club"})), VALUES)
ENTRANT = st.dictionaries(st.sampled_from(sorted(EntrantInput().fields)), JSON)
RESULT = st.dictionaries(st.sampled_from(sorted(TableResultInput().fields)), JSON | st.integers(1, 50))
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def signed_in(club):
    client = APIClient()
    client.force_authenticate(organizer(club))
    return client


@FUZZ
@given(body=TOURNAMENT | JSON)
def test_it_answers_a_tournament_post_with_201_or_a_4xx(body):
    club = ClubFactory()
    before = Tournament.objects.count()
    response = signed_in(club).post("/api/tournaments/", json.dumps(body), content_type="application/json")
    assert response.status_code in (201, 400), response.content
    if response.status_code == 400:
        assert Tournament.objects.count() == before
        assert "rule" in response.json()["error"]


@FUZZ
@given(body=ENTRANT | st.lists(ENTRANT, max_size=3) | JSON)
def test_it_answers_an_entrant_post_with_201_or_a_4xx(body):
    tournament = make_tournament(entrants=2)
    before = Entrant.objects.count()
    response = signed_in(tournament.club).post(
        f"/api/tournaments/{tournament.pk}/entrants/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (201, 400), response.content
    if response.status_code == 400:
        assert Entrant.objects.count() == before


@FUZZ
@given(body=RESULT | JSON)
def test_it_answers_a_result_post_with_200_or_a_4xx(body):
    tournament = make_tournament(entrants=2)
    start_round(tournament)
    response = signed_in(tournament.club).post(
        f"/api/tournaments/{tournament.pk}/rounds/1/tables/1/result/",
        json.dumps(body),
        content_type="application/json",
    )
    assert response.status_code in (200, 400), response.content
    if response.status_code == 400:
        assert TableAssignment.objects.get(round__tournament=tournament).status == "playing"
