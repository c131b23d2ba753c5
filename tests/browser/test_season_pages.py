"""The seasons' pages in Chromium, on the demo's Klaverjas season: at 360 × 740 (and 1280 × 800)
in the dark theme and the light one, the season table, a player's page, the players' page, the
organizer's pages and the projector have nothing overlapping, nothing cut without a visible way to
scroll, 44 px targets, and no serious or critical accessibility violation (axe-core)."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.models import Player
from seasons.models import Season
from tests.browser.accessibility import report, violations
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, LOOKS, PHONE, settled, shot, sign_in
from tests.demo_copy import demo_club

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(tasks_in_process: None) -> Any:
    return demo_club(with_admin=True)


def season_pages(demo: Any) -> dict[str, str]:
    season = Season.objects.get(club=demo.club)
    anneke = Player.objects.get(name="Anneke")
    return {
        "season": f"/seasons/{season.pk}/",
        "player": f"/players/{anneke.pk}/",
        "players": f"/players/?club={demo.club.slug}",
        "seasons": "/seasons/",
        "new-season": "/seasons/new/",
        "manage": f"/seasons/{season.pk}/manage/",
        "projector": f"/seasons/{season.pk}/projector/",
    }


@pytest.mark.parametrize(("size", "scheme"), LOOKS)
def test_the_season_pages_fit_and_have_no_serious_violation(live_server, browser, demo, size, scheme):
    viewport = PHONE if size == "phone" else LAPTOP
    small = size == "phone"
    context = browser.new_context(viewport=viewport, color_scheme=scheme, has_touch=small, is_mobile=small)
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in(page, live_server.url)
    problems, grave = {}, {}
    for name, path in season_pages(demo).items():
        page.goto(live_server.url + path)
        settled(page)
        shot(page, f"seasons-{size}-{scheme}-{name}")
        found = layout_problems(page)
        if found:
            problems[name] = found
        bad = violations(page)
        if bad:
            grave[name] = report(bad)
    context.close()
    assert problems == {}
    assert grave == {}


def test_the_public_season_page_strikes_dropped_evenings_through_at_360_px(live_server, browser, demo):
    context = browser.new_context(viewport=PHONE, color_scheme="dark", has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(live_server.url + season_pages(demo)["season"])

    struck = page.locator("table.season-grid s")
    assert struck.count() >= 8
    assert page.locator("text=Provisional").count() >= 1
    assert page.locator(".scroll-hint").is_visible()
    assert layout_problems(page) == []
    context.close()
