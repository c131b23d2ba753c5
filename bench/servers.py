"""What the benchmarks start on loopback, one way for all of them: a free port, and gunicorn serving
Tablescore (``bench_entry.py``, ``load/run.py``). Not for the test suite, which has its own
throwaway servers (tests/conftest.py, tests/faults/support.py)."""

from __future__ import annotations

import socket
import sys
import urllib.request
from collections.abc import Sequence


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
