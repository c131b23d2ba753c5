"""The #15 sweep's pages on a 360 px phone in French and Dutch, in Chromium: the scorer page of a
tournament table (its title said at display time, its seats by the compass, an entry error shown),
that table's scoreboard, the console, the results desk and the public tournament page. Nothing may
overlap, be cut or shrink a target, nor fail axe's serious and critical rules (support.looked_at).
Screenshots go to test-artifacts/browser/sweep/<language>-<page>.png."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from scoring.models import Match, MatchStatus
from tests.browser.support import ARTIFACTS, PHONE, looked_at, settled, sign_in
from tests.demo_copy import demo_club
from tests.i18n.language import back_to_the_default_language  # noqa: F401  (English after each test)
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

#: A word of each language the pages say, so a page left in English fails too.
SAID = {"fr": {"table": "table", "seat": "Nord"}, "nl": {"table": "tafel", "seat": "Noord"}}


@pytest.fixture
def demo(tasks_in_process: None) -> Any:
    return demo_club(with_admin=True)


def phone_in(browser: Any, language: str) -> Any:
    context = browser.new_context(
        viewport=PHONE,
        color_scheme="dark",
        has_touch=True,
        is_mobile=True,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_sweeps_pages_fit_a_phone_in_the_language(live_server, browser, demo, language):
    swiss = Tournament.objects.get(club=demo.club, format="swiss")
    playing = (
        Match.objects.filter(club=demo.club, status=MatchStatus.IN_PROGRESS, title_parts__event=swiss.name)
        .order_by("pk")
        .first()
    )
    assert playing is not None
    page = phone_in(browser, language)
    try:
        found = look_at_the_pages(page, live_server.url, language, swiss, playing)
    finally:
        page.context.close()
    assert found == []


def look_at_the_pages(page: Any, base: str, language: str, swiss: Tournament, playing: Match) -> list[str]:
    sign_in(page, base)
    folder = ARTIFACTS / "sweep"
    found: list[str] = []
    pages = {
        "scorer": scorer_path(playing),
        "scoreboard": f"/matches/{playing.pk}/",
        "console": f"/tournaments/{swiss.pk}/console/",
        "desk": f"/tournaments/{swiss.pk}/desk/",
        "public": f"/tournaments/{swiss.pk}/",
    }
    for name, path in pages.items():
        page.goto(base + path)
        settled(page)
        if name == "scorer":  # Save with nothing entered: the refusal shows below the button
            page.locator("#entry button[type=submit]").click()
            page.locator("#scorer-alert p").wait_for()
            settled(page)
            page.evaluate("window.scrollTo(0, 0)")  # the sticky status line lies over the form there
            text = page.locator("main").inner_text()
            assert SAID[language]["table"] in text
            assert SAID[language]["seat"] in text
            status = page.locator("#outbox-status")
            if status.is_visible():  # the outbox's line, said by the script's catalog
                assert status.inner_text().strip() != "Online" or language == "nl"
        found += looked_at(page, folder, f"{language}-{name}")
    return found
