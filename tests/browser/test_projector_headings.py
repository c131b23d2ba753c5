"""#28 item 11: a column heading of the projector's standings is never cut ("Matchpun…" in Dutch):
it takes a shorter word of the language ("Matchptn") with its full name in a title, and breaks
rather than ends in an ellipsis where even that does not fit (a phone)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE
from tests.browser.test_translated_pages import demo, screen  # noqa: F401  (the demo, a page in a language)
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CUT = """() => [...document.querySelectorAll('.projector-table th')]
    .filter(th => th.scrollWidth > th.clientWidth + 1).map(th => th.textContent.trim())"""


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_no_standings_heading_of_the_projector_is_cut(live_server, browser, demo: Any, size, language):  # noqa: F811
    swiss = Tournament.objects.get(club=demo.club, format="swiss")
    page = screen(browser, size, language)
    page.goto(f"{live_server.url}/tournaments/{swiss.pk}/projector/")

    headings = page.locator(".projector-table th").all_inner_texts()

    assert {"fr": "Pts match", "nl": "Matchptn"}[language] in " ".join(" ".join(headings).split())
    assert page.evaluate(CUT) == []
