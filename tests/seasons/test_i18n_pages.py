"""The seasons' pages in French and Dutch (issue #15): the season page with its rows explained
("best 2 of 3; dropped 2 Oct 598") and its dates in the locale ("2 oct.", "2 okt"), the projector,
a player's page and the players page, with ``Accept-Language: fr`` (and ``nl``), keep none of
their English sentences; scores keep no thousands separator."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.utils import translation

from clubs.models import Player
from seasons import services, wording
from seasons.competition.rule import Metric
from tests.i18n.pages import assert_page_speaks
from tests.i18n.pages import english_left as harness_left
from tests.seasons.conftest import play_evening
from tests.translated import TEST_NAMES, english_left, spoken

pytestmark = pytest.mark.django_db

LANGUAGES = ("fr", "nl")
#: The test's own names, English words some of them.
NAMES = TEST_NAMES
EIGHT = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal")

SEASON = (
    "Evenings",
    "Counts",
    "best 2",
    "dropped",
    "Struck through",
    "Swipe the table",
    "Player",
    "Projector",
    "Manage evenings",
    "Players and ratings",
    "an absence counts 0",
)
PROJECTOR = ("Player", "Evenings", "Struck through", "best 2", "dropped")
PLAYER = (
    "No rated match yet",
    "Seasons",
    "Evenings",
    "Matches",
    "Partners and opponents",
    "against",
    "round",
    "tables",
    "win",
)
PLAYERS = ("Players", "Everyone", "What the public sees", "No established rating yet")


@pytest.fixture
def played(club, season):
    for n, day in enumerate((date(2025, 10, 2), date(2025, 10, 9), date(2025, 10, 16)), start=1):
        evening = play_evening(club, f"Evening {n}", EIGHT, rounds=1)
        services.season_attach(season_id=season.pk, tournament_id=evening.pk, day=day)
    season.refresh_from_db()
    return season


def read(client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    if language != "en":  # and the words the house's harness knows for English are gone too
        html = response.content.decode()
        if "<html" in html:
            assert_page_speaks(html, language, allow=NAMES)
        else:  # a page's live part
            assert harness_left(html, allow=NAMES) == []
    return response.content.decode()


def test_the_sentinels_are_english_in_english(client, boss, played):
    """The check can fail: in English every sentinel of the season page is there."""
    assert english_left(read(client, f"/seasons/{played.pk}/", "en"), SEASON) == list(SEASON)


@pytest.mark.parametrize(
    ("language", "explained"),
    [
        ("fr", r"2 meilleures sur 3 ; écartées : (2|9|16) oct\. \d+ "),
        ("nl", r"beste 2 van 3; weggestreept: (2|9|16) okt \d+ "),
    ],
)
def test_the_season_page_speaks_the_language(client, boss, played, language, explained):
    html = read(client, f"/seasons/{played.pk}/", language)
    assert english_left(html, SEASON) == []
    assert re.search(explained, spoken(html))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_season_projector_speaks_the_language(client, played, language):
    html = read(client, f"/seasons/{played.pk}/projector/", language)
    assert english_left(html, PROJECTOR) == []
    assert {"fr": "16 oct.", "nl": "16 okt"}[language] in spoken(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_player_page_speaks_the_language(client, boss, played, language):
    ann = Player.objects.get(name="Ann")
    html = read(client, f"/players/{ann.pk}/", language)
    assert english_left(html, PLAYER) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_players_page_speaks_the_language(client, boss, club, played, language):
    html = read(client, f"/players/?club={club.slug}", language)
    assert english_left(html, PLAYERS) == []


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("en", "1 evening", "3 evenings"),
        ("fr", "1 soirée", "3 soirées"),
        ("nl", "1 speelavond", "3 speelavonden"),
    ],
)
def test_plurals_of_the_evenings_say_one_and_three(client, club, season, language, one, three):
    evening = play_evening(club, "Only", EIGHT, rounds=1)
    services.season_attach(season_id=season.pk, tournament_id=evening.pk, day=date(2025, 10, 2))
    assert f"· {one}" in spoken(read(client, f"/seasons/{season.pk}/", language))
    for n in (2, 3):
        evening = play_evening(club, f"Next {n}", EIGHT, rounds=1)
        services.season_attach(season_id=season.pk, tournament_id=evening.pk, day=date(2025, 10, 2 + n))
    assert f"· {three}" in spoken(read(client, f"/seasons/{season.pk}/", language))


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "best 4 of 5; dropped 2 Oct 5980"),
        ("fr", "4 meilleures sur 5\u00a0; écartées\u00a0: 2 oct. 5980"),
        ("nl", "beste 4 van 5; weggestreept: 2 okt 5980"),
    ],
)
def test_a_row_is_explained_with_the_locale_s_dates_and_no_thousands_separator(language, said):
    row = {
        "counted": [{"tournament": n, "value": 6000 + n} for n in (2, 3, 4, 5)],
        "dropped": [{"tournament": 1, "value": 5980}],
    }
    days = {n: date(2025, 10, 2 + 7 * (n - 1)) for n in range(1, 6)}
    with translation.override(language):
        assert wording.explanation(row, days, Metric.POINTS) == said


@pytest.mark.parametrize(("language", "said"), [("en", "87.5%"), ("fr", "87,5\u00a0%"), ("nl", "87,5%")])
def test_a_percentage_is_written_the_locale_s_way(language, said):
    with translation.override(language):
        assert wording.value_text(87.5, Metric.PERCENTAGE) == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "counting must be a whole number from 1 to 200"),
        ("fr", "counting : un nombre entier de 1 à 200 est attendu"),
        ("nl", "counting moet een heel getal van 1 tot 200 zijn"),
    ],
)
def test_a_refused_season_rule_says_why_in_the_language(boss, club, language, said):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(boss)
    body = {
        "name": "Winter",
        "game": "coinche",
        "metric": "points",
        "counting": {"best": 0},
        "club": club.slug,
    }

    answer = api.post("/api/seasons/", body, format="json", HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == "counting"
    assert answer.json()["error"]["rule"] == said


@pytest.mark.parametrize("language", ["nl", "fr", "en"])
def test_a_rating_is_written_without_a_thousands_separator(client, boss, club, played, language):
    """#28 item 11: "1,560?" read as one and a half in Dutch; a rating is written 1560? everywhere."""
    services.ratings_update(club_id=club.pk, family="coinche")
    ann = Player.objects.get(name="Ann", membership__club=club)

    html = read(client, f"/players/{ann.pk}/", language)

    shown = re.search(r'class="rating">([^<]+)<', html)
    assert shown is not None
    assert re.fullmatch(r"\d{3,4}\??", shown.group(1)), shown.group(1)
