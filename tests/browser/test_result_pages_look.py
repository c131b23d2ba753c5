"""The organizer's pages that #12's last pieces changed, read at 360 × 740 and 1280 × 800, dark and
light, through the layout check and axe: a double-blind match's page with each side's own link
and its printed slips, the round's slips (one per side too), the deal page asking the director why
a closed round's result is corrected, the console's table links with their audit trail, and a
physical table's page while its result awaits the other side (what it waits for)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clubs.access import Actor
from scoring.links import table_token
from tests.browser.support import LAPTOP, LOOKS, PHONE, looked_at, screen, sign_in
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import current_match, make_tournament, play_round, play_table, start_round
from tournaments import services
from tournaments.models import PhysicalTable
from tournaments.physical_tables import table_path

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/results2-shots")
PASSWORD = "a-good-password"


def checked(page: Any, name: str) -> list[str]:
    """The layout check and axe's serious or critical findings on the page open, with a shot."""
    return looked_at(page, SHOTS, name)


@pytest.mark.parametrize(("size", "scheme"), LOOKS)
def test_the_pages_read_well(live_server, browser, tasks_in_process, size, scheme):
    club = ClubFactory()
    boss = organizer(club)
    actor = Actor(label=boss.get_username(), user=boss)
    blind = make_tournament(club=club, name="Blind night", entrants=2, rounds=1, confirmation="double-blind")
    blind_round = start_round(blind)
    blind_match = current_match(blind_round.tables.get())

    night = make_tournament(club=club, name="Tally night", entrants=4, rounds=2)
    first = start_round(night)
    table = first.tables.get(number=2)
    play_table(table, table.entrants[0], confirm=False)  # table 2 awaits the other side
    services.physical_table_revoke(tournament_id=night.pk, number=2, actor=actor, renew=True)

    closed_night = make_tournament(club=club, name="Closed night", entrants=4, rounds=2)
    closed_round = start_round(closed_night)
    play_round(closed_round)
    start_round(closed_night)
    closed = current_match(closed_round.tables.get(number=1))

    page = screen(browser, PHONE if size == "phone" else LAPTOP, scheme=scheme)
    sign_in(page, live_server.url, boss.username, PASSWORD)
    tag = f"{size}-{scheme}"
    problems: list[str] = []

    page.goto(f"{live_server.url}/matches/{blind_match.pk}/manage/")
    assert page.locator(".side-links input").count() == 2
    problems += checked(page, f"manage-double-blind-{tag}")
    page.goto(f"{live_server.url}/matches/{blind_match.pk}/print/")
    assert page.locator(".side-slip").count() == 2
    problems += checked(page, f"print-double-blind-{tag}")
    page.goto(f"{live_server.url}/tournaments/{blind.pk}/rounds/{blind_round.number}/slips/")
    assert page.locator(".side-slip").count() == 2
    problems += checked(page, f"round-slips-double-blind-{tag}")

    page.goto(f"{live_server.url}/t/{table_token(closed)}/deals/1/")
    assert page.get_by_label("Why correct it? Round 1 is closed").count() == 1
    problems += checked(page, f"deal-closed-round-{tag}")

    page.goto(f"{live_server.url}/tournaments/{night.pk}/console/")
    assert "Table link renewed by" in page.locator("#table-link-2").inner_text()
    problems += checked(page, f"console-table-links-{tag}")

    waiting = PhysicalTable.objects.get(tournament=night, number=2)
    page.goto(live_server.url + table_path(waiting))
    assert page.get_by_role("link", name="Check whether the other side has accepted").count() == 1
    problems += checked(page, f"table-awaiting-{tag}")
    page.context.close()
    assert problems == []
