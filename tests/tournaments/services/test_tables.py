"""tournaments.services.tables: the match a table opens, its sides and seats."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import (
    add_entrants,
    current_match,
    make_tournament,
    play_round,
    play_table,
    start_round,
)
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_redraws_partners_in_an_individual_event_and_ranks_players():
    tournament = make_tournament(
        game="coinche", format="individual", entrant_kind="individual", entrants=8, rounds=2
    )
    the_round = start_round(tournament)
    table = the_round.tables.order_by("number").first()
    match = current_match(table)
    names = {e.pk: e.name for e in tournament.entrants.all()}
    seats = [names[e] for e in table.entrants]
    assert match.seats == seats
    assert match.sides == [f"{seats[0]} & {seats[2]}", f"{seats[1]} & {seats[3]}"]
    play_table(table, table.entrants[1])
    assert table.result[str(table.entrants[1])]["outcome"] == "win"
    assert table.result[str(table.entrants[3])]["outcome"] == "win"  # the partner wins too
    assert table.result[str(table.entrants[0])]["outcome"] == "loss"


def test_it_seats_fixed_partners_across_the_table():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    add_entrants(tournament, 2, partners=True)
    table = start_round(tournament).tables.get()
    match = current_match(table)
    a, b = (tournament.entrants.get(pk=e).name.removeprefix("Team ") for e in table.entrants)
    assert match.sides == [f"Team {a}", f"Team {b}"]
    assert match.seats == [f"{a} North", f"{b} North", f"{a} South", f"{b} South"]


def test_it_gives_a_walkover_instead_of_a_match_against_a_withdrawn_entrant():
    tournament = make_tournament(format="round-robin", entrants=4)
    play_round(start_round(tournament))
    services.entrant_withdraw(entrant_id=tournament.entrants.get(name="Dee").pk)
    walkover = next(
        t for t in start_round(tournament).tables.all() if len(t.entrants) == 2 and t.status == "forfeit"
    )
    assert walkover.reason == "withdrawn: Dee"
    assert walkover.adjusted_by == "tournament"
    assert not walkover.games.exists()
