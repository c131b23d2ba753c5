"""The director's results desk in a browser (#12): a table rejects its result on the scorer page
(the phone passed across, a reason typed), the director sees the dispute on the desk at 360 px and
confirms it as entered, and the players' page then says the result is confirmed. The desk passes
the layout check and axe at 360 × 740 and 1280 × 800, dark and light; a reason being typed survives its poll, and its void asks first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.links import scorer_path
from scoring.models import Match
from scoring.services.deals import deal_record
from tests.browser.support import LAPTOP, LOOKS, PHONE, looked_at, screen, sign_in, snap
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import (
    TABLE,
    busy_desk,
    current_match,
    make_tournament,
    play_table,
    start_round,
    winning_entry,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.hosted,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

SHOTS = Path("/tmp/desk-shots")
PASSWORD = "a-good-password"


def checked(page: Any, name: str) -> list[str]:
    """The layout check and axe's serious or critical findings on the page open, with a shot."""
    return looked_at(page, SHOTS, name)


def test_a_dispute_raised_at_the_table_is_resolved_at_the_desk(live_server, browser, tasks_in_process):
    tournament = make_tournament(name="Tally night", entrants=4, rounds=2)
    table = start_round(tournament).tables.get(number=1)
    match = play_table(table, table.entrants[0], confirm=False)
    problems: list[str] = []

    # The director watches the desk on a phone: table 1 awaits the other side.
    director = screen(browser, PHONE)
    sign_in(director, live_server.url, organizer(tournament.club).username, PASSWORD)
    director.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/")
    director.get_by_role("link", name="Results desk").click()
    assert "Table 1" in director.locator("#awaiting").inner_text()
    assert "No dispute." in director.locator("#disputes").inner_text()

    # At the table: the phone is passed across, the other side reports what is wrong.
    player = screen(browser, PHONE)
    player.goto(live_server.url + scorer_path(match))
    panel = player.locator("#result")
    panel.get_by_role("link", name=f"Entered by: {match.sides[0]}").click()
    panel.locator("summary", has_text="Report a problem").click()
    panel.get_by_label("What is wrong?").fill("We made 9 tricks, not 10")
    panel.get_by_role("button", name="Report the problem").click()
    player.locator("#scoreline", has_text="disputed").wait_for()
    snap(player, SHOTS, "scorer-disputed-360")

    # The desk shows the dispute by itself (its poll): the side, its reason, the totals entered.
    disputes = director.locator("#disputes")
    disputes.locator(".desk-card", has_text="We made 9 tricks, not 10").wait_for(timeout=20_000)
    assert f"{match.sides[1]} rejected it" in disputes.inner_text()
    problems += checked(director, "desk-dispute-360-dark")
    disputes.get_by_role("button", name="Confirm as entered").click()
    director.locator(
        "#disputes .messages", has_text="Table 1: the result is confirmed as entered."
    ).wait_for()
    assert "No dispute." in disputes.inner_text()
    assert Match.objects.get(pk=match.pk).result_status == "confirmed"
    problems += checked(director, "desk-resolved-360-dark")

    # The players' page says so (its poll, or a reload).
    player.locator("#scoreline .result-state", has_text="Result confirmed").wait_for(timeout=20_000)
    snap(player, SHOTS, "scorer-confirmed-360")
    assert problems == []


@pytest.mark.parametrize(("size", "scheme"), LOOKS)
def test_the_desk_reads_well_and_asks_before_a_void(live_server, browser, tasks_in_process, size, scheme):
    club = ClubFactory()
    boss = organizer(club)
    room = busy_desk(club, boss)
    page = screen(browser, PHONE if size == "phone" else LAPTOP, scheme=scheme)
    sign_in(page, live_server.url, boss.username, PASSWORD)
    page.goto(f"{live_server.url}/tournaments/{room['tournament'].pk}/desk/")
    assert page.locator("#awaiting .desk-card").count() == 1
    assert page.locator("#disputes .desk-card").count() == 1
    assert page.locator("#missing .desk-card").count() == 1
    assert "the sheet was misread" in page.locator("#corrections").inner_text()
    problems = checked(page, f"desk-{size}-{scheme}")

    # A reason being typed survives the poll bringing a deal entered at another table.
    card = page.locator("#disputes .desk-card")
    card.get_by_label("Why void it?").fill("played the wrong opponents")
    third = current_match(room["tournament"].rounds.get(number=2).tables.get(number=3))
    deal_record(match_id=third.pk, entry=winning_entry(third, 0), actor=TABLE)
    page.locator("#awaiting .desk-card", has_text="Table 3").wait_for(timeout=20_000)  # finished
    assert card.get_by_label("Why void it?").input_value() == "played the wrong opponents"

    # Void asks first; dismissed, nothing happens; accepted, the result is void and said so.
    page.once("dialog", lambda dialog: dialog.dismiss())
    card.get_by_role("button", name="Void the result").click()
    assert Match.objects.get(pk=room["disputed"].pk).result_status == "disputed"
    page.once("dialog", lambda dialog: dialog.accept())
    card.get_by_role("button", name="Void the result").click()
    page.locator("#disputes .messages", has_text="the result is void").wait_for()
    assert Match.objects.get(pk=room["disputed"].pk).result_status == "void"
    problems += checked(page, f"desk-voided-{size}-{scheme}")
    page.context.close()
    assert problems == []


def test_without_javascript_void_asks_on_a_page_and_refresh_is_a_link(live_server, browser, tasks_in_process):
    club = ClubFactory()
    boss = organizer(club)
    room = busy_desk(club, boss)
    page = screen(browser, PHONE, scripts=False)
    sign_in(page, live_server.url, boss.username, PASSWORD)
    desk = f"{live_server.url}/tournaments/{room['tournament'].pk}/desk/"
    page.goto(desk)
    card = page.locator("#disputes .desk-card")
    card.get_by_label("Why void it?").fill("wrong opponents")
    card.get_by_role("button", name="Void the result").click()
    assert page.locator("h1").inner_text() == "Void the result of table 2?"
    snap(page, SHOTS, "desk-void-confirmation-nojs-360")  # no script runs here: no layout check, no axe
    assert Match.objects.get(pk=room["disputed"].pk).result_status == "disputed"
    page.get_by_role("button", name="Yes, void the result").click()
    page.locator("#disputes .messages", has_text="Table 2: the result is void").wait_for()
    assert Match.objects.get(pk=room["disputed"].pk).result_status == "void"
    page.get_by_role("link", name="Refresh").click()
    assert page.url == desk
    page.context.close()
