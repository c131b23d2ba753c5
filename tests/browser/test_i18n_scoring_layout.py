"""The scoring pages in French and Dutch on a 360 px phone (#15): their sentences are often longer
than the English ones, so the scorer page (with an entry error shown), the scoreboard and the new
match page are drawn in Chromium with the browser's language set, and nothing may overlap, be cut
or shrink a target, nor fail axe's serious and critical rules. Screenshots go to
test-artifacts/browser/ (i18n-<language>-<size>-<page>.png); Dutch is drawn on a laptop too."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from tests.browser.accessibility import report, violations
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, settled, shot, sign_in
from tests.demo_copy import demo_club
from tests.factories import make_match
from tests.i18n.language import back_to_the_default_language  # noqa: F401  (English after each test)
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

#: What each language's pages must say (so a page left in English fails here too).
SAID = {
    "fr": {"scorer": "Enregistrer la donne", "scoreboard": "Donnes", "new-match": "Commencer la partie"},
    "nl": {"scorer": "opslaan", "scoreboard": "Spellen", "new-match": "Partij beginnen"},
}


@pytest.fixture
def demo(tasks_in_process: None) -> Any:
    return demo_club(with_admin=True)


def screen_in(browser: Any, language: str, size: dict[str, int]) -> Any:
    """A screen of ``size`` (a phone's touch below 500 px) whose browser asks for ``language`` (its
    Accept-Language)."""
    small = size["width"] < 500
    context = browser.new_context(
        viewport=size, color_scheme="dark", has_touch=small, is_mobile=small, locale=language
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.mark.parametrize(("language", "size"), [("fr", "phone"), ("nl", "phone"), ("nl", "laptop")])
def test_the_scoring_pages_fit_the_screen_in_the_language(live_server, browser, demo, language, size):
    swiss = Tournament.objects.get(club=demo.club, format="swiss")
    table = swiss.rounds.get(number=1).tables.get(number=5).games.get().match
    playing = make_match(  # a match still being played: its scorer page has the entry form
        club=demo.club,
        game="klaverjas",
        sides=["Wij", "Zij"],
        seats=["Ely", "Fay", "Gus", "Hal"],
        deals=[{"playing": "Wij", "points": {"Wij": 92, "Zij": 70}}],
    )
    page = screen_in(browser, language, {"phone": PHONE, "laptop": LAPTOP}[size])
    sign_in(page, live_server.url)
    found: dict[str, list[str]] = {}
    pages = {
        "scoreboard": f"/matches/{table.pk}/",
        "new-match": f"/clubs/{demo.club.slug}/matches/new/?game=coinche",
        "scorer": scorer_path(playing),
    }
    for name, path in pages.items():
        page.goto(live_server.url + path)
        settled(page)
        if name == "scorer":  # Save with nothing entered: the refusal shows below the button
            page.locator("#entry button[type=submit]").click()
            page.locator("#scorer-alert p").wait_for()
            settled(page)
            # The status line is sticky: scrolled to the alert it lies over the form by design.
            page.evaluate("window.scrollTo(0, 0)")
        text = page.locator("main").inner_text()
        assert SAID[language][name] in text, (name, language)
        shot(page, f"i18n-{language}-{size}-{name}")
        problems = layout_problems(page) + [report([v]) for v in violations(page)]
        if problems:
            found[name] = problems
    page.context.close()
    assert found == {}
