"""Benchmark: the public pages of a 1,000-entrant Swiss, in queries and milliseconds.

Builds, through the services, a Swiss of 100 and of 1,000 entrants at Tally (matches of two deals)
with round 1 drawn, a quarter of its tables played to the end and the standings recomputed; then
fetches each public page (the page, its live poll, the projector, the standings CSV and API, the
round's API document) through Django's test client and prints the number of queries and the
median time of each, for both sizes. Target: the same number of queries at 100 and 1,000 entrants
(``tests/tournaments/test_query_counts.py`` asserts it at 8 and 40 in the suite).

Runs on a scratch SQLite file by default, or on the database of ``BENCH_DATABASE_URL``
(PostgreSQL: a scratch database ``tablescore_bench_pages`` is made beside the one named).
Run on demand: ``.venv/bin/python bench/bench_standings_page.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = (100, 1000)
REPEATS = 5


def configure() -> None:
    server = os.environ.get("BENCH_DATABASE_URL")
    if server:
        import psycopg

        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS tablescore_bench_pages WITH (FORCE)")
            conn.execute("CREATE DATABASE tablescore_bench_pages")
        os.environ["DATABASE_URL"] = server.rsplit("/", 1)[0] + "/tablescore_bench_pages"
    else:
        scratch = Path(tempfile.mkdtemp()) / "bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}"
    for name in ("REDIS_URL", "CELERY_BROKER_URL"):
        os.environ.pop(name, None)
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tablescore.settings", DEBUG="true", SECRET_KEY="bench-" + "x" * 40
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(size: int) -> int:
    """A Swiss of ``size`` with round 1 drawn, a quarter of its tables finished; its id."""
    from clubs.access import Actor
    from clubs.models import Club
    from scoring.services.deals import deal_record
    from tournaments import services
    from tournaments.contracts import TournamentCreate, validated
    from tournaments.services import EntrantSpec

    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    body = {
        "name": f"Bench {size}",
        "game": "tally",
        "format": "swiss",
        "match_format": "deals:2",
        "entrant_kind": "individual",
        "rounds": 5,
    }
    tournament = services.tournament_create(club=club, **validated(TournamentCreate, body))
    services.entrants_register(
        tournament_id=tournament.pk,
        entrants=[EntrantSpec(f"Player {i}", club=f"Club {i % 40}", seed=i) for i in range(1, size + 1)],
    )
    the_round = services.round_pair(round_id=services.round_start(tournament_id=tournament.pk).pk)
    table_actor = Actor(label="bench")
    for table in the_round.tables.order_by("number")[: size // 8]:
        match = table.games.get().match
        first, second = match.sides
        for _ in range(2):
            deal_record(match_id=match.pk, entry={"points": {first: 7, second: 3}}, actor=table_actor)
        services.table_sync(match_id=match.pk)
    services.standings_recompute(tournament_id=tournament.pk)
    return tournament.pk


def measure(pk: int) -> dict[str, tuple[int, float]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tests.tournaments.test_query_counts import PAGES  # the pages the suite checks too

    client = Client()
    out = {}
    for page in PAGES:
        url = page.format(pk=pk)
        times = []
        for _ in range(REPEATS):
            connection.queries_log.clear()  # DEBUG's log is bounded: a full one counts nothing
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - started)
            assert response.status_code == 200, (url, response.status_code)
        out[page] = (len(queries), statistics.median(times) * 1000)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--smoke", action="store_true", help="8 and 16 entrants: the suite's check that it runs"
    )
    sizes = (8, 16) if parser.parse_args().smoke else SIZES
    configure()
    from django.db import connection

    print(f"database: {connection.vendor}; Tally Swiss, round 1 drawn, 1/4 of its tables finished")
    figures = {}
    for size in sizes:
        started = time.perf_counter()
        pk = build(size)
        print(f"  built {size} entrants in {time.perf_counter() - started:.1f} s")
        figures[size] = measure(pk)
    print(f"{'page':<36}" + "".join(f"{f'{s} entrants':>26}" for s in sizes))
    constant = True
    for page in figures[sizes[0]]:
        cells = [figures[s][page] for s in sizes]
        constant &= len({q for q, _ in cells}) == 1
        print(f"{page:<36}" + "".join(f"{q:>8} queries {ms:>8.1f} ms" for q, ms in cells))
    print("constant number of queries: " + ("met" if constant else "MISSED"))
    return 0 if constant else 1


if __name__ == "__main__":
    raise SystemExit(main())
