"""Repeated bad table-link tokens are throttled per address (scoring/throttling.py), and a real
scorer link from the same address is never locked out."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from clubs.access import Actor
from scoring.links import table_token
from scoring.services.links import table_link_revoke
from tests.security.conftest import World

pytestmark = pytest.mark.django_db

RATE = 5


@pytest.fixture(autouse=True)
def _small_rate(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"bad_token": f"{RATE}/min"},
    }


@pytest.fixture
def room(forget_ips):
    """A club room behind one public address."""
    forget_ips.append("198.51.100.7")
    return "198.51.100.7"


def api_as(token: str, ip: str) -> APIClient:
    client = APIClient(REMOTE_ADDR=ip)
    client.credentials(HTTP_AUTHORIZATION=f"Table {token}")
    return client


def test_it_answers_429_with_retry_after_past_the_rate(world: World, room):
    match = world.matches[0]
    statuses = [
        api_as(f"guess-{i}", room).get(f"/api/matches/{match.pk}/").status_code for i in range(RATE + 3)
    ]
    assert statuses == [401] * RATE + [429] * 3
    response = api_as("guess-again", room).get(f"/api/matches/{match.pk}/")
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "error" in response.json()


def test_a_throttled_guess_does_no_database_work(world: World, room):
    for i in range(RATE):
        api_as(f"guess-{i}", room).get("/api/games/tally/")
        api_as(f"guess-{i}", room).post(f"/api/matches/{world.matches[0].pk}/deals/", {}, format="json")
    with CaptureQueriesContext(connection) as queries:
        response = api_as("guess-more", room).post(
            f"/api/matches/{world.matches[0].pk}/deals/", {}, format="json"
        )
    assert response.status_code == 429
    assert len(queries) == 0


def test_a_valid_link_from_the_same_address_still_works(world: World, room):
    match = world.matches[0]
    for i in range(RATE + 2):
        api_as(f"typo-{i}", room).get(f"/api/matches/{match.pk}/")
    assert api_as("typo", room).get(f"/api/matches/{match.pk}/").status_code == 429
    table = api_as(table_token(match), room)
    response = table.post(f"/api/matches/{match.pk}/deals/", {"points": {"Ann": 3, "Ben": 4}}, format="json")
    assert response.status_code == 201
    assert match.deals.count() == 3
    assert (
        APIClient(REMOTE_ADDR=room).get(f"/api/matches/{match.pk}/?table={table_token(match)}").status_code
        == 200
    )


def test_a_revoked_link_is_refused_and_counted_but_never_throttled(world: World, room):
    a, b = world.matches[0], world.matches[1]
    old = table_token(a)
    table_link_revoke(match_id=a.pk, actor=Actor(label="boss"), renew=False)
    statuses = [api_as(old, room).get(f"/api/matches/{a.pk}/").status_code for _ in range(RATE + 2)]
    assert statuses == [401] * (RATE + 2)  # checked normally every time: refused, not 429
    # ... but counted: the next guess from that room is throttled, while a valid link still works.
    assert api_as("guess", room).get(f"/api/matches/{a.pk}/").status_code == 429
    assert api_as(table_token(b), room).get(f"/api/matches/{b.pk}/").status_code == 200


def test_counters_are_per_address(world: World, room, forget_ips):
    match = world.matches[0]
    for i in range(RATE + 1):
        api_as(f"guess-{i}", room).get(f"/api/matches/{match.pk}/")
    assert api_as("guess", room).get(f"/api/matches/{match.pk}/").status_code == 429
    forget_ips.append("192.0.2.44")
    assert api_as("guess", "192.0.2.44").get(f"/api/matches/{match.pk}/").status_code == 401


def test_the_query_parameter_token_is_throttled_too(world: World, room):
    match = world.matches[0]
    client = APIClient(REMOTE_ADDR=room)
    statuses = [client.get(f"/api/matches/{match.pk}/?table=guess-{i}").status_code for i in range(RATE + 1)]
    assert statuses == [401] * RATE + [429]


# -- the scorer pages ----------------------------------------------------------------------------


def test_the_scorer_pages_answer_429_past_the_rate(client, world: World, room):
    statuses = [client.get(f"/t/guess-{i}/", REMOTE_ADDR=room).status_code for i in range(RATE + 2)]
    assert statuses == [403] * RATE + [429] * 2
    for path in ("", "board/", "deals/1/"):
        response = client.get(f"/t/guess/{path}", REMOTE_ADDR=room)
        assert response.status_code == 429
        assert int(response["Retry-After"]) >= 1
    before = world.matches[0].deals.count()
    response = client.post("/t/guess/", {"f.points.0": "1", "f.points.1": "1"}, REMOTE_ADDR=room)
    assert response.status_code == 429
    assert world.matches[0].deals.count() == before


def test_a_valid_scorer_page_from_a_throttled_room_still_works(client, world: World, room):
    match = world.matches[0]
    for i in range(RATE + 2):
        client.get(f"/t/guess-{i}/", REMOTE_ADDR=room)
    token = table_token(match)
    assert client.get(f"/t/{token}/", REMOTE_ADDR=room).status_code == 200
    assert client.get(f"/t/{token}/board/", REMOTE_ADDR=room).status_code == 200
    response = client.post(f"/t/{token}/", {"f.points.0": "2", "f.points.1": "5"}, REMOTE_ADDR=room)
    assert response.status_code == 302
    assert match.deals.count() == 3


def test_pages_and_api_share_the_count_of_an_address(client, world: World, room):
    for i in range(RATE):
        client.get(f"/t/guess-{i}/", REMOTE_ADDR=room)
    assert api_as("guess", room).get(f"/api/matches/{world.matches[0].pk}/").status_code == 429


def test_a_revoked_scorer_page_is_refused_and_counted(client, world: World, room):
    a = world.matches[0]
    old = table_token(a)
    table_link_revoke(match_id=a.pk, actor=Actor(label="boss"), renew=False)
    assert [client.get(f"/t/{old}/", REMOTE_ADDR=room).status_code for _ in range(RATE)] == [403] * RATE
    assert client.get(f"/t/{old}/", REMOTE_ADDR=room).status_code == 403
    assert client.get("/t/guess/", REMOTE_ADDR=room).status_code == 429


def test_behind_a_trusted_proxy_it_counts_the_address_the_proxy_saw(world: World, settings, forget_ips):
    settings.TRUSTED_PROXIES = 1
    forget_ips.extend(["198.51.100.9", "192.0.2.55"])
    match = world.matches[0]

    def guess(forwarded: str) -> int:
        client = APIClient(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)
        client.credentials(HTTP_AUTHORIZATION="Table guess")
        return client.get(f"/api/matches/{match.pk}/").status_code

    # A guesser making up a fresh X-Forwarded-For each time is still one address to our proxy.
    assert [guess(f"10.9.9.{i}, 198.51.100.9") for i in range(RATE + 1)] == [401] * RATE + [429]
    assert guess("192.0.2.55") == 401  # another client behind the same proxy is not throttled
