"""Fixtures of the tournament tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client

from tablescore.celery import app
from tests.factories import ClubFactory, organizer


@pytest.fixture
def in_process_tasks() -> Iterator[None]:
    """Celery tasks run in this process when enqueued (as without REDIS_URL), in every phase: the
    service and API tests check what the tasks did without a worker."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def boss(client: Client, club):
    """An organizer of ``club``, signed in on the test client."""
    user = organizer(club)
    client.force_login(user)
    return user
