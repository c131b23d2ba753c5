"""Tournament tasks through the real Redis broker to a real worker process (phase 2 of bin/test),
and what happens when the broker is down (any phase)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from scoring.models import Deal
from scoring.services.deals import deal_record
from tablescore.celery import app
from tests.conftest import celery_worker, sending_tasks_to
from tests.tournaments.factories import (
    TABLE,
    current_match,
    make_tournament,
    play_table,
    winning_entry,
)
from tournaments import services
from tournaments.models import Round, RoundStatus, TableAssignment, TableStatus, Tournament, TournamentStatus


@pytest.fixture
def worker(redis_url: str) -> Iterator[str]:
    """A real worker on a private queue (see tests.conftest.celery_worker); the tasks this
    process enqueues go to that queue."""
    with celery_worker(redis_url) as queue:
        before = app.conf.task_default_queue
        app.conf.task_default_queue = queue
        try:
            yield queue
        finally:
            app.conf.task_default_queue = before


def wait_for(check: Callable[[], Any], what: str, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.redis
def test_it_draws_a_round_and_follows_the_results_through_a_real_worker(worker):
    tournament = make_tournament(entrants=4, rounds=1)

    opened = services.round_start(tournament_id=tournament.pk)  # enqueued on commit: round_pair

    the_round = wait_for(
        lambda: Round.objects.filter(pk=opened.pk, status=RoundStatus.PLAYING).first(), "the round's draw"
    )
    tables = list(the_round.tables.order_by("number"))
    assert len(tables) == 2
    for table in tables:
        play_table(table, table.entrants[1], sync=False)  # scoring announces on commit; the worker syncs

    def finished() -> Tournament | None:
        found = Tournament.objects.get(pk=tournament.pk)
        up_to_date = found.standings_revision == found.revision
        return found if found.status == TournamentStatus.FINISHED and up_to_date else None

    done = wait_for(finished, "the results and standings")
    assert [row["match-points"] for row in done.standings["rows"]] == [2, 2, 0, 0]
    winners = {t.entrants[1] for t in tables}
    assert {row["entrant"] for row in done.standings["rows"][:2]} == winners
    assert set(TableAssignment.objects.values_list("status", flat=True)) == {TableStatus.FINISHED}


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.redis
def test_it_advances_a_bracket_through_a_real_worker(worker):
    tournament = make_tournament(
        game="jam", format="single-elimination", match_format="best-of:3", entrants=4
    )
    services.round_start(tournament_id=tournament.pk)
    semis = wait_for(
        lambda: list(TableAssignment.objects.filter(round__tournament=tournament, round__number=1)),
        "the semi-finals",
    )
    for table in semis:
        play_table(table, table.entrants[0], sync=False)
    final = wait_for(
        lambda: TableAssignment.objects.filter(round__tournament=tournament, round__number=2).first(),
        "the final's table",
    )
    match = wait_for(lambda: final.games.first(), "the final's match").match
    for _ in range(2):
        deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=TABLE)
    champion = wait_for(
        lambda: Tournament.objects.get(pk=tournament.pk).bracket.get("champion"), "the champion"
    )
    assert champion == final.entrants[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_it_keeps_a_result_while_the_broker_is_down_and_catches_up_after(settings):
    tournament = make_tournament(entrants=2, rounds=1)
    table = services.round_pair(round_id=services.round_start(tournament_id=tournament.pk).pk).tables.get()
    match = current_match(table)

    with sending_tasks_to("redis://127.0.0.1:1/0"):  # nothing listens there
        started = time.monotonic()
        deal_record(match_id=match.pk, entry=winning_entry(match, 1), actor=TABLE)
        assert time.monotonic() - started < 2  # one refused connection, not seconds of retries

    assert Deal.objects.filter(match=match).count() == 1  # the table's write is kept
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING  # the tournament has not heard yet

    services.tournaments_reconcile()  # what the periodic task does once the broker is back

    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.standings["rows"][0]["entrant"] == table.entrants[1]
