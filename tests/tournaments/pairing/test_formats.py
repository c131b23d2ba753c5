"""The event formats' rules: which games fit, which settings apply, how many rounds and entrants."""

from __future__ import annotations

import pytest

from games import find_game
from tournaments.pairing.base import FirstRound
from tournaments.pairing.errors import SetupError
from tournaments.pairing.formats import (
    EntrantKind,
    EventSettings,
    Format,
    check_fit,
    check_rounds,
    check_settings,
    choices,
    draws_at_random,
    field_minimum,
    planned_rounds,
)


@pytest.mark.parametrize(
    ("game", "format", "entrants", "field"),
    [
        ("tally", Format.INDIVIDUAL, EntrantKind.INDIVIDUAL, "format"),
        ("coinche", Format.INDIVIDUAL, EntrantKind.PARTNERSHIP, "entrant_kind"),
        ("coinche", Format.TABLES, EntrantKind.PARTNERSHIP, "format"),
        ("parcellus", Format.SWISS, EntrantKind.INDIVIDUAL, "format"),
        ("coinche", Format.SWISS, EntrantKind.INDIVIDUAL, "entrant_kind"),
        ("jam", Format.SWISS, EntrantKind.PARTNERSHIP, "entrant_kind"),
        ("jam", Format.SINGLE_ELIMINATION, EntrantKind.PARTNERSHIP, "entrant_kind"),
        ("parcellus", Format.TABLES, EntrantKind.PARTNERSHIP, "entrant_kind"),
    ],
)
def test_it_refuses_a_game_the_format_cannot_play_naming_the_field(game, format, entrants, field):
    with pytest.raises(SetupError) as caught:
        check_fit(find_game(game), shape(game), format, entrants)
    assert caught.value.field == field


def test_it_says_why_a_two_player_game_takes_no_partnerships():
    with pytest.raises(SetupError, match="JAM is played one player a side: its entrants are individuals"):
        check_fit(find_game("jam"), shape("jam"), Format.SWISS, EntrantKind.PARTNERSHIP)


def shape(key, **options):
    """The table of ``key`` under ``options``."""
    return find_game(key).table_shape(find_game(key).resolve_options((), options).options)


def test_it_refuses_the_individual_format_at_a_six_seat_table():
    with pytest.raises(SetupError, match="draws tables of 4") as caught:
        check_fit(
            find_game("auction-forty-five"),
            shape("auction-forty-five", players=6),
            Format.INDIVIDUAL,
            EntrantKind.INDIVIDUAL,
        )
    assert caught.value.field == "format"


def test_it_plays_individual_back_alley_at_multi_seat_tables_only():
    alone = shape("back-alley", preset="individual")
    check_fit(find_game("back-alley"), alone, Format.TABLES, EntrantKind.INDIVIDUAL)
    with pytest.raises(SetupError, match="not played by two sides"):
        check_fit(find_game("back-alley"), alone, Format.SWISS, EntrantKind.INDIVIDUAL)
    assert check_settings(Format.TABLES, find_game("back-alley"), alone, EventSettings()) == {"table_size": 5}


def test_it_lets_the_fitting_games_through():
    check_fit(find_game("coinche"), shape("coinche"), Format.INDIVIDUAL, EntrantKind.INDIVIDUAL)
    check_fit(find_game("parcellus"), shape("parcellus"), Format.TABLES, EntrantKind.INDIVIDUAL)
    check_fit(find_game("coinche"), shape("coinche"), Format.SWISS, EntrantKind.PARTNERSHIP)


def test_it_refuses_planned_rounds_where_the_format_plans_its_own():
    check_rounds(Format.SWISS, 5)
    check_rounds(Format.ROUND_ROBIN, None)
    with pytest.raises(SetupError, match="a round robin has as many rounds as its field needs"):
        check_rounds(Format.ROUND_ROBIN, 3)


def test_it_keeps_the_settings_of_the_format_and_settles_a_table_size():
    tally = find_game("tally")
    assert check_settings(
        Format.SINGLE_ELIMINATION, tally, shape("tally"), EventSettings(third_place=True)
    ) == {"third_place": True}
    parcellus = find_game("parcellus")
    assert check_settings(Format.TABLES, parcellus, shape("parcellus"), EventSettings()) == {"table_size": 3}
    with pytest.raises(SetupError, match="'third_place' is not a setting of a swiss event"):
        check_settings(Format.SWISS, tally, shape("tally"), EventSettings(third_place=True))
    with pytest.raises(SetupError, match="table_size must be 3 to 3 for Parcellus"):
        check_settings(Format.TABLES, parcellus, shape("parcellus"), EventSettings(table_size=4))


def test_it_reads_back_only_the_stored_settings_that_still_apply():
    stored = {"first_round": "random", "seed": 7, "order": [3, 1], "cycles": 2}
    assert EventSettings.from_stored(stored, Format.SWISS) == EventSettings(
        first_round=FirstRound.RANDOM, seed=7
    )


def test_it_asks_for_a_seed_when_a_draw_is_random_and_none_was_given():
    assert draws_at_random(Format.SWISS, {"first_round": "random"})
    assert draws_at_random(Format.INDIVIDUAL, {})
    assert not draws_at_random(Format.INDIVIDUAL, {"seed": 3})
    assert not draws_at_random(Format.SWISS, {})


def test_it_counts_the_entrants_and_rounds_each_format_needs():
    assert field_minimum(Format.INDIVIDUAL, shape("coinche")) == 4
    assert field_minimum(Format.DOUBLE_ELIMINATION, shape("tally")) == 3
    assert field_minimum(Format.TABLES, shape("parcellus")) == 3
    assert planned_rounds(Format.ROUND_ROBIN, 5, {"cycles": 2}, None) == 10
    assert planned_rounds(Format.SWISS, 9, {}, None) == 4
    assert planned_rounds(Format.SWISS, 9, {}, 6) == 6


def test_it_labels_each_format_for_the_pages():
    assert choices(EntrantKind) == [("individual", "Individuals"), ("partnership", "Fixed partnerships")]
    assert Format.TABLES.label == "Multi-seat tables"
