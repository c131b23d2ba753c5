"""/healthz answers 200 when the database and the broker are usable, 503 otherwise."""

import pytest

from tests.conftest import free_port

pytestmark = pytest.mark.django_db


def test_it_is_healthy_with_in_process_celery(client, settings):
    settings.CELERY_BROKER_URL = "memory://"
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"] == {"ok": True, "mode": "in-process"}


def test_it_is_healthy_with_a_reachable_broker(client, settings, throwaway_redis):
    settings.CELERY_BROKER_URL = throwaway_redis
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["broker"]["mode"] == "redis"


def test_it_is_unavailable_when_the_broker_is_unreachable(client, settings):
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{free_port()}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["broker"]["ok"] is False
    assert body["database"]["ok"] is True


def test_it_refuses_post(client):
    assert client.post("/healthz").status_code == 405
