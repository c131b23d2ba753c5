"""Property: any small evening (a few entrants, one or two rounds, any winners, a table's result
set by the organizer or not) exported and imported into an empty club gives the same standings,
entrant for entrant, as a fresh recompute there."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs.access import Actor
from clubs.travel.envelope import dumps
from tests.factories import ClubFactory
from tests.tournaments.factories import make_tournament, play_table, start_round
from tests.tournaments.travel.conftest import exported, gone
from tournaments import services
from tournaments.contracts import TableResultInput, validated
from tournaments.models import Tournament
from tournaments.services import standings_recompute
from tournaments.travel.service import import_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]
DIRECTOR = Actor(label="director")


def by_name(tournament: Tournament, rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    names = dict(tournament.entrants.values_list("pk", "name"))
    return [
        (names[row["entrant"]], *sorted((k, v) for k, v in row.items() if k != "entrant")) for row in rows
    ]


@settings(max_examples=6, deadline=None)
@given(
    entrants=st.integers(3, 6),
    rounds=st.integers(1, 2),
    choices=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=6, max_size=6),
)
def test_any_small_evening_keeps_its_standings_in_an_empty_club(
    entrants: int, rounds: int, choices: list[tuple[bool, bool]]
) -> None:
    tournament = make_tournament(club=ClubFactory(), entrants=entrants, rounds=2)
    moves = iter(choices)
    for _ in range(rounds):
        the_round = start_round(tournament)
        for table in the_round.tables.order_by("number"):
            second, adjusted = next(moves, (False, False))
            winner = table.entrants[1 if second else 0]
            if adjusted:
                decision = validated(TableResultInput, {"winner": winner, "reason": "a slip was lost"})
                services.table_decide(table_id=table.pk, decision=decision, actor=DIRECTOR)
            else:
                play_table(table, winner)
    standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    before = by_name(tournament, tournament.standings["rows"])
    document = exported(tournament)
    gone(tournament)
    empty = ClubFactory()
    import_evening(data=dumps(document), club=empty, other_club=True)
    copy = Tournament.objects.get(club=empty)
    assert by_name(copy, copy.standings["rows"]) == before
    assert by_name(copy, standings_recompute(tournament_id=copy.pk)["rows"]) == before
