"""Deal recording under concurrency, against gunicorn + PostgreSQL on loopback.

Starts its own gunicorn on a free port against a scratch database (``tablescore_bench`` on the
PostgreSQL of ``BENCH_DATABASE_URL``, default the local server), with the site's settings plus one
bench-only view (``bench/entry_settings.py``, ``bench/plain_orm.py``) that writes the same rows as
a recorded deal with plain ORM calls (the match locked, a deal, its version, an audit event, the
idempotency record, the match's state) and nothing else: no ledger, no replay, no check. For each
concurrency level, clients that each score their own table post deals to the API for a fixed time,
and as many clients post the same deals to the plain view, the two taking turns (``--slices``). A table plays whole matches of a club
evening's length (Tally of ``DEALS_PER_MATCH`` deals; the match state is replayed on every write,
so an endless match would measure ever longer replays rather than a table), then starts the next
one. Prints throughput and p50/p99 latency of both, and the ratio. Target: deal recording ≥ 0.75×
the plain view's throughput at 8 and 32 clients (what the service adds to the rows it writes:
the ledger, the replay, the answer), p99 reported.

Run on demand: ``.venv/bin/python bench/bench_entry.py [--seconds 10] [--clients 8,32]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.servers import answers_ping, free_port, gunicorn_command, production_environment, scratch_database  # noqa: E402

DB_NAME = "tablescore_bench"
DEALS_PER_MATCH = 24
MATCHES_PER_TABLE = 60
TARGET = 0.75

#: What a client sends: method, path, body, headers and the status that counts as done.
Request = tuple[str, str, str | None, dict[str, str], int]


def prepare(env: dict[str, str], tables: int) -> list[list[tuple[int, str]]]:
    """Migrate and create each table's matches; returns (match id, token) per match per table."""
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    script = f"""
import json
from clubs.access import Actor
from clubs.models import Club
from scoring.services.matches import match_create
from scoring.links import table_token
club, _ = Club.objects.get_or_create(slug="bench", defaults={{"name": "Bench"}})
actor = Actor(label="bench")
out = []
for i in range({tables}):
    matches = []
    for _ in range({MATCHES_PER_TABLE}):
        m = match_create(
            club=club, game_key="tally", sides=["A", "B", "C", "D"], options={{"deals": {DEALS_PER_MATCH}}}, actor=actor
        )
        matches.append((m.pk, table_token(m)))
    out.append(matches)
print(json.dumps(out))
"""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return [[(m, t) for m, t in table] for table in json.loads(done.stdout.strip().splitlines()[-1])]


def serve(env: dict[str, str], port: int, workers: int, threads: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(gunicorn_command(port, workers=workers, threads=threads), cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if answers_ping(port):
            return process
        time.sleep(0.2)
    process.kill()
    raise SystemExit("gunicorn did not start")


def run_clients(port: int, clients: int, seconds: float, request_for) -> tuple[list[float], dict[str, int]]:
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors: dict[str, int] = {}
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        n = 0
        while time.monotonic() < stop:
            method, path, body, headers, ok = request_for(i, n)
            started = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                status = response.status
            except OSError as error:
                status = type(error).__name__
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            elapsed = time.perf_counter() - started
            if status == ok:
                latencies[i].append(elapsed)
            else:
                with lock:
                    errors[str(status)] = errors.get(str(status), 0) + 1
            n += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [x for per in latencies for x in per], errors


def report(label: str, samples: list[float], errors: dict[str, int], seconds: float) -> float:
    rate = len(samples) / seconds
    if samples:
        ordered = sorted(samples)
        p50 = statistics.median(ordered) * 1000
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    else:
        p50 = p99 = float("nan")
    print(
        f"  {label:<16} {rate:8.1f} req/s   p50 {p50:6.1f} ms   p99 {p99:6.1f} ms   errors {errors or 'none'}"
    )
    return rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", default="8,32")
    parser.add_argument("--slices", type=int, default=4, help="turns each way takes within --seconds")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--smoke", action="store_true", help="2 clients for 2 s on one worker: the suite's check"
    )
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.clients, args.slices, args.workers, args.threads = 2, "2", 1, 1, 2
    levels = [int(x) for x in args.clients.split(",")]
    env = production_environment(
        scratch_database(DB_NAME), drop=["REDIS_URL"], DJANGO_SETTINGS_MODULE="bench.entry_settings"
    )
    tables = prepare(env, 2 * sum(levels))  # each level's clients of each way play tables of their own
    port = free_port()
    server = serve(env, port, args.workers, args.threads)
    print(
        f"gunicorn ({args.workers} gthread workers × {args.threads} threads) + PostgreSQL on 127.0.0.1:{port}; {args.seconds:.0f} s per run; matches of {DEALS_PER_MATCH} deals"
    )
    failures = 0
    try:
        played = [0] * len(tables)  # deals each table has posted so far
        for level, clients in enumerate(levels):
            first = 2 * sum(levels[:level])

            def post(path: str, first: int) -> Callable[[int, int], Request]:
                def request(i: int, n: int) -> Request:
                    table = first + i
                    match_id, token = tables[table][played[table] // DEALS_PER_MATCH]
                    played[table] += 1
                    body = json.dumps({"points": {"A": n % 7, "B": 3, "C": 0, "D": -2}})
                    headers = {
                        "Content-Type": "application/json",
                        "Authorization": f"Table {token}",
                        "Idempotency-Key": f"{match_id}-{played[table]}",
                    }
                    return "POST", path.format(match_id), body, headers, 201

                return request

            print(f"{clients} concurrent clients:")
            ways = {
                "record a deal": post("/api/matches/{}/deals/", first),
                "plain ORM view": post("/bench/plain/{}/", first + clients),
            }
            samples: dict[str, list[float]] = {name: [] for name in ways}
            errors: dict[str, dict[str, int]] = {name: {} for name in ways}
            for _ in range(args.slices):  # the two ways take turns, so load from elsewhere hits both
                for name, way in ways.items():
                    got, failed = run_clients(port, clients, args.seconds / args.slices, way)
                    samples[name] += got
                    for status, count in failed.items():
                        errors[name][status] = errors[name].get(status, 0) + count
            rates = {name: report(name, samples[name], errors[name], args.seconds) for name in ways}
            failures += sum(sum(kinds.values()) for kinds in errors.values())
            ratio = rates["record a deal"] / rates["plain ORM view"]
            print(f"  ratio: deals reach {ratio:.2f}× the plain ORM view (target ≥ {TARGET}×)")
    finally:
        server.terminate()
        server.wait(timeout=20)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
