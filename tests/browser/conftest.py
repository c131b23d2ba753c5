"""Debian's Chromium driven through Playwright, at the size of a phone held in one hand."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import ARGS, CHROMIUM, PHONE
from tests.conftest import missing


@pytest.fixture(scope="session", autouse=True)
def _one_request_at_a_time() -> None:
    """The live server answers one request at a time. On SQLite the test database lives in memory
    and its one connection is shared by the server's threads, so two requests at once (a page's
    poll beside a phone's send) collided ("no such savepoint", a 503) and a phone sent again
    later, past a test's wait. Set before the session-wide server starts."""
    from django.core.servers.basehttp import WSGIServer
    from django.test.testcases import LiveServerThread

    class OneAtATime(WSGIServer):
        """Django's server without threads; the live server thread has set its connections."""

        def __init__(self, *args: Any, connections_override: Any = None, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)

    LiveServerThread.server_class = OneAtATime


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
