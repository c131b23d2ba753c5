"""Double-blind confirmation in a browser (#12): two phones at 360 px, one per side, each on its own
link, enter the match differently without seeing each other's entry; the director's desk shows
both versions side by side with the differing field marked (in colour and in words) and settles
the dispute by picking one side's version; the players' pages then say the result is confirmed.
The desk's dispute passes the layout check and axe at 360 px (dark) and 1280 px (light)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.links import scorer_path
from scoring.models import AuditAction, AuditEvent, Match
from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in, snap
from tests.factories import organizer
from tests.tournaments.factories import current_match, make_tournament, start_round

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/double-blind-shots")
PASSWORD = "a-good-password"


def checked(page: Any, name: str) -> list[str]:
    """The layout check and axe's serious or critical findings on the page open, with a shot."""
    return looked_at(page, SHOTS, name)


def enter(page: Any, first: int, second: int) -> None:
    page.locator('input[name="f.points.0"]').fill(str(first))
    page.locator('input[name="f.points.1"]').fill(str(second))
    page.get_by_role("button", name="Save deal 1").click()


def test_two_sides_enter_differently_and_the_desk_picks_one(live_server, browser, tasks_in_process):
    tournament = make_tournament(name="Blind night", entrants=2, rounds=1, confirmation="double-blind")
    match = current_match(start_round(tournament).tables.get())
    ann, ben = match.sides
    problems: list[str] = []

    # Each side on its own phone, its own link.
    side_a = screen(browser, PHONE)
    side_a.goto(live_server.url + scorer_path(match, 0))
    assert f"{ann}'s own entry" in side_a.locator("#blind").inner_text()
    problems += checked(side_a, "side-a-blind-360-dark")
    enter(side_a, 10, 1)
    side_a.locator("#saved", has_text="has entered the whole match").wait_for()
    problems += checked(side_a, "side-a-entered-360-dark")

    side_b = screen(browser, PHONE, scheme="light")
    side_b.goto(live_server.url + scorer_path(match, 1))
    assert side_b.locator("#deal-1").count() == 0  # blind: nothing of the other side's entry
    assert side_b.locator(f'.total[data-side="{ann}"]').inner_text() == "0"
    problems += checked(side_b, "side-b-blind-360-light")
    enter(side_b, 10, 3)
    side_b.locator("#saved", has_text="entries differ").wait_for()
    snap(side_b, SHOTS, "side-b-differs-360-light")
    assert Match.objects.get(pk=match.pk).result_status == "disputed"

    # The director's desk: both versions side by side, the differing field marked in words too.
    director = screen(browser, PHONE)
    boss = organizer(tournament.club)
    sign_in(director, live_server.url, boss.username, PASSWORD)
    director.goto(f"{live_server.url}/tournaments/{tournament.pk}/desk/")
    card = director.locator("#disputes .desk-card")
    assert card.locator(".desk-version").count() == 2
    assert card.locator(".diff-tag", has_text="differs").count() == 2
    assert card.locator("li.differs mark").count() == 2
    assert f"{ann}'s version" in card.inner_text()
    assert card.locator(".desk-version").first.locator(".desk-totals dd").first.inner_text() == "10"
    problems += checked(director, "desk-double-blind-360-dark")

    for language, heading in (("fr-FR", "Bureau des résultats"), ("nl-NL", "Uitslagentafel")):
        abroad = screen(browser, PHONE, scheme="light", locale=language)
        sign_in(abroad, live_server.url, boss.username, PASSWORD)
        abroad.goto(f"{live_server.url}/tournaments/{tournament.pk}/desk/")
        assert abroad.locator("h1").inner_text() == heading
        problems += checked(abroad, f"desk-double-blind-360-light-{language}")
        abroad.context.close()

    laptop = screen(browser, LAPTOP, scheme="light")
    sign_in(laptop, live_server.url, boss.username, PASSWORD)
    laptop.goto(f"{live_server.url}/tournaments/{tournament.pk}/desk/")
    problems += checked(laptop, "desk-double-blind-1280-light")
    laptop.context.close()

    card.get_by_role("button", name=f"Pick {ben}'s version").click()
    director.locator("#disputes .messages", has_text=f"{ben}'s version is the result").wait_for()
    problems += checked(director, "desk-picked-360-dark")
    match.refresh_from_db()
    assert match.result_status == "confirmed"
    assert match.state["totals"] == {ann: 10, ben: 3}
    assert AuditEvent.objects.filter(match=match, action=AuditAction.BLIND_PICKED).count() == 1

    # The players' pages say so by themselves (their poll).
    side_a.locator("#scoreline .result-state", has_text="Result confirmed").wait_for(timeout=20_000)
    side_b.locator("#scoreline .result-state", has_text="Result confirmed").wait_for(timeout=20_000)
    assert "differ" not in side_b.locator("#scorer").inner_text()  # only the current state shows
    side_a.reload()
    assert side_a.locator(f'.total[data-side="{ben}"]').inner_text() == "3"  # the result that counts
    snap(side_a, SHOTS, "side-a-confirmed-360-dark")
    snap(side_b, SHOTS, "side-b-confirmed-360-light")
    for page in (side_a, side_b, director):
        page.context.close()
    assert problems == []
