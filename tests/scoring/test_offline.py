"""The service worker and the web manifest (#13): served by views, so the worker names the static
files by the names the storage gives them and its cache's version follows what it serves."""

from __future__ import annotations

import json

import pytest
from django.templatetags.static import static

from scoring.links import table_token
from tests.factories import make_match


def test_the_service_worker_is_served_at_the_root_never_cached_with_the_shell_it_caches(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    assert "__VERSION__" not in body
    for name in ("css/tablescore.css", "js/outbox.js", "js/scorer-outbox.js", "vendor/htmx.min.js"):
        assert json.dumps(static(name)) in body
    assert 'self.addEventListener("sync"' in body


def test_the_workers_version_follows_the_static_names(client, settings):
    first = client.get("/sw.js").content
    settings.STATIC_URL = "/other-static/"
    second = client.get("/sw.js").content
    assert first.split(b"\n")[2] != second.split(b"\n")[2]  # var CACHE = "tablescore-<hash>"


def test_the_manifest_lets_the_scorer_page_open_from_the_home_screen(client):
    document = client.get("/manifest.webmanifest").json()
    assert document["display"] == "standalone"
    assert document["scope"] == "/"
    assert "start_url" not in document  # the page that links it is where it opens


@pytest.mark.django_db
def test_the_scorer_page_links_the_manifest_the_outbox_and_the_deal_number(client):
    match = make_match(deals=[{"points": {"Ann": 1, "Ben": 2}}])
    page = client.get(f"/t/{table_token(match)}/").content.decode()
    # Linked by the script in a secure context only (tests/browser/test_room_http.py).
    assert 'rel="manifest"' not in page
    assert 'data-manifest="/manifest.webmanifest"' in page
    assert 'id="outbox-status" class="outbox-status" role="status" hidden' in page
    assert 'name="number" value="2"' in page
    assert static("js/scorer-outbox.js") in page
