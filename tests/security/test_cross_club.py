"""One club's organizer never sees or changes another club's private pages or data.

Every URL of the site that names a club's thing (a slug, a match, a tournament, a season, a round,
an entrant…) is found through the URL resolver, so a page added later is tried too; each is
pointed at club B (the demo club, with every app's share) and asked by club A's owner with every
method: wherever a visitor is refused, A is refused too (403, 404 or 405: never a page, never a
redirect that did the write), and club B's archive is the same afterwards. A page that B's visitors
may read (a scoreboard, the standings) A may read as they do, without a link to B's private pages.
Table and invitation links, and an entrant's own check-in link, are left out: their token is the
capability, whoever holds it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token

from clubs import archive, bound
from clubs.demo import load_demo
from clubs.models import Club, ClubRole, Invitation, Player, StaffRole
from clubs.services.invitations import invitation_issue
from scoring.models import CorrectionRequest, Match
from seasons.models import Season
from tests.conftest import leave_no_rows
from tests.factories import ClubFactory, organizer
from tournaments.models import TableAssignment, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: The namespaces whose URLs may name one club's things.
NAMESPACES = ("clubs", "scoring", "tournaments", "seasons", "api", "tournaments_api", "seasons_api")
#: URLs whose thing belongs to no one club (a person known across clubs, a game's rules) or whose
#: token is the key.
LEFT_OUT = {"seasons:player", "seasons_api:player", "scoring:game_rules", "tournaments:check_in"}
#: The methods each URL is asked with.
PAGE_METHODS = ("get", "post")
API_METHODS = ("get", "post", "put", "patch", "delete")
REFUSED = {401, 403, 404, 405}


def _routes(resolver: URLResolver, prefix: str = "", namespace: str = "") -> Iterator[tuple[str, str]]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _routes(entry, prefix + str(entry.pattern), entry.namespace or namespace)
        elif isinstance(entry, URLPattern) and entry.name and namespace in NAMESPACES:
            yield f"{namespace}:{entry.name}", prefix + str(entry.pattern)


def club_routes() -> dict[str, str]:
    """Every URL name whose route carries an argument, but a token, with its route."""
    return {
        name: route
        for name, route in _routes(get_resolver())
        if "<" in route and "<str:token>" not in route and name not in LEFT_OUT and "<str:key>" not in route
    }


ROUTES = club_routes()


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """Club B (the demo club, every app's share) and its things; club A with its owner."""
    with django_db_blocker.unblock():
        b = load_demo(with_admin=False).club
        a = ClubFactory(slug="club-a", name="Club A")
        a_owner = organizer(a, role=ClubRole.OWNER, user__username="a-owner")
        b_owner = organizer(b, role=ClubRole.OWNER, user__username="b-owner")
        invitation_issue(club=b, role=ClubRole.ORGANIZER, by=b_owner)
        running = (
            Tournament.objects.filter(club=b, status="running", rounds__isnull=False).order_by("pk").first()
        )
        assert running is not None
        table = TableAssignment.objects.filter(round__tournament=running).order_by("pk").first()
        assert table is not None
        match = Match.objects.filter(club=b, deals__isnull=False).order_by("pk").first()
        season = Season.objects.get(club=b)
        evening = season.evenings.order_by("pk").first()
        things = {
            "a": a,
            "b": b,
            "a_owner": a_owner,
            "b_owner": b_owner,
            "a_token": Token.objects.create(user=a_owner).key,
            "match": match,
            "tournament": running,
            "table": table,
            "season": season,
            "evening": evening.tournament if evening else running,
            "player": Player.objects.filter(clubs=b).order_by("pk").first(),
            "invitation": Invitation.objects.get(club=b),
            "staff_role": StaffRole.objects.get(club=b, user=b_owner),
            "correction_request": CorrectionRequest.objects.create(
                club=b,
                match_id=table.games.order_by("pk").first().match_id,  # type: ignore[union-attr]
                deal_number=1,
                reason="a table of club B asks",
                actor_label="table link",
            ),
        }
        yield things  # the module's fixtures read the database too
    leave_no_rows(django_db_blocker)


def kwargs_for(route: str, world: dict[str, Any]) -> dict[str, Any]:
    """The URL's arguments, each naming club B's thing of the kind the route says."""
    tournament: Tournament = world["tournament"]
    table: TableAssignment = world["table"]
    first = route.split("/")[1] if route.startswith("api/") else route.split("/")[0]
    pk_of = {
        "matches": world["match"].pk,
        "tournaments": tournament.pk,
        "seasons": world["season"].pk,
        "players": world["player"].pk,
        "clubs": None,
    }
    kwargs: dict[str, Any] = {}
    for kind, name in re.findall(r"<(\w+):(\w+)>", route):
        if name == "slug":
            kwargs[name] = world["b"].slug
        elif name == "pk" and route.startswith("clubs/") and "invitations" in route:
            kwargs[name] = world["invitation"].pk
        elif name == "pk" and route.startswith("clubs/") and "staff" in route:
            kwargs[name] = world["staff_role"].pk
        elif name == "pk" and "conflicts" in route:
            kwargs[name] = 1
        elif name in ("pk", "match_pk"):
            kwargs[name] = pk_of[first]
        elif name == "tournament":
            kwargs[name] = world["evening"].pk
        elif name == "entrant":
            kwargs[name] = tournament.entrants.order_by("pk").first().pk  # type: ignore[union-attr]
        elif name == "number":
            kwargs[name] = table.round.number if "rounds" in route or "slips" in route else 1
        elif name == "table":
            kwargs[name] = table.pk if "console" in route else table.number
        elif name == "match":
            kwargs[name] = table.games.order_by("pk").first().match_id  # type: ignore[union-attr]
        elif name == "request_id":
            kwargs[name] = world["correction_request"].pk
        else:
            raise AssertionError(f"no value for <{kind}:{name}> in {route}")
    return kwargs


def fill(route: str, kwargs: dict[str, Any]) -> str:
    return "/" + re.sub(r"<\w+:(\w+)>", lambda found: str(kwargs[found.group(1)]), route)


def fingerprint(club: Club) -> str:
    """Club B's rows as its archive holds them (the time of the export left out)."""
    document = archive.export_club(club.slug)
    document.pop("exported_at", None)
    return json.dumps(document, sort_keys=True, default=str)


def ask(client: Client, method: str, url: str, *, api: bool, token: str | None = None) -> Any:
    headers = {"HTTP_AUTHORIZATION": f"Token {token}"} if token else {}
    body = {"club": "demo", "name": "Taken", "reason": "x", "action": "remove", "confirm": "1"}
    if api and method != "get":
        return getattr(client, method)(url, json.dumps(body), content_type="application/json", **headers)
    return getattr(client, method)(url, body if method == "post" else None, **headers)


def is_refused(response: Any) -> bool:
    """A refusal: 401/403/404/405, or the sign-in page a visitor is sent to."""
    if response.status_code in REFUSED:
        return True
    return response.status_code == 302 and "/accounts/login/" in response.get("Location", "")


@pytest.fixture(scope="module")
def private_urls(world: dict[str, Any]) -> set[str]:
    """B's pages a visitor is refused (read with GET)."""
    found = set()
    for route in ROUTES.values():
        if not route.startswith("api/"):
            url = fill(route, kwargs_for(route, world))
            if is_refused(Client().get(url)):
                found.add(url)
    return found


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_club_a_gets_nothing_of_club_b_that_a_visitor_is_refused(world, private_urls, name):
    route = ROUTES[name]
    kwargs = kwargs_for(route, world)
    if name in bound.bound_names():
        ids = bound.find(name, kwargs)
        assert ids is not None
        assert list(ids.values_list("club_id" if "club_id" in str(ids.query) else "pk", flat=True))[:1] == [
            world["b"].pk
        ], f"{name}: the arguments do not name club B's thing"
    url = fill(route, kwargs)
    api = route.startswith("api/")
    before = fingerprint(world["b"])
    for method in API_METHODS if api else PAGE_METHODS:
        visitor = ask(Client(), method, url, api=api)
        a_client = Client()
        if not api:
            a_client.force_login(world["a_owner"])
        answer = ask(a_client, method, url, api=api, token=world["a_token"] if api else None)
        if is_refused(visitor):
            assert answer.status_code in {403, 404, 405}, (
                f"{method.upper()} {url}: {answer.status_code} for A"
            )
        else:
            assert answer.status_code == visitor.status_code, f"{method.upper()} {url}"
            if method == "get" and "html" in answer.get("Content-Type", ""):
                links = set(re.findall(r'href="([^"?#]+)', answer.content.decode()))
                assert links & private_urls == set(), f"{url} shows A links to B's private pages"
    assert fingerprint(world["b"]) == before, f"{url} changed club B"


def test_the_pointing_is_real_b_owner_reaches_the_pages_a_is_refused(world):
    """The control: B's owner gets B's private pages, so A's refusals are not 404s of a wrong id."""
    b_client = Client()
    b_client.force_login(world["b_owner"])
    reached = {}
    for name, route in ROUTES.items():
        if route.startswith("api/"):
            continue
        reached[name] = b_client.get(fill(route, kwargs_for(route, world))).status_code
    missing = sorted(name for name, status in reached.items() if status == 404)
    assert missing == []
    for name in (
        "clubs:settings",
        "clubs:staff",
        "scoring:match_manage",
        "tournaments:console",
        "seasons:manage",
    ):
        assert reached[name] == 200, name


#: The pages and calls that make a club's thing, the club named in their body, each with a body
#: its own club's organizer would have made the thing with.
MAKERS = {
    "/tournaments/new/": {
        "name": "Taken",
        "club": "demo",
        "game": "tally",
        "format": "single-elimination",
        "match_format": "game",
        "entrant_kind": "individual",
    },
    "/seasons/new/": {
        "club": "demo",
        "name": "Taken",
        "game": "coinche",
        "metric": "match_points",
        "counting": "best",
        "number": "5",
        "absence": "zero",
        "min_evenings": "2",
    },
    "/api/matches/": {"club": "demo", "game": "tally", "sides": ["Ann", "Bob"]},
    "/api/tournaments/": {
        "club": "demo",
        "name": "Taken",
        "game": "coinche",
        "format": "swiss",
        "match_format": "deals:8",
        "rounds": 5,
        "entrant_kind": "partnership",
    },
    "/api/seasons/": {"club": "demo", "name": "Taken", "game": "coinche", "metric": "points"},
}


@pytest.mark.parametrize("url", sorted(MAKERS))
def test_club_a_cannot_make_things_in_club_b(world, url):
    def make(user: Any) -> Any:
        client = Client()
        client.force_login(user)
        if url.startswith("/api/"):
            return client.post(url, json.dumps(MAKERS[url]), content_type="application/json")
        return client.post(url, MAKERS[url])

    before = fingerprint(world["b"])
    answer = make(world["a_owner"])
    assert answer.status_code in {400, 403, 422}, answer.content[:300]
    assert fingerprint(world["b"]) == before
    assert not Tournament.objects.filter(name="Taken").exists()
    assert not Season.objects.filter(name="Taken").exists()
    # The control: the same body from B's owner makes the thing (rolled back with the test).
    assert make(world["b_owner"]).status_code in {201, 302}
    assert fingerprint(world["b"]) != before
