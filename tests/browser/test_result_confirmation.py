"""Hand-over confirmation on a phone (360 px): the table's last deal is in, the phone is passed
across, the other side picks itself, checks the score and taps Accept; the page says so in place
(htmx), nothing overlaps and nothing serious is left for a screen reader."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from scoring.models import Match
from scoring.result_states import Confirmation
from tests.browser.accessibility import report, violations
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, shot
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
    opened = phone.url
    panel = phone.locator("#result")
    assert "Pass the phone to the other side" in panel.inner_text()
    assert "Result awaiting confirmation" in phone.locator("#scoreline").inner_text()
    assert layout_problems(phone) == []
    assert not (found := violations(phone)), report(found)
    shot(phone, "result-handover-360")
    phone.set_viewport_size(LAPTOP)
    phone.emulate_media(color_scheme="light")
    assert layout_problems(phone) == []
    shot(phone, "result-handover-1280-light")
    phone.set_viewport_size(PHONE)
    phone.emulate_media(color_scheme="dark")

    panel.get_by_label("Ben").check()
    panel.get_by_role("button", name="Accept the result").click()
    phone.locator(".notice", has_text="Result accepted").wait_for()

    assert phone.locator("#result").count() == 0
    assert phone.get_by_role("button", name="Rematch").count() == 0
    assert "Result accepted by Ben" in phone.locator("#scoreline").inner_text()
    assert phone.url == opened  # answered in place (htmx), no page load
    assert Match.objects.get(pk=match.pk).result_status == "confirmed"
    shot(phone, "result-accepted-360")
