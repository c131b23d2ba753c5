"""What a client sees when a server behind the app is unreachable (no server needed: any phase).

- the database: 503 with Retry-After and a short body (the API's error shape, or a page), never a
  500 (tablescore/middleware.py, tablescore.api.exception_handler);
- Redis as the cache: a cache call answers "nothing cached" at once instead of raising
  (django-redis with IGNORE_EXCEPTIONS, tablescore/settings.py);
- Redis as the broker: a write's enqueue gives up after one refused connection, not seconds of
  retries, every time (tournaments/events.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from django.db import OperationalError
from django.test import Client

from tests.conftest import free_port, sending_tasks_to
from tests.paths import ROOT
from tournaments import events, tasks

pytestmark = pytest.mark.urls("tests.faults.urls")


def test_it_answers_a_page_503_with_retry_after_when_the_database_is_unreachable(client):
    response = client.get("/faults/page/")
    assert response.status_code == 503
    assert response["Retry-After"].isdigit()
    assert response["Content-Type"].startswith("text/html")
    assert b"Back in a moment" in response.content
    assert response["Cache-Control"] == "no-store"


def test_it_answers_the_api_503_in_its_error_shape_when_the_database_is_unreachable(client):
    response = client.get("/api/faults/unavailable/")
    assert response.status_code == 503
    assert response["Retry-After"].isdigit()
    assert response.json()["error"]["field"] is None
    assert "send the same request again" in response.json()["error"]["rule"]


class FailingAfterTheView:
    """A middleware whose way out needs the database (as saving a session does) while it is down."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        self.get_response(request)
        raise OperationalError("server closed the connection unexpectedly")


@pytest.mark.parametrize(("path", "kind"), [("/ping", "text/html"), ("/api/games/", "application/json")])
def test_a_database_failure_after_the_view_is_a_503_too(settings, path, kind):
    settings.MIDDLEWARE = ["tests.faults.test_unavailable.FailingAfterTheView", *settings.MIDDLEWARE]
    response = Client(raise_request_exception=False).get(path)
    assert response.status_code == 503
    assert response["Content-Type"].startswith(kind)
    assert response["Retry-After"].isdigit()


def test_other_errors_stay_errors(client):
    with pytest.raises(ZeroDivisionError):
        client.get("/api/faults/bug/")


PROBE = """
import json, time
import django
django.setup()
from django.conf import settings
from django.core.cache import cache
started = time.monotonic()
cache.set("probe", 1)
found = cache.get("probe", "nothing")
print(json.dumps({
    "backend": settings.CACHES["default"]["BACKEND"],
    "found": found,
    "seconds": time.monotonic() - started,
    "transport": settings.CELERY_BROKER_TRANSPORT_OPTIONS,
}))
"""


def test_the_cache_answers_nothing_cached_when_redis_is_unreachable():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tablescore.settings",
        "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
        "CELERY_VISIBILITY_TIMEOUT": "7",
        "LOG_LEVEL": "CRITICAL",
    }
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    assert probe["backend"] == "django_redis.cache.RedisCache"
    assert probe["found"] == "nothing"
    assert probe["seconds"] < 2  # a refused connection, tried once per call
    assert probe["transport"]["visibility_timeout"] == 7


def test_an_unreachable_broker_does_not_hold_up_a_write():
    with sending_tasks_to(f"redis://127.0.0.1:{free_port()}/0"):
        for _ in range(3):  # each send tries again, once: the process remembers nothing
            started = time.monotonic()
            assert events.send(tasks.match_changed, 1) is False
            assert time.monotonic() - started < 2  # kombu alone would retry for ~6 s


@pytest.mark.django_db
def test_a_services_follow_up_after_the_commit_is_sent_as_safely(django_capture_on_commit_callbacks):
    from tournaments.services.common import after_commit

    with sending_tasks_to(f"redis://127.0.0.1:{free_port()}/0"):
        started = time.monotonic()
        with django_capture_on_commit_callbacks(execute=True) as sent:
            after_commit(tasks.standings_recompute, 1)  # the broker is down: logged, never raised
        assert len(sent) == 1
        assert time.monotonic() - started < 2
