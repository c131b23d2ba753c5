"""Where a request comes from: the address the audit trail records and the bad-token throttle counts.

Behind ``TRUSTED_PROXIES`` reverse proxies (nginx, a load balancer) ``REMOTE_ADDR`` is the nearest
proxy, and each proxy appends the address it saw to ``X-Forwarded-For``: the client is the entry
the outermost trusted proxy appended, counted from the right. Entries left of it are whatever the
client sent, and are never believed (a guesser could otherwise pick a fresh address per request).
With no trusted proxy (the default) the header is ignored.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings


def client_ip(request: Any) -> str | None:
    """The client's address, or ``None`` when the request carries none."""
    proxies: int = settings.TRUSTED_PROXIES
    if proxies > 0:
        forwarded: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
        chain = [part.strip() for part in forwarded.split(",") if part.strip()]
        if len(chain) >= proxies:
            return chain[-proxies]
    address: str | None = request.META.get("REMOTE_ADDR") or None
    return address
