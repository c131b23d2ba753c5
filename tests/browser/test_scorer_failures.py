"""The scorer page never fails silently, on a phone in a dim room: after Save the eye lands on
"Deal N saved." with the new totals; a refused entry (422), a closed match (409), a revoked link
(403), a server error (5xx) and no connection each say on screen, where the eye is, what happened
and what to do; without JavaScript too. The Undo of the last deal asks first and says it is done.

The server error and the lost connection are the network's answers to one request, simulated in
the browser with Playwright's ``page.route`` (no test-only URL in the site); everything else is the
real server's answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clubs.access import Actor
from scoring.links import table_token
from scoring.services import deals, links
from tests.browser.accessibility import report, violations
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, screen, snap
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/tables-shots")
SIDES = ["Ann", "Bob"]
ORGANIZER = Actor(label="organizer")


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is on the screen as it is now (not above or below it)."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 120) <= height


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def enter(page: Any, first: str, second: str) -> None:
    page.fill("input[name='f.points.0']", first)
    page.fill("input[name='f.points.1']", second)
    page.locator("#entry button[type=submit]").click()


def alert_says(page: Any, text: str) -> None:
    page.wait_for_selector(f"#scorer-alert:has-text('{text}')")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_each_answer_to_save_shows_where_the_eye_is(live_server, browser, size):
    viewport = PHONE if size == "phone" else LAPTOP
    match = make_match(sides=SIDES, title="Table 4", deal_limit=3)
    scorer = f"{live_server.url}/t/{table_token(match)}/"
    page = screen(browser, viewport, workers="block")  # page.route sees every request
    page.goto(scorer)

    # Saved: "Deal 1 saved." and the new totals are on screen, the focus on the message.
    enter(page, "5", "3")
    page.wait_for_selector("#saved:has-text('Deal 1 saved.')")
    assert in_view(page, "#saved")
    assert in_view(page, "#scoreline")
    assert focused(page) == "saved"
    snap(page, SHOTS, f"saved-{size}", full_page=False)

    # A refused entry (422): what is wrong, below the Save button, in view and focused.
    page.fill("input[name='f.points.0']", "")
    page.fill("input[name='f.points.1']", "")
    page.locator("#entry button[type=submit]").click()
    alert_says(page, "Not saved.")
    assert in_view(page, "#scorer-alert")
    assert focused(page) == "scorer-alert"
    snap(page, SHOTS, f"refused-{size}", full_page=False)

    # The server fails (a 500): the deal is kept on the phone (#13), the form is ready for the
    # next one, and the page says so where the eye is.
    def fails(route: Any) -> None:
        if route.request.method == "POST":
            route.fulfill(status=500, body="boom")
        else:
            route.continue_()

    def unreachable(route: Any) -> None:
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/t/*/", fails)
    enter(page, "2", "2")
    page.wait_for_selector("#kept:has-text('Deal 2 is saved on this phone')")
    assert page.locator("#entry .error[data-field]").count() == 0  # the last try's error is gone
    assert in_view(page, "#kept")
    assert focused(page) == "kept"
    page.wait_for_selector("#outbox-status:has-text('1 deal saved on this phone')")
    snap(page, SHOTS, f"server-error-{size}", full_page=False)

    # No connection at all: still kept. The outbox retries by itself, so the connection is cut
    # before the failing server is taken away (the last route added answers first): a retry in
    # between would have reached the real server.
    page.route("**/t/*/", unreachable)
    page.unroute("**/t/*/", fails)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#outbox-list li:has-text('Deal 2')")
    snap(page, SHOTS, f"offline-{size}", full_page=False)
    assert match.deals.count() == 1  # counted while still cut off: the outbox retries by itself
    page.unroute("**/t/*/", unreachable)

    # The network is back: the kept deal is sent by itself, once.
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#outbox", state="hidden")
    assert match.deals.count() == 2

    # Another phone enters deal 3 meanwhile (and ends the match): this phone's deal 3 is a
    # recorded conflict (409), said where the eye is, to settle on the page (#13).
    deals.deal_record(match_id=match.pk, entry={"points": {"Ann": 1, "Bob": 1}}, actor=ORGANIZER)
    enter(page, "3", "3")
    page.wait_for_selector("#saved:has-text('another entry for deal 3 is already scored')")
    page.wait_for_selector(".conflict h2:has-text('Conflict on deal 3')")
    assert in_view(page, "#saved")
    assert focused(page) == "saved"
    snap(page, SHOTS, f"closed-{size}", full_page=False)
    page.evaluate("window.scrollTo(0, 0)")  # the status line stays on top of what scrolls under it
    assert layout_problems(page) == []
    assert violations(page) == [], report(violations(page))
    page.context.close()


def test_a_revoked_link_says_so_on_save_and_on_the_next_poll(live_server, browser):
    match = make_match(sides=SIDES, title="Table 5")
    page = screen(browser, PHONE)
    page.goto(f"{live_server.url}/t/{table_token(match)}/")
    links.table_link_revoke(match_id=match.pk, actor=ORGANIZER)
    enter(page, "5", "3")
    # The deal stays on the phone (#13), and the page says why it is not scored.
    page.wait_for_selector("#outbox-list .blocked:has-text('This link was replaced or revoked')")
    page.wait_for_selector("#outbox-status:has-text('this link was replaced or revoked — ask the organizer')")
    page.reload()
    page.wait_for_selector("#outbox-list .blocked:has-text('Deal 1')")
    snap(page, SHOTS, "revoked-phone", full_page=False)
    assert match.deals.count() == 0

    # A page left open says it too, on its next poll, without taking the focus.
    other = make_match(sides=SIDES, title="Table 6")
    page.goto(f"{live_server.url}/t/{table_token(other)}/")
    links.table_link_revoke(match_id=other.pk, actor=ORGANIZER, renew=True)
    alert_says(page, "This scorer link no longer works")
    assert focused(page) != "scorer-alert"
    page.context.close()


def test_without_javascript_every_answer_lands_in_view(live_server, browser):
    match = make_match(sides=SIDES, title="Table 8")
    scorer = f"{live_server.url}/t/{table_token(match)}/"
    page = screen(browser, PHONE, scripts=False)
    page.goto(scorer)
    enter(page, "5", "3")
    page.wait_for_load_state()
    assert page.locator(".messages").inner_text() == "Deal 1 saved."
    assert in_view(page, ".messages")
    assert in_view(page, "#scoreline")
    snap(page, SHOTS, "saved-no-js-phone", full_page=False)

    page.fill("input[name='f.points.0']", "")
    page.locator("#entry button[type=submit]").click()
    page.wait_for_load_state()
    assert "Not saved." in page.locator("#scorer-alert").inner_text()
    assert in_view(page, "#scorer-alert")  # autofocus brought it into view
    snap(page, SHOTS, "refused-no-js-phone", full_page=False)

    links.table_link_revoke(match_id=match.pk, actor=ORGANIZER)
    enter(page, "5", "3")
    page.wait_for_load_state()
    assert "no longer works" in page.locator("h1 + .lead").inner_text()
    assert "Nothing you sent was saved." in page.content()
    snap(page, SHOTS, "revoked-no-js-phone", full_page=False)
    page.context.close()


def test_undo_the_last_deal_asks_first_and_says_it_is_done(live_server, browser):
    match = make_match(sides=SIDES, title="Table 9", deals=[{"points": {"Ann": 5, "Bob": 3}}])
    page = screen(browser, PHONE)
    page.goto(f"{live_server.url}/t/{table_token(match)}/")
    page.click("#undo summary")
    assert page.locator("#undo input[name=reason]").input_value() == "Undo: entered by mistake"
    snap(page, SHOTS, "undo-open-phone", full_page=False)
    questions: list[str] = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    page.click("#undo button[type=submit]")
    page.wait_for_selector(".messages:has-text('Deal 1 undone.')")
    assert questions == ["Undo deal 1? It stops counting and the totals go back to what they were before it."]
    assert in_view(page, ".messages")
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": 0, "Bob": 0}
    snap(page, SHOTS, "undone-phone", full_page=False)
    assert layout_problems(page) == []
    page.context.close()
