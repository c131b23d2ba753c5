"""The layout in French and Dutch (often longer than English) on a 360 px phone (and English, and
French on a laptop): the nav, the
language switcher at the foot, the sign-in page and a club's settings fit without overlap or
overflow (the layout checker), with a screenshot of each under test-artifacts/browser/; and the
switcher changes the language without JavaScript, remembered on the next page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, shot, sign_in
from tests.factories import ClubFactory, UserFactory, organizer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": PHONE, "laptop": LAPTOP}


def phone_in(browser: Any, locale: str, *, scripts: bool = True, size: dict[str, int] = PHONE) -> Any:
    small = size["width"] < 500
    context = browser.new_context(
        viewport=size,
        color_scheme="dark",
        has_touch=small,
        is_mobile=small,
        locale=locale,
        java_script_enabled=scripts,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.mark.parametrize(
    ("language", "size"), [("fr", "phone"), ("nl", "phone"), ("en", "phone"), ("fr", "laptop")]
)
def test_the_layout_fits_the_screen_in_the_language(live_server, browser, language, size):
    club = ClubFactory(name="Klaverjasvereniging De Hoge Troef", slug="troef")
    user = organizer(club, user=UserFactory(username="directeur", is_staff=True))
    user.set_password("a-good-password")
    user.save()
    page = phone_in(browser, language, size=SIZES[size])
    pages = {
        "sign-in": "/accounts/login/",
        "not-found": "/no/such/page/",
    }
    found = {}
    for name, path in pages.items():
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == language
        shot(page, f"languages-{language}-{size}-{name}")
        if problems := layout_problems(page):
            found[name] = problems
    sign_in(page, live_server.url, "directeur", "a-good-password")
    for name, path in {"settings": f"/clubs/{club.slug}/settings/", "signed-in-404": "/nowhere/"}.items():
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == language
        shot(page, f"languages-{language}-{size}-{name}")
        if problems := layout_problems(page):
            found[name] = problems
    page.context.close()
    assert found == {}


def test_the_switcher_changes_the_language_without_javascript(live_server, browser):
    page = phone_in(browser, "en-US", scripts=False)
    page.goto(live_server.url + "/accounts/login/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_role("button", name="Français").click()
    page.wait_for_load_state()
    assert page.url == live_server.url + "/accounts/login/"
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.get_by_role("heading", level=1).inner_text() == "Se connecter"
    assert page.get_by_role("button", name="Français").get_attribute("aria-pressed") == "true"
    page.goto(live_server.url + "/no/such/page/")  # remembered
    assert page.get_by_role("heading", level=1).inner_text() == "Introuvable"
    page.get_by_role("button", name="Nederlands").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", level=1).inner_text() == "Niet gevonden"
    page.context.close()
