"""Debian's Chromium driven through Playwright, at the size of a phone held in one hand."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import ARGS, CHROMIUM, PHONE
from tests.conftest import missing


@pytest.fixture(scope="session", autouse=True)
def _one_request_at_a_time() -> Iterator[None]:
    """The live server answers one request at a time, and never while the test's own thread is
    inside a query or a transaction. On SQLite the test database lives in memory and its one
    connection is shared by the server's thread and the test's: two requests at once (a page's
    poll beside a phone's send) collided ("no such savepoint", a 503), and a request still in
    flight when the test saved a deal through the services, or flushed the tables at its end,
    failed with "database table is locked". One lock, held by the server while the application
    answers a request and by the test's thread for each query and each outermost transaction,
    keeps them apart; set before the session-wide server starts."""
    from django.core.servers.basehttp import WSGIServer
    from django.db.backends.utils import CursorWrapper
    from django.db.transaction import Atomic
    from django.test.testcases import LiveServerThread

    shared = threading.RLock()

    class OneAtATime(WSGIServer):
        """Django's server without threads; the live server thread has set its connections."""

        def __init__(self, *args: Any, connections_override: Any = None, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)

        def set_app(self, application: Callable[..., Any]) -> None:
            """The application runs holding the lock, its answer read to the end and closed
            there (``request_finished`` included); not the connection: a browser's idle
            pre-connection would hold the lock until it gave up, and the test's thread with it."""

            def held(environ: Any, start_response: Any) -> list[bytes]:
                with shared:
                    response = application(environ, start_response)
                    try:
                        return [b"".join(response)]
                    finally:
                        if hasattr(response, "close"):
                            response.close()

            super().set_app(held)

    def test_thread() -> bool:
        """Other threads of a test (eight phones at once) have connections of their own."""
        return threading.current_thread() is threading.main_thread()

    def holding(method: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any, **kwargs: Any) -> Any:
            if not test_thread():
                return method(*args, **kwargs)
            with shared:
                return method(*args, **kwargs)

        return held

    def entering(self: Atomic) -> None:
        if not test_thread():
            return enter(self)
        shared.acquire()
        try:
            enter(self)
        except BaseException:
            shared.release()
            raise

    def exiting(self: Atomic, *exc: Any) -> None:
        if not test_thread():
            return exit_(self, *exc)
        try:
            exit_(self, *exc)
        finally:
            shared.release()

    enter, exit_ = Atomic.__enter__, Atomic.__exit__
    execute, executemany = CursorWrapper.execute, CursorWrapper.executemany
    server_class = LiveServerThread.server_class
    LiveServerThread.server_class = OneAtATime
    Atomic.__enter__, Atomic.__exit__ = entering, exiting
    CursorWrapper.execute, CursorWrapper.executemany = holding(execute), holding(executemany)
    yield
    LiveServerThread.server_class = server_class
    Atomic.__enter__, Atomic.__exit__ = enter, exit_
    CursorWrapper.execute, CursorWrapper.executemany = execute, executemany


@pytest.fixture(scope="session", autouse=True)
def _the_database_outlives_the_live_server(django_db_setup: Any) -> None:
    """The test database is made before the session-wide live server starts, so it is dropped after
    the server stops. The other way round, on PostgreSQL (phase 2 runs the tournament night's
    browser tests there), the server thread's persistent connection was still open when the
    database was dropped ("being accessed by other users"), and the database was left behind."""


@pytest.fixture(scope="session", autouse=True)
def _plain_http_live_server() -> Iterator[None]:
    """The live server speaks plain HTTP. Its middleware is built once, when the session-wide
    server starts, so the per-test settings of tests/conftest.py come too late for it."""
    from django.test.utils import override_settings

    plain = override_settings(SECURE_SSL_REDIRECT=False)
    plain.enable()
    yield
    plain.disable()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        missing(f"Debian's chromium is not installed at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is in requirements-dev.txt
        missing("the playwright package is not installed")
    # Playwright's sync API runs an event loop in this thread; Django refuses ORM calls from
    # a thread with a running loop unless told this is deliberate (tests only).
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            yield chromium
            chromium.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture(autouse=True)
def _no_page_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a test opened is closed when it ends. The live server lives for the session: a
    page left open keeps polling it (scoreboards, the desk, an outbox's retries) during later tests
    without database access, and each refused request prints a traceback from the server's thread,
    whose drawing (Python 3.11 parses the source) races another test's ``ast.parse``."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A fresh phone-sized page (its own cookies), dark theme."""
    context = browser.new_context(viewport=PHONE, color_scheme="dark", has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def second_phone(browser: Any) -> Iterator[Any]:
    """Another phone at the table next door, light theme, that only watches the scoreboard."""
    context = browser.new_context(viewport=PHONE, color_scheme="light", has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def tasks_in_process() -> Iterator[None]:
    """The tournament's tasks run where the deal is saved (the live server), as without Redis."""
    from tablescore.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before
