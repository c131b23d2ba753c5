"""The benchmarks that start servers (gunicorn, PostgreSQL scratch databases, a throwaway Redis)
run in their ``--smoke`` form on the real servers of the suite's second phase, so none can rot."""

from __future__ import annotations

import os

import pytest

from tests.bench.support import smoke

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


@pytest.fixture
def server() -> str:
    """The PostgreSQL server the suite runs on: the benchmarks make scratch databases beside it."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        pytest.skip("needs DATABASE_URL on PostgreSQL (the suite's second phase)")
    return url.rsplit("/", 1)[0] + "/postgres"


def test_it_weighs_the_write_path_against_plain_orm(server):
    output = smoke("bench_write_cost.py", timeout=300, BENCH_DATABASE_URL=server)

    assert "service / plain ORM" in output


def test_it_records_deals_through_gunicorn_without_an_error(server):
    output = smoke("bench_entry.py", timeout=300, BENCH_DATABASE_URL=server)

    assert "errors none" in output
    assert "ratio:" in output


def test_it_serves_the_standings_pages_on_postgresql(server):
    output = smoke("bench_standings_page.py", timeout=300, BENCH_DATABASE_URL=server)

    assert "database: postgresql" in output
    assert "constant number of queries: met" in output


@pytest.mark.redis
def test_the_load_run_stores_every_accepted_deal_once(server):
    output = smoke("load/run.py", timeout=600, LOAD_DATABASE_SERVER=server)

    assert "Result: all checks passed" in output


def test_the_federation_shape_keeps_every_deal_through_its_faults():
    """``run.py --topology --smoke``: its own primary, replica, Redis, Caddy, two web processes, two
    workers and beat; a web process killed, a worker restarted, the replica stopped and started."""
    output = smoke("load/run.py", "--topology", timeout=900)

    assert "Result: all checks passed" in output
    assert "faults done: 4 of 4 done" in output
    assert "the replica served the public reads" in output
