"""#28: accepting game 1 of a series on a table's link answered with game 1's page (finished, no
form) while the link's poll already knew game 2, so the phone could not start game 2. The answer
now reloads the link, which opens game 2, with the news. Real commits: the worker starts game 2
once the acceptance commits."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.factories import current_match, play_table
from tests.tournaments.test_physical_tables import bracket_with_one_series_left, link

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_process_tasks")]


def test_accepting_game_1_on_a_tables_link_reloads_it_on_game_2(client: Client):
    tournament, table = bracket_with_one_series_left("single-elimination", "best-of:3")
    path = link(tournament, table.number)
    match = play_table(table, table.entrants[0], confirm=False)

    answer = {"action": "accept", "side": match.sides[1], "match": str(match.pk)}
    accepted = client.post(f"{path}result/", answer, HTTP_HX_REQUEST="true")

    assert accepted.status_code == 204
    assert accepted["HX-Redirect"] == path  # the link again, without ?entered= (the next game asks)
    page = client.get(path).text
    assert "Result accepted" in page
    assert f'name="match" value="{current_match(table).pk}"' in page
