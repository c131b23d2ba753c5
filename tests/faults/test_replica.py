"""Reads to a real PostgreSQL streaming replica (tablescore/replica.py), proven on a private primary
and a replica made from it with ``pg_basebackup``, behind a real gunicorn: public reads are served
by the replica (counted in the replica's own statement log), a client that has just written reads
the primary, and a replica that lags or stops is skipped without one failed page.

Nothing here touches the machine's shared PostgreSQL: both servers are throwaway clusters on free
ports of this machine's loopback.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.faults.support import (
    PostgresCluster,
    call,
    environment,
    gunicorn,
    manage_shell,
    postgres_cluster,
    stop,
    streaming_replica,
    wait_for,
)

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SETUP = """
import json
from django.core.management import call_command
from clubs.access import Actor
from clubs.models import Club
from scoring.links import table_token
from scoring.services.deals import deal_record
from scoring.services.matches import match_create
call_command("migrate", verbosity=0)
club = Club.objects.create(slug="replica", name="Replica club")
actor = Actor(label="setup")
match = match_create(club=club, game_key="tally", sides=["Ann", "Ben"], options={"target": 1000000}, actor=actor)
deal_record(match_id=match.pk, entry={"points": {"Ann": 3, "Ben": 1}}, actor=actor)
print(json.dumps([match.pk, table_token(match)]))
"""

#: A table of the match's, as the replica's statement log names it.
MATCH_TABLE = '"scoring_match"'


@dataclass
class Site:
    primary: PostgresCluster
    replica: PostgresCluster
    port: int
    log: Path
    match_id: int
    token: str

    def replica_reads(self) -> int:
        """How many statements on the match table the replica has run so far."""
        text = self.replica.log.read_text(errors="replace") if self.replica.log.exists() else ""
        return sum(1 for line in text.splitlines() if "statement:" in line and MATCH_TABLE in line)

    def deal_count(self, **headers: str) -> int:
        answer = call(self.port, "GET", f"/api/matches/{self.match_id}/", headers=headers)
        assert answer.status == 200, (answer.status, answer.body[:300])
        return len(answer.json()["deals"])

    def post_deal(self, ann: int) -> Any:
        answer = call(
            self.port,
            "POST",
            f"/api/matches/{self.match_id}/deals/",
            body={"points": {"Ann": ann, "Ben": 0}},
            headers={"Authorization": f"Table {self.token}"},
        )
        assert answer.status == 201, (answer.status, answer.body[:300])
        return answer


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    import psycopg

    log = tmp_path_factory.mktemp("replica") / "gunicorn.log"
    web = None
    with postgres_cluster() as primary:
        with psycopg.connect(primary.url(), autocommit=True, connect_timeout=10) as conn:
            conn.execute("CREATE DATABASE tablescore")
        env = environment(DATABASE_URL=primary.url("tablescore"))
        match_id, token = manage_shell(env, SETUP)
        with streaming_replica(primary, "log_statement=all") as replica:
            env.update(
                DATABASE_REPLICA_URL=replica.url("tablescore"),
                DATABASE_REPLICA_CHECK_SECONDS="1",
                DATABASE_REPLICA_MAX_LAG_SECONDS="1",
            )
            try:
                web, port = gunicorn(env, log, workers=1)
                yield Site(primary, replica, port, log, match_id, token)
            finally:
                stop(web)


def replica_serves(site: Site) -> bool:
    before = site.replica_reads()
    site.deal_count()
    return site.replica_reads() > before


def test_a_public_read_is_served_by_the_replica(site: Site) -> None:
    wait_for(lambda: replica_serves(site), "a public read on the replica", 20, every=0.3)
    answer = call(site.port, "GET", f"/matches/{site.match_id}/")
    assert answer.status == 200
    assert "tablescore_primary" not in answer.headers.get("set-cookie", "")


def test_a_client_that_has_just_written_reads_its_write_from_the_primary(site: Site) -> None:
    wait_for(lambda: replica_serves(site), "a public read on the replica", 20, every=0.3)
    count = site.deal_count()
    posted = site.post_deal(5)
    cookie = posted.headers.get("set-cookie", "")
    assert "tablescore_primary=y" in cookie, cookie
    assert "HttpOnly" in cookie, cookie
    before = site.replica_reads()
    assert site.deal_count(Cookie="tablescore_primary=y") == count + 1
    assert site.replica_reads() == before, "a pinned client's read went to the replica"


def test_a_lagging_replica_is_skipped_until_it_catches_up(site: Site) -> None:
    import psycopg

    wait_for(lambda: replica_serves(site), "a public read on the replica", 20, every=0.3)
    count = site.deal_count()
    with psycopg.connect(site.replica.url(), autocommit=True) as replica:
        replica.execute("SELECT pg_wal_replay_pause()")
        try:
            site.post_deal(7)
            # The replica has not replayed the deal: once it is a second behind, reads go to the
            # primary, and an anonymous reader sees the new deal.
            wait_for(
                lambda: site.deal_count() == count + 1, "the new deal read from the primary", 20, every=0.3
            )
            before = site.replica_reads()
            assert site.deal_count() == count + 1
            assert site.replica_reads() == before
        finally:
            replica.execute("SELECT pg_wal_replay_resume()")
    wait_for(lambda: replica_serves(site), "reads back on the replica after it caught up", 20, every=0.3)
    assert site.deal_count() == count + 1


def test_a_stopped_replica_costs_no_failed_page(site: Site) -> None:
    wait_for(lambda: replica_serves(site), "a public read on the replica", 20, every=0.3)
    count = site.deal_count()
    site.replica.stop("immediate")
    try:
        for _ in range(10):  # the first may find the replica gone mid-request: read again, not a 503
            assert site.deal_count() == count
            answer = call(site.port, "GET", f"/matches/{site.match_id}/")
            assert answer.status == 200, answer.status
        assert "Replica skipped" in site.log.read_text(errors="replace")
    finally:
        site.replica.start()
    # Restarted after an immediate stop, the replica recovers, then its WAL receiver reconnects
    # (retried every 5 s); until it streams again it counts as behind. A loaded CI took over 30 s.
    wait_for(lambda: replica_serves(site), "reads back on the restarted replica", 90, every=0.3)
