"""Fixtures shared by the whole suite: real servers when they are there, never mocks."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

REQUIRE_SERVICES = os.environ.get("TABLESCORE_REQUIRE_SERVICES") == "1"


def missing(reason: str) -> None:
    """Skip on a laptop without the server; fail in CI, where every server must be there."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required in CI: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing answered on port {port}")


#: What a test asks for when it reads or writes the database (a mark or a fixture of pytest-django's).
DATABASE_FIXTURES = frozenset(
    [
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "django_db_setup",
        "live_server",
    ]
)
#: The marks of tests that need a server (they start their own, or use PostgreSQL or Redis).
SERVER_MARKS = ("postgres", "redis", "slow")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--database-tests",
        action="store_true",
        help="only the tests that use the database or a server: phase 2 of bin/test runs them on "
        "PostgreSQL and Redis; the rest gives the same answer on any database and ran in phase 1",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--database-tests"):
        return
    kept = [item for item in items if uses_the_database_or_a_server(item)]
    if len(kept) < len(items):
        chosen = set(kept)
        config.hook.pytest_deselected(items=[item for item in items if item not in chosen])
        items[:] = kept


def uses_the_database_or_a_server(item: pytest.Item) -> bool:
    """Whether the test's answer may depend on the database or a server it reaches (a test marked
    ``any_database`` says it does not: a sweep of every page's wording, a clone of the repository)."""
    if item.get_closest_marker("any_database"):
        return False
    if item.get_closest_marker("django_db") or any(item.get_closest_marker(mark) for mark in SERVER_MARKS):
        return True
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def leave_no_rows(django_db_blocker: Any) -> None:
    """Empty the database after a module-scoped fixture's rows (made outside every test's
    transaction), as a transactional test leaves it: a worker runs the modules in any order, and a
    later test found the fixture's accounts (the archive's, the room's "no account yet")."""
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


def pytest_sessionstart(session: pytest.Session) -> None:
    """The French and Dutch pages need the compiled catalogs: compile the ones that changed
    (``bin/test`` has already run ``compilemessages``; a targeted ``pytest`` run may not have)."""
    from tests.i18n.catalogs import compile_stale

    compile_stale()


@pytest.fixture(autouse=True)
def _test_web_settings(settings) -> None:
    """The test client speaks plain HTTP (production redirects to HTTPS), and static files are
    served from the source folders rather than a collected manifest. Passwords are hashed with MD5:
    PBKDF2's deliberate slowness (0.2 s a hash) bought nothing here and cost every test that makes
    an organizer; the production hasher is checked in tests/tablescore/test_accounts.py."""
    settings.SECURE_SSL_REDIRECT = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _back_to_english() -> Iterator[None]:
    """A request with Accept-Language leaves its language active in the thread (LocaleMiddleware
    activates it and nothing deactivates it): the next test on this worker must not read French."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_bad_token_count_carried_over() -> None:
    """Bad table-link tokens are counted per address in the cache (scoring/throttling.py); the test
    client always comes from 127.0.0.1, so no test starts with another test's count."""
    from scoring.throttling import BadTokenThrottle

    BadTokenThrottle.forget("127.0.0.1")


@pytest.fixture
def throwaway_redis() -> Iterator[str]:
    """A private redis-server on a free port, stopped afterwards (never the shared one)."""
    binary = shutil.which("redis-server")
    if binary is None:
        missing("redis-server is not installed")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def redis_url() -> str:
    """The real Redis of phase 2 (REDIS_URL)."""
    url = os.environ.get("REDIS_URL")
    if not url:
        missing("REDIS_URL is not set (phase 2 of bin/test sets it)")
    return str(url)


def forget_broker_connections() -> None:
    """Drop this process's broker connections and producer pools: the app's, and kombu's global
    registry (keyed by connection: a pool closed here would otherwise be handed out again to the
    next test that sends a task, "Acquire on closed pool")."""
    from kombu import pools

    from tablescore.celery import app

    if app._pool is not None:
        app._pool.force_close_all()
    app._pool = None
    app.amqp._producer_pool = None
    pools.reset()


@contextmanager
def sending_tasks_to(broker_url: str, queue: str | None = None) -> Iterator[None]:
    """This process's tasks go to ``broker_url`` (on ``queue``), not in-process; the Celery app's
    configuration and connections are restored afterwards."""
    from tablescore.celery import app

    keys = ("broker_url", "task_always_eager", "task_default_queue")
    saved = {key: app.conf[key] for key in keys}
    app.conf.update(broker_url=broker_url, task_always_eager=False)
    if queue:
        app.conf.task_default_queue = queue
    forget_broker_connections()
    try:
        yield
    finally:
        app.conf.update(saved)
        forget_broker_connections()


@contextmanager
def celery_worker(redis_url: str) -> Iterator[str]:
    """A real `celery -A tablescore worker` on a private queue, using this test's PostgreSQL
    database; yields the queue name. Skips (fails in CI) outside phase 2 of bin/test."""
    from django.db import connection

    from tests.paths import ROOT

    if connection.vendor != "postgresql":
        missing("the worker test needs the PostgreSQL test database (phase 2 of bin/test)")
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url, "CELERY_QUEUE": queue}
    command = [sys.executable, "-m", "celery", "-A", "tablescore", "worker", "--pool", "solo", "-Q", queue]
    process = subprocess.Popen(
        [*command, "--loglevel", "WARNING"],
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
