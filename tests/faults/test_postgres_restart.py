"""PostgreSQL restarted and stopped while tables enter deals: clients get 503 (never 500), their
retries with the same ``Idempotency-Key`` land exactly once; and two organizers correcting the same
deal over HTTP: one wins, the other gets 409 naming the current version.

A private PostgreSQL cluster (initdb in a temporary folder, a free port) serves a real gunicorn
(two processes, four threads each, persistent connections with health checks, as in production).
The machine's shared PostgreSQL is never touched.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count
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
    tail,
    wait_for,
)

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

CLIENTS = 4
#: How long one deal may keep being retried before the test gives up on it.
KEY_DEADLINE = 30

SETUP = """
import json
from django.core.management import call_command
from clubs.access import Actor
from clubs.models import Club
from scoring.services.deals import deal_record
from scoring.services.matches import match_create
from scoring.links import table_token
call_command("migrate", verbosity=0)
club = Club.objects.create(slug="faults", name="Faults")
actor = Actor(label="setup")
entry = match_create(club=club, game_key="tally", sides=["Ann", "Ben"], options={"target": 1000000}, actor=actor)
fixed = match_create(club=club, game_key="tally", sides=["Ann", "Ben"], options={"target": 1000000}, actor=actor)
deal_record(match_id=fixed.pk, entry={"points": {"Ann": 3, "Ben": 1}}, actor=actor)
print(json.dumps({"entry": [entry.pk, table_token(entry)], "fixed": [fixed.pk, table_token(fixed)]}))
"""

VERDICT = """
import json, sys
from scoring.services.matches import match_refresh
from scoring.models import Deal, IdempotentRequest, Match
match_id = int(sys.argv[1])
print(json.dumps({
    "numbers": list(Deal.objects.filter(match_id=match_id).order_by("number").values_list("number", flat=True)),
    "keys": {r.key: r.response["deal"]["number"] for r in IdempotentRequest.objects.filter(match_id=match_id)},
    "deal_count": Match.objects.get(pk=match_id).deal_count,
    "drifted": match_refresh(match_id=match_id),
}))
"""


@dataclass
class Served:
    cluster: PostgresCluster
    port: int
    log: Path
    env: dict[str, str]
    matches: dict[str, tuple[int, str]]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A private cluster with a migrated database, two matches, and gunicorn serving it."""
    import psycopg

    log = tmp_path_factory.mktemp("postgres-faults") / "gunicorn.log"
    web = None
    with postgres_cluster() as cluster:
        try:
            with psycopg.connect(cluster.url(), autocommit=True, connect_timeout=10) as conn:
                conn.execute("CREATE DATABASE tablescore")
            env = environment(DATABASE_URL=cluster.url("tablescore"))
            matches = {k: tuple(v) for k, v in manage_shell(env, SETUP).items()}
            web, port = gunicorn(env, log)
            yield Served(cluster, port, log, env, matches)  # type: ignore[arg-type]
        finally:
            stop(web)


@dataclass
class Client:
    """A scorer's phone posting deals, each retried with its key until it is recorded."""

    number: int
    served: Served
    stop: threading.Event
    recorded: dict[str, int] = field(default_factory=dict)
    unavailable: int = 0
    refused: int = 0
    problems: list[str] = field(default_factory=list)

    def run(self) -> None:
        try:
            self.post_until_stopped()
        except Exception as error:  # reported by the test, not lost with the thread
            self.problems.append(f"client {self.number} crashed: {error!r}")

    def post_until_stopped(self) -> None:
        match_id, token = self.served.matches["entry"]
        path = f"/api/matches/{match_id}/deals/"
        for n in count():
            if self.stop.is_set() or self.problems:
                return
            key = f"phone-{self.number}-{n}"
            entry = {"points": {"Ann": self.number + 1, "Ben": n % 7}}
            headers = {"Authorization": f"Table {token}", "Idempotency-Key": key}
            deadline = time.monotonic() + KEY_DEADLINE
            while True:
                if time.monotonic() > deadline:
                    self.problems.append(f"{key}: not recorded after {KEY_DEADLINE} s")
                    return
                try:
                    answer = call(self.served.port, "POST", path, body=entry, headers=headers, timeout=20)
                except OSError:
                    self.refused += 1
                    time.sleep(0.1)
                    continue
                if answer.status == 201:
                    self.recorded[key] = answer.json()["deal"]["number"]
                    break
                if answer.status == 503 and self.good_503(answer):
                    self.unavailable += 1
                    time.sleep(0.1)  # a phone waits Retry-After; the test keeps it short
                    continue
                self.problems.append(f"{key}: {answer.status} {answer.body[:300]!r}")
                return

    def good_503(self, answer: Any) -> bool:
        body = answer.json()
        ok = "retry-after" in answer.headers and body["error"]["rule"]
        if not ok:
            self.problems.append(f"a 503 without Retry-After or error body: {answer.headers} {body}")
        return bool(ok)


def test_deals_posted_through_a_postgres_restart_land_exactly_once(served):
    stopping = threading.Event()
    clients = [Client(i, served, stopping) for i in range(CLIENTS)]
    threads = [threading.Thread(target=c.run, daemon=True) for c in clients]
    match_id, _ = served.matches["entry"]

    def recorded() -> int:
        return sum(len(c.recorded) for c in clients)

    def more(than: int, what: str) -> None:
        wait_for(lambda: recorded() >= than + 8 or any(c.problems for c in clients), what, 30)

    for thread in threads:
        thread.start()
    try:
        more(0, "deals before the restart")
        served.cluster.restart("fast")  # every open connection is cut
        more(recorded(), "deals after the restart")
        served.cluster.stop("immediate")  # a crash: transactions in flight are lost, recovery at start
        try:
            wait_for(lambda: all(c.unavailable for c in clients), "every client to get a 503", 10)
            page = call(served.port, "GET", f"/matches/{match_id}/")
            api = call(served.port, "GET", f"/api/matches/{match_id}/")
        finally:
            served.cluster.start()
        more(recorded(), "deals after the start")
    finally:
        stopping.set()
        for thread in threads:
            thread.join(timeout=KEY_DEADLINE + 30)
    assert not any(thread.is_alive() for thread in threads)

    assert [p for c in clients for p in c.problems] == [], tail(served.log)
    assert page.status == 503, page.body[:300]
    assert page.headers["content-type"].startswith("text/html")
    assert "retry-after" in page.headers
    assert api.status == 503, api.body[:300]
    assert api.json()["error"]["field"] is None
    assert "retry-after" in api.headers

    verdict = manage_shell(served.env, VERDICT, str(match_id))
    posted = {key: number for c in clients for key, number in c.recorded.items()}
    assert verdict["keys"] == posted  # every key is one deal, the one its client was told
    assert verdict["numbers"] == list(range(1, len(posted) + 1))  # consecutive, none twice
    assert sorted(posted.values()) == verdict["numbers"]
    assert verdict["deal_count"] == len(posted)
    assert verdict["drifted"] is False  # the cached state is a fresh replay of the deals
    print(
        f"{len(posted)} deals from {CLIENTS} clients; "
        f"{sum(c.unavailable for c in clients)} answers 503, {sum(c.refused for c in clients)} refused"
    )


def test_two_organizers_correcting_the_same_deal_over_http_one_wins_the_other_gets_409(served):
    if not served.cluster.running():
        served.cluster.start()
    match_id, token = served.matches["fixed"]
    path = f"/api/matches/{match_id}/deals/1/"
    barrier = threading.Barrier(2)
    answers: list[Any] = [None, None]

    def correct(i: int) -> None:
        barrier.wait(timeout=10)
        answers[i] = call(
            served.port,
            "PUT",
            path,
            body={"points": {"Ann": 10 + i, "Ben": 0}},
            headers={"Authorization": f"Table {token}", "If-Match": '"1"'},
        )

    threads = [threading.Thread(target=correct, args=(i,), daemon=True) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(a.status for a in answers) == [200, 409], [(a.status, a.body[:300]) for a in answers]
    won = next(i for i, a in enumerate(answers) if a.status == 200)
    lost = answers[1 - won].json()["error"]
    assert lost["current_version"] == 2
    assert lost["field"] == "If-Match"
    now = call(served.port, "GET", path).json()
    assert now["version"] == 2
    assert now["entry"] == {"points": {"Ann": 10 + won, "Ben": 0}}
    assert [v["version"] for v in now["versions"]] == [1, 2]
