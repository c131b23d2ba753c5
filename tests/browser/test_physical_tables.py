"""One link per physical table, on a phone in a dim room: the slip's link waits before round 1,
opens round 1's match at its table, passes the phone to the other side to accept the result, says
the round is over, and opens round 2's match by itself;
the organizer prints one slip per table. The new pages pass the layout check and axe at 360 × 740
and 1280 × 800."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in
from tests.factories import organizer
from tests.tournaments.factories import current_match, make_tournament, play_table, start_round
from tournaments import services
from tournaments.models import PhysicalTable
from tournaments.physical_tables import table_path

pytestmark = [
    pytest.mark.browser,
    pytest.mark.hosted,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

SHOTS = Path("/tmp/tables-shots")


def checked(page: Any, name: str) -> list[str]:
    """The layout check and axe's serious or critical findings on the page open, with a shot."""
    return looked_at(page, SHOTS, name)


def enter_deal(page: Any, first: int, second: int) -> None:
    page.fill("input[name='f.points.0']", str(first))
    page.fill("input[name='f.points.1']", str(second))
    page.locator("#entry button[type=submit]").click()


def test_a_table_link_follows_its_table_from_round_1_to_round_2(live_server, browser, tasks_in_process):
    tournament = make_tournament(name="Tally night", match_format="deals:2", entrants=4, rounds=2)
    services.physical_tables_prepare(tournament_id=tournament.pk, count=2)
    link = live_server.url + table_path(PhysicalTable.objects.get(tournament=tournament, number=1))
    page = screen(browser, PHONE)
    problems: list[str] = []

    # Before round 1: the slip's link waits, and says so.
    page.goto(link)
    assert "The first round is not drawn yet" in page.locator(".place-note").inner_text()
    problems += checked(page, "waiting-before-round-1-phone")

    # Round 1 is drawn: the page opens table 1's match by itself.
    first = start_round(tournament)
    round_1 = current_match(first.tables.get(number=1))
    page.wait_for_selector(f"input[name=match][value='{round_1.pk}']", state="attached", timeout=20_000)
    assert "round 1, table 1" in page.locator("h1").inner_text()

    enter_deal(page, 5, 3)
    page.wait_for_selector("text=Deal 1 saved.")
    enter_deal(page, 4, 1)
    page.wait_for_selector("text=Deal 2 saved.")
    note = page.locator(".place-note")
    assert "the result counts once the other side accepts it" in note.inner_text()

    # The phone is passed across: the other side accepts on the table's link, then the table waits.
    panel = page.locator("#result")
    assert "Pass the phone to the other side" in panel.inner_text()
    problems += checked(page, "round-1-awaiting-confirmation-phone")
    panel.get_by_role("link", name=f"Entered by: {round_1.sides[0]}").click()
    panel.get_by_role("button", name=f"{round_1.sides[1]}: accept the result").click()
    page.locator(".notice", has_text="Result accepted").wait_for()
    page.wait_for_selector("text=Round 1 is over at this table. Waiting for the next round", timeout=20_000)
    assert page.locator("#result").count() == 0
    problems += checked(page, "round-1-over-phone")

    # The other table finishes, round 2 is drawn: the same page opens round 2's match at table 1.
    play_table(first.tables.get(number=2), first.tables.get(number=2).entrants[0])
    second = start_round(tournament)
    round_2 = current_match(second.tables.get(number=1))
    page.wait_for_selector(f"input[name=match][value='{round_2.pk}']", state="attached", timeout=20_000)
    assert "round 2, table 1" in page.locator("h1").inner_text()
    assert page.locator(".place-note").count() == 0
    problems += checked(page, "round-2-phone")
    enter_deal(page, 2, 6)
    page.wait_for_selector("text=Deal 1 saved.")
    assert round_2.deals.count() == 1
    assert round_1.deals.count() == 2
    page.context.close()
    assert problems == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_organizer_prints_one_slip_per_table_and_the_pages_read_well(live_server, browser, size):
    viewport = PHONE if size == "phone" else LAPTOP
    tournament = make_tournament(name="Slip night", match_format="deals:2", entrants=6, rounds=2)
    start_round(tournament)
    user = organizer(tournament.club)
    page = screen(browser, viewport)
    sign_in(page, live_server.url, user.username, "a-good-password")
    problems: list[str] = []

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/#table-links")
    assert page.locator("#table-links li").count() == 3
    problems += checked(page, f"console-table-links-{size}")

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/tables/slips/")
    assert page.locator("article.slip").count() == 3
    assert page.locator(".slip-table").all_inner_texts() == ["Table 1", "Table 2", "Table 3"]
    problems += checked(page, f"table-slips-{size}")

    # Revoke asks first (the dialog), then the table's slip says its link is gone.
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/#table-links")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#table-link-2 button:has-text('Revoke')")
    page.wait_for_selector("#table-link-2 .tag:has-text('link revoked')")
    assert PhysicalTable.objects.get(tournament=tournament, number=2).revoked

    # A fourth table, made by hand, has nobody this round: its link waits.
    services.physical_tables_prepare(tournament_id=tournament.pk, count=4)
    page.goto(live_server.url + table_path(PhysicalTable.objects.get(tournament=tournament, number=4)))
    assert "No match at this table in round 1" in page.locator(".place-note").inner_text()
    problems += checked(page, f"waiting-no-match-{size}")
    page.context.close()
    assert problems == []
