"""Belote concours for the tests: registered teams, and parties played deal by deal through the
real scoring services (the team with more card points takes and makes it; never a litige)."""

from __future__ import annotations

from typing import Any

from scoring.services.deals import deal_record
from tests.tournaments.factories import TABLE, accept, add_entrants, current_match, make_tournament
from tournaments import services
from tournaments.models import TableAssignment, Tournament


def concours(teams: int, *, deals: int = 2, **kwargs: Any) -> Tournament:
    """A belote concours of ``teams`` registered teams of two, in registration."""
    tournament = make_tournament(
        game="belote", format="concours", entrant_kind="partnership", match_format=f"deals:{deals}", **kwargs
    )
    add_entrants(tournament, teams, partners=True)
    tournament.refresh_from_db()
    return tournament


def first_points(table: TableAssignment, deal: int) -> int:
    """The card points of the table's first team on a deal: spread out, never the 81 of a litige."""
    points = 20 + (table.entrants[0] * 37 + table.entrants[1] * 11 + deal * 23 + table.round.number * 5) % 123
    return 82 if points == 81 else points


def deal_entry(table: TableAssignment, deal: int, points: int | None = None) -> dict[str, Any]:
    """Deal ``deal`` (from 0) of the table: the first team's card points (``points``, or spread
    out), the team with more of them taking."""
    first, second = current_match(table).sides
    mine = first_points(table, deal) if points is None else points
    return {"taker": first if mine > 81 else second, "points": {first: mine, second: 162 - mine}}


def play_deals(table: TableAssignment, deals: range, points: int | None = None) -> None:
    """Enter these deals of the table's partie, as its scorer link would (``points``: the first
    team's card points on each, else spread out)."""
    match = current_match(table)
    for deal in deals:
        deal_record(match_id=match.pk, entry=deal_entry(table, deal, points), actor=TABLE)


def play_table(table: TableAssignment, points: list[int] | None = None) -> None:
    """Every deal of the table's partie (``points``: the first team's card points, deal by deal),
    its result accepted by the other side, and the table told."""
    match = current_match(table)
    deals = int(table.round.tournament.match_format.split(":")[1])
    for deal in range(deals):
        entry = deal_entry(table, deal, points[deal] if points else None)
        deal_record(match_id=match.pk, entry=entry, actor=TABLE)
    match.refresh_from_db()
    winner = (match.state.get("outcome") or {}).get("winner")
    accept(match, winner=1 if winner == match.sides[1] else 0)
    services.table_sync(match_id=match.pk)
