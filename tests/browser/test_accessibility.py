"""An automated accessibility pass (axe-core, vendored): the scorer page, a scoreboard, a tournament's
public page, the projector and the console, and the home page, the match's manage page and the
table code page, have no serious or critical violation, in the dark theme and the light one."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from tests.browser.accessibility import report, violations
from tests.browser.support import PHONE, PROJECTORS, settled, sign_in
from tests.demo_copy import demo_club
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(tasks_in_process: None) -> Any:
    return demo_club(with_admin=True)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_pages_of_a_tournament_night_have_no_serious_violation(live_server, browser, demo, scheme):
    swiss = Tournament.objects.get(club=demo.club, format="swiss")
    knockout = Tournament.objects.get(club=demo.club, format="single-elimination")
    match = swiss.rounds.get(number=1).tables.get(number=5).games.get().match
    rubbers = knockout.rounds.get(number=1).tables.get(bracket_slot="W1-3").games.get().match
    pages = {
        "scorer page": (scorer_path(match), PHONE),
        "scoreboard": (f"/matches/{match.pk}/", PHONE),
        "tournament page": (f"/tournaments/{swiss.pk}/", PHONE),
        "knockout page": (f"/tournaments/{knockout.pk}/", PHONE),
        "projector": (f"/tournaments/{swiss.pk}/projector/", PROJECTORS["1080p"]),
        "knockout projector": (f"/tournaments/{knockout.pk}/projector/", PROJECTORS["1080p"]),
        "console": (f"/tournaments/{swiss.pk}/console/", PHONE),
        "home": ("/", PHONE),
        "manage": (f"/matches/{match.pk}/manage/", PHONE),
        "table code": ("/t/", PHONE),
        "deal page": (scorer_path(match) + "deals/1/", PHONE),
        "rubbers scoreboard": (f"/matches/{rubbers.pk}/", PHONE),
    }
    organizers = ("console", "manage")
    found = {}
    for name, (path, size) in pages.items():
        context = browser.new_context(viewport=size, color_scheme=scheme)
        page = context.new_page()
        if name in organizers:
            sign_in(page, live_server.url)
        page.goto(live_server.url + path)
        settled(page)
        grave = violations(page)
        if grave:
            found[name] = report(grave)
        context.close()
    assert found == {}, "\n".join(f"{name}:\n{text}" for name, text in found.items())
