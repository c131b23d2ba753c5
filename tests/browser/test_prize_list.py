"""#26 prizes: a klaverjas-style evening of 14 entrants with a Formule-van-4 prize list (places 1,
2, 3, 4, 8 and 12), a booby prize and a best points total, read on the printable prize page and on
the projector's prize list after the final standings, in French and Dutch, on a 360 px phone and a
laptop. Nothing overflows; screenshots into /tmp/prizes/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, screen, snap
from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments.models import Tournament
from tournaments.services.standings import standings_recompute

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/prizes")
RULE = {"rule": "every_fourth", "extras": ["booby", "most_points"]}
WORDS = {
    "fr-FR": {
        "title": "Liste des lots",
        "place": "Prix de la place 12",
        "booby": "Prix de la lanterne rouge",
    },
    "nl-NL": {"title": "Prijzenlijst", "place": "12e prijs", "booby": "Poedelprijs"},
}


@pytest.fixture
def evening() -> Tournament:
    """A finished one-round evening of 14 entrants, its standings stored."""
    tournament = make_tournament(name="Klaverjasmiddag", entrants=14, rounds=1, prizes=RULE)
    play_round(start_round(tournament))
    standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    return tournament


@pytest.mark.parametrize("locale", sorted(WORDS))
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_prize_page_and_the_projectors_prize_list(live_server, browser, evening, size, locale):
    words = WORDS[locale]
    name = f"{locale[:2]}-{size['width']}"
    page = screen(browser, size, locale=locale, scheme="light")

    page.goto(f"{live_server.url}/tournaments/{evening.pk}/prizes/")
    lines = page.locator(".prize-line")
    assert lines.count() == 8  # places 1-4, 8, 12, the best points total, the booby prize
    assert page.locator(".lead").inner_text() == words["title"]
    assert words["place"] in lines.nth(5).inner_text()
    assert words["booby"] in lines.nth(7).inner_text()
    assert [lines.nth(i).locator(".prize-turn").inner_text() for i in range(8)] == [
        str(n) for n in range(1, 9)
    ]
    snap(page, SHOTS, f"page-{name}")
    assert layout_problems(page) == []

    page.goto(f"{live_server.url}/tournaments/{evening.pk}/projector/")
    prizes = page.locator(".projector-prizes")
    assert prizes.is_visible()
    assert words["title"] in prizes.locator("h2").inner_text()
    assert prizes.locator("li").count() == 8
    assert words["booby"] in prizes.locator("li").nth(7).inner_text()
    snap(page, SHOTS, f"projector-{name}", full_page=False)
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.prize-rows li')]"
        ".filter(li => li.scrollHeight > li.clientHeight + 1).map(li => li.textContent)"
    )
    assert cut == []
