"""#28's evening, through the room's table links: a best-of-3 knock-out of 8, each table's one
link on a phone. Two quarter-finals end and the semi-final is drawn while table 3 is between its
games: its link still opens game 2, the other side accepts, and the series is decided at that
table; then the semi-finals are played through the same links (a freed table hosts a semi-final)
and the final is drawn. Each game is one Tally deal; the phone enters it and passes itself to the
other side, who accepts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import PHONE, looked_at, screen
from tests.tournaments.factories import make_tournament, start_round
from tournaments import services
from tournaments.models import PhysicalTable, Round, TableStatus
from tournaments.physical_tables import table_path

pytestmark = [
    pytest.mark.browser,
    pytest.mark.hosted,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]
SHOTS = Path("/tmp/tablescore-knockout")


def play_game(page: Any, number: int) -> None:
    """Game ``number`` of the series at this phone's table: the first side wins its one deal, the
    phone goes across and the other side accepts."""
    page.locator("#entry").wait_for(timeout=20_000)
    page.fill("input[name='f.points.0']", "7")
    page.fill("input[name='f.points.1']", "2")
    page.locator("#entry button[type=submit]").click()
    panel = page.locator("#result")
    panel.wait_for(timeout=20_000)
    assert "Pass the phone to the other side" in panel.inner_text(), f"game {number}"
    panel.get_by_role("link").filter(has_text="Entered by").first.click()
    page.wait_for_url("**entered=0**")
    panel.get_by_role("button").filter(has_text="accept the result").click()
    panel.wait_for(state="detached", timeout=20_000)  # accepted: the panel goes, or the page moves on
    page.wait_for_load_state()


def play_series(page: Any, link: str) -> None:
    page.goto(link)
    for number in (1, 2):
        play_game(page, number)


def test_a_best_of_3_knockout_of_8_through_its_semi_finals_on_the_tables_links(
    live_server, browser: Any, tasks_in_process: None
):
    tournament = make_tournament(
        name="Bekeravond",
        format="single-elimination",
        match_format="best-of:3",
        entrants=8,
        options={"deals": 1},
    )
    services.physical_tables_prepare(tournament_id=tournament.pk, count=4)
    links = {
        t.number: live_server.url + table_path(t) for t in PhysicalTable.objects.filter(tournament=tournament)
    }
    quarters = start_round(tournament)
    page = screen(browser, PHONE)
    problems: list[str] = []

    play_series(page, links[1])
    play_series(page, links[2])
    semis = Round.objects.get(tournament=tournament, number=2)
    assert list(semis.tables.values_list("number", flat=True)) == [1]  # drawn while table 3 plays on

    page.goto(links[3])
    play_game(page, 1)
    page.locator(".series-line", has_text="· game 2").wait_for(timeout=20_000)  # its own next game
    page.evaluate("window.scrollTo(0, 0)")  # a reload keeps the scroll; the sticky status line sits on top
    problems += looked_at(page, SHOTS, "table-3-between-games")
    play_game(page, 2)  # the link opened game 2 of its own series, not "no match in semi-finals"
    table_3 = quarters.tables.get(number=3)
    table_3.refresh_from_db()
    assert table_3.status == TableStatus.FINISHED
    play_series(page, links[4])

    assert sorted(semis.tables.values_list("number", flat=True)) == [1, 2]
    for number in (1, 2):
        play_series(page, links[number])
    page.goto(links[1])
    problems += looked_at(page, SHOTS, "table-1-final")
    final = Round.objects.get(tournament=tournament, number=3).tables.get()
    assert final.status == TableStatus.PLAYING
    page.close()
    assert problems == []
