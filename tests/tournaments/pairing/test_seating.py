"""How a table's entrants sit at their match: one side each, or partners across in an individual
event of a partnership game."""

from __future__ import annotations

from tournaments.pairing.formats import Format
from tournaments.pairing.seating import (
    TableLayout,
    partners_across,
    seat_sides,
    side_name,
    table_layout,
)


def test_it_puts_partners_across_the_table_as_the_game_seats_them():
    assert partners_across(4) == (0, 1, 0, 1)


def test_it_gives_each_entrant_its_own_side_except_in_an_individual_event():
    assert seat_sides(Format.SWISS, 2) == (0, 1)
    assert seat_sides(Format.TABLES, 4) == (0, 1, 2, 3)
    assert seat_sides(Format.INDIVIDUAL, 4) == (0, 1, 0, 1)


def test_it_names_a_partnership_after_its_players_keeping_58_characters_of_each():
    assert side_name(["Ann", "Cy"]) == "Ann & Cy"
    assert side_name(["A" * 60, "B"]) == "A" * 58 + " & B"


def test_it_lays_out_an_individual_table_as_two_partnerships():
    assert table_layout(Format.INDIVIDUAL, ["Ann", "Bob", "Cy", "Dee"]) == TableLayout(
        sides=("Ann & Cy", "Bob & Dee"), seats=("Ann", "Bob", "Cy", "Dee"), side_of=(0, 1, 0, 1)
    )


def test_it_seats_two_fixed_partnerships_across_and_nobody_else():
    two = table_layout(Format.SWISS, ["Aces", "Kings"], [["Ann", "Bob"], ["Cy", "Dee"]])
    assert two == TableLayout(sides=("Aces", "Kings"), seats=("Ann", "Cy", "Bob", "Dee"), side_of=(0, 1))
    assert table_layout(Format.SWISS, ["Aces", "Kings"], [["Ann"], ["Cy", "Dee"]]).seats is None
    assert table_layout(Format.TABLES, ["A", "B", "C"]).seats is None


def test_it_seats_teams_of_three_every_other_seat_at_a_six_seat_table():
    six = table_layout(
        Format.SWISS, ["Aces", "Kings"], [["Ann", "Bob", "Cy"], ["Dee", "Eve", "Flo"]], seats=6
    )
    assert six.seats == ("Ann", "Dee", "Bob", "Eve", "Cy", "Flo")
