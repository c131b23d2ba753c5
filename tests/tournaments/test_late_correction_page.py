"""The director corrects a result whose round is closed on the deal page (#12): the page asks
for the reason (required, as ``PUT …/deals/{n}/?reason=`` does), refuses a correction without one,
and a correction with one is kept and listed as a correction after close."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.links import table_token
from tests.tournaments.factories import current_match, make_tournament, play_round, start_round
from tournaments import selectors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture(autouse=True)
def _in_english():
    """The rules these tests read are the English ones, whatever a test before left active."""
    with translation.override("en"):
        yield


@pytest.fixture
def closed(club):
    tournament = make_tournament(club=club, entrants=4, rounds=2)
    first = start_round(tournament)
    play_round(first)
    start_round(tournament)
    match = current_match(first.tables.order_by("number").first())
    assert match.result_status == "final"
    return match


def url(match) -> str:
    return f"/t/{table_token(match)}/deals/1/"


def test_the_deal_page_asks_the_director_why(client, boss, closed):
    page = client.get(url(closed)).content.decode()
    assert 'name="reason"' in page[page.index('id="entry"') : page.index("</form>", page.index('id="entry"'))]
    assert "Round 1 is closed" in page


def test_the_table_is_not_asked(client, closed):
    page = client.get(url(closed)).content.decode()
    assert 'id="correction-reason"' not in page


def test_without_a_reason_nothing_is_saved(client, boss, closed):
    answer = client.post(
        url(closed), {"match": closed.pk, "version": 1, "f.points.0": "3", "f.points.1": "9"}
    )
    assert answer.status_code == 422
    assert "say why" in answer.content.decode()
    closed.refresh_from_db()
    assert closed.deals.get().version == 1


def test_with_a_reason_it_is_a_correction_after_close(client, boss, closed):
    data = {"match": closed.pk, "version": 1, "f.points.0": "3", "f.points.1": "9", "reason": "the sheet"}
    answer = client.post(url(closed), data)
    assert answer.status_code == 302
    closed.refresh_from_db()
    assert closed.deals.get().version == 2
    tournament = closed.tournament_game.table.round.tournament
    assert [c.reason for c in selectors.corrections(tournament)] == ["the sheet"]
