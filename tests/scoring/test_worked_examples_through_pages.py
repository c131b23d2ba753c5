"""Every worked example of every game (docs/games/<key>.md, tests/data/examples/) through the REST API
and the scorer's pages, as a club would enter it: the match created with its options, each deal
posted by the table's link, the totals and outcome read back; then each stored deal opened in its
correction form and saved again as shown, which must leave the entry and the score unchanged.

The rule book's own tests replay the same cases in Python and through the command line; this proves
the API and the entry form can carry every one of them (a form that cannot show a value would
change the deal when saved)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import GAMES, find_game
from games.declaration import MISSING
from scoring.links import table_token
from scoring.models import Deal, Match
from tests.factories import ClubFactory, organizer
from tests.html_forms import form_as_shown
from tests.paths import worked_examples

pytestmark = [pytest.mark.django_db, pytest.mark.any_database]  # the rules' figures, not rows

CASES = [
    pytest.param(key, case, id=f"{key}: {case['name']}")
    for key in sorted(GAMES)
    for case in worked_examples(key)
]


def _error(response) -> tuple[int, str | None]:
    return response.status_code, response.json()["error"]["field"]


def play(key: str, case: dict) -> tuple[Match | None, APIClient]:
    """Create the case's match and post its deals until the one it refuses (if any)."""
    api = APIClient()
    club = ClubFactory()
    api.force_authenticate(organizer(club))
    match, expect = case["match"], case["expect"]
    body = {"game": key, "sides": match["sides"], "options": match.get("options") or {}}
    created = api.post("/api/matches/", body, format="json")
    if "error_field" in expect and expect["error_deal"] is None:
        assert _error(created) == (400, expect["error_field"])
        return None, api
    assert created.status_code == 201, created.json()
    made = Match.objects.get(pk=created.json()["id"])
    table = APIClient()
    table.credentials(HTTP_AUTHORIZATION=f"Table {table_token(made)}")
    for index, entry in enumerate(match["deals"]):
        response = table.post(f"/api/matches/{made.pk}/deals/", entry, format="json")
        if expect.get("error_deal") == index:
            assert _error(response) == (400, expect["error_field"])
            assert Deal.objects.filter(match=made).count() == index  # nothing half-saved
            return made, api
        assert response.status_code == 201, (index, response.json())
    return made, api


@pytest.mark.parametrize(("key", "case"), CASES)
def test_the_api_scores_the_worked_example(key, case):
    made, api = play(key, case)
    expect = case["expect"]
    if made is None or "error_field" in expect:
        return

    state = api.get(f"/api/matches/{made.pk}/").json()

    assert [d["scores"] for d in state["deals"]] == expect["deal_scores"]
    assert state["totals"] == expect["totals"]
    assert state["outcome"]["finished"] == expect["finished"]
    assert state["outcome"]["winner"] == expect["winner"]


def meaning(made: Match, entry: dict) -> dict:
    """An entry with the defaults it leaves out filled in: two entries that mean the same deal."""
    if entry.get("dead") is True:
        return {"dead": True}
    fields = find_game(made.game_key).entry_shape(made.options)
    return {**{f.name: f.default for f in fields if f.default is not MISSING}, **entry}


@pytest.mark.slow  # every deal of every worked example corrected through its form: half a minute
@pytest.mark.parametrize(("key", "case"), CASES)
def test_the_correction_form_shows_each_deal_as_it_was_entered(key, case):
    made, _ = play(key, case)
    if made is None:
        return
    token = table_token(made)
    browser = Client()
    before = {
        deal.number: (deal.version, deal.versions.get(version=deal.version).entry)
        for deal in made.deals.all()
    }
    totals = Match.objects.get(pk=made.pk).state["totals"]

    for number in before:
        page = browser.get(f"/t/{token}/deals/{number}/")
        assert page.status_code == 200
        response = browser.post(f"/t/{token}/deals/{number}/", form_as_shown(page.text, "entry"))
        assert response.status_code in (200, 302), (number, response.status_code)

    for deal in Match.objects.get(pk=made.pk).deals.all():
        shown = deal.versions.get(version=deal.version).entry
        assert meaning(made, shown) == meaning(made, before[deal.number][1]), deal.number
    assert Match.objects.get(pk=made.pk).state["totals"] == totals


def test_a_required_answer_that_may_be_nobody_has_its_own_button():
    """Auction Forty-Five: "no trump played" must be enterable, and not by leaving the field blank
    (a blank is a forgotten answer, which the game refuses)."""
    case = next(c for c in worked_examples("auction-forty-five") if c["match"]["deals"])
    made, _ = play("auction-forty-five", {**case, "match": {**case["match"], "deals": []}})
    page = Client().get(f"/t/{table_token(made)}/")

    shown = form_as_shown(page.text, "entry")

    assert 'name="f.high_trump" value="null"' in page.text
    assert ">nobody<" in page.text
    assert "f.high_trump" not in shown  # nothing chosen until the table says
