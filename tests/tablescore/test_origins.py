"""Cross-Origin-Opener-Policy only where a browser honours it (tablescore/origins.py): over HTTPS and
on this computer, not on a room's plain ``http://192.168.x.y``, where Chromium ignores the header
and logs an error on every page (tests/browser/test_room_http.py sees the console stay clean)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

HEADER = "Cross-Origin-Opener-Policy"


@pytest.fixture
def room_hosts(settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20", "scores.example.org"]


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost", "[::1]:8000"])
def test_plain_http_on_this_computer_keeps_it(client, host):
    assert client.get("/", HTTP_HOST=host)[HEADER] == "same-origin"


def test_https_keeps_it_whatever_the_host(client, room_hosts):
    assert client.get("/", HTTP_HOST="scores.example.org", secure=True)[HEADER] == "same-origin"
    assert client.get("/", HTTP_HOST="192.168.1.20:8000", secure=True)[HEADER] == "same-origin"


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "scores.example.org"])
def test_plain_http_to_the_room_drops_it_and_nothing_else(client, room_hosts, host):
    response = client.get("/", HTTP_HOST=host)
    assert response.status_code == 200
    assert HEADER not in response
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in response


def test_an_unknown_host_is_still_refused_without_an_error_here(client):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert HEADER not in response
