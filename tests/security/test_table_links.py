"""A table link grants one match and nothing else; an anonymous visitor writes nothing; a revoked link
stops at once. Each test checks the answer, then the database."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from clubs.access import Actor
from scoring.links import scorer_path, table_token
from scoring.models import AuditEvent, Deal, DealVersion, Match
from scoring.services.deals import deal_record
from scoring.services.links import table_link_revoke
from tests.security.conftest import World
from tournaments.models import Entrant, Round, TableAssignment, Tournament

pytestmark = pytest.mark.django_db


def as_table(match: Match) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
    return client


def snapshot() -> dict[str, list]:
    """Everything a write could change."""
    return {
        "matches": list(Match.objects.order_by("pk").values()),
        "deals": list(Deal.objects.order_by("pk").values()),
        "versions": list(DealVersion.objects.order_by("pk").values_list("pk", "version", "voided")),
        "audit": list(AuditEvent.objects.order_by("pk").values_list("pk", flat=True)),
        "tournaments": list(Tournament.objects.order_by("pk").values()),
        "entrants": list(Entrant.objects.order_by("pk").values()),
        "rounds": list(Round.objects.order_by("pk").values()),
        "tables": list(TableAssignment.objects.order_by("pk").values()),
    }


# -- a link for match A used on match B ---------------------------------------------------------


def test_a_table_link_cannot_write_another_tables_deals(world: World):
    a, b = world.matches[0], world.matches[1]
    client = as_table(a)
    before = snapshot()
    entry = {"points": {"Cy": 1, "Dee": 1}}
    answers = [
        client.post(f"/api/matches/{b.pk}/deals/", entry, format="json"),
        client.put(f"/api/matches/{b.pk}/deals/1/", entry, format="json", HTTP_IF_MATCH="1"),
        client.delete(f"/api/matches/{b.pk}/deals/1/?reason=mine", HTTP_IF_MATCH="1"),
        client.post(f"/api/matches/{b.pk}/deals/?table={table_token(a)}", entry, format="json"),
    ]
    assert [r.status_code for r in answers] == [403, 403, 403, 403]
    assert snapshot() == before


def test_a_table_link_cannot_run_a_tournament_or_create_a_match(world: World):
    client = as_table(world.matches[0])
    before = snapshot()
    assert (
        client.post("/api/matches/", {"game": "tally", "sides": ["X", "Y"]}, format="json").status_code == 403
    )
    pk = world.tournament.pk
    assert client.post(f"/api/tournaments/{pk}/entrants/", {"name": "Zed"}, format="json").status_code == 403
    assert client.post(f"/api/tournaments/{pk}/rounds/", {}, format="json").status_code == 403
    assert snapshot() == before


def test_another_tables_history_shows_no_private_details(world: World):
    a, b = world.matches[0], world.matches[1]
    deal_record(
        match_id=b.pk,
        entry={"points": {"Cy": 2, "Dee": 2}},
        actor=Actor(label="table link", ip="203.0.113.9", via_table_link=True),
    )
    own = as_table(b).get(f"/api/matches/{b.pk}/history/").json()
    assert any(e.get("ip") == "203.0.113.9" for e in own)  # the table itself sees its trail
    other = as_table(a).get(f"/api/matches/{b.pk}/history/")
    assert other.status_code == 200
    assert all("ip" not in e and "detail" not in e for e in other.json())
    assert "203.0.113.9" not in other.content.decode()


def test_the_scorer_page_of_a_shows_only_a(client, world: World):
    a, b = world.matches[0], world.matches[1]
    page = client.get(scorer_path(a)).content.decode()
    # Whole words: the page's random tokens (CSRF, its own link) may hold any two letters.
    words = set(re.findall(r"\b\w+\b", page))
    assert "Ann" in words
    assert "Ben" in words
    assert "Cy" not in words
    assert "Dee" not in words
    assert f"/matches/{b.pk}/" not in page
    assert table_token(b) not in page


def test_a_scorer_link_cannot_reach_another_tables_deal_pages(client, world: World):
    a, _b = world.matches[0], world.matches[1]
    # The deal pages are addressed by the token only: deal 1 of A's link is A's deal 1, never B's.
    page = client.get(f"/t/{table_token(a)}/deals/1/").content.decode()
    assert "Ann" in page
    assert "Dee" not in page
    before = snapshot()
    response = client.post(f"/t/{table_token(a)}/deals/5/void/", {"reason": "x", "version": 1})
    assert response.status_code == 404  # A has no deal 5; B is not reachable from A's link
    assert snapshot() == before


# -- anonymous visitors --------------------------------------------------------------------------


#: POSTs that only compute (nothing is saved): previewing an entry's score.
READ_ONLY_POSTS = ("/preview/",)


def every_url(world: World) -> list[str]:
    """Every URL pattern of the project (the admin aside: Django's own, behind its sign-in), its
    parameters filled with the world's real objects."""
    table = TableAssignment.objects.filter(round=world.round).first()
    entrant = world.tournament.entrants.first()
    values = {
        "slug": world.club.slug,
        "token": "not-a-real-token",
        "number": "1",
        "key": "tally",
        "entrant": str(entrant.pk),
        "table": str(table.pk),
    }
    urls: list[str] = []

    def fill(route: str) -> str:
        pk = world.tournament.pk if "tournaments/" in route else world.matches[0].pk
        return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values.get(m.group(1), str(pk)), route)

    def walk(patterns: list, prefix: str) -> None:
        for item in patterns:
            route = prefix + str(item.pattern)
            if route.startswith(("admin/", "accounts/", "i18n/")):
                # Django's own sign-in, sign-out and admin; its language switch, which keeps the
                # visitor's choice in a cookie and writes nothing (tests/tablescore/test_languages.py)
                continue
            if isinstance(item, URLResolver):
                walk(item.url_patterns, route)
            elif isinstance(item, URLPattern):
                urls.append("/" + fill(route))

    walk(get_resolver().url_patterns, "")
    return urls


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_an_anonymous_visitor_writes_nothing_anywhere(client, world: World, method):
    urls = every_url(world)
    assert any(u.startswith("/t/") for u in urls)
    assert any(u.startswith("/api/") for u in urls)
    assert len(urls) > 40
    before = snapshot()
    for url in urls:
        response = getattr(client, method)(url, {"name": "x", "reason": "x"}, content_type="application/json")
        if url.endswith(READ_ONLY_POSTS):
            continue
        assert response.status_code >= 300, (method, url, response.status_code)
        if 300 <= response.status_code < 400:  # only ever to the sign-in page
            assert "/accounts/login/" in response["Location"], (method, url, response["Location"])
    assert snapshot() == before


def test_an_anonymous_form_post_writes_nothing_either(client, world: World):
    before = snapshot()
    for url in every_url(world):
        response = client.post(url, {"name": "x", "reason": "x", "decision": "draw"})
        if url.endswith(READ_ONLY_POSTS):
            continue
        assert response.status_code >= 300, (url, response.status_code)
        if 300 <= response.status_code < 400:
            assert "/accounts/login/" in response["Location"], (url, response["Location"])
    assert snapshot() == before


# -- revoked links -------------------------------------------------------------------------------


def test_a_revoked_link_stops_at_once_in_the_api_and_the_pages(client, world: World):
    a = world.matches[0]
    token = table_token(a)
    api = as_table(a)
    assert (
        api.post(f"/api/matches/{a.pk}/deals/", {"points": {"Ann": 1, "Ben": 1}}, format="json").status_code
        == 201
    )
    assert client.get(f"/t/{token}/").status_code == 200
    table_link_revoke(match_id=a.pk, actor=Actor(label="boss"), renew=False)
    before = snapshot()
    assert (
        api.post(f"/api/matches/{a.pk}/deals/", {"points": {"Ann": 1, "Ben": 1}}, format="json").status_code
        == 401
    )
    assert api.put(f"/api/matches/{a.pk}/deals/1/", {}, format="json", HTTP_IF_MATCH="1").status_code == 401
    assert APIClient().get(f"/api/matches/{a.pk}/?table={token}").status_code == 401
    assert client.get(f"/t/{token}/").status_code == 403
    assert client.get(f"/t/{token}/board/").status_code == 403
    assert client.get(f"/t/{token}/deals/1/").status_code == 403
    assert client.post(f"/t/{token}/", {"f.points.0": "1", "f.points.1": "1"}).status_code == 403
    assert client.post(f"/t/{token}/deals/1/void/", {"reason": "x", "version": "1"}).status_code == 403
    assert client.post(f"/t/{token}/rematch/").status_code == 403
    assert snapshot() == before


def test_a_renewed_link_replaces_the_old_one(client, world: World):
    a = world.matches[0]
    old = table_token(a)
    table_link_revoke(match_id=a.pk, actor=Actor(label="boss"), renew=True)
    a.refresh_from_db()
    assert client.get(f"/t/{old}/").status_code == 403
    assert client.get(f"/t/{table_token(a)}/").status_code == 200
