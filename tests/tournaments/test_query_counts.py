"""The public pages of a tournament read a constant number of queries, whatever the field's size:
a 1,000-entrant Swiss must not cost a query per entrant or per table (bench_pairing measures the
1,000-entrant page; this test proves the count does not grow)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.factories import make_tournament, play_table, start_round
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

PAGES = [
    "/tournaments/{pk}/",
    "/tournaments/{pk}/live/",
    "/tournaments/{pk}/projector/",
    "/tournaments/{pk}/standings.csv",
    "/api/tournaments/{pk}/standings/",
    "/api/tournaments/{pk}/rounds/1/",
]


def queries_per_page(client, size: int) -> dict[str, int]:
    """A Swiss of ``size`` after one round (half its tables finished, half playing) and the
    second round drawn: the queries each public page makes."""
    tournament = make_tournament(entrants=size, rounds=3, match_format="deals:2")
    first = start_round(tournament)
    for table in first.tables.order_by("number")[: size // 4]:
        play_table(table, table.entrants[0])
    services.standings_recompute(tournament_id=tournament.pk)
    counts = {}
    for page in PAGES:
        url = page.format(pk=tournament.pk)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        counts[page] = len(queries)
    return counts


def test_it_serves_every_public_page_with_the_same_queries_for_8_and_40_entrants(client):
    small = queries_per_page(client, 8)
    large = queries_per_page(client, 40)
    assert large == small
