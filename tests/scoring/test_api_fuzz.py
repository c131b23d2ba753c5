"""Hypothesis throws arbitrary JSON at the write endpoints: the answer is a 4xx, never a 500,
and a refused write leaves the database as it was."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import GAMES
from scoring.links import table_token
from scoring.models import Deal, DealVersion, Match
from tests.factories import ClubFactory, make_match, organizer

pytestmark = pytest.mark.django_db

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=15,
)
SIDES = ["NS", "EW"]
GAME_SIDES = {
    key: (SIDES if cls.partnerships or cls.max_sides == 2 else ["A", "B", "C"]) for key, cls in GAMES.items()
}


def entry_like(key):
    """Objects shaped like the game's entry: its own field names with arbitrary values."""
    names = [f.name for f in GAMES[key].fields]
    return st.dictionaries(
        st.sampled_from(names), JSON | st.sampled_from(GAME_SIDES[key]), max_size=len(names)
    )


FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.parametrize("key", sorted(GAMES))
@FUZZ
@given(data=st.data())
def test_it_answers_a_deal_post_with_201_or_a_4xx(key, data):
    match = make_match(game=key, sides=GAME_SIDES[key])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
    body = data.draw(entry_like(key) | JSON)
    before = Deal.objects.filter(match=match).count()
    response = client.post(
        f"/api/matches/{match.pk}/deals/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (201, 400, 409), response.content
    after = Deal.objects.filter(match=match).count()
    if response.status_code == 201:
        assert after == before + 1
    else:
        assert after == before
        assert "rule" in response.json()["error"]


@FUZZ
@given(body=JSON)
def test_it_answers_a_correction_with_200_or_a_4xx(body):
    match = make_match(deals=[{"points": {"Ann": 1, "Ben": 2}}])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
    response = client.put(
        f"/api/matches/{match.pk}/deals/1/",
        json.dumps(body),
        content_type="application/json",
        HTTP_IF_MATCH="1",
    )
    assert response.status_code in (200, 400, 409)
    if response.status_code != 200:
        assert DealVersion.objects.filter(deal__match=match).count() == 1


@FUZZ
@given(
    body=JSON
    | st.fixed_dictionaries({"game": st.sampled_from(sorted(GAMES)), "sides": JSON, "options": JSON})
)
def test_it_answers_a_match_creation_with_201_or_a_4xx(body):
    boss = organizer(ClubFactory())
    client = APIClient()
    client.force_authenticate(boss)
    before = Match.objects.count()
    response = client.post("/api/matches/", json.dumps(body), content_type="application/json")
    assert response.status_code in (201, 400), response.content
    assert Match.objects.count() == before + (1 if response.status_code == 201 else 0)


@FUZZ
@given(body=JSON, key=st.sampled_from(sorted(GAMES)))
def test_it_answers_a_preview_with_200_or_400(body, key):
    response = APIClient().post(
        f"/api/games/{key}/preview/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400)
