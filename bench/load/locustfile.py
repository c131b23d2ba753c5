"""The simulated tables of the load run (started by ``run.py``; not meant to be run by hand).

One locust user per table. It reads its table (match id, scorer token, sides, how many deals the
match lasts) from the JSON file named by ``LOAD_TABLES`` and then plays like the phone at a table:
think for a few seconds, post the next deal with an ``Idempotency-Key``, and

- with probability ``LOAD_LOSE`` it "loses" the answer (discards it, as a phone that dropped off
  the Wi-Fi would) and sends the same body with the same key again after a moment;
- on a 5xx or a connection error/timeout it retries the same body with the same key, with
  exponential backoff, up to ``MAX_ATTEMPTS`` sends;
- a 4xx is final (a bug in this client or the server: counted as an error).

Some tables (``poller`` in the table file) also show their match's public scoreboard and their
tournament's standings, polled every ``LOAD_POLL_SECONDS`` (4, the scoreboard page's interval) with
conditional GETs (``If-None-Match``: 304s) while the scorer thinks; a table whose match has ended
watches the standings on the same clock until the run stops.

Per-request statistics are locust's own (its ``stats`` objects, written to ``LOAD_STATS`` when
locust quits). The exactly-once bookkeeping is this file's:
every send of a deal is one JSON line in ``LOAD_JOURNAL`` (``{"event": "sent" | "accepted" |
"lost" | "gave_up", ...}``), which ``run.py`` compares with the database afterwards.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import gevent
from locust import constant, events, task
from locust.contrib.fasthttp import FastHttpUser

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deals import GENERATORS

TABLES: list[dict[str, Any]] = json.loads(Path(os.environ["LOAD_TABLES"]).read_text())
LOSE = float(os.environ.get("LOAD_LOSE", "0.05"))
THINK = tuple(float(x) for x in os.environ.get("LOAD_THINK", "2,6").split(","))
POLL_EVERY = float(os.environ.get("LOAD_POLL_SECONDS", "4"))  # the scoreboard page's POLL_SECONDS
MAX_ATTEMPTS = 8
NEXT_TABLE = itertools.count()
POLLS: dict[str, int] = {}  # "GET board 304" -> count, written to the journal at the end
_journal = open(os.environ["LOAD_JOURNAL"], "a", buffering=1, encoding="utf-8")  # noqa: SIM115


def journal(event: str, **fields: Any) -> None:
    _journal.write(json.dumps({"event": event, "t": round(time.time(), 3), **fields}) + "\n")


ENVIRONMENT: list[Any] = []


@events.init.add_listener
def _remember(environment: Any, **_: Any) -> None:
    ENVIRONMENT.append(environment)


@events.quit.add_listener
def _write_results(**_: Any) -> None:
    """At the very end (after the users stopped): locust's own per-request statistics, as
    locust computes them, to ``LOAD_STATS``; the poll answers by status to the journal."""
    journal("polls", counts=POLLS)
    _journal.flush()
    stats = ENVIRONMENT[0].runner.stats
    rows = {}
    for entry in [*stats.entries.values(), stats.total]:
        rows[entry.name] = {
            "requests": entry.num_requests,
            "failures": entry.num_failures,
            "rps": entry.total_rps,
            "p50": entry.get_response_time_percentile(0.5),
            "p99": entry.get_response_time_percentile(0.99),
            "max": entry.max_response_time,
        }
    errors = [
        {"name": error.name, "error": str(error.error), "occurrences": error.occurrences}
        for error in stats.errors.values()
    ]
    Path(os.environ["LOAD_STATS"]).write_text(json.dumps({"rows": rows, "errors": errors}))


class Table(FastHttpUser):
    """The scorer's phone at one table (and, at some tables, a spectator's)."""

    wait_time = constant(0)  # the think time is in the task: polls happen during it
    network_timeout = 20.0
    connection_timeout = 10.0

    def on_start(self) -> None:
        index = next(NEXT_TABLE)
        if index >= len(TABLES):
            raise RuntimeError(f"more users than tables ({len(TABLES)}): run with -u {len(TABLES)}")
        self.table = TABLES[index]
        self.rng = random.Random(f"{self.table['match']}-{uuid.uuid4()}")
        self.generate = GENERATORS[self.table["game"]]
        self.deals_done = 0
        self.finished = False
        self.etags: dict[str, str] = {}
        self.next_poll = time.monotonic() + self.rng.uniform(0, POLL_EVERY)
        self.headers = {
            "Content-Type": "application/json",
            "Authorization": f"Table {self.table['token']}",
        }
        # Tables do not all sit down at the same second.
        gevent.sleep(self.rng.uniform(0, THINK[1]))

    @task
    def play(self) -> None:
        if self.finished:
            self.think(POLL_EVERY)
            return
        self.think(self.rng.uniform(*THINK))
        self.post_deal()

    def think(self, seconds: float) -> None:
        """Wait ``seconds``; a polling table's page polls on its own clock meanwhile, as the
        scoreboard page does (every ``POLL_EVERY`` seconds, whatever the scorer is doing)."""
        end = time.monotonic() + seconds
        while self.table["poller"] or self.finished:
            if self.next_poll >= end:
                break
            gevent.sleep(max(0.0, self.next_poll - time.monotonic()))
            self.next_poll = max(self.next_poll + POLL_EVERY, time.monotonic())  # no catching up
            if not self.finished:
                self.poll("board")
            self.poll("standings")
        gevent.sleep(max(0.0, end - time.monotonic()))

    # -- the scorer -------------------------------------------------------------------------------

    def post_deal(self) -> None:
        number = self.deals_done + 1
        entry = self.generate(self.rng, list(self.table["sides"]))
        key = f"t{self.table['table']}-d{number}-{uuid.uuid4().hex[:12]}"
        body = json.dumps(entry)
        path = f"/api/matches/{self.table['match']}/deals/"
        headers = {**self.headers, "Idempotency-Key": key}
        common = {"match": self.table["match"], "table": self.table["table"], "key": key}
        backoff = 0.5
        for attempt in range(1, MAX_ATTEMPTS + 1):
            name = "POST deal" if attempt == 1 else "POST deal (retry)"
            journal("sent", attempt=attempt, entry=entry if attempt == 1 else None, **common)
            with self.client.post(path, data=body, headers=headers, name=name, catch_response=True) as resp:
                status = resp.status_code
                if status in (200, 201):
                    resp.success()
                    if self.rng.random() < LOSE:
                        journal("lost", attempt=attempt, status=status, **common)
                        retry_after = self.rng.uniform(0.3, 2.0)
                    else:
                        document = resp.json()
                        journal(
                            "accepted",
                            attempt=attempt,
                            status=status,
                            number=document["deal"]["number"],
                            entry=entry,
                            **common,
                        )
                        self.deals_done += 1
                        match_status = document["match"].get("status")
                        if match_status == "finished" or self.deals_done >= self.table["deals"]:
                            self.finished = True
                        return
                elif status == 0 or status >= 500:
                    error = getattr(resp, "error", None)
                    resp.failure(type(error).__name__ if status == 0 and error else f"HTTP {status}")
                    retry_after = backoff * self.rng.uniform(0.8, 1.2)
                    backoff = min(backoff * 2, 8.0)
                else:
                    resp.failure(f"HTTP {status}: {resp.text[:120]}")
                    journal("refused", attempt=attempt, status=status, body=resp.text[:300], **common)
                    if status == 409 and "finished" in (resp.text or ""):
                        self.finished = True
                    return
            gevent.sleep(retry_after)
        journal("gave_up", attempts=MAX_ATTEMPTS, **common)

    # -- the spectator ----------------------------------------------------------------------------

    def poll(self, what: str) -> None:
        if what == "board":
            path, name = f"/matches/{self.table['match']}/board/", "GET board (poll)"
        else:
            path, name = f"/api/tournaments/{self.table['tournament']}/standings/", "GET standings (poll)"
        headers = {"If-None-Match": self.etags[path]} if path in self.etags else {}
        with self.client.get(path, headers=headers, name=name, catch_response=True) as resp:
            label = f"{name} {resp.status_code}"
            POLLS[label] = POLLS.get(label, 0) + 1
            if resp.status_code in (200, 304):
                resp.success()
                etag = resp.headers.get("ETag")
                if etag:
                    self.etags[path] = etag
            elif resp.status_code == 0:
                error = getattr(resp, "error", None)
                resp.failure(type(error).__name__ if error else "connection error")
            else:
                resp.failure(f"HTTP {resp.status_code}")
