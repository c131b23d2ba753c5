"""Every form of the pages is CSRF-protected: with the browser's checks on (``enforce_csrf_checks``),
a POST without the token is 403 and changes nothing; with the token from the page it works. The
API enforces CSRF on session authentication (DRF) but not on header tokens."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from scoring.links import table_token
from scoring.models import Match, MatchStatus
from tests.security.conftest import World
from tests.security.test_table_links import snapshot
from tournaments.models import Entrant, TableAssignment, Tournament

pytestmark = pytest.mark.django_db


@dataclass
class Form:
    page: str  # the page whose form is posted (it hands out the token)
    action: str
    data: dict[str, Any]
    done: Callable[[], bool]  # whether the POST did its work
    organizer: bool = True


def forms_of(world: World) -> dict[str, Form]:
    a, b = world.matches[0], world.matches[1]
    t = world.tournament
    token_b = table_token(b)
    entrant = t.entrants.order_by("pk").first()
    table = TableAssignment.objects.filter(round=world.round).order_by("pk").first()
    matches = Match.objects.count()
    tournaments = Tournament.objects.count()
    entrants = Entrant.objects.count()
    return {
        "new match": Form(
            f"/clubs/{world.club.slug}/matches/new/?game=tally",
            f"/clubs/{world.club.slug}/matches/new/?game=tally",
            {"game": "tally", "side.0": "Xan", "side.1": "Yul"},
            lambda: Match.objects.count() == matches + 1,
        ),
        "revoke": Form(
            f"/matches/{a.pk}/manage/",
            f"/matches/{a.pk}/revoke/",
            {"confirm": "yes"},
            lambda: Match.objects.get(pk=a.pk).table_link_revoked,
        ),
        "abandon": Form(
            f"/matches/{a.pk}/manage/",
            f"/matches/{a.pk}/abandon/",
            {"reason": "rain", "confirm": "yes"},
            lambda: Match.objects.get(pk=a.pk).status == MatchStatus.ABANDONED,
        ),
        "organizer rematch": Form(
            f"/matches/{a.pk}/manage/",
            f"/matches/{a.pk}/rematch/",
            {},
            lambda: Match.objects.filter(rematch_of=a).exists(),
        ),
        "deal entry": Form(
            f"/t/{token_b}/",
            f"/t/{token_b}/",
            {"f.points.0": "1", "f.points.1": "2"},
            lambda: b.deals.count() == 2,
            organizer=False,
        ),
        "deal correction": Form(
            f"/t/{token_b}/deals/1/",
            f"/t/{token_b}/deals/1/",
            {"f.points.0": "7", "f.points.1": "2", "version": "1"},
            lambda: b.deals.get(number=1).version == 2,
            organizer=False,
        ),
        "deal void": Form(
            f"/t/{token_b}/deals/1/",
            f"/t/{token_b}/deals/1/void/",
            {"reason": "misdeal", "version": "1"},
            lambda: b.deals.get(number=1).voided,
            organizer=False,
        ),
        "table rematch": Form(
            f"/t/{token_b}/",
            f"/t/{token_b}/rematch/",
            {},
            lambda: Match.objects.filter(rematch_of=b).exists(),
            organizer=False,
        ),
        "new tournament": Form(
            "/tournaments/new/",
            "/tournaments/new/",
            {
                "name": "Autumn cup",
                "club": world.club.slug,
                "game": "tally",
                "format": "swiss",
                "match_format": "deals",
                "match_length": "1",
                "entrant_kind": "individual",
            },
            lambda: Tournament.objects.count() == tournaments + 1,
        ),
        "register": Form(
            f"/tournaments/{t.pk}/console/",
            f"/tournaments/{t.pk}/console/entrants/",
            {"name": "Zed"},
            lambda: Entrant.objects.count() == entrants + 1,
        ),
        "upload": Form(
            f"/tournaments/{t.pk}/console/",
            f"/tournaments/{t.pk}/console/upload/",
            {"file": b"name\nYves\nZoe\n"},
            lambda: Entrant.objects.count() == entrants + 2,
        ),
        "withdraw": Form(
            f"/tournaments/{t.pk}/console/",
            f"/tournaments/{t.pk}/console/entrants/{entrant.pk}/withdraw/",
            {"withdrawn": "on", "confirm": "yes"},
            lambda: Entrant.objects.get(pk=entrant.pk).withdrawn,
        ),
        "configure": Form(
            f"/tournaments/{t.pk}/console/",
            f"/tournaments/{t.pk}/console/format/",
            {"format": "swiss", "rounds": "5", "tiebreak_0": "match-points"},
            lambda: Tournament.objects.get(pk=t.pk).rounds_planned == 5,
        ),
        "fix a result": Form(
            f"/tournaments/{t.pk}/console/",
            f"/tournaments/{t.pk}/console/tables/{table.pk}/result/",
            {f"t{table.pk}-decision": "draw", f"t{table.pk}-reason": "agreed"},
            lambda: TableAssignment.objects.get(pk=table.pk).status != "playing",
        ),
        "start a round": Form(
            f"/tournaments/{t.pk}/console/",
            f"/tournaments/{t.pk}/console/rounds/",
            {},
            lambda: True,  # refused while round 1 plays, but past the CSRF check: see the status
        ),
    }


FORMS = [
    "new match",
    "revoke",
    "abandon",
    "organizer rematch",
    "deal entry",
    "deal correction",
    "deal void",
    "table rematch",
    "new tournament",
    "register",
    "upload",
    "withdraw",
    "configure",
    "fix a result",
    "start a round",
]


def page_token(client: Client, url: str) -> str:
    page = client.get(url)
    assert page.status_code == 200, (url, page.status_code)
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert found, f"{url} has no form with a CSRF token"
    return found.group(1)


def body(form: Form, token: str | None) -> dict[str, Any]:
    data = {
        k: SimpleUploadedFile("entrants.csv", v, content_type="text/csv") if isinstance(v, bytes) else v
        for k, v in form.data.items()
    }
    return {**data, "csrfmiddlewaretoken": token} if token else data


@pytest.mark.parametrize("name", FORMS)
def test_a_form_post_without_the_csrf_token_is_refused(world: World, name):
    form = forms_of(world)[name]
    browser = Client(enforce_csrf_checks=True)
    if form.organizer:
        browser.force_login(world.boss)
    page_token(browser, form.page)  # the browser has the CSRF cookie, as after any visit
    before = snapshot()
    response = browser.post(form.action, body(form, None))
    assert response.status_code == 403
    assert "CSRF" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("name", FORMS)
def test_a_form_post_with_the_pages_csrf_token_works(world: World, name):
    form = forms_of(world)[name]
    browser = Client(enforce_csrf_checks=True)
    if form.organizer:
        browser.force_login(world.boss)
    token = page_token(browser, form.page)
    response = browser.post(form.action, body(form, token))
    assert response.status_code == 302, (name, response.status_code)
    assert form.done(), name


def test_a_form_post_with_another_sessions_token_is_refused(world: World):
    a = world.matches[0]
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.force_login(world.boss)
    second.force_login(world.boss)
    page_token(second, f"/matches/{a.pk}/manage/")
    stolen = page_token(first, f"/matches/{a.pk}/manage/")
    second.cookies.pop("csrftoken", None)
    response = second.post(
        f"/matches/{a.pk}/abandon/", {"reason": "x", "confirm": "yes", "csrfmiddlewaretoken": stolen}
    )
    assert response.status_code == 403
    assert Match.objects.get(pk=a.pk).status != MatchStatus.ABANDONED


# -- the API ---------------------------------------------------------------------------------------


def test_the_api_enforces_csrf_on_a_session(world: World):
    a = world.matches[0]
    api = APIClient(enforce_csrf_checks=True)
    api.force_login(world.boss)
    before = snapshot()
    response = api.post(f"/api/matches/{a.pk}/deals/", {"points": {"Ann": 1, "Ben": 1}}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]["rule"]
    assert snapshot() == before
    token = page_token(api, f"/matches/{a.pk}/manage/")
    response = api.post(
        f"/api/matches/{a.pk}/deals/", {"points": {"Ann": 1, "Ben": 1}}, format="json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 201
    assert a.deals.count() == 3


def test_the_api_needs_no_csrf_with_a_header_token(world: World):
    a, b = world.matches[0], world.matches[1]
    with_token = APIClient(enforce_csrf_checks=True)
    with_token.credentials(HTTP_AUTHORIZATION=f"Token {world.token}")
    response = with_token.post(f"/api/matches/{a.pk}/deals/", {"points": {"Ann": 1, "Ben": 1}}, format="json")
    assert response.status_code == 201
    with_link = APIClient(enforce_csrf_checks=True)
    with_link.credentials(HTTP_AUTHORIZATION=f"Table {table_token(b)}")
    response = with_link.post(f"/api/matches/{b.pk}/deals/", {"points": {"Cy": 1, "Dee": 1}}, format="json")
    assert response.status_code == 201
    assert (a.deals.count(), b.deals.count()) == (3, 2)
