"""The new-match page with its Options open, and the new-tournament form, in Chromium (#14): at
360 × 740 and 1280 × 800, dark and light, nothing overlaps or is cut, taps are 44 px, axe-core
finds nothing grave; each option
shows its label in words and a yes-or-no option is a switch that turns when its label is tapped."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.accessibility import report, violations
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, LOOKS, PHONE, shot, sign_in
from tests.demo_copy import demo_club

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": PHONE, "laptop": LAPTOP}
GAMES_SHOWN = ("coinche", "klaverjas", "jo-jotte")


@pytest.fixture
def demo(tasks_in_process: None) -> Any:
    return demo_club(with_admin=True)


@pytest.mark.parametrize(("size", "scheme"), LOOKS)
def test_the_options_read_in_words_and_fit_the_screen(live_server, browser, demo, size, scheme):
    small = SIZES[size]["width"] < 500
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme, has_touch=small, is_mobile=small)
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in(page, live_server.url)
    found = {}
    for key in GAMES_SHOWN:
        page.goto(f"{live_server.url}/clubs/{demo.club.slug}/matches/new/?game={key}")
        page.click("details.group > summary")
        shot(page, f"options-{key}-{size}-{scheme}")
        grave = violations(page)
        found[key] = layout_problems(page) + ([report(grave)] if grave else [])
    page.goto(f"{live_server.url}/tournaments/new/?game=coinche")
    shot(page, f"new-tournament-coinche-{size}-{scheme}")
    found["new tournament"] = layout_problems(page)
    context.close()
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_a_yes_or_no_option_is_a_switch_turned_by_its_label(live_server, browser, demo):
    page = browser.new_page(viewport=LAPTOP)
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/{demo.club.slug}/matches/new/?game=coinche")
    page.click("details.group > summary")
    switch = page.get_by_role("switch", name="No-trump contracts")
    assert not switch.is_checked()
    page.get_by_text("No-trump contracts", exact=True).click()
    assert switch.is_checked()
    assert page.get_by_role("switch", name="Declarations (melds)").is_checked()  # Parlett plays them
    page.close()
