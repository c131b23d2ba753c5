"""The games' own words in the players' language (#15), in Chromium: Klaverjas in Dutch and La
Coinche in French are often longer than English; at 360 × 740 and 1280 × 800 the scorer page (labels,
hints, choices) and the scoreboard (breakdown lines, deal notes) overlap nothing, cut nothing and
keep their taps 44 px."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, settled, shot
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SEATS = ["Ann", "Bob", "Cy", "Dee"]
GAMES = {
    "nl": (
        "klaverjas",
        ["Wij", "Zij"],
        {"playing": "Wij", "points": {"Wij": 90, "Zij": 72}, "roem": {"Zij": ["run3"]}},
        "Kaartpunten",
    ),
    "fr": (
        "coinche",
        ["NS", "EO"],
        {"taker": "NS", "bid": 100, "trump": "hearts", "double": "coinche", "points": {"NS": 102, "EO": 60}},
        "Points de cartes",
    ),
}


@pytest.mark.parametrize("language", list(GAMES))
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_games_words_in_french_and_dutch_fit_the_scorer_page_and_the_scoreboard(
    live_server: Any, browser: Any, language: str, size: dict[str, int]
) -> None:
    game, sides, deal, label = GAMES[language]
    match = make_match(game=game, sides=sides, seats=SEATS, deals=[deal])
    small = size["width"] < 500
    context = browser.new_context(viewport=size, locale=language, has_touch=small, is_mobile=small)
    page = context.new_page()
    found = {}
    for name, path in {"scorer": scorer_path(match), "scoreboard": f"/matches/{match.pk}/"}.items():
        page.goto(live_server.url + path)
        settled(page)
        shot(page, f"game-words-{language}-{size['width']}-{name}")
        if name == "scorer":
            assert label in page.content()
        problems = layout_problems(page)
        if problems:
            found[name] = problems
    context.close()
    assert found == {}
