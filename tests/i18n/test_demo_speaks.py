"""Issue #15's "Done when", on the demo: with ``Accept-Language: fr`` (and ``nl``) every page a
player, the public and an organizer reach in the demo, every game's entry errors and every demo
match's breakdown lines read in that language (no English sentinel of ``tests/i18n/pages.py``).

The allow-list is the demo's own names (players, the club, the tournaments, the season, the sides)
and the games' native terms; nothing else."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from clubs.demo import PLAYERS
from games import GAMES
from scoring import display, selectors
from scoring.links import scorer_path, table_token
from scoring.models import Match
from scoring.services import ledger
from seasons.models import Season
from tablescore.celery import app
from tests.demo_copy import demo_club
from tests.factories import organizer
from tests.i18n.pages import english_left, visible_text
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.any_database]  # wording, not rows

LANGUAGES = ("fr", "nl")
#: What the demo's players typed, quoted as typed: a dispute's reason.
QUOTED = ("the belote was ours, not theirs",)
#: The CSV file's column names the console quotes (a file's header stays as written).
COLUMNS = ("name, et au choix players", "name, en naar keuze players")
#: English the helpers of #15 reported left, that the harness' sentinels do not catch ("West" is
#: Dutch too).
REPORTED = {
    language: re.compile(
        r"\b(north|south|east|"
        + ("" if language == "nl" else "west|")
        + r"yes|nobody|confirmed|playing to|deals next|scorer link|hand-over|double-blind)\b|\b(?-i:vs)\b",
        re.IGNORECASE,
    )
    for language in LANGUAGES
}


@pytest.fixture
def demo() -> Iterator[Any]:
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield demo_club(with_admin=False)
    finally:
        app.conf.task_always_eager = before


def names_of(demo: Any) -> list[str]:
    """What the demo calls its club, players, sides, tournaments and season: names, not English."""
    names = {demo.club.name, *PLAYERS}
    for match in Match.objects.filter(club=demo.club):
        names.update(str(side) for side in match.sides)
    names.update(Tournament.objects.filter(club=demo.club).values_list("name", flat=True))
    names.update(Season.objects.filter(club=demo.club).values_list("name", flat=True))
    names.update(QUOTED + COLUMNS)
    return sorted(name for name in names if name)


def pages_of(demo: Any) -> dict[str, str]:
    """Every page of the demo, by a name for the failure message."""
    club = demo.club
    pages = {
        "home": "/",
        "club": f"/clubs/{club.slug}/",
        "club-settings": f"/clubs/{club.slug}/settings/",
        "new-match": f"/clubs/{club.slug}/matches/new/",
        "table-code": "/t/",
        "outbox-import": "/outbox/import/",
        "tournaments": "/tournaments/",
        "new-tournament": "/tournaments/new/",
        "seasons": "/seasons/",
        "new-season": "/seasons/new/",
    }
    for key in sorted(GAMES):
        pages[f"new-match-{key}"] = f"/clubs/{club.slug}/matches/new/?game={key}"
        pages[f"new-tournament-{key}"] = f"/tournaments/new/?game={key}&club={club.slug}"
    for match in Match.objects.filter(club=club).order_by("pk"):
        pages[f"scoreboard-{match.pk}"] = f"/matches/{match.pk}/"
        pages[f"board-{match.pk}"] = f"/matches/{match.pk}/board/"
        pages[f"manage-{match.pk}"] = f"/matches/{match.pk}/manage/"
        pages[f"print-{match.pk}"] = f"/matches/{match.pk}/print/"
        pages[f"scorer-{match.pk}"] = scorer_path(match)
        pages[f"scorer-board-{match.pk}"] = f"/t/{table_token(match)}/board/"
        if match.deal_count:
            pages[f"deal-{match.pk}"] = scorer_path(match) + "deals/1/"
    for tournament in Tournament.objects.filter(club=club).order_by("pk"):
        pk = tournament.pk
        pages[f"tournament-{pk}"] = f"/tournaments/{pk}/"
        pages[f"live-{pk}"] = f"/tournaments/{pk}/live/"
        pages[f"projector-{pk}"] = f"/tournaments/{pk}/projector/"
        pages[f"projector-live-{pk}"] = f"/tournaments/{pk}/projector/live/"
        pages[f"console-{pk}"] = f"/tournaments/{pk}/console/"
        pages[f"desk-{pk}"] = f"/tournaments/{pk}/desk/"
        pages[f"desk-live-{pk}"] = f"/tournaments/{pk}/desk/live/"
        pages[f"table-slips-{pk}"] = f"/tournaments/{pk}/tables/slips/"
        for number in tournament.rounds.values_list("number", flat=True):
            pages[f"slips-{pk}-{number}"] = f"/tournaments/{pk}/rounds/{number}/slips/"
    for season in Season.objects.filter(club=club).order_by("pk"):
        pages[f"season-{season.pk}"] = f"/seasons/{season.pk}/"
        pages[f"season-projector-{season.pk}"] = f"/seasons/{season.pk}/projector/"
        pages[f"season-manage-{season.pk}"] = f"/seasons/{season.pk}/manage/"
    for player in club.players.order_by("pk")[:3]:
        pages[f"player-{player.pk}"] = f"/players/{player.pk}/"
    return pages


def english_on(client: Any, url: str, language: str, allow: list[str]) -> list[str]:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    if response.status_code != 200:
        return [f"answered {response.status_code}"]
    if not response["Content-Type"].startswith("text/html"):
        return []
    html = response.content.decode()
    found = english_left(html, allow=allow)
    for piece in visible_text(html):
        text = piece
        for word in allow:
            text = text.replace(word, " ")
        reported = REPORTED[language].search(text)
        if reported:
            found.append(f"{piece!r}: {reported.group(0)}")
    if response.get("Content-Language") != language:
        found.append(f"Content-Language {response.get('Content-Language')}")
    return found


@pytest.mark.slow  # every page of the demo, one by one
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_of_the_demo_speaks_the_language(client, demo, language):
    client.force_login(organizer(demo.club))
    allow = names_of(demo)
    found = {}
    for name, url in pages_of(demo).items():
        left = english_on(client, url, language, allow)
        if left:
            found[f"{name} {url}"] = left
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.slow  # every page of the demo, one by one
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_of_the_demo_speaks_the_language_to_the_public(client, demo, language):
    allow = names_of(demo)
    public = {
        name: url
        for name, url in pages_of(demo).items()
        if not name.startswith(("manage", "console", "desk", "club-", "new-", "season-manage", "print"))
    }
    found = {}
    for name, url in public.items():
        left = english_on(client, url, language, allow)
        if left and left != ["answered 302"] and left != ["answered 403"]:
            found[f"{name} {url}"] = left
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


# -- every game's entry errors, through the API ---------------------------------------------------


def sides_of(key: str) -> list[str]:
    game = GAMES[key]
    return ["NS", "EW"] if game.partnerships or game.max_sides == 2 else ["Al", "Bo", "Cy"]


def bad_entries(key: str) -> list[Any]:
    """A few entries a table gets wrong: nothing said, a word for a number, a field the game does
    not know, each field given a wrong kind of value."""
    sides = sides_of(key)
    names = [field.name for field in GAMES[key].fields]
    entries: list[Any] = [{}, {"bogus": 1}, [1, 2]]
    entries += [{name: "lots"} for name in names]
    entries += [{name: dict.fromkeys(sides, "lots")} for name in names]
    entries += [{name: -7} for name in names]
    return entries


def refusal(key: str, entry: Any, language: str) -> dict[str, Any] | None:
    body = {"sides": sides_of(key), "entry": entry}
    response = APIClient().post(
        f"/api/games/{key}/preview/", body, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    if response.status_code == 200:
        return None
    assert response.status_code == 400, (key, entry, response.status_code)
    return response.json()["error"]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_games_entry_errors_say_the_rule_in_the_language_with_a_stable_code(key):
    """The rule of each refusal is said in French and Dutch (no English sentinel left but the
    game's field names, which are the API's keys), with the same code and field as in English."""
    fields = [field.name for field in GAMES[key].fields] + ["bogus", "entry", "sides", "deals"]
    found = []
    checked = 0
    for entry in bad_entries(key):
        english = refusal(key, entry, "en")
        if english is None:
            continue
        checked += 1
        for language in LANGUAGES:
            said = refusal(key, entry, language)
            assert said is not None
            assert (said["code"], said.get("field")) == (english["code"], english.get("field")), entry
            left = english_left(f"<p>{html.escape(said['rule'])}</p>", allow=fields)
            if left or said["rule"] == english["rule"]:
                found.append(f"{language} {json.dumps(entry)}: {said['rule']!r} (en {english['rule']!r})")
    assert checked >= 3
    assert found == [], "\n".join(found)


# -- every demo match's breakdown lines ------------------------------------------------------------


@pytest.mark.slow  # every page of the demo, one by one
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_demo_matchs_breakdown_lines_speak_the_language(client, demo, language):
    """The deal history of each demo match (each deal's breakdown lines and notes) in the
    language: the scoreboard's lines, checked one by one, none equal to its English."""
    allow = names_of(demo)
    found, lines = {}, 0
    for match in Match.objects.filter(club=demo.club).order_by("pk"):
        rows = selectors.deal_rows(match)
        live = [(deal, version) for deal, version in rows if not deal.voided]
        with translation.override(language):
            played = ledger.replay(match, [version.entry for _, version in live])
            board = display.board(match, played, live)
            said = [str(line) for deal in board.deals for line in (*deal.breakdown, *deal.tags)]
        lines += len(said)
        left = english_left("".join(f"<p>{html.escape(str(line))}</p>" for line in said), allow=allow)
        if left:
            found[str(match.pk)] = left
    assert lines > 20
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
