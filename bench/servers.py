"""What the benchmarks start on loopback, one way for all of them: a free port, and gunicorn serving
Tablescore (``bench_entry.py``, ``load/run.py``). Not for the test suite, which has its own
throwaway servers (tests/conftest.py, tests/faults/support.py)."""

from __future__ import annotations

import os
import socket
import sys
import urllib.request
from collections.abc import Sequence


def production_environment(database_url: str, *, drop: Sequence[str] = (), **extra: str) -> dict[str, str]:
    """This process's environment with production settings on loopback plain HTTP: DEBUG off, a
    throwaway secret, quiet logs; ``drop`` names variables to leave out, ``extra`` adds some."""
    env = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL", *drop}}
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        DEBUG="false",
        SECURE_SSL_REDIRECT="false",
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="WARNING",
        **extra,
    )
    return env


#: The PostgreSQL server the benchmarks make their scratch databases on.
BENCH_SERVER_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")


def scratch_database(name: str, server_url: str = BENCH_SERVER_URL) -> str:
    """Database ``name`` on the server of ``server_url``, dropped if it was there and created empty;
    returns its URL."""
    import psycopg

    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + "/" + name


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def gunicorn_command(port: int, *, workers: int, threads: int, extra: Sequence[str] = ()) -> list[str]:
    """gunicorn with ``workers`` gthread processes of ``threads`` threads on 127.0.0.1:``port``."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "tablescore.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
        "--log-level",
        "warning",
        *extra,
    ]


def answers_ping(port: int) -> bool:
    """Whether Tablescore answers its liveness view on ``port``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/ping", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False
