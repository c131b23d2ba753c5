"""Which language a page speaks and which time zone it shows (tablescore/languages.py): the
visitor's choice, then the club's language on its pages, then Accept-Language, then English; the
API by Accept-Language alone; the polled pages' ETags per language."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.utils import timezone, translation

from clubs import bound
from scoring.models import Match
from seasons.models import Season
from tablescore.languages import ClubLanguageMiddleware, from_accept_language
from tests.demo_copy import demo_club
from tests.factories import ClubFactory, make_match, organizer
from tests.tournaments.conftest import in_process_tasks
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
__all__ = ["in_process_tasks"]
COOKIE = settings.LANGUAGE_COOKIE_NAME


def spoken(response) -> str:
    return response["Content-Language"]


def test_accept_language_picks_the_first_language_spoken_else_english():
    assert from_accept_language("de-DE, nl-BE;q=0.8, fr;q=0.5") == "nl"
    assert from_accept_language("fr-CA") == "fr"
    assert from_accept_language("de, *") == "en"
    assert from_accept_language("") == "en"


def test_a_page_speaks_the_browsers_language_and_varies_on_it(client):
    response = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr-BE,fr;q=0.9")
    assert spoken(response) == "fr"
    assert '<html lang="fr">' in response.content.decode()
    vary = {v.strip() for v in response["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary


def test_the_switcher_remembers_the_choice_in_the_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "nl", "next": "/accounts/login/"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    cookie = response.cookies[COOKIE]
    assert cookie.value == "nl"
    assert int(cookie["max-age"]) >= 30 * 24 * 3600
    assert spoken(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr")) == "nl"


def test_the_club_language_speaks_on_the_clubs_pages_only():
    club = ClubFactory(language="nl")
    user = organizer(club)
    client = _client(user)
    assert spoken(client.get(f"/clubs/{club.slug}/", HTTP_ACCEPT_LANGUAGE="fr")) == "nl"
    assert spoken(client.get(f"/clubs/{club.slug}/settings/", HTTP_ACCEPT_LANGUAGE="fr")) == "nl"
    match = make_match(club=club)
    assert spoken(client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr")) == "nl"
    # Not bound to the club: the browser's language.
    assert spoken(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"
    assert spoken(client.get("/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_the_forms_reached_from_a_clubs_page_speak_its_language():
    """#23 item 10: a French club's "+ New tournament" form was English for an English browser."""
    club = ClubFactory(language="fr")
    client = _client(organizer(club))
    forms = (
        f"/clubs/{club.slug}/matches/new/",
        f"/clubs/{club.slug}/matches/new/?game=belote",
        f"/tournaments/new/?club={club.slug}",
        f"/tournaments/new/?game=belote&club={club.slug}",
        f"/tournaments/upload/?club={club.slug}",
        f"/tournaments/?club={club.slug}",
        f"/seasons/new/?club={club.slug}",
        f"/seasons/?club={club.slug}",
    )
    for path in forms:
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
        assert (response.status_code, spoken(response)) == (200, "fr"), path
    refused = client.post(f"/tournaments/new/?game=belote&club={club.slug}", {}, HTTP_ACCEPT_LANGUAGE="en")
    assert (refused.status_code, spoken(refused)) == (422, "fr")
    assert "This field is required" not in refused.content.decode()
    # No club in the query string, or one that does not exist: the browser's language.
    assert spoken(client.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE="nl")) == "nl"
    assert spoken(client.get("/tournaments/new/?club=nowhere", HTTP_ACCEPT_LANGUAGE="nl")) == "nl"


def test_the_visitors_choice_wins_over_the_club_language(client):
    club = ClubFactory(language="nl")
    client.cookies[COOKIE] = "fr"
    assert spoken(client.get(f"/clubs/{club.slug}/", HTTP_ACCEPT_LANGUAGE="en")) == "fr"


def test_a_club_without_a_language_leaves_the_browsers(client):
    club = ClubFactory(language="")
    assert spoken(client.get(f"/clubs/{club.slug}/", HTTP_ACCEPT_LANGUAGE="nl")) == "nl"


def test_a_table_link_speaks_its_clubs_language(client):
    from scoring.links import scorer_path

    match = make_match(club=ClubFactory(language="fr"))
    assert spoken(client.get(scorer_path(match), HTTP_ACCEPT_LANGUAGE="nl")) == "fr"
    # A forged token names no club: the browser's language (and the page's own refusal).
    assert spoken(client.get("/t/forged-token/", HTTP_ACCEPT_LANGUAGE="nl")) == "nl"


def test_the_api_speaks_accept_language_only(client):
    club = ClubFactory(language="nl")
    match = make_match(club=club)
    client.cookies[COOKIE] = "nl"
    response = client.get(f"/api/matches/{match.pk}/deals/999/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404
    assert spoken(response) == "fr"
    assert spoken(client.get("/api/no/such/thing/")) == "en"


def zone_seen_by_the_view(path: str) -> str:
    """The time zone active while the view of ``path`` runs behind the middleware."""
    seen = {}

    def get_response(request):
        match = resolve(path)
        request.resolver_match = match
        middleware.process_view(request, match.func, (), match.kwargs)
        seen["zone"] = timezone.get_current_timezone_name()
        return HttpResponse()

    middleware = ClubLanguageMiddleware(get_response)
    middleware(RequestFactory().get(path))
    return seen["zone"]


def test_the_club_time_zone_is_active_on_its_pages_only():
    club = ClubFactory(time_zone="America/Curacao")
    assert zone_seen_by_the_view(f"/clubs/{club.slug}/") == "America/Curacao"
    assert timezone.get_current_timezone_name() == settings.TIME_ZONE  # deactivated after
    assert zone_seen_by_the_view("/accounts/login/") == settings.TIME_ZONE


def test_a_new_club_takes_the_servers_time_zone():
    assert ClubFactory().time_zone == settings.TIME_ZONE


def test_a_live_page_etag_carries_the_language(client):
    match = make_match(club=ClubFactory())
    url = f"/matches/{match.pk}/board/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert english["ETag"] != french["ETag"]
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=french["ETag"]).status_code == 304
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 304
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in french["Vary"].split(",")}


#: A polled fragment: the URL it polls and the If-None-Match it sends (hx-get, hx-headers).
POLLED = re.compile(r"""hx-get="([^"]+)"[^>]*hx-headers='\{"If-None-Match": "\\"([^"\\]+)\\""\}'""")


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_every_polled_fragment_asks_with_the_etag_of_its_language(client, in_process_tasks, language):
    """The scoreboard, the tournament's live part, the desk, the projector and the season's
    projector poll with the ETag the server gave them: unchanged, the answer is a 304."""
    demo = demo_club(with_admin=False)
    client.force_login(organizer(demo.club))
    tournament = Tournament.objects.filter(club=demo.club).order_by("pk").first()
    pages = [
        f"/matches/{Match.objects.filter(club=demo.club).order_by('pk').first().pk}/",
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/desk/",
        f"/tournaments/{tournament.pk}/projector/",
        f"/seasons/{Season.objects.filter(club=demo.club).get().pk}/projector/",
    ]
    for page in pages:
        polled = POLLED.findall(client.get(page, HTTP_ACCEPT_LANGUAGE=language).content.decode())
        assert len(polled) == 1, page
        url, etag = polled[0]
        again = client.get(html.unescape(url), HTTP_ACCEPT_LANGUAGE=language, HTTP_IF_NONE_MATCH=f'"{etag}"')
        assert again.status_code == 304, f"{page}: {url} with {etag} answered {again.status_code}"


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_scores_have_no_thousands_separator_and_dates_follow_the_language(language):
    when = dt.datetime(2026, 11, 24, 21, 5, tzinfo=dt.UTC)
    with translation.override(language):
        text = Template("{{ score }}|{{ when|date }}").render(Context({"score": 1230, "when": when}))
    score, date = text.split("|")
    assert score == "1230"
    assert date == {"fr": "24 novembre 2026", "nl": "24 november 2026"}[language]


def _names(resolver: URLResolver, namespace: str = "") -> dict[str, str]:
    """Every page's ``namespace:name`` and its route."""
    found = {}
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            found |= _names(entry, entry.namespace or namespace)
        elif isinstance(entry, URLPattern) and entry.name and namespace:
            found[f"{namespace}:{entry.name}"] = str(entry.pattern)
    return found


#: Pages with an id in their URL that belong to no one club.
NOT_BOUND = {"seasons:player", "seasons:privacy"}


def test_every_page_of_one_club_is_bound_to_it():
    pages = {
        name: route
        for name, route in _names(get_resolver()).items()
        if name.split(":")[0] in ("clubs", "scoring", "tournaments", "seasons")
        and any(key in route for key in ("<slug:slug>", "<int:pk>", "<str:token>"))
    }
    assert pages, "no page found"
    unbound = sorted(set(pages) - bound.bound_names() - NOT_BOUND)
    assert unbound == []
    assert "tournaments:projector" in bound.bound_names()
    assert "place:t" in bound.bound_names()


def _client(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client
