"""A request for a host the site does not serve gets 400 and one log line, not a traceback."""

from __future__ import annotations

import io
import logging
import logging.config

import pytest
from django.conf import settings as django_settings


@pytest.fixture
def terminal():
    """The project's LOGGING, written to a buffer as the terminal would show it."""
    logging.config.dictConfig(django_settings.LOGGING)
    handler = logging.getLogger("django.security.DisallowedHost").handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    buffer = io.StringIO()
    previous = handler.setStream(buffer)
    yield buffer
    handler.setStream(previous)


@pytest.mark.django_db
def test_an_unknown_host_is_refused_with_one_line(client, terminal):
    response = client.get("/", HTTP_HOST="192.168.1.77:8000")

    assert response.status_code == 400
    lines = terminal.getvalue().splitlines()
    assert lines == [
        "ERROR django.security.DisallowedHost: Invalid HTTP_HOST header: '192.168.1.77:8000'. "
        "You may need to add '192.168.1.77' to ALLOWED_HOSTS."
    ]


@pytest.mark.django_db
def test_an_allowed_host_is_served_quietly(client, terminal, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.77"]

    assert client.get("/", HTTP_HOST="192.168.1.77:8000").status_code == 200
    assert terminal.getvalue() == ""
