"""A load run: 200 tables of two Swiss tournaments scoring at once, then exactly-once checks.

Everything runs on 127.0.0.1 and is started here, then stopped in ``finally`` (also on Ctrl-C):

1. a scratch database ``tablescore_load`` on the PostgreSQL server of ``LOAD_DATABASE_SERVER``
   (default ``postgres://postgres@127.0.0.1:5432/postgres``), dropped and created anew; no other
   database is touched. It is dropped at the end unless ``--keep``;
2. a throwaway ``redis-server`` on a free port (never the shared one), the Celery broker;
3. ``migrate``, then through the project's services: a club, a Coinche Swiss (FFB scale, 60% of
   the tables, a fixed number of deals long enough to last the run) and a Klaverjas Swiss
   (Amsterdam, the rest: a fixed number of deals that ends about 60% into the run, so tables finish,
   results reach the standings through the worker and those tables then watch the standings);
   round 1 of each is drawn, one table per simulated table: 400 partnerships for 200 tables;
4. gunicorn (gthread workers) and a ``celery -A tablescore worker`` with the same settings;
5. ``locust`` headless (``locustfile.py``): one user per table posting deals with think time,
   losing some answers and retrying with the same ``Idempotency-Key``, retrying 5xx and connection
   errors with backoff; a quarter of the tables also poll their scoreboard and the standings with
   ``If-None-Match``.

Then it waits (with a deadline) for the worker to drain and checks, printing each verdict:

- every deal a client saw accepted is stored exactly once (Idempotency-Key -> deal: none missing,
  none twice, the entry as sent), and every stored deal belongs to exactly one key;
- every match's cached state equals a fresh replay of its deals (``match_refresh`` finds no
  drift; run here in a transaction rolled back, as are the next two);
- every table's result agrees with its matches (``table_sync`` changes nothing), and every
  tournament's stored standings equal a recomputation done in this process
  (``standings_recompute``);

and prints the figures: deals posted / accepted / retried, throughput, p50/p99 of deal posts and
of polls (locust's own statistics), 304 share, errors by kind, and the load average before, during
and after. Exits 1 when a check fails.

Run on demand (not part of the test suite)::

    .venv/bin/python bench/load/run.py --smoke      # 20 tables, 20 s: while developing
    .venv/bin/python bench/load/run.py              # 200 tables, 3 minutes
    .venv/bin/python bench/load/run.py --minutes 2 --tables 200 --keep
    .venv/bin/python bench/load/run.py --topology   # the federation's shape, with faults (topology.py)

The machine is shared, so read the figures together with the load average printed beside them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SERVER_URL = os.environ.get("LOAD_DATABASE_SERVER", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = "tablescore_load"  # fixed on purpose: the only database this script creates or drops
QUEUE = "tablescore-load"

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from checks import Verdicts, check_exactly_once, check_replays, check_standings, read_journal, read_stats  # noqa: E402
from evening import check_generators, plan, set_up  # noqa: E402

from bench.servers import answers_ping, free_port, gunicorn_command, production_environment, scratch_database  # noqa: E402

# -- processes ------------------------------------------------------------------------------------


class Started:
    """The processes this run started, stopped in reverse order (each in its own process group,
    which holds only its own children: gunicorn's and the worker's)."""

    def __init__(self) -> None:
        self.processes: list[tuple[str, subprocess.Popen[bytes]]] = []

    def start(self, name: str, command: list[str], *, log: Path, env: dict[str, str], cwd: Path) -> Any:
        with log.open("ab") as out:
            process = subprocess.Popen(
                command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.processes.append((name, process))
        return process

    def stop(self, process: subprocess.Popen[bytes], timeout: float = 20) -> None:
        if process.poll() is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)

    def stop_all(self) -> None:
        for name, process in reversed(self.processes):
            try:
                self.stop(process)
            except Exception as error:  # keep stopping the others
                print(f"  could not stop {name} ({process.pid}): {error}", file=sys.stderr)


def wait_for(what: str, ready: Any, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{what} exited with {process.returncode} while starting (see its log)")
        try:
            if ready():
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"{what} did not start within {timeout:.0f} s")


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


# -- the scratch database -------------------------------------------------------------------------


def recreate_database() -> str:
    return scratch_database(DB_NAME, SERVER_URL)


def drop_database() -> None:
    import psycopg

    with psycopg.connect(SERVER_URL, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")


def wait_for_drain(redis_port: int, deadline_seconds: float) -> tuple[bool, float]:
    """Until the broker queue is empty, nothing is unacknowledged, every table has read its
    match's last revision and every tournament's standings are at its revision (twice in a row)."""
    import redis
    from django.db.models import F, Q

    from tournaments.models import TableGame, Tournament

    client = redis.Redis(host="127.0.0.1", port=redis_port)
    started = time.monotonic()
    calm = 0
    while time.monotonic() - started < deadline_seconds:
        queued = int(client.llen(QUEUE)) + int(client.hlen("unacked"))
        behind = TableGame.objects.exclude(synced_revision=F("match__revision")).count()
        stale = Tournament.objects.filter(~Q(standings_revision=F("revision"))).count()
        calm = calm + 1 if queued == behind == stale == 0 else 0
        if calm >= 2:
            return True, time.monotonic() - started
        time.sleep(1)
    return False, time.monotonic() - started


# -- the run --------------------------------------------------------------------------------------


def locust_command(users: int, seconds: float, host: str) -> list[str]:
    """locust headless with ``locustfile.py``: one user per table, all of them within 10 s."""
    return [
        sys.executable, "-m", "locust", "-f", str(HERE / "locustfile.py"), "--headless",
        "--users", str(users), "--spawn-rate", str(max(1, users // 10)), "--run-time", f"{seconds:.0f}s",
        "--stop-timeout", "30", "--host", host, "--only-summary", "--loglevel", "WARNING",
    ]  # fmt: skip


def loadavg() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def ms(row: dict[str, Any], column: str) -> str:
    value = row.get(column)
    return "-" if value is None else f"{float(value):.0f} ms"


def report(
    args: argparse.Namespace,
    tables: list[dict[str, Any]],
    journal: dict[str, Any],
    stats: dict[str, dict[str, Any]],
    failures: list[dict[str, Any]],
    elapsed: float,
    stored: dict[str, int],
    loads: list[str],
) -> None:
    events = journal["events"]
    sent = len(journal["sent"])
    accepted = len(journal["accepted"])
    retries = events["sent"] - sent
    print("Figures")
    print(
        f"  tables {len(tables)} ({sum(t['poller'] for t in tables)} also polling), locust ran {elapsed:.0f} s"
    )
    print(
        f"  deals posted {sent} (distinct keys), seen accepted {accepted}, stored {stored['deals']}; "
        f"sends {events['sent']} of which retries {retries} "
        f"(answers lost on purpose {events['lost']}, gave up {len(journal['gave_up'])}, "
        f"refused {len(journal['refused'])})"
    )
    print(
        f"  throughput {stored['deals'] / elapsed:.1f} deals/s stored, {accepted / elapsed:.1f} seen accepted/s"
    )
    for name in ("POST deal", "POST deal (retry)", "GET board (poll)", "GET standings (poll)", "Aggregated"):
        row = stats.get(name)
        if row is None:
            continue
        print(
            f"  {name:<22} {row['requests']:>7} requests {row['rps']:7.1f}/s   "
            f"p50 {ms(row, 'p50'):>8}   p99 {ms(row, 'p99'):>8}   max {ms(row, 'max'):>8}   "
            f"failures {row['failures']}"
        )
    polls = journal["polls"]
    for what in ("GET board (poll)", "GET standings (poll)"):
        total = sum(n for label, n in polls.items() if label.startswith(what))
        if total:
            print(f"  {what}: {polls.get(what + ' 304', 0) / total:.0%} answered 304 ({total} polls)")
    kinds: Counter[str] = Counter()
    for failure in failures:
        kinds[f"{failure['name']}: {failure['error']}"] += int(failure["occurrences"])
    print(f"  errors by kind: {dict(kinds) if kinds else 'none'}")
    for refusal in journal["refused"][:5]:
        print(f"    refused {refusal['key']}: {refusal['status']} {refusal['body'][:160]}")
    print(f"  load average (1/5/15 min): {' | '.join(loads)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="how long locust runs (default 3)")
    parser.add_argument("--tables", type=int, default=200, help="simulated tables = locust users")
    parser.add_argument("--smoke", action="store_true", help="20 tables for 20 s, to try the script")
    parser.add_argument("--think", default="2,6", help="seconds between a table's deals, min,max")
    parser.add_argument("--lose", type=float, default=0.05, help="share of answers a phone loses")
    parser.add_argument("--pollers", type=float, default=0.25, help="share of tables also polling")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn gthread workers")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--concurrency", type=int, default=2, help="celery worker processes")
    parser.add_argument("--drain-seconds", type=float, default=180, help="deadline for the worker")
    parser.add_argument("--keep", action="store_true", help="keep the database and the logs")
    parser.add_argument(
        "--topology",
        action="store_true",
        help="the federation's shape: primary + replica, Caddy over HTTPS, 2 web processes, "
        "2 workers and beat, with faults during the run (topology.py)",
    )
    args = parser.parse_args()
    if args.smoke:
        args.tables, args.minutes = 20, 20 / 60
    if not 1 <= args.tables <= 1000 or not 0 < args.minutes <= 60:
        parser.error("--tables 1..1000 and --minutes up to 60")
    think = tuple(float(x) for x in args.think.split(","))
    if len(think) != 2 or not 0 < think[0] <= think[1]:
        parser.error("--think takes min,max seconds")
    seconds = args.minutes * 60

    def interrupted(signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background
    if args.topology:
        from topology import run_topology

        return run_topology(args, seconds, think)
    started = Started()
    work = Path(tempfile.mkdtemp(prefix="tablescore-load-"))
    verdicts = Verdicts()
    created_database = False
    code = 1
    try:
        check_generators()
        database_url = recreate_database()
        created_database = True
        redis_port = free_port()
        redis_server = shutil.which("redis-server")
        if redis_server is None:
            raise SystemExit("redis-server is not installed")
        redis = started.start(
            "redis-server",
            [
                redis_server,
                "--port",
                str(redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            log=work / "redis.log",
            env=dict(os.environ),
            cwd=work,
        )
        wait_for("redis-server", lambda: port_open(redis_port), redis)
        env = production_environment(
            database_url,
            DJANGO_SETTINGS_MODULE="tablescore.settings",
            REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
            CELERY_QUEUE=QUEUE,
        )
        os.environ.update(env)
        import django

        django.setup()
        from django.core.management import call_command

        print(f"load average before: {loadavg()} ({os.cpu_count()} CPUs)")
        t0 = time.monotonic()
        call_command("migrate", verbosity=0)
        tables = set_up(args.tables, seconds, think, args.pollers)
        shape = plan(args.tables, seconds, think)
        print(
            f"set up in {time.monotonic() - t0:.0f} s: {len(tables)} tables — "
            f"Coinche Swiss {shape['coinche']['tables']} tables × {shape['coinche']['deals']} deals max, "
            f"Klaverjas Swiss {shape['klaverjas']['tables']} tables × {shape['klaverjas']['deals']} deals"
        )
        (work / "tables.json").write_text(json.dumps(tables))
        from django.db import connections

        connections.close_all()

        port = free_port()
        gunicorn = started.start(
            "gunicorn",
            gunicorn_command(port, workers=args.workers, threads=args.threads, extra=["--timeout", "60"]),
            log=work / "gunicorn.log",
            env=env,
            cwd=ROOT,
        )
        worker_log = work / "worker.log"
        worker = started.start(
            "celery worker",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "tablescore",
                "worker",
                "--pool",
                "prefork",
                "--concurrency",
                str(args.concurrency),
                "-Q",
                QUEUE,
                "--loglevel",
                "INFO",
                "--without-gossip",
                "--without-mingle",
            ],
            log=worker_log,
            env=env,
            cwd=ROOT,
        )
        wait_for("gunicorn", lambda: answers_ping(port), gunicorn)
        wait_for("celery worker", lambda: " ready." in worker_log.read_text(errors="replace"), worker)
        print(
            f"gunicorn {args.workers}×{args.threads} gthread on 127.0.0.1:{port}, celery worker "
            f"(prefork {args.concurrency}), redis-server on 127.0.0.1:{redis_port}, database {DB_NAME}"
        )

        journal_path = work / "journal.jsonl"
        stats_path = work / "locust-stats.json"
        locust_env = {
            **env,
            "LOAD_TABLES": str(work / "tables.json"),
            "LOAD_JOURNAL": str(journal_path),
            "LOAD_LOSE": str(args.lose),
            "LOAD_THINK": f"{think[0]},{think[1]}",
            "LOAD_STATS": str(stats_path),
        }
        print(f"locust: {len(tables)} users for {seconds:.0f} s …", flush=True)
        locust = started.start(
            "locust",
            locust_command(len(tables), seconds, f"http://127.0.0.1:{port}"),
            log=work / "locust.log",
            env=locust_env,
            cwd=work,
        )
        loads = [f"before {loadavg()}"]
        began = time.monotonic()
        during: list[float] = []
        while locust.poll() is None:
            if time.monotonic() - began > seconds + 120:
                print("locust overran its time: stopping it")
                started.stop(locust)
                break
            time.sleep(5)
            during.append(os.getloadavg()[0])
        elapsed = min(time.monotonic() - began, seconds)
        if during:
            loads.append(f"during (1-min, max {max(during):.2f}, mean {sum(during) / len(during):.2f})")
        drained, waited = wait_for_drain(redis_port, args.drain_seconds)
        loads.append(f"after {loadavg()}")
        print(f"worker {'drained' if drained else 'NOT drained'} in {waited:.0f} s after the run")

        journal = read_journal(journal_path)
        stats, failures = read_stats(stats_path)
        print("Checks")
        stored = check_exactly_once(journal, verdicts)
        check_replays(verdicts)
        check_standings(verdicts, drained)
        report(args, tables, journal, stats, failures, elapsed, stored, loads)
        if not journal["sent"]:
            verdicts.failed.append("no deal was posted")
        code = 1 if verdicts.failed else 0
        print(
            f"Result: {'FAILED: ' + ', '.join(verdicts.failed) if verdicts.failed else 'all checks passed'}"
        )
    except KeyboardInterrupt:
        print("\ninterrupted: stopping everything", file=sys.stderr)
        code = 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the cleanup short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        started.stop_all()
        if "django" in sys.modules:
            from django.db import connections

            connections.close_all()
        if created_database and not args.keep:
            try:
                drop_database()
            except Exception as error:
                print(f"could not drop {DB_NAME}: {error}", file=sys.stderr)
        if args.keep:
            print(f"kept: database {DB_NAME}, logs, journal and locust statistics in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
