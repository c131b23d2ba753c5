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
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SERVER_URL = os.environ.get("LOAD_DATABASE_SERVER", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = "tablescore_load"  # fixed on purpose: the only database this script creates or drops
QUEUE = "tablescore-load"

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

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


# -- the tournaments ------------------------------------------------------------------------------


def plan(tables: int, seconds: float, think: tuple[float, float]) -> dict[str, dict[str, Any]]:
    """How many tables each tournament gets and how many deals its matches last."""
    coinche = max(1, round(tables * 0.6)) if tables > 1 else 1
    klaverjas = tables - coinche
    expected = seconds / ((think[0] + think[1]) / 2)  # deals a table enters in the run, roughly
    return {
        "coinche": {
            "tables": coinche,
            # more deals than the fastest table can enter: the match lasts the run
            "deals": min(999, int(seconds / think[0]) + 10),
        },
        "klaverjas": {
            "tables": klaverjas,
            # a multiple of 4 (each player deals as often), ending about 60% into the run
            "deals": max(4, 4 * round(0.6 * expected / 4)),
        },
    }


def set_up(tables: int, seconds: float, think: tuple[float, float], pollers: float) -> list[dict[str, Any]]:
    """The club, both tournaments and their round 1, through the services; returns the tables."""
    from clubs.models import Club
    from scoring.links import table_token
    from tournaments import services
    from tournaments.contracts import EntrantInput, TournamentCreate, validated
    from tournaments.models import TableAssignment

    shape = plan(tables, seconds, think)
    club = Club.objects.create(slug="load", name="Load run club")
    specs = [
        {
            "game": "coinche",
            "name": "Coinche Swiss",
            "match_format": f"deals:{shape['coinche']['deals']}",
            "preset": "ffb",
            # the FFB end at 1000 points moved out of reach: the deal count ends the match
            "options": {"target": 100000},
            "team": "Équipe",
        },
        {
            "game": "klaverjas",
            "name": "Klaverjas Swiss",
            "match_format": "game",
            "preset": "amsterdam",
            "options": {"deals": shape["klaverjas"]["deals"]},
            "team": "Paar",
        },
    ]
    out: list[dict[str, Any]] = []
    for spec in specs:
        count = shape[spec["game"]]["tables"]
        if count == 0:
            continue
        body = {key: spec[key] for key in ("name", "game", "match_format", "preset", "options")}
        body.update(format="swiss", entrant_kind="partnership", rounds=5)
        tournament = services.tournament_create(club=club, **validated(TournamentCreate, body))
        letter = spec["game"][0].upper()
        rows = validated(
            EntrantInput,
            [
                {
                    "name": f"{spec['team']} {i:03d}",
                    "players": [f"{letter}{i:03d} North", f"{letter}{i:03d} South"],
                    "seed": i,
                }
                for i in range(1, 2 * count + 1)
            ],
            many=True,
        )
        services.entrants_register(tournament_id=tournament.pk, entrants=rows)
        first = services.round_pair(round_id=services.round_start(tournament_id=tournament.pk).pk)
        for table in TableAssignment.objects.filter(round=first).order_by("number"):
            game = table.games.select_related("match").get()
            out.append(
                {
                    "tournament": tournament.pk,
                    "game": spec["game"],
                    "match": game.match_id,
                    "token": table_token(game.match),
                    "sides": list(game.match.sides),
                    "deals": shape[spec["game"]]["deals"],
                }
            )
        services.standings_recompute(tournament_id=tournament.pk)
    rng = random.Random(6)
    rng.shuffle(out)
    for number, table in enumerate(out, start=1):
        table["table"] = number
        table["poller"] = rng.random() < pollers
    return out


def check_generators() -> None:
    """The deal generators make valid entries (the rule book says so) before any load."""
    from deals import GENERATORS

    from games import find_game

    options = {"coinche": {"preset": "ffb", "target": 100000}, "klaverjas": {"deals": 999}}
    for key, make in GENERATORS.items():
        rng = random.Random(key)
        find_game(key).replay(options[key], ["A", "B"], [make(rng, ["A", "B"]) for _ in range(300)])


# -- reading what happened -----------------------------------------------------------------------


def read_journal(path: Path) -> dict[str, Any]:
    sent: dict[str, dict[str, Any]] = {}
    accepted: dict[str, list[dict[str, Any]]] = defaultdict(list)
    events: Counter[str] = Counter()
    refused: list[dict[str, Any]] = []
    gave_up: list[str] = []
    polls: Counter[str] = Counter()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                events["torn line"] += 1  # a line cut short by a kill
                continue
            event = record["event"]
            events[event] += 1
            if event == "sent" and record["attempt"] == 1:
                sent[record["key"]] = record
            elif event == "accepted":
                accepted[record["key"]].append(record)
            elif event == "refused":
                refused.append(record)
            elif event == "gave_up":
                gave_up.append(record["key"])
            elif event == "polls":
                polls.update(record["counts"])
    return {
        "sent": sent,
        "accepted": accepted,
        "events": events,
        "refused": refused,
        "gave_up": gave_up,
        "polls": polls,
    }


def read_stats(path: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """Locust's per-request statistics and errors, as the locustfile wrote them at the end."""
    if not path.exists():
        return {}, []
    data = json.loads(path.read_text())
    return data["rows"], data["errors"]


# -- the checks -----------------------------------------------------------------------------------


class Verdicts:
    def __init__(self) -> None:
        self.failed: list[str] = []

    def check(self, name: str, problems: list[str], summary: str) -> None:
        status = "ok  " if not problems else "FAIL"
        print(f"  [{status}] {name}: {summary}")
        for problem in problems[:10]:
            print(f"           - {problem}")
        if len(problems) > 10:
            print(f"           … and {len(problems) - 10} more")
        if problems:
            self.failed.append(name)


def normal(value: Any) -> Any:
    """A document as it reads back from a JSON column."""
    from django.core.serializers.json import DjangoJSONEncoder

    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def check_exactly_once(journal: dict[str, Any], verdicts: Verdicts) -> dict[str, int]:
    from scoring.models import Deal, DealVersion, IdempotentRequest

    stored = {(r.match_id, r.key): r for r in IdempotentRequest.objects.all()}
    deals = {(d.match_id, d.number): d for d in Deal.objects.all()}
    first_entries = {
        (v.deal.match_id, v.deal.number): v.entry
        for v in DealVersion.objects.filter(version=1).select_related("deal")
    }
    problems: list[str] = []
    for key, seen in journal["accepted"].items():
        match_id = seen[0]["match"]
        numbers = {record["number"] for record in seen}
        if len(numbers) > 1:
            problems.append(f"{key}: the same key was answered with deals {sorted(numbers)}")
        request = stored.get((match_id, key))
        if request is None:
            problems.append(f"{key}: accepted (deal {seen[0]['number']}) but no idempotency record stored")
            continue
        number = request.response["deal"]["number"]
        if number not in numbers:
            problems.append(f"{key}: the client saw deal {sorted(numbers)}, the server stored {number}")
        if (match_id, number) not in deals:
            problems.append(f"{key}: deal {number} of match {match_id} is missing")
        elif first_entries.get((match_id, number)) != seen[0]["entry"]:
            problems.append(f"{key}: deal {number} of match {match_id} holds another entry")
    # every stored deal is the answer to exactly one key (nothing recorded twice)
    owner: dict[tuple[int, int], list[str]] = defaultdict(list)
    for (match_id, key), request in stored.items():
        owner[(match_id, request.response["deal"]["number"])].append(key)
    for place, keys in owner.items():
        if len(keys) > 1:
            problems.append(f"match {place[0]} deal {place[1]} is the answer to several keys: {keys}")
    for place in deals:
        if place not in owner:
            problems.append(f"match {place[0]} deal {place[1]} has no idempotency key (a duplicate?)")
    stored_keys = {key for _, key in stored}
    unknown = [key for key in stored_keys if key not in journal["accepted"]]
    not_stored = [key for key in journal["sent"] if key not in stored_keys]
    verdicts.check(
        "exactly once",
        problems,
        f"{len(journal['accepted'])} keys seen accepted, {len(stored)} stored, {len(deals)} deals; "
        f"{len(unknown)} stored without the client seeing the answer, "
        f"{len(not_stored)} sent and never stored",
    )
    return {"stored": len(stored), "deals": len(deals), "unseen": len(unknown), "not_stored": len(not_stored)}


def check_replays(verdicts: Verdicts) -> None:
    """``match_refresh`` (replay the deals, compare with the cache) on every match, rolled back."""
    from django.db import transaction

    from scoring.models import Match, MatchStatus
    from scoring.services.ledger import replay
    from scoring.services.matches import match_refresh

    problems: list[str] = []
    matches = list(Match.objects.order_by("pk"))
    for match in matches:
        with transaction.atomic():
            if match_refresh(match_id=match.pk):
                problems.append(f"match {match.pk}: cached state differs from a replay of its deals")
            transaction.set_rollback(True)
        state = replay(match)
        if match.deal_count != len(state.deals):
            problems.append(f"match {match.pk}: deal_count {match.deal_count}, replay {len(state.deals)}")
        expected = MatchStatus.FINISHED if state.finished else MatchStatus.IN_PROGRESS
        if match.status != expected:
            problems.append(f"match {match.pk}: status {match.status}, replay says {expected}")
    finished = sum(1 for m in matches if m.status == MatchStatus.FINISHED)
    verdicts.check(
        "match state = replay", problems, f"{len(matches)} matches replayed, {finished} of them finished"
    )


def check_standings(verdicts: Verdicts, drained: bool) -> None:
    """Each table read again from its matches (``table_sync``) and each tournament's standings
    recomputed (``standings_recompute``) here, in transactions rolled back, against what the
    worker stored."""
    from django.db import transaction

    from tournaments import services
    from tournaments.models import TableAssignment, TableGame, TableStatus, Tournament

    problems: list[str] = []
    if not drained:
        problems.append("the worker did not drain before the deadline: standings may lag")
    summary = []
    for tournament in Tournament.objects.order_by("pk"):
        behind = 0
        for game in TableGame.objects.filter(table__round__tournament=tournament).select_related("table"):
            before = (game.table.status, normal(game.table.result))
            with transaction.atomic():
                services.table_sync(match_id=game.match_id)
                game.table.refresh_from_db()
                after = (game.table.status, normal(game.table.result))
                transaction.set_rollback(True)
            if before != after:
                behind += 1
        if behind:
            problems.append(f"{tournament.name}: {behind} tables' results lag their matches")
        with transaction.atomic():
            fresh = services.standings_recompute(tournament_id=tournament.pk)
            transaction.set_rollback(True)
        if normal(tournament.standings) != normal(fresh):
            problems.append(f"{tournament.name}: stored standings differ from a recomputation")
        if tournament.standings_revision != tournament.revision:
            problems.append(
                f"{tournament.name}: standings of revision {tournament.standings_revision}, "
                f"tournament at {tournament.revision}"
            )
        tables = TableAssignment.objects.filter(round__tournament=tournament)
        decided = tables.filter(status=TableStatus.FINISHED).count()
        summary.append(f"{tournament.name} {decided}/{tables.count()} tables finished")
    verdicts.check("standings = recompute", problems, "; ".join(summary))


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
