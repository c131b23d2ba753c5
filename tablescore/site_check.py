"""``manage.py site_check``: what is wrong, said before the site opens rather than on Saturday night.

Each check says what it looked at and, when something is wrong, what to do. They are the ones an
operator would otherwise find one by one in the logs: Django's own deployment checks, the
database (reachable, migrated), the replica (reachable, how far behind), the broker, the site's
name (resolving, allowed), and its certificate (valid for the name, not about to expire).
"""

from __future__ import annotations

import socket
import ssl
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor

#: Caddy renews a certificate when a third of its life is left; with less than a quarter left,
#: renewal has been failing for a while (a week and more for Let's Encrypt's 90 days).
RENEWAL_OVERDUE = 0.25


@dataclass(frozen=True)
class Finding:
    part: str
    ok: bool
    says: str


def _deploy_checks() -> Finding:
    try:
        call_command("check", deploy=True, fail_level="WARNING", stdout=_Quiet(), stderr=_Quiet())
    except SystemCheckError as error:
        first = next((line for line in str(error).splitlines() if "?:" in line or ": (" in line), str(error))
        return Finding("django", False, f"manage.py check --deploy fails: {first.strip()}")
    return Finding("django", True, "manage.py check --deploy: no issue")


class _Quiet:
    def write(self, _text: str) -> None:
        """The command's own report is summed up by the finding."""


def _database() -> Finding:
    try:
        connection = connections[DEFAULT_DB_ALIAS]
        connection.ensure_connection()
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as error:
        return Finding("database", False, f"cannot connect: {_first_line(error)} (check DATABASE_URL)")
    if pending:
        return Finding("database", False, f"{len(pending)} migrations not applied: run manage.py migrate")
    return Finding("database", True, f"{connection.vendor} reachable, every migration applied")


def _replica() -> Iterator[Finding]:
    if "replica" not in settings.DATABASES:
        return
    from tablescore.replica import replica_lag_seconds

    try:
        lag = replica_lag_seconds()
    except DatabaseError as error:
        yield Finding("replica", False, f"cannot connect: {_first_line(error)} (check DATABASE_REPLICA_URL)")
        return
    bound = settings.DATABASE_REPLICA_MAX_LAG_SECONDS
    yield Finding("replica", lag <= bound, f"{lag:.1f} s behind the primary (reads skip it past {bound} s)")


def _broker() -> Finding:
    if not settings.REDIS_URL:
        return Finding(
            "broker",
            False,
            "REDIS_URL is not set: tasks would run inside the web processes, one site process only",
        )
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        return Finding("broker", False, f"Redis does not answer: {_first_line(error)} (check REDIS_URL)")
    return Finding("broker", True, "Redis answers")


def _site_address() -> tuple[str, int, str]:
    parts = urlsplit(settings.SITE_URL)
    return parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80), parts.scheme


def _name() -> Finding:
    host, port, _scheme = _site_address()
    if not host:
        return Finding("name", False, f"SITE_URL has no host name: {settings.SITE_URL!r}")
    allowed = settings.ALLOWED_HOSTS
    if (
        host not in allowed
        and "*" not in allowed
        and not any(h.startswith(".") and (host.endswith(h) or host == h[1:]) for h in allowed)
    ):
        return Finding("name", False, f"{host} is not in ALLOWED_HOSTS ({', '.join(allowed)})")
    try:
        addresses = sorted(
            {str(info[4][0]) for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)}
        )
    except OSError as error:
        return Finding("name", False, f"{host} does not resolve: {error} (its DNS record is missing)")
    return Finding("name", True, f"{host} resolves to {', '.join(addresses)}")


def _certificate() -> Finding:
    host, port, scheme = _site_address()
    if scheme != "https":
        return Finding(
            "certificate", False, f"SITE_URL is not https: phones would be sent to {settings.SITE_URL}"
        )
    try:
        with (
            socket.create_connection((host, port), timeout=5) as raw,
            ssl.create_default_context().wrap_socket(raw, server_hostname=host) as tls,
        ):
            certificate = tls.getpeercert()
    except ssl.SSLCertVerificationError as error:
        return Finding("certificate", False, f"{host}:{port} is not trusted: {error.verify_message}")
    except OSError as error:
        return Finding("certificate", False, f"nothing answers HTTPS on {host}:{port}: {error}")
    issued = ssl.cert_time_to_seconds(str((certificate or {})["notBefore"]))
    expires = ssl.cert_time_to_seconds(str((certificate or {})["notAfter"]))
    left = expires - time.time()
    overdue = left < RENEWAL_OVERDUE * (expires - issued)
    return Finding(
        "certificate",
        not overdue,
        f"valid for {host}, {_duration(left)} left" + (": renewal is failing, renew it" if overdue else ""),
    )


def _duration(seconds: float) -> str:
    return f"{seconds / 86400:.0f} days" if seconds >= 2 * 86400 else f"{seconds / 3600:.0f} hours"


def _first_line(error: Exception) -> str:
    return (str(error).strip() or type(error).__name__).splitlines()[0]


CHECKS: tuple[Callable[[], Finding | Iterator[Finding]], ...] = (
    _deploy_checks,
    _database,
    _replica,
    _broker,
    _name,
    _certificate,
)


def site_findings() -> list[Finding]:
    """Every check's findings, in the order an operator fixes them."""
    found: list[Finding] = []
    for check in CHECKS:
        result = check()
        found.extend([result] if isinstance(result, Finding) else result)
    return found
