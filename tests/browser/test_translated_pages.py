"""The tournaments' and seasons' pages in French and Dutch (issue #15), in Chromium, on the demo:
French and Dutch words run longer than English ones, so at 360 × 740 and 1280 × 800 the console,
the public pages (a Swiss and a knockout), the projector and the season's pages must still have
nothing overlapping, nothing cut without a visible way to scroll, 44 px targets and no serious
accessibility violation; the projector still fits a 720p screen without scrolling. Screenshots go
to test-artifacts/browser/translated-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from seasons.models import Season
from tests.browser.accessibility import report, violations
from tests.browser.layout import fits_the_screen, layout_problems
from tests.browser.support import LAPTOP, PHONE, PROJECTORS, settled, shot, sign_in
from tests.demo_copy import demo_club
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": PHONE, "laptop": LAPTOP}
#: A word each page says in the language, to be sure the page was translated at all.
SAID = {"fr": "Classement", "nl": "Stand"}


@pytest.fixture
def demo(tasks_in_process: None) -> Iterator[Any]:
    yield demo_club(with_admin=True)
    translation.deactivate()


def screen(browser: Any, size: dict[str, int], language: str) -> Any:
    small = size["width"] < 500
    context = browser.new_context(
        viewport=size,
        color_scheme="dark",
        has_touch=small,
        is_mobile=small,
        locale={"fr": "fr-FR", "nl": "nl-NL"}[language],
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def pages_of(demo: Any) -> dict[str, str]:
    swiss = Tournament.objects.get(club=demo.club, format="swiss")
    knockout = Tournament.objects.get(club=demo.club, format="single-elimination")
    season = Season.objects.get(club=demo.club)
    return {
        "console": f"/tournaments/{swiss.pk}/console/",
        "swiss": f"/tournaments/{swiss.pk}/",
        "knockout": f"/tournaments/{knockout.pk}/",
        "projector": f"/tournaments/{swiss.pk}/projector/",
        "knockout-projector": f"/tournaments/{knockout.pk}/projector/",
        "season": f"/seasons/{season.pk}/",
        "season-projector": f"/seasons/{season.pk}/projector/",
    }


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_translated_pages_fit_and_have_no_serious_violation(live_server, browser, demo, size, language):
    page = screen(browser, SIZES[size], language)
    sign_in(page, live_server.url)
    problems, grave, english = {}, {}, []
    for name, path in pages_of(demo).items():
        page.goto(live_server.url + path)
        settled(page)
        shot(page, f"translated-{language}-{size}-{name}")
        if SAID[language] not in page.inner_text("body") and "projector" not in name:
            english.append(name)
        found = layout_problems(page)
        if found:
            problems[name] = found
        bad = violations(page)
        if bad:
            grave[name] = report(bad)
    page.context.close()
    assert english == []
    assert problems == {}
    assert grave == {}


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_translated_projector_fits_a_720p_screen(live_server, browser, demo, language):
    page = screen(browser, PROJECTORS["720p"], language)
    outside = {}
    for tournament in Tournament.objects.filter(club=demo.club):
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/")
        settled(page)
        shot(page, f"translated-{language}-720p-projector-{tournament.format}")
        found = fits_the_screen(page) + layout_problems(page)
        if found:
            outside[tournament.name] = found
    page.context.close()
    assert outside == {}
