"""``GET /healthz``: can this process serve? Database and broker, each with a short timeout."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def check_database() -> dict[str, Any]:
    """A trivial query on the default database."""
    started = time.monotonic()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:
        return {"ok": False, "error": f"{type(error).__name__}: {error}"[:300]}
    return {"ok": True, "vendor": connection.vendor, "ms": round((time.monotonic() - started) * 1000, 1)}


def check_broker() -> dict[str, Any]:
    """A PING to the Redis broker; an in-process (eager) Celery needs no broker."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith("redis"):
        return {"ok": True, "mode": "in-process"}
    import redis

    started = time.monotonic()
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        client.ping()
        client.close()
    except Exception as error:
        return {"ok": False, "mode": "redis", "error": f"{type(error).__name__}: {error}"[:300]}
    return {"ok": True, "mode": "redis", "ms": round((time.monotonic() - started) * 1000, 1)}


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when every part is usable, 503 otherwise; the body says which part failed."""
    checks = {"database": check_database(), "broker": check_broker()}
    healthy = all(part["ok"] for part in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503
    )


@require_GET
def ping(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers, touching nothing (also the benchmarks' baseline view)."""
    return JsonResponse({"ok": True})
