"""Redis stopped while tables enter results: deals are saved, pages are served, and the tournament
catches up once Redis is back.

Production's processes, each against this test's PostgreSQL database and a private redis-server
(the broker and the cache): gunicorn, a Celery worker and ``celery beat`` running the reconcile
every second (``TOURNAMENTS_RECONCILE_SECONDS``). The test stops that Redis, enters the deals that
end every table of a round through the API, reads every public page and API document (200, never
500), then starts Redis again on the same port, empty, and waits for the results and standings.
"""

from __future__ import annotations

import time
import uuid

import pytest

from scoring.links import table_token
from scoring.models import Deal, Match, MatchStatus
from tests.conftest import sending_tasks_to
from tests.faults.support import (
    call,
    celery,
    environment,
    gunicorn,
    redis_server,
    stop,
    tail,
    this_test_database_url,
    wait_for,
    worker,
)
from tests.tournaments.factories import current_match, make_tournament, start_round, winning_entry
from tournaments.models import TableAssignment, TableStatus, Tournament, TournamentStatus

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.slow,
]

#: A deal is saved without waiting on the broker: its enqueue gives up after one refused
#: connection, before the answer (tournaments/events.py). Generous.
WRITE_SECONDS = 5


def test_deals_are_saved_and_pages_served_while_redis_is_down_and_standings_catch_up(tmp_path):
    database_url = this_test_database_url()
    queue = f"faults-{uuid.uuid4().hex[:8]}"
    processes = []
    logs = tmp_path / "processes.log"
    with redis_server(tmp_path) as server:
        env = environment(
            DATABASE_URL=database_url,
            REDIS_URL=server.url(),
            CELERY_QUEUE=queue,
            TOURNAMENTS_RECONCILE_SECONDS="1",
        )
        with sending_tasks_to(server.url(), queue):
            tournament = make_tournament(entrants=4, rounds=1, confirmation="none")
            tables = list(start_round(tournament).tables.order_by("number"))
        matches = [current_match(table) for table in tables]
        try:
            processes.append(worker(env, logs, queue))
            processes.append(celery(["beat", "--schedule", str(tmp_path / "beat"), "--pidfile="], env, logs))
            web, port = gunicorn(env, logs)  # the worker and beat start meanwhile
            processes.append(web)

            def current() -> bool:
                found = Tournament.objects.get(pk=tournament.pk)
                return found.standings_revision == found.revision

            wait_for(current, f"the worker and beat to bring the standings up to date\n{tail(logs)}", 45)

            server.stop()
            stopped_at = time.monotonic()

            # Every table enters its last deal: saved, answered at once.
            for match in matches:
                answer = call(
                    port,
                    "POST",
                    f"/api/matches/{match.pk}/deals/",
                    body=winning_entry(match, 1),
                    headers={"Authorization": f"Table {table_token(match)}", "Idempotency-Key": "last"},
                )
                assert answer.status == 201, answer.body
                assert answer.seconds < WRITE_SECONDS, answer.seconds
            for match in matches:
                match.refresh_from_db()
                assert match.status == MatchStatus.FINISHED
            assert Deal.objects.filter(match__in=matches).count() == len(matches)

            # Pages and API documents are served (the cache answers "nothing cached").
            pk, first = tournament.pk, matches[0]
            for path in (
                f"/matches/{first.pk}/",
                f"/matches/{first.pk}/board/",
                f"/t/{table_token(first)}/",
                f"/tournaments/{pk}/",
                f"/tournaments/{pk}/live/",
                f"/tournaments/{pk}/projector/",
                f"/tournaments/{pk}/standings.csv",
                f"/api/matches/{first.pk}/",
                f"/api/matches/{first.pk}/deals/",
                f"/api/tournaments/{pk}/",
                f"/api/tournaments/{pk}/standings/",
                f"/api/tournaments/{pk}/rounds/1/",
            ):
                answer = call(port, "GET", path)
                assert answer.status == 200, (path, answer.status, answer.body[:500])
            # A bad table link is counted in the cache (the bad-token throttle): refused, not a 500.
            refused = call(port, "GET", f"/api/matches/{first.pk}/", headers={"Authorization": "Table nope"})
            assert refused.status in {401, 403}, refused.body
            health = call(port, "GET", "/healthz")
            assert health.status == 503
            assert health.json()["broker"]["ok"] is False
            assert health.json()["database"]["ok"] is True

            # The tournament has not heard of the results yet.
            statuses = TableAssignment.objects.filter(round__tournament=tournament).values_list(
                "status", flat=True
            )
            assert set(statuses) == {TableStatus.PLAYING}

            server.start()  # empty: whatever was queued is gone
            back_at = time.monotonic()

            def caught_up() -> Tournament | None:
                found = Tournament.objects.get(pk=tournament.pk)
                finished = found.status == TournamentStatus.FINISHED
                return found if finished and found.standings_revision == found.revision else None

            done = wait_for(caught_up, f"the reconcile to catch up\n{tail(logs)}", 60)
            print(
                f"Redis down for {back_at - stopped_at:.1f} s; standings caught up "
                f"{time.monotonic() - back_at:.1f} s after it came back"
            )
            assert call(port, "GET", "/healthz").status == 200
        finally:
            for process in reversed(processes):
                stop(process)

    rows = done.standings["rows"]
    assert [row["match-points"] for row in rows] == [2, 2, 0, 0]
    assert {row["entrant"] for row in rows[:2]} == {table.entrants[1] for table in tables}
    for match in Match.objects.filter(pk__in=[m.pk for m in matches]):
        assert match.status == MatchStatus.FINISHED
