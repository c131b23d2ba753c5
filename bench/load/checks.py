"""What the load run reads and checks once the tables stop (started by ``run.py``).

The journal the simulated tables wrote and locust's statistics, read back; then the exactly-once
verdicts against the scratch database: every accepted deal stored once, every match's state a
replay of its deals, every table and tournament's standings what a recomputation gives. Each check
prints its verdict; Django must be set up before the checks run (``run.py`` does it).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any


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
