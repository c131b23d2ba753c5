"""The organizer's API token page in Chromium: a 40-letter token wraps on a 360 px phone (French)
and reads on a laptop (Dutch); the layout checker and axe find nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in
from tests.factories import ClubFactory, organizer

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("size", "locale"), [(PHONE, "fr-FR"), (LAPTOP, "nl-NL")], ids=["phone-fr", "laptop-nl"]
)
def test_the_token_page_fits_once_the_token_is_made(live_server, browser: Any, size, locale):
    boss = organizer(ClubFactory())
    page = screen(browser, size, locale=locale)
    sign_in(page, live_server.url, boss.username, "a-good-password")
    page.goto(live_server.url + "/accounts/api-token/")

    page.locator("form button[value=issue]").click()
    page.wait_for_load_state()

    assert page.locator("#api-token").input_value() == boss.auth_token.key
    assert looked_at(page, Path("/tmp/tablescore-token"), f"token-{locale}") == []
    page.close()
