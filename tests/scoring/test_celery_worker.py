"""Celery through the real Redis broker to a real worker process (phase 2 of bin/test)."""

import os
import time

import pytest

from scoring.models import Match
from scoring.tasks import match_refresh
from tests.conftest import celery_worker
from tests.factories import make_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def worker(redis_url):
    """A real worker on a private queue (see tests.conftest.celery_worker)."""
    with celery_worker(redis_url) as queue:
        yield queue


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
