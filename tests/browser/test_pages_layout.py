"""Tournament night on the pages #14 changed, in Chromium, as a player in a dim room (dark theme)
and an organizer on a busy night: at 360 × 740 and 1280 × 800 nothing overlaps, nothing is cut
without a visible way to scroll, taps are 44 px; the projector fits 1080p and 720p without
scrolling; the console's messages land where the page lands, the focus back on Name; the scorer
link copies, and Revoke asks first."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from scoring.models import Match, MatchStatus
from tests.browser.layout import fits_the_screen, layout_problems
from tests.browser.support import LAPTOP, PHONE, PROJECTORS, settled, shot, sign_in
from tests.demo_copy import demo_club
from tests.tournaments.factories import make_tournament, start_round
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": PHONE, "laptop": LAPTOP}


@pytest.fixture
def demo(tasks_in_process: None) -> Any:
    return demo_club(with_admin=True)


def screen(browser: Any, size: dict[str, int], scheme: str = "dark") -> Any:
    small = size["width"] < 500
    context = browser.new_context(viewport=size, color_scheme=scheme, has_touch=small, is_mobile=small)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def pages_of(demo: Any) -> dict[str, str]:
    swiss = Tournament.objects.get(club=demo.club, format="swiss")
    knockout = Tournament.objects.get(club=demo.club, format="single-elimination")
    table = swiss.rounds.get(number=1).tables.get(number=5).games.get().match
    rubbers = knockout.rounds.get(number=1).tables.get(bracket_slot="W1-3").games.get().match
    return {
        "home": "/",
        "club": f"/clubs/{demo.club.slug}/",
        "tournaments": "/tournaments/",
        "swiss": f"/tournaments/{swiss.pk}/",
        "knockout": f"/tournaments/{knockout.pk}/",
        "console": f"/tournaments/{swiss.pk}/console/",
        "new-tournament": "/tournaments/new/?game=coinche",
        "scoreboard": f"/matches/{table.pk}/",
        "manage": f"/matches/{table.pk}/manage/",
        "table-code": "/t/",
        "scorer": scorer_path(table),
        "deal": scorer_path(table) + "deals/1/",
        "rubbers-scoreboard": f"/matches/{rubbers.pk}/",
    }


@pytest.mark.parametrize("size", list(SIZES))
def test_no_page_overlaps_cuts_or_shrinks_a_target(live_server, browser, demo, size):
    page = screen(browser, SIZES[size])
    sign_in(page, live_server.url)
    found = {}
    for name, path in pages_of(demo).items():
        page.goto(live_server.url + path)
        settled(page)
        shot(page, f"pages-{size}-{name}")
        problems = layout_problems(page)
        if problems:
            found[name] = problems
    page.context.close()
    assert found == {}


@pytest.mark.parametrize("screen_name", list(PROJECTORS))
def test_the_projector_fits_the_screen_without_scrolling(live_server, browser, demo, screen_name):
    big = make_tournament(club=demo.club, name="Forty for the paging", entrants=40, rounds=3)
    start_round(big)
    page = screen(browser, PROJECTORS[screen_name])
    outside = {}
    for tournament in Tournament.objects.all():
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/")
        settled(page)
        shot(page.context.pages[0], f"projector-{screen_name}-{tournament.format}-{tournament.pk}")
        problems = fits_the_screen(page) + layout_problems(page)
        if problems:
            outside[tournament.name] = problems
    page.context.close()
    assert outside == {}


def test_the_knockout_projector_is_the_bracket_readable_from_the_back(live_server, browser, demo):
    knockout = Tournament.objects.get(club=demo.club, format="single-elimination")
    page = screen(browser, PROJECTORS["1080p"])
    page.goto(f"{live_server.url}/tournaments/{knockout.pk}/projector/")
    names = page.locator(".projector-panel .bracket-svg text:not(.heading)")
    heights = [box["height"] for box in (names.nth(i).bounding_box() for i in range(names.count())) if box]
    page.context.close()
    assert heights
    assert min(heights) >= 24  # px at 1080p: about 1/45 of the screen's height


def test_the_console_says_what_it_did_where_the_page_lands(live_server, browser, demo):
    tournament = make_tournament(club=demo.club, name="Phone night", entrants=4, rounds=2)
    page = screen(browser, PHONE)
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/")

    page.fill("#id_name", "Zoe")
    page.click("#entrants form.stacked button[type=submit]")
    page.wait_for_load_state()

    notice = page.get_by_role("status").filter(has_text="Zoe registered.")
    assert notice.is_visible()
    assert notice.bounding_box()["y"] >= 0
    assert notice.bounding_box()["y"] + notice.bounding_box()["height"] <= PHONE["height"]
    assert page.evaluate("document.activeElement.id") == "id_name"  # the next name, at once

    page.fill("#id_name", "Zoe")
    page.click("#entrants form.stacked button[type=submit]")
    error = page.locator("#id_name_error")
    assert "already entered" in error.inner_text()
    box = error.bounding_box()
    assert 0 <= box["y"] <= PHONE["height"]

    start_round(tournament)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/#tables")
    # Round 2 is not offered while round 1 plays: the console says why where the button would be.
    assert page.locator("#tables button", has_text="Start round 2").count() == 0
    reason = page.locator("#tables .start-refused")
    assert "is not complete: tables" in reason.inner_text()
    box = reason.bounding_box()
    assert 0 <= box["y"] <= PHONE["height"]
    shot(page, "console-round-not-complete-phone")
    page.context.close()
    assert box is not None
    assert 0 <= box["y"] <= PHONE["height"] - box["height"]


def test_the_scorer_link_copies_and_revoke_asks_first(live_server, browser, demo):
    match = Match.objects.filter(club=demo.club, status=MatchStatus.IN_PROGRESS).first()
    page = screen(browser, LAPTOP)
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{match.pk}/manage/")

    page.click("button[data-copy]")
    page.wait_for_function("document.querySelector('.copy-status').textContent.length > 0")

    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("button.danger:has-text('Revoke the link')")
    match.refresh_from_db()
    assert not match.table_link_revoked

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button.danger:has-text('Revoke the link')")
    page.wait_for_selector("text=The scorer link no longer works.")
    page.context.close()
    match.refresh_from_db()
    assert match.table_link_revoked


def test_the_charts_axis_labels_read_at_a_normal_size_on_a_laptop(live_server, browser, demo):
    match = Match.objects.filter(club=demo.club, deal_count__gt=2).first()
    page = screen(browser, LAPTOP)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    heights = page.eval_on_selector_all(
        ".chart .axis", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    page.context.close()
    assert heights
    assert max(heights) <= 20
