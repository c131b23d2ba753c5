"""Throwaway servers for the fault tests: each test starts its own on a free port and kills that
one, never the machine's shared PostgreSQL (5432) or Redis (6379).

- :class:`RedisServer`: a private ``redis-server`` that can be stopped and started again on its port;
- :class:`PostgresCluster`: a private PostgreSQL cluster made by ``initdb`` in a temporary folder
  (run as the ``postgres`` OS user when we are root, since initdb refuses root);
- :func:`gunicorn` and :func:`celery`: the app served and worked the way production does, with
  their output in a log file that failures quote.

Every start has a deadline, every process is ended in a ``finally`` (``stop``), and nothing here
sleeps to assert speed: :func:`wait_for` polls a condition until its deadline.
"""

from __future__ import annotations

import glob
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.conftest import free_port, missing, wait_for_port
from tests.paths import ROOT

#: Settings for the processes the fault tests start: production's, with static files served from
#: the source folders (no collected manifest), see tests/faults/settings.py.
SETTINGS = "tests.faults.settings"


def wait_for(check: Callable[[], Any], what: str, timeout: float, *, every: float = 0.1) -> Any:
    """Poll ``check`` until it returns something truthy; fail naming ``what`` at the deadline."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(every)


def tail(path: Path, lines: int = 40) -> str:
    """The end of a log file, for failure messages."""
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def stop(process: subprocess.Popen[Any] | None, timeout: float = 15) -> None:
    """End a process we started: SIGTERM, then SIGKILL after ``timeout``."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def environment(**extra: str) -> dict[str, str]:
    """This environment without the shared servers' addresses, with the faults' settings."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"}}
    from django.conf import settings

    env.update(
        DJANGO_SETTINGS_MODULE=SETTINGS,
        SECRET_KEY=settings.SECRET_KEY,  # table links signed here must be valid there
        DEBUG="false",
        SECURE_SSL_REDIRECT="false",
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="WARNING",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.update(extra)
    return env


def this_test_database_url() -> str:
    """The URL of this test's PostgreSQL database (pytest-django's ``test_…`` one)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        missing("this fault test needs the PostgreSQL test database (phase 2 of bin/test)")
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def manage_shell(env: dict[str, str], script: str, *args: str) -> Any:
    """Run ``script`` with Django set up against the private cluster; its last line is JSON."""
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + script, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def spawn(command: list[str], env: Mapping[str, str], log: Path) -> subprocess.Popen[bytes]:
    """Start ``command`` in the project folder, its output appended to ``log``."""
    with log.open("ab") as out:
        return subprocess.Popen(command, cwd=ROOT, env=dict(env), stdout=out, stderr=subprocess.STDOUT)


# -- HTTP --------------------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        return json.loads(self.body)


def call(
    port: int,
    method: str,
    path: str,
    *,
    body: Any = None,
    headers: Mapping[str, str] | None = None,
    timeout: float = 15,
) -> Answer:
    """One HTTP request on a fresh connection; raises OSError when nothing answers."""
    sent = {"Host": "127.0.0.1", **(headers or {})}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        content = response.read()
        found = {k.lower(): v for k, v in response.getheaders()}
        return Answer(response.status, found, content, time.monotonic() - started)
    finally:
        conn.close()


def gunicorn(env: Mapping[str, str], log: Path, *, workers: int = 2) -> tuple[subprocess.Popen[bytes], int]:
    """Serve the app with gunicorn on a free port; returns the process and the port once ``/ping``
    answers 200 (failing after 30 s)."""
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "tablescore.wsgi",
        "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers), "--worker-class", "gthread", "--threads", "4",
        "--timeout", "30", "--graceful-timeout", "5", "--log-level", "warning",
    ]  # fmt: skip
    process = spawn(command, env, log)

    def up() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"gunicorn exited ({process.returncode}):\n{tail(log)}")
        try:
            return call(port, "GET", "/ping", timeout=2).status == 200
        except OSError:
            return False

    try:
        wait_for(up, "gunicorn to answer /ping", 30, every=0.2)
    except BaseException:
        stop(process)
        raise
    return process, port


def celery(
    arguments: list[str], env: Mapping[str, str], log: Path, *, app: str = "tablescore"
) -> subprocess.Popen[bytes]:
    """``celery -A APP ARGUMENTS...`` (a worker or beat)."""
    return spawn([sys.executable, "-m", "celery", "-A", app, *arguments, "--loglevel", "WARNING"], env, log)


def worker(
    env: Mapping[str, str], log: Path, queue: str, *, app: str = "tablescore"
) -> subprocess.Popen[bytes]:
    """A real worker on ``queue``, one task at a time, in its own process (``--pool solo``)."""
    return celery(["worker", "--pool", "solo", "-Q", queue, "--without-heartbeat", "--without-gossip",
                   "--without-mingle"], env, log, app=app)  # fmt: skip


# -- Redis -------------------------------------------------------------------------------------


@dataclass
class RedisServer:
    """A private redis-server on a free port, that the test may stop and start again."""

    log: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            missing("redis-server is not installed")
        command = [str(binary), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                   "--appendonly", "no"]  # fmt: skip
        self.process = spawn(command, {**os.environ}, self.log)
        wait_for_port(self.port)

    def stop(self) -> None:
        stop(self.process)
        self.process = None


@contextmanager
def redis_server(directory: Path) -> Iterator[RedisServer]:
    server = RedisServer(directory / "redis.log")
    try:
        server.start()
        yield server
    finally:
        server.stop()


# -- PostgreSQL --------------------------------------------------------------------------------


def postgres_bin() -> Path:
    """The folder of Debian's PostgreSQL server binaries (the newest installed)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        missing("PostgreSQL's server binaries (initdb, pg_ctl) are not under /usr/lib/postgresql/")
    return Path(found[-1]).parent


class PostgresCluster:
    """A private PostgreSQL cluster in a temporary folder, on a free port, with trust auth for
    ``postgres`` on 127.0.0.1. As root, every server command runs as the ``postgres`` OS user."""

    def __init__(self, *settings: str) -> None:
        #: Extra server settings (``-c name=value`` each), e.g. ``log_statement=all``.
        self.settings = settings
        self.bin = postgres_bin()
        self.port = free_port()
        self.base = Path(tempfile.mkdtemp(prefix="tablescore-faults-pg-"))
        self.data = self.base / "data"
        self.log = self.base / "server.log"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            try:
                shutil.chown(self.base, "postgres", "postgres")
            except LookupError:
                shutil.rmtree(self.base, ignore_errors=True)
                missing("initdb refuses root and there is no postgres OS user to run it as")

    def url(self, database: str = "postgres") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *command: str, timeout: float = 60) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        done = subprocess.run(
            [*prefix, *command], capture_output=True, text=True, timeout=timeout, cwd=self.base
        )
        if done.returncode != 0:
            raise AssertionError(f"{command[0]} failed ({done.returncode}): {done.stderr}\n{tail(self.log)}")

    def _pg_ctl(self, action: str, *extra: str) -> None:
        options = f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off"
        options += "".join(f" -c {setting}" for setting in self.settings)
        self._run(
            str(self.bin / "pg_ctl"), action, "-D", str(self.data), "-l", str(self.log),
            "-w", "-t", "30", "-o", options, *extra,
        )  # fmt: skip

    def create(self) -> None:
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
            "-E", "UTF8", "--no-sync", "--no-instructions",
        )  # fmt: skip

    def create_replica_of(self, primary: PostgresCluster) -> None:
        """A streaming replica of ``primary``: its base backup, set to follow it (``-R``)."""
        self._run(
            str(self.bin / "pg_basebackup"), "-h", "127.0.0.1", "-p", str(primary.port), "-U", "postgres",
            "-D", str(self.data), "-R", "-X", "stream", "--checkpoint=fast", "--no-sync",
        )  # fmt: skip

    def start(self) -> None:
        self._pg_ctl("start")

    def stop(self, mode: str = "fast") -> None:
        self._pg_ctl("stop", "-m", mode)

    def restart(self, mode: str = "fast") -> None:
        self._pg_ctl("restart", "-m", mode)

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def destroy(self) -> None:
        """Stop the server whatever its state (SIGKILL as a last resort), remove the folder."""
        try:
            if self.running():
                try:
                    self.stop("immediate")
                except (AssertionError, subprocess.TimeoutExpired):
                    pid = int((self.data / "postmaster.pid").read_text().split()[0])
                    os.kill(pid, signal.SIGKILL)
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


@contextmanager
def postgres_cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    try:
        cluster.create()
        cluster.start()
        yield cluster
    finally:
        cluster.destroy()


@contextmanager
def streaming_replica(primary: PostgresCluster, *settings: str) -> Iterator[PostgresCluster]:
    """A hot-standby replica of ``primary`` on its own free port, made with ``pg_basebackup``."""
    replica = PostgresCluster(*settings)
    try:
        replica.create_replica_of(primary)
        replica.start()
        yield replica
    finally:
        replica.destroy()
