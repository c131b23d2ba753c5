"""Review of the shared framework (base, declaration, values, cli) against docs/games/README.md."""

import pytest

from games import OptionError, find_game
from games.values import Choice, Integer, OneOf
from tests.games.cli_support import error_of, run_main

# -- docs/games/README.md §4: target and deals, and the echoed options ----------------------------------------

TARGET_AND_DEALS = [
    ("matching-trumps", ["Ann", "Ben", "Cy"]),
    ("tally", ["Ann", "Ben"]),
]


@pytest.mark.parametrize(("key", "sides"), TARGET_AND_DEALS)
def test_echoed_options_of_a_match_to_a_target_can_be_scored_again(key, sides):
    # docs/games/README.md §6: "The output echoes the complete effective option set (options), so a stored match
    # can always be re-scored with the same rules." A default deals echoed next to an explicit target
    # would be "both given" on the second run.
    game = find_game(key)
    first = game.new_match(sides, {"target": 40}).as_json()["options"]

    again = game.new_match(sides, first).as_json()["options"]

    assert again == first
    assert first["target"] == 40
    assert first["deals"] is None


@pytest.mark.parametrize(("key", "sides"), TARGET_AND_DEALS)
def test_an_explicit_null_deals_next_to_a_target_is_not_given(key, sides):
    # docs/games/README.md §4: "A default value does not count as given, and neither does an explicit null."
    options = find_game(key).new_match(sides, {"target": 40, "deals": None}).as_json()["options"]

    assert (options["target"], options["deals"]) == (40, None)


@pytest.mark.parametrize(("key", "sides"), TARGET_AND_DEALS[:1])
def test_a_null_deals_without_a_target_is_still_an_error_on_deals(key, sides):
    # deals is "integer ≥ 1" in these games: without a target the match would never end.
    with pytest.raises(OptionError) as caught:
        find_game(key).new_match(sides, {"deals": None})
    assert caught.value.field == "deals"


def test_a_null_deals_on_the_command_line_lets_a_target_from_match_json_stand():
    run = run_main(
        ["score", "matching-trumps", "--option", "deals=null"],
        {"sides": ["Ann", "Ben"], "options": {"target": 12}, "deals": []},
    )

    assert run.code == 0
    assert run.doc["options"]["target"] == 12
    assert run.doc["options"]["deals"] is None


def test_a_target_and_deals_from_two_layers_are_both_given():
    run = run_main(
        ["score", "matching-trumps", "--option", "deals=4"],
        {"sides": ["Ann", "Ben"], "options": {"target": 12}, "deals": []},
    )

    assert error_of(run) == (None, "deals")


# -- docs/games/README.md §4: CLI parsing ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["NaN", "Infinity", "-Infinity"])
def test_an_option_value_that_is_not_json_is_a_string(name):
    # NaN and Infinity are not JSON (RFC 8259); Python's json module reads them as floats.
    run = run_main(
        ["score", "tally", "--option", f"first_dealer={name}"],
        {"sides": ["Ann", name], "deals": []},
    )

    assert run.code == 0, run.doc
    assert run.doc["options"]["first_dealer"] == name
    assert run.doc["next_dealer"] == name


# -- rule sentences ---------------------------------------------------------------------------------


def test_a_stepped_integer_out_of_range_reads_as_english():
    kind = Integer(15, 30, 5)

    assert kind.check(35, None) == "must be a multiple of 5 from 15 to 30"
    assert Integer(0, 5).check(6, None) == "must be an integer from 0 to 5"


# -- values: the players' words for a choice, and a known value the options leave out ------------------


def test_it_gives_a_choice_value_the_players_words():
    kind = Choice(("capot", "generale", 1), labels=(("generale", "générale"), (True, "yes")))

    assert kind.label("generale") == "générale"
    assert kind.label("capot") is None
    assert kind.label(1) is None  # labels keep JSON types apart: True is not 1


def test_it_says_which_option_a_known_value_of_a_one_of_needs():
    kind = OneOf(
        (
            Integer(80, 250, 10),
            Choice(("capot", "generale"), allowed=lambda ctx: ("capot",), note="x needs y"),
        )
    )

    assert kind.check("generale", None) == '"generale" is not allowed with these options (x needs y)'
    assert kind.check("capot", None) is None
    assert kind.check("Generale", None).startswith("must be multiple of 10")
