"""A finished round robin's public page in Chromium, as the room reads it on a 360 px phone in
Dutch and on a laptop in French: the winner, the cross table (it scrolls sideways on a phone, it
does not spill) and the earlier rounds; the layout checker and axe find nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, looked_at, screen
from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("size", "locale"), [(PHONE, "nl-NL"), (LAPTOP, "fr-FR")], ids=["phone-nl", "laptop-fr"]
)
def test_a_finished_round_robin_reads_well(live_server, browser: Any, tasks_in_process: None, size, locale):
    tournament = make_tournament(format="round-robin", entrants=5, name="Halve competitie")
    start_round(tournament)
    while True:
        play_round(tournament.rounds.order_by("-number").first())
        tournament.refresh_from_db()
        if tournament.status == "finished":
            break
        start_round(tournament)
    services.standings_recompute(tournament_id=tournament.pk)
    page = screen(browser, size, locale=locale)

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    page.locator(".earlier-rounds > summary").click()

    assert page.locator("#cross-table tbody tr").count() == 5
    assert page.locator(".status-line .champion").count() == 1
    assert looked_at(page, Path("/tmp/tablescore-rr"), f"round-robin-{locale}") == []
    page.close()
