"""What recording a deal costs beyond its rows: the service against the same rows written plainly,
at the first deal of a match and at its sixtieth.

In one process on PostgreSQL (a scratch database, ``tablescore_bench_write`` on the server of
``BENCH_DATABASE_URL``, default the local one, created and migrated here), each round plays several
Tally matches of ``DEALS`` deals (4 sides, an ``Idempotency-Key`` on every deal; the match is set to
one deal more, so the last one timed is an ordinary deal, not the end of the match) three ways,
deal by deal, the three interleaved so that load from elsewhere hits them alike:

(a) the service every entry point calls, ``scoring.services.deals.deal_record_numbered`` (the deal
    sent with its number, as a phone's Save and the API send it): the match row locked once and
    the ledger read in the same round trip (the number checked against it), the match resumed
    from its stored state (``scoring/services/resume.py``), a deal, its version, an audit event, the idempotency record
    and the match's new state and snapshot;
(b) the same rows with plain ORM calls in one transaction: ``select_for_update`` on the match,
    ``objects.create`` for the deal, its version, the audit event and the idempotency record,
    ``save(update_fields=...)`` of the match; the state, the snapshot and the answer are the
    service's own documents of the same deal, made beforehand (no ledger, no game, no document to
    build);
(c) the same statements in raw SQL through one cursor, in one transaction.

Tally is the cheapest game (each side scores what is entered), so what is left is the write
itself; ``bench/bench_games.py`` measures the games' replay. Prints, at deal 1, at deal ``DEALS``
and over every deal, µs of each way (the median of the rounds; wall clock, and the CPU this process
spent, which load from elsewhere moves less), the statements each runs (BEGIN and COMMIT included),
and the ratios (the median of each round's). Target: (a) ≤ 1.3 × (b) at both deals: a write's cost
does not grow with the match.

Run on demand: ``.venv/bin/python bench/bench_write_cost.py [--rounds 15] [--matches 2] [--profile]``
(``--profile``: a cProfile top of the service's path over one more round).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.servers import production_environment, scratch_database  # noqa: E402

DB_NAME = "tablescore_bench_write"
DEALS = 60
SIDES = ["A", "B", "C", "D"]
TARGET = 1.3
#: The keys ``match_document`` adds to the stored state.
MATCH_KEYS = {"id", "club", "title", "status", "revision", "seats", "links"}


def setup() -> None:
    env = production_environment(scratch_database(DB_NAME), drop=["REDIS_URL"])
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    os.environ.clear()
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "tablescore.settings"
    import django

    django.setup()


def entry(n: int) -> dict[str, Any]:
    return {"points": {"A": n % 7, "B": 3, "C": 0, "D": -2}}


class Bench:
    """The club, the actor and the documents of one match played by the service, for (b) and (c)."""

    def __init__(self) -> None:
        from clubs.access import Actor
        from clubs.models import Club
        from scoring.models import IdempotentRequest

        self.club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
        self.actor = Actor(label="bench", ip="127.0.0.1")
        template = self.new_match()
        for n in range(1, DEALS + 1):
            self.service(template, n)
        answers = IdempotentRequest.objects.filter(match=template).order_by("pk")
        self.answers = [row.response for row in answers]
        self.states = [{k: v for k, v in a["match"].items() if k not in MATCH_KEYS} for a in self.answers]
        self.snapshots = self.snapshots_of(template)

    @staticmethod
    def snapshots_of(match: Any) -> list[dict[str, Any]]:
        """What the service keeps beside the state after each deal of ``match``
        (``scoring/services/common.py``), for the plain ways to write the same column."""
        from games import find_game
        from scoring.services.common import snapshot_document

        game, played, kept = find_game("tally"), [], []
        for n in range(1, DEALS + 1):
            played.append(entry(n))
            state = game.replay(match.options, match.sides, played)
            kept.append(snapshot_document(state, [(k, 1) for k in range(1, n + 1)]))
        return kept

    def new_match(self) -> Any:
        from scoring.services.matches import match_create

        return match_create(
            club=self.club, game_key="tally", sides=SIDES, options={"deals": DEALS + 1}, actor=self.actor
        )

    def service(self, match: Any, n: int) -> None:
        """The path a phone's Save and the API take: the deal sent with its number."""
        from scoring.services.deals import deal_record_numbered

        deal_record_numbered(
            match_id=match.pk, number=n, entry=entry(n), actor=self.actor, idempotency_key=f"k{n}"
        )

    def plain_orm(self, match: Any, n: int) -> None:
        from django.db import transaction

        from scoring.models import AuditAction, AuditEvent, Deal, DealVersion, IdempotentRequest, Match

        actor, state = self.actor, self.states[n - 1]
        with transaction.atomic():
            locked = Match.objects.select_for_update().defer("state", "snapshot").get(pk=match.pk)
            deal = Deal.objects.create(club_id=locked.club_id, match=locked, number=n)
            DealVersion.objects.create(
                club_id=locked.club_id,
                deal=deal,
                version=1,
                entry=entry(n),
                source="api",
                actor_label=actor.label,
                actor_ip=actor.ip,
            )
            AuditEvent.objects.create(
                club_id=locked.club_id,
                match=locked,
                action=AuditAction.DEAL_RECORDED,
                deal_number=n,
                version=1,
                actor_label=actor.label,
                actor_ip=actor.ip,
                detail={"entry": entry(n)},
            )
            IdempotentRequest.objects.create(
                club_id=locked.club_id,
                match=locked,
                key=f"k{n}",
                fingerprint="0" * 64,
                status_code=201,
                response=self.answers[n - 1],
            )
            locked.state = state
            locked.snapshot = self.snapshots[n - 1]
            locked.deal_count = n
            locked.winner = state["outcome"]["winner"] or ""
            locked.status = "finished" if state["outcome"]["finished"] else "in_progress"
            locked.revision += 1
            locked.save(
                update_fields=[
                    "state",
                    "snapshot",
                    "deal_count",
                    "winner",
                    "status",
                    "revision",
                    "updated_at",
                ]
            )

    def raw_sql(self, match: Any, n: int) -> None:
        from django.db import connection, transaction
        from django.utils import timezone

        actor, state, now = self.actor, self.states[n - 1], timezone.now()
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT club_id, status, revision FROM scoring_match WHERE id = %s FOR UPDATE", [match.pk]
            )
            club_id, _, _ = cursor.fetchone()
            cursor.execute(
                "INSERT INTO scoring_deal (club_id, match_id, number, version, voided)"
                " VALUES (%s, %s, %s, 1, false) RETURNING id",
                [club_id, match.pk, n],
            )
            (deal_id,) = cursor.fetchone()
            cursor.execute(
                "INSERT INTO scoring_dealversion (club_id, deal_id, version, entry, voided, reason, source,"
                " actor_label, actor_ip, created_at) VALUES (%s, %s, 1, %s, false, '', 'api', %s, %s, %s)",
                [club_id, deal_id, json.dumps(entry(n)), actor.label, actor.ip, now],
            )
            cursor.execute(
                "INSERT INTO scoring_auditevent (club_id, match_id, action, deal_number, version,"
                " actor_label, actor_ip, detail, created_at, place)"
                " VALUES (%s, %s, 'deal_recorded', %s, 1, %s, %s, %s, %s, '')",
                [club_id, match.pk, n, actor.label, actor.ip, json.dumps({"entry": entry(n)}), now],
            )
            cursor.execute(
                "INSERT INTO scoring_idempotentrequest (club_id, match_id, key, fingerprint, status_code,"
                " response, created_at) VALUES (%s, %s, %s, %s, 201, %s, %s)",
                [club_id, match.pk, f"k{n}", "0" * 64, json.dumps(self.answers[n - 1]), now],
            )
            outcome = state["outcome"]
            cursor.execute(
                "UPDATE scoring_match SET state = %s, snapshot = %s, deal_count = %s, winner = %s,"
                " status = %s, revision = revision + 1, updated_at = %s WHERE id = %s",
                [
                    json.dumps(state),
                    json.dumps(self.snapshots[n - 1]),
                    n,
                    outcome["winner"] or "",
                    "finished" if outcome["finished"] else "in_progress",
                    now,
                    match.pk,
                ],
            )


#: The deals the figures are given at: a match's first, and its last.
AT = (1, DEALS)

Times = dict[str, dict[int, tuple[float, float]]]


def one_round(bench: Bench, ways: dict[str, Callable[[Any, int], None]], matches: int) -> Times:
    """µs of each way at each deal of ``AT`` (the mean over ``matches`` matches), wall clock and
    this process's CPU, and at 0 the mean of every deal; the ways interleaved deal by deal."""
    tables = {name: [bench.new_match() for _ in range(matches)] for name in ways}
    wall = {name: [0.0] * (DEALS + 1) for name in ways}
    cpu = {name: [0.0] * (DEALS + 1) for name in ways}
    names = list(ways)
    for n in range(1, DEALS + 1):
        for name in names[n % len(names) :] + names[: n % len(names)]:
            write = ways[name]
            for match in tables[name]:
                started, used = time.perf_counter(), time.process_time()
                write(match, n)
                wall[name][n] += time.perf_counter() - started
                cpu[name][n] += time.process_time() - used
    times: Times = {}
    for name in ways:
        times[name] = {n: (wall[name][n] * 1e6 / matches, cpu[name][n] * 1e6 / matches) for n in AT}
        times[name][0] = (sum(wall[name]) * 1e6 / matches / DEALS, sum(cpu[name]) * 1e6 / matches / DEALS)
    return times


def statements(bench: Bench, ways: dict[str, Callable[[Any, int], None]]) -> dict[str, int]:
    """The SQL statements each way runs for deal 2 of a match (commit not counted; the service
    sends two of them, the lock and the ledger, in one request)."""
    import sqlparse
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = {}
    for name, write in ways.items():
        match = bench.new_match()
        write(match, 1)
        with CaptureQueriesContext(connection) as queries:
            write(match, 2)
        counts[name] = sum(len(sqlparse.split(query["sql"])) for query in queries)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--matches", type=int, default=2, help="matches per way per round")
    parser.add_argument("--profile", action="store_true", help="print a cProfile top of the service's path")
    parser.add_argument("--smoke", action="store_true", help="one round of one match: the suite's check")
    args = parser.parse_args()
    if args.smoke:
        args.rounds, args.matches = 1, 1
    setup()
    bench = Bench()
    ways = {"service": bench.service, "plain ORM": bench.plain_orm, "raw SQL": bench.raw_sql}
    counts = statements(bench, ways)
    one_round(bench, ways, 1)  # warm-up
    rounds = [one_round(bench, ways, args.matches) for _ in range(args.rounds)]
    print(
        f"PostgreSQL, one process; Tally, {len(SIDES)} sides, {DEALS} deals a match, an Idempotency-Key each; "
        f"{args.rounds} rounds × {args.matches} matches per way, interleaved; load {os.getloadavg()[0]:.2f}"
    )
    for at, label in ((AT[0], "deal 1"), (AT[1], f"deal {DEALS}"), (0, "all deals")):
        print(f" {label}:")
        for name in ways:
            walls = sorted(r[name][at][0] for r in rounds)
            cpu = statistics.median(r[name][at][1] for r in rounds)
            print(
                f"  {name:<10} {statistics.median(walls):8.0f} µs wall (rounds {walls[0]:.0f}–{walls[-1]:.0f}),"
                f" {cpu:6.0f} µs CPU of this process   {counts[name]} statements"
            )

        def ratio(way: str, base: str, clock: int, at: int = at) -> float:
            """The median over the rounds of the two ways' ratio in the same round (load moves in
            between)."""
            return statistics.median(r[way][at][clock] / r[base][at][clock] for r in rounds)

        print(
            f"  service / plain ORM {ratio('service', 'plain ORM', 0):.2f}× wall (target ≤ {TARGET}×),"
            f" {ratio('service', 'plain ORM', 1):.2f}× CPU;"
            f" raw SQL / plain ORM {ratio('raw SQL', 'plain ORM', 0):.2f}× wall;"
            f" service / raw SQL {ratio('service', 'raw SQL', 0):.2f}× wall"
        )
    if args.profile:
        matches = [bench.new_match() for _ in range(args.matches)]
        profile = cProfile.Profile()
        profile.enable()
        for n in range(1, DEALS + 1):
            for match in matches:
                bench.service(match, n)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
