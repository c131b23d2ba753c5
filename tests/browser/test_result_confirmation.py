"""Hand-over confirmation on a phone (360 px): the table's last deal is in, the phone is passed
across, the page asks which side entered and offers Accept to the other side only (a large
button), which checks the score and taps it; the page says so in place
(htmx), nothing overlaps and nothing serious is left for a screen reader."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from scoring.models import Match
from scoring.result_states import Confirmation
from tests.browser.accessibility import report, violations
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, screen, shot
from tests.factories import ClubFactory, make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.django_db(transaction=True)
def test_the_other_side_accepts_on_the_same_phone(live_server: Any, phone: Any) -> None:
    match = make_match(
        club=ClubFactory(),
        sides=["Ann", "Ben"],
        deal_limit=1,
        confirmation=Confirmation.HAND_OVER,
        title="Spring cup · round 1, table 3",
        deals=[{"points": {"Ann": 12, "Ben": 7}}],
        announce_changes=True,  # as a tournament's table: no rematch
    )
    phone.goto(live_server.url + scorer_path(match))
    panel = phone.locator("#result")
    assert "Pass the phone to the other side" in panel.inner_text()
    assert panel.get_by_role("button", name="Accept the result").count() == 0  # who entered, first
    panel.get_by_role("link", name="Entered by: Ann").click()
    phone.wait_for_url(f"**?entered=0&match={match.pk}#result")
    phone.evaluate("window.stayed = true")  # gone if the page loads again
    assert panel.get_by_role("button").filter(has_text="accept the result").all_inner_texts() == [
        "Ben: accept the result"
    ]  # only the other side
    assert panel.get_by_role("button", name="Ben: accept the result").bounding_box()["height"] >= 48
    assert "Result awaiting confirmation" in phone.locator("#scoreline").inner_text()
    phone.evaluate("window.scrollTo(0, 0)")  # the sticky status bar lies over what scrolled under it
    assert layout_problems(phone) == []
    assert not (found := violations(phone)), report(found)
    shot(phone, "result-handover-360")
    phone.set_viewport_size(LAPTOP)
    phone.emulate_media(color_scheme="light")
    assert layout_problems(phone) == []
    shot(phone, "result-handover-1280-light")
    phone.set_viewport_size(PHONE)
    phone.emulate_media(color_scheme="dark")

    panel.get_by_role("button", name="Ben: accept the result").click()
    phone.locator(".notice", has_text="Result accepted").wait_for()

    assert phone.locator("#result").count() == 0
    assert phone.get_by_role("button", name="Rematch").count() == 0
    assert "Result accepted by Ben" in phone.locator("#scoreline").inner_text()
    assert phone.evaluate("window.stayed === true")  # answered in place (htmx), no page load
    assert "entered" not in phone.url  # the next result asks again
    assert Match.objects.get(pk=match.pk).result_status == "confirmed"
    shot(phone, "result-accepted-360")


@pytest.mark.django_db(transaction=True)
def test_the_hand_over_speaks_french_and_refuses_in_french(live_server: Any, browser: Any) -> None:
    match = make_match(
        sides=["Les As", "Les Rois"],
        deal_limit=1,
        confirmation=Confirmation.HAND_OVER,
        deals=[{"points": {"Les As": 12, "Les Rois": 7}}],
    )
    page = screen(browser, PHONE, locale="fr")
    page.goto(live_server.url + scorer_path(match))
    panel = page.locator("#result")
    assert "quel camp a saisi la marque ?" in panel.inner_text()
    shot(page, "table-handover-ask-fr-360")
    page.evaluate("window.scrollTo(0, 0)")
    assert layout_problems(page) == []
    panel.get_by_role("link", name="Saisi par : Les As").click()
    page.wait_for_url(f"**?entered=0&match={match.pk}#result")
    assert "Les Rois : accepter le résultat" in panel.inner_text()
    assert "Les As : accepter" not in panel.inner_text()
    panel.locator("summary", has_text="Signaler un problème").click()
    panel.get_by_role("button", name="Signaler le problème").click()  # no reason: refused in French
    panel.locator(".form-error", has_text="Dites ce qui ne va pas dans le résultat.").wait_for()
    shot(page, "table-handover-refused-fr-360")
    page.evaluate("window.scrollTo(0, 0)")
    assert layout_problems(page) == []
    assert Match.objects.get(pk=match.pk).result_status == "submitted"
