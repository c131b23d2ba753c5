"""Tournaments of a variant whose table differs from the game's usual one: six-handed Auction
Forty-Five (teams of three) and individual Back Alley (tables of five)."""

from __future__ import annotations

import pytest

from clubs.errors import InvalidEntry
from tests.tournaments.factories import current_match, make_tournament, start_round
from tournaments import services
from tournaments.services.entrants import EntrantSpec

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_seats_teams_of_three_every_other_seat():
    tournament = make_tournament(
        game="auction-forty-five", entrant_kind="partnership", options={"players": 6}, rounds=1
    )
    services.entrants_register(
        tournament_id=tournament.pk,
        entrants=[
            EntrantSpec(name="North", players=("Ann", "Cy", "Eve"), seed=1),
            EntrantSpec(name="South", players=("Bob", "Dee", "Fay"), seed=2),
        ],
    )

    table = start_round(tournament).tables.get()
    match = current_match(table)

    assert match.options["players"] == 6
    assert match.seats == ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("auction-forty-five", {"options": {"players": 6}}),
        ("back-alley", {"preset": "individual"}),
    ],
)
def test_it_refuses_the_individual_format_for_a_table_that_is_not_of_four(game, extra):
    with pytest.raises(InvalidEntry) as caught:
        make_tournament(game=game, format="individual", entrant_kind="individual", **extra)
    assert caught.value.field == "format"


def test_it_plays_individual_back_alley_at_tables_of_five():
    tournament = make_tournament(
        game="back-alley",
        preset="individual",
        format="tables",
        entrants=10,
        rounds=1,
        settings={"table_size": 5},
    )

    tables = list(start_round(tournament).tables.order_by("number"))
    match = current_match(tables[0])

    assert "first_dealer" not in tournament.options  # a player's name: decided at each table
    assert [len(t.entrants) for t in tables] == [5, 5]
    assert len(match.sides) == 5
    assert match.options["first_dealer"] == match.sides[0]
    assert match.state["next_deal"] == {"dealer": match.sides[0], "hand_size": 10}


def test_it_refuses_a_table_size_the_individual_game_does_not_have():
    with pytest.raises(InvalidEntry) as caught:
        make_tournament(game="back-alley", preset="individual", format="tables", settings={"table_size": 4})
    assert caught.value.field == "settings"
