"""The new-match page's options follow the rules chosen (#23 item 8): choosing Pagat shows "2000
(as the rules say)" where Parlett showed 1000, FFB shows its own values, a switch turns as the
rules say, and the match started plays the rules chosen; an option the organizer changed by hand
stays as changed. In French, on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.models import Match
from tests.browser.layout import layout_problems
from tests.browser.support import PHONE, screen, shot, sign_in
from tests.factories import organizer

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _said(page: Any, option: str) -> str:
    """What a blank option says: a number box's placeholder, a list's blank choice."""
    return page.evaluate(
        """(name) => { const field = document.querySelector(`[name="${name}"]`);
        return field.tagName === "SELECT" ? field.options[0].textContent : field.placeholder; }""",
        f"o.{option}",
    )


def _switch(page: Any, option: str) -> bool:
    return bool(page.locator(f"input[name='o.{option}']").is_checked())


def test_the_options_shown_and_sent_are_the_chosen_rules_own(live_server: Any, browser: Any):
    user = organizer()
    page = screen(browser, PHONE, locale="fr")
    sign_in(page, live_server.url, user.username, "a-good-password")
    page.goto(f"{live_server.url}/clubs/{user.club_roles.get().club.slug}/matches/new/?game=coinche")
    for index, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        page.fill(f"input[name='seat.{index}']", name)
    page.click("details.group > summary")
    assert _said(page, "target") == "1000 (selon les règles)"

    page.select_option("select[name=preset]", "pagat")
    assert _said(page, "target") == "2000 (selon les règles)"
    assert not _switch(page, "capot_doublable")
    assert not _switch(page, "declarations")
    page.locator("label.toggle:has(input[name='o.no_trump'])").click()  # the organizer's own change
    page.select_option("select[name=preset]", "ffb")
    assert _said(page, "target") == "1000 (selon les règles)"
    assert _said(page, "failed_capot_value") == "410 (selon les règles)"
    assert _switch(page, "capot_doublable")
    assert _switch(page, "melds_to_winner")
    assert _switch(page, "no_trump")  # changed by hand: it stays
    page.select_option("select[name=preset]", "pagat")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "table-preset-pagat-fr-360")
    assert layout_problems(page) == []

    page.click("form.match-form button[type=submit]")
    page.wait_for_url("**/manage/**")
    options = Match.objects.get().options
    assert (options["target"], options["made_test"], options["double_formula"]) == (
        2000,
        "reach_bid",
        "bid_only",
    )
    assert (options["capot_doublable"], options["declarations"], options["melds_to_winner"]) == (
        False,
        False,
        False,
    )
    assert options["no_trump"] is True
