"""``run.py --topology``: the federation's shape on this machine, under load and faults.

Started here as separate processes, all on loopback, all stopped at the end:

- a PostgreSQL primary and a streaming replica made from it with ``pg_basebackup``, each a
  throwaway cluster on a free port (the machine's shared server is not touched);
- a throwaway Redis;
- Caddy with deploy/Caddyfile (``tls internal``) in front of two gunicorn processes, each with
  psycopg's connection pool and the replica for the reads of pages that only show;
- two Celery workers and the one beat.

The same 200 tables as run.py then play through Caddy over HTTPS, while, on a schedule, one web
process is killed (SIGKILL) and started again 2 s later as systemd would, a worker is restarted,
and the replica is stopped and started again.
Afterwards the same checks as run.py (every accepted deal stored exactly once, match states equal
a replay, standings equal a recompute), plus: the replica served reads (counted in the replica's
own statistics), and what each fault cost (retries and failed requests in the 15 s after it,
against the 15 s before the first). Figures: p50/p99 per endpoint, deals/s per web process, and
the most database connections the site held.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from checks import Verdicts, check_exactly_once, check_replays, check_standings, read_journal, read_stats
from evening import check_generators, set_up
from run import QUEUE, ROOT, Started, loadavg, locust_command, port_open, report, wait_for, wait_for_drain

from bench.servers import answers_ping, free_port, gunicorn_command, production_environment
from tests.faults.support import PostgresCluster

DB_NAME = "tablescore"
#: When each fault strikes, as a share of the run, and what it is.
FAULTS = (
    (0.30, "kill web process 1 (SIGKILL; restarted 2 s later, as systemd does)"),
    (0.45, "restart worker 1"),
    (0.60, "stop the replica"),
    (0.75, "start the replica"),
)
WINDOW = 15.0


class Site:
    """The processes of the federation's shape, and the faults done to them."""

    def __init__(self, args: argparse.Namespace, work: Path, started: Started) -> None:
        self.args, self.work, self.started = args, work, started
        self.primary = PostgresCluster("max_connections=300")
        self.replica = PostgresCluster("max_connections=300", "hot_standby_feedback=on")
        self.web_ports = [free_port(), free_port()]
        self.https_port, self.http_port = free_port(), free_port()
        self.web: list[Any] = []
        self.workers: list[Any] = []
        self.env: dict[str, str] = {}
        self.faults: list[tuple[float, str]] = []
        self.connections: list[int] = []

    def start_databases(self) -> None:
        import psycopg

        self.primary.create()
        self.primary.start()
        with psycopg.connect(self.primary.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DB_NAME}")
        self.replica.create_replica_of(self.primary)
        self.replica.start()

    def environment(self, redis_port: int) -> dict[str, str]:
        self.env = production_environment(
            self.primary.url(DB_NAME),
            DJANGO_SETTINGS_MODULE="tablescore.settings",
            REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
            CELERY_QUEUE=QUEUE,
            DATABASE_REPLICA_URL=self.replica.url(DB_NAME),
            DATABASE_POOL_SIZE=str(self.args.threads),
            TRUSTED_PROXIES="1",
        )
        self.env["ALLOWED_HOSTS"] = "localhost,127.0.0.1"  # the site's name behind Caddy, and /ping
        return self.env

    def start_web(self, index: int) -> None:
        port = self.web_ports[index]
        workers = max(1, self.args.workers // 2)
        command = gunicorn_command(
            port, workers=workers, threads=self.args.threads, extra=["--timeout", "60"]
        )
        process = self.started.start(f"gunicorn {index + 1}", command, log=self.work / f"web{index + 1}.log",
                                     env=self.env, cwd=ROOT)  # fmt: skip
        if index < len(self.web):
            self.web[index] = process
        else:
            self.web.append(process)
        wait_for(f"gunicorn {index + 1}", lambda: answers_ping(port), process)

    def start_worker(self, index: int) -> None:
        log = self.work / f"worker{index + 1}.log"
        already = log.read_text(errors="replace").count(" ready.") if log.exists() else 0
        command = [sys.executable, "-m", "celery", "-A", "tablescore", "worker", "--hostname",
                   f"worker{index + 1}@%h", "--concurrency", "1", "-Q", QUEUE, "--loglevel", "INFO",
                   "--without-gossip", "--without-mingle"]  # fmt: skip
        process = self.started.start(f"worker {index + 1}", command, log=log, env=self.env, cwd=ROOT)
        if index < len(self.workers):
            self.workers[index] = process
        else:
            self.workers.append(process)
        wait_for(
            f"worker {index + 1}", lambda: log.read_text(errors="replace").count(" ready.") > already, process
        )

    def start_front(self) -> None:
        caddy = shutil.which("caddy")
        if caddy is None:
            raise SystemExit("Debian's caddy is not installed (apt-get install caddy)")
        env = {
            **os.environ,
            "TABLESCORE_DOMAIN": "localhost",
            "TABLESCORE_TLS": "internal",
            "TABLESCORE_HTTP_PORT": str(self.http_port),
            "TABLESCORE_HTTPS_PORT": str(self.https_port),
            "TABLESCORE_CADDY_ADMIN": "off",
            "TABLESCORE_UPSTREAMS": " ".join(f"127.0.0.1:{port}" for port in self.web_ports),
            "TABLESCORE_STATIC_ROOT": str(self.work / "static"),
            "XDG_DATA_HOME": str(self.work / "caddy-data"),
            "XDG_CONFIG_HOME": str(self.work / "caddy-config"),
        }
        command = [caddy, "run", "--config", str(ROOT / "deploy" / "Caddyfile"), "--adapter", "caddyfile"]
        process = self.started.start("caddy", command, log=self.work / "caddy.log", env=env, cwd=self.work)
        wait_for("caddy", lambda: port_open(self.https_port), process)

    def strike(self, what: str) -> None:
        """One fault of :data:`FAULTS`, done the way it happens: no warning to anyone."""
        self.faults.append((time.time(), what))
        if what.startswith("kill web process 1"):
            os.killpg(self.web[0].pid, signal.SIGKILL)
            # systemd starts it again (deploy/systemd: Restart=always, RestartSec=2).
            threading.Timer(2, self.start_web, args=(0,)).start()
        elif what == "restart worker 1":
            self.started.stop(self.workers[0])
            self.start_worker(0)
        elif what == "stop the replica":
            self.replica.stop("fast")
        elif what == "start the replica":
            self.replica.start()

    def sample_connections(self) -> None:
        import psycopg

        with psycopg.connect(self.primary.url(), autocommit=True) as conn:
            row = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [DB_NAME]
            ).fetchone()
        self.connections.append(int(row[0]) if row else 0)

    def transactions(self, cluster: PostgresCluster) -> int:
        """Transactions the server has run on the site's database (its own statistics)."""
        import psycopg

        with psycopg.connect(cluster.url(DB_NAME), autocommit=True, connect_timeout=5) as conn:
            row = conn.execute(
                "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s", [DB_NAME]
            ).fetchone()
        return int(row[0]) if row else 0

    def destroy(self) -> None:
        for cluster in (self.replica, self.primary):
            try:
                cluster.destroy()
            except Exception as error:  # keep cleaning up
                print(f"could not remove a cluster: {error}", file=sys.stderr)


def fault_costs(journal_path: Path, faults: list[tuple[float, str]]) -> list[str]:
    """Retries and failures in the :data:`WINDOW` seconds after each fault, against the window
    before the first: what each fault cost the tables."""
    records = []
    if journal_path.exists():
        for line in journal_path.read_text(encoding="utf-8").splitlines():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                continue

    def window(start: float) -> Counter[str]:
        seen: Counter[str] = Counter()
        for record in records:
            if start <= record.get("t", 0) < start + WINDOW:
                if record["event"] == "sent":
                    seen["retries" if record["attempt"] > 1 else "deals sent"] += 1
                elif record["event"] in {"refused", "gave_up"}:
                    seen[record["event"]] += 1
        return seen

    lines = []
    if faults:
        base = window(faults[0][0] - WINDOW)
        lines.append(f"  {WINDOW:.0f} s before the first fault: {dict(base) or 'nothing sent'}")
    for at, what in faults:
        lines.append(f"  {what}: {dict(window(at)) or 'nothing sent'} in the {WINDOW:.0f} s after")
    return lines


def run_topology(args: argparse.Namespace, seconds: float, think: tuple[float, float]) -> int:
    started = Started()
    work = Path(tempfile.mkdtemp(prefix="tablescore-topology-"))
    site = Site(args, work, started)
    verdicts = Verdicts()
    code = 1
    try:
        check_generators()
        site.start_databases()
        redis_port = free_port()
        redis_server = shutil.which("redis-server") or "redis-server"
        redis = started.start("redis-server", [redis_server, "--port", str(redis_port), "--bind", "127.0.0.1",
                              "--save", "", "--appendonly", "no"], log=work / "redis.log",
                              env=dict(os.environ), cwd=work)  # fmt: skip
        wait_for("redis-server", lambda: port_open(redis_port), redis)
        os.environ.update(site.environment(redis_port))
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connections

        print(f"load average before: {loadavg()} ({os.cpu_count()} CPUs)")
        call_command("migrate", verbosity=0)
        tables = set_up(args.tables, seconds, think, args.pollers)
        (work / "tables.json").write_text(json.dumps(tables))
        connections.close_all()
        for index in range(2):
            site.start_web(index)
        for index in range(2):
            site.start_worker(index)
        beat = started.start("beat", [sys.executable, "-m", "celery", "-A", "tablescore", "beat", "--schedule",
                             str(work / "beat-schedule"), "--loglevel", "WARNING"], log=work / "beat.log",
                             env=site.env, cwd=ROOT)  # fmt: skip
        site.start_front()
        print(
            f"primary :{site.primary.port}, replica :{site.replica.port}, redis :{redis_port}, "
            f"caddy https://localhost:{site.https_port} → gunicorn :{site.web_ports[0]} :{site.web_ports[1]} "
            f"({max(1, args.workers // 2)}×{args.threads} each), 2 workers, beat ({beat.pid})"
        )
        replica_before = site.transactions(site.replica)
        primary_before = site.transactions(site.primary)
        journal_path, stats_path = work / "journal.jsonl", work / "locust-stats.json"
        locust_env = {**site.env, "LOAD_TABLES": str(work / "tables.json"), "LOAD_JOURNAL": str(journal_path),
                      "LOAD_LOSE": str(args.lose), "LOAD_THINK": f"{think[0]},{think[1]}",
                      "LOAD_STATS": str(stats_path)}  # fmt: skip
        print(
            f"locust: {len(tables)} users for {seconds:.0f} s over HTTPS, faults on a schedule …", flush=True
        )
        locust = started.start("locust", locust_command(len(tables), seconds, f"https://localhost:{site.https_port}"),
                               log=work / "locust.log", env=locust_env, cwd=work)  # fmt: skip
        began = time.monotonic()
        pending = list(FAULTS)
        problems: list[str] = []

        def watch() -> None:
            while locust.poll() is None:
                elapsed = time.monotonic() - began
                while pending and elapsed >= pending[0][0] * seconds:
                    _, what = pending.pop(0)
                    try:
                        site.strike(what)
                        print(f"  {elapsed:5.0f} s  {what}", flush=True)
                    except BaseException as error:  # reported with the checks
                        problems.append(f"{what}: {error}")
                try:
                    site.sample_connections()
                except Exception as error:
                    problems.append(f"counting connections: {error}")
                time.sleep(1)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        while locust.poll() is None:
            if time.monotonic() - began > seconds + 120:
                print("locust overran its time: stopping it")
                started.stop(locust)
                break
            time.sleep(2)
        watcher.join(timeout=60)
        elapsed = min(time.monotonic() - began, seconds)
        if site.replica.running() is False:
            site.replica.start()
        drained, waited = wait_for_drain(redis_port, args.drain_seconds)
        print(f"workers {'drained' if drained else 'NOT drained'} in {waited:.0f} s after the run")
        journal = read_journal(journal_path)
        stats, failures = read_stats(stats_path)
        print("Checks")
        stored = check_exactly_once(journal, verdicts)
        check_replays(verdicts)
        check_standings(verdicts, drained)
        served = site.transactions(site.replica) - replica_before
        primary_served = site.transactions(site.primary) - primary_before
        verdicts.check(
            "the replica served the public reads",
            [] if served > 0 else ["the replica ran no transaction on the site's database"],
            f"{served} transactions on the replica, {primary_served} on the primary",
        )
        verdicts.check("faults done", problems, f"{len(site.faults)} of {len(FAULTS)} done: "
                       + ", ".join(what for _, what in site.faults))  # fmt: skip
        report(args, tables, journal, stats, failures, elapsed, stored, [f"after {loadavg()}"])
        print(
            f"  deals/s per web process: {stored['deals'] / elapsed / 2:.1f} (think {think[0]}–{think[1]} s)"
        )
        if site.connections:
            print(
                f"  database connections held by the site: max {max(site.connections)}, "
                f"mean {sum(site.connections) / len(site.connections):.0f} "
                f"(pool of {args.threads} per gunicorn worker process)"
            )
        print("What each fault cost")
        for line in fault_costs(journal_path, site.faults):
            print(line)
        code = 1 if verdicts.failed else 0
        print(
            f"Result: {'FAILED: ' + ', '.join(verdicts.failed) if verdicts.failed else 'all checks passed'}"
        )
    except KeyboardInterrupt:
        print("\ninterrupted: stopping everything", file=sys.stderr)
        code = 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        started.stop_all()
        if "django" in sys.modules:
            from django.db import connections

            connections.close_all()
        site.destroy()
        if args.keep:
            print(f"kept: logs, journal and locust statistics in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return code
