"""Tournament night on phones: a table enters its deals through its scorer link while a spectator's
phone shows the public tournament page, which follows (deals entered, the table finished, the
standings) without a reload, polling with 304s in between."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from tests.browser.support import shot
from tests.tournaments.factories import current_match, make_tournament, start_round
from tournaments.models import TableStatus

pytestmark = [pytest.mark.browser, pytest.mark.hosted, pytest.mark.slow]


def enter_deal(page: Any, first: int, second: int, number: int) -> None:
    page.fill("input[name='f.points.0']", str(first))
    page.fill("input[name='f.points.1']", str(second))
    page.locator("#entry button[type=submit]").click()
    page.wait_for_selector(f"text=Deal {number} saved.")


@pytest.mark.django_db(transaction=True)
def test_it_updates_the_public_tournament_page_as_a_result_comes_in(
    live_server, phone, second_phone, tasks_in_process
):
    tournament = make_tournament(name="Rummy cup", match_format="deals:2", entrants=4, rounds=1)
    table = start_round(tournament).tables.get(number=1)
    match = current_match(table)
    first, second = table.entrants

    # A spectator watches the public page; every poll of its live part is recorded.
    polls: list[int] = []
    second_phone.on("response", lambda r: polls.append(r.status) if "/live/" in r.url else None)
    second_phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    second_phone.evaluate("window.stillTheSamePage = true")
    assert second_phone.locator('li[data-table="1"] .progress').inner_text() == "deal 1 of 2"  # #14, point 2
    assert "/t/" not in second_phone.content()  # no scorer link on the public page
    shot(second_phone, "tournament-1-public-page")

    # Table 1 enters its first deal: the public page shows the progress.
    phone.goto(live_server.url + scorer_path(match))
    enter_deal(phone, 12, 7, 1)
    second_phone.wait_for_selector('li[data-table="1"] .progress[data-deals="1"]', timeout=15_000)
    assert second_phone.locator('li[data-table="1"] .live-total').all_inner_texts() == ["12", "7"]

    # The second deal ends the match: the table awaits confirmation, drawn apart, and counts for nothing yet.
    enter_deal(phone, 10, 3, 2)
    second_phone.wait_for_selector('li[data-table="1"].unconfirmed .tag.result-submitted', timeout=15_000)
    assert "awaiting confirmation" in second_phone.locator('li[data-table="1"]').inner_text()

    # The phone is passed across: the other side accepts; the table is finished and the standings follow.
    phone.locator("#result").get_by_role("link", name=f"Entered by: {match.sides[0]}").click()
    phone.get_by_role("button", name=f"{match.sides[1]}: accept the result").click()
    second_phone.wait_for_selector('li[data-table="1"].status-finished', timeout=15_000)
    assert "confirmed" in second_phone.locator('li[data-table="1"] .tag.result-confirmed').inner_text()
    winner_row = f'.standings-table tr[data-entrant="{first}"]'
    second_phone.wait_for_function(
        "selector => { const row = document.querySelector(selector);"
        " return row && row.querySelectorAll('td')[3].textContent.trim() === '2'; }",
        arg=winner_row,
        timeout=15_000,
    )
    loser_cells = second_phone.locator(f'.standings-table tr[data-entrant="{second}"] td').all_inner_texts()
    assert loser_cells[3] == "0"
    assert second_phone.evaluate("window.stillTheSamePage") is True
    with second_phone.expect_response(lambda r: "/live/" in r.url and r.status == 304, timeout=15_000):
        pass  # one more poll of an unchanged page
    assert 304 in polls
    assert 200 in polls
    shot(second_phone, "tournament-2-public-page-after-the-result")

    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    assert table.result[str(first)]["outcome"] == "win"
    tournament.refresh_from_db()
    assert tournament.standings_revision == tournament.revision
