"""A Celery worker killed (SIGKILL) in the middle of ``standings_recompute``: the task is not lost.

Tasks acknowledge late, so the message stays unacknowledged in Redis while the task runs; when the
worker dies, the Redis transport puts it back on the queue once its visibility timeout has passed
(``CELERY_VISIBILITY_TIMEOUT``, 600 s in production, 2 s here), and the next worker runs it.

The first worker runs the test-only app ``tests.faults.celery_app``, which stalls at the first
delivery of ``standings_recompute`` and writes a marker file; the test kills it there. Everything
runs against a private redis-server, never the shared one.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
import redis

from tests.conftest import sending_tasks_to
from tests.faults.support import (
    environment,
    redis_server,
    stop,
    tail,
    this_test_database_url,
    wait_for,
    worker,
)
from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments import services
from tournaments.models import Tournament
from tournaments.tasks import standings_recompute

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.slow,
]

VISIBILITY_TIMEOUT = 2


def test_a_worker_killed_mid_recompute_leaves_the_task_to_the_next_worker(tmp_path):
    database_url = this_test_database_url()
    queue = f"faults-{uuid.uuid4().hex[:8]}"
    marker = tmp_path / "stalled"
    stalled = normal = None
    with redis_server(tmp_path) as server:
        broker = redis.Redis.from_url(server.url(), socket_timeout=5)
        env = environment(
            DATABASE_URL=database_url,
            REDIS_URL=server.url(),
            CELERY_QUEUE=queue,
            CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT),
            TABLESCORE_FAULTS_MARKER=str(marker),
        )
        with sending_tasks_to(server.url(), queue):
            tournament = make_tournament(entrants=4, rounds=1)
            play_round(start_round(tournament))  # results read in; their recomputes are queued
            broker.delete(queue)  # ... and dropped: the one below is the only message
            tournament.refresh_from_db()
            stale = tournament.standings
            assert tournament.standings_revision != tournament.revision
            standings_recompute.apply_async(args=[tournament.pk])
        try:
            stalled = worker(env, tmp_path / "stalled.log", queue, app="tests.faults.celery_app")
            wait_for(marker.exists, f"the task to start\n{tail(tmp_path / 'stalled.log')}", 45)
            stalled.kill()  # SIGKILL, mid-task
            assert stalled.wait(timeout=10) == -9

            # The message is still there, unacknowledged, and nothing has changed.
            unacked: list[tuple[bytes, float]] = broker.zrange("unacked_index", 0, -1, withscores=True)
            assert len(unacked) == 1, unacked
            assert broker.llen(queue) == 0
            fresh = Tournament.objects.get(pk=tournament.pk)
            assert fresh.standings == stale
            assert fresh.standings_revision != fresh.revision

            # Once its visibility timeout is over, the next worker takes it back at its start.
            delivered_at = unacked[0][1]
            wait_for(lambda: time.time() > delivered_at + VISIBILITY_TIMEOUT, "the visibility timeout", 10)
            normal = worker(env, tmp_path / "worker.log", queue)

            def recomputed() -> Tournament | None:
                found = Tournament.objects.get(pk=tournament.pk)
                return found if found.standings_revision == found.revision else None

            done = wait_for(recomputed, f"the redelivered recompute\n{tail(tmp_path / 'worker.log')}", 45)
            wait_for(lambda: broker.zcard("unacked_index") == 0, "the acknowledgement", 15)
        finally:
            stop(stalled)
            stop(normal)

    standings: dict[str, Any] = done.standings
    assert standings != stale
    assert standings == services.standings_recompute(tournament_id=tournament.pk)
    assert sorted(row["match-points"] for row in standings["rows"]) == [0, 0, 2, 2]
