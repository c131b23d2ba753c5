"""The scorer page on the room's plain HTTP (#22): a phone opens ``http://192.168.x.y:8000``, which
is not a secure context, so there is no service worker. The page registers none and logs no error,
tells the table to keep the page open, offers no home-screen install, and its outbox (IndexedDB)
still keeps three deals entered offline and sends them, in order, once the network is back.

Chromium counts 127.0.0.1 and localhost as secure: the live server is reached here by another name,
``room.test``, which this test's own Chromium resolves to 127.0.0.1 (``--host-resolver-rules``), so
only loopback traffic flows while the page's origin is an ordinary, insecure one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scoring.links import table_token
from tests.browser.support import ARGS, CHROMIUM, PHONE, screen, snap
from tests.browser.test_offline_outbox import SCORED_AGAIN, SIDES, enter, entries
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/room-shots")
ROOM = "room.test"
#: What a room's plain-HTTP start sets (cookies without the Secure flag, which a browser drops on
#: an insecure origin), and the room's host name allowed.
ROOM_SETTINGS = {
    "CSRF_COOKIE_SECURE": False,
    "SESSION_COOKIE_SECURE": False,
    "LANGUAGE_COOKIE_SECURE": False,
}


@pytest.fixture(scope="module")
def room_browser(browser: Any) -> Iterator[Any]:
    """A Chromium of its own (started by the session's Playwright) that resolves ``room.test`` to
    127.0.0.1, and every other name as usual."""
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM, args=[*ARGS, f"--host-resolver-rules=MAP {ROOM} 127.0.0.1"]
    )
    yield chromium
    chromium.close()


@pytest.fixture
def room_url(live_server: Any, settings: Any) -> str:
    """The live server as the room's phones reach it: ``http://room.test:<port>``."""
    port = urlsplit(live_server.url).port
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, ROOM]
    for name, value in ROOM_SETTINGS.items():
        setattr(settings, name, value)
    return f"http://{ROOM}:{port}"


def errors_of(page: Any) -> list[str]:
    """The console's errors and the page's uncaught exceptions, as they come."""
    found: list[str] = []
    page.on("console", lambda message: found.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def not_the_network(errors: list[str]) -> list[str]:
    """The errors that are not a request failing for want of a network (Chromium's line for the
    request, ``net::ERR_FAILED`` when a service worker's fetch failed, and htmx's for the
    scoreboard's poll): with the network cut, those are expected."""
    network = ("Failed to load resource: net::ERR_", "htmx:sendError", "htmx:afterRequest")
    return [error for error in errors if not error.startswith(network)]


def test_on_plain_http_the_outbox_keeps_and_sends_three_deals_without_a_service_worker(
    room_browser, room_url, live_server
):
    match = make_match(sides=SIDES, title="Table 4")
    page = screen(room_browser, PHONE)
    errors = errors_of(page)
    page.goto(f"{room_url}/t/{table_token(match)}/")
    page.wait_for_selector("#outbox-status:has-text('Online')")
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("'serviceWorker' in navigator") is False
    assert page.locator("link[rel=manifest]").count() == 0  # no home-screen install offered
    assert errors == []

    page.context.set_offline(True)
    for number, (first, second) in enumerate((("5", "3"), ("2", "7"), ("4", "4")), start=1):
        enter(page, first, second)
        page.wait_for_selector(f"#kept:has-text('Deal {number} is saved on this phone')")
        assert "keep this page open, don't reload it" in page.inner_text("#kept")
    page.wait_for_selector(
        '#outbox-status:has-text("Offline — keep this page open; don\'t reload it — 3 deals saved on this phone")'
    )
    snap(page, SHOTS, "plain-http-offline-360", full_page=False)

    page.context.set_offline(False)
    page.wait_for_selector("#outbox-status:has-text('Online — last sent')", timeout=SCORED_AGAIN)
    page.wait_for_selector("#outbox", state="hidden")
    assert entries(match) == [(1, {"Ann": 5, "Bob": 3}), (2, {"Ann": 2, "Bob": 7}), (3, {"Ann": 4, "Bob": 4})]
    assert not_the_network(errors) == []
    page.context.close()


def test_in_a_secure_context_the_worker_runs_the_manifest_is_linked_and_the_banner_is_short(
    browser, live_server
):
    match = make_match(sides=SIDES, title="Table 5")
    page = screen(browser, PHONE)
    errors = errors_of(page)
    page.goto(f"{live_server.url}/t/{table_token(match)}/")
    assert page.evaluate("window.isSecureContext") is True
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/manifest.webmanifest"
    assert errors == []
    page.context.set_offline(True)
    enter(page, "1", "2")
    page.wait_for_selector("#outbox-status:has-text('Offline — 1 deal saved on this phone')")
    assert "keep this page open" not in page.inner_text("#outbox-status")
    assert "keep this page open" not in page.inner_text("#kept")
    assert not_the_network(errors) == []
