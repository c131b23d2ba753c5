"""Celery through the real Redis broker to a real worker process (phase 2 of bin/test)."""

import os
import subprocess
import sys
import time
import uuid

import pytest
from django.db import connection

from scoring.models import Match
from scoring.tasks import match_refresh
from tests.conftest import missing
from tests.factories import make_match
from tests.paths import ROOT

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.redis]


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def worker(redis_url):
    """A `celery -A tablescore worker` on a private queue, using this test's database."""
    if connection.vendor != "postgresql":
        missing("the worker test needs the PostgreSQL test database (phase 2 of bin/test)")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "DATABASE_URL": _database_url(), "REDIS_URL": redis_url, "CELERY_QUEUE": queue}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "tablescore",
            "worker",
            "--pool",
            "solo",
            "-Q",
            queue,
            "--loglevel",
            "WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield queue
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def test_a_task_goes_through_redis_to_a_worker(worker):
    match = make_match(options={"target": 1000}, deals=[{"points": {"Ann": 10, "Ben": 5}}])
    Match.objects.filter(pk=match.pk).update(state={"totals": {"Ann": 0, "Ben": 0}})
    result = match_refresh.apply_async(args=[match.pk], queue=worker)
    assert result.id
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.state.get("totals") == {"Ann": 10, "Ben": 5}:
            break
        time.sleep(0.2)
    assert match.state["totals"] == {"Ann": 10, "Ben": 5}
    assert match.revision >= 2
    print(f"Celery task {result.id} went through Redis ({os.environ['REDIS_URL']}) to a worker on {worker}")
