"""The command line users script against (docs/games/README.md §3–§7), for every registered game.

Most checks run ``python -m games`` in a subprocess, exactly as a user's script would; the ones that
loop over every game and option call ``games.cli.main`` in process, which runs the same code
without an interpreter start-up each time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import GAMES
from games.base import Game
from games.values import Boolean, Choice
from tests.games.cli_support import error_of, run_cli, run_main, without_breakdowns
from tests.paths import valid_worked_examples

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
KEYS = list(GAMES)

try:  # only when the environment already has it (it comes with schemathesis)
    import jsonschema
except ImportError:  # pragma: no cover - depends on the environment
    jsonschema = None


def sides_for(cls: type[Game[Any]], options: Any = None) -> list[str]:
    """As few sides as the table takes under ``options`` (a preset's values may change it)."""
    return list(NAMES[: cls.table_shape(options).min_sides])


def first_dealer(cls: type[Game[Any]], sides: list[str]) -> Any:
    return 0 if cls.partnerships else sides[0]


def jam_match(*deals: Any, **options: Any) -> dict[str, Any]:
    return {"sides": ["Ann", "Bob"], "options": options, "deals": list(deals)}


# Ann: grand slam 3 + fourteen 2 = 5, which wins a rubber to 5 (jam.md example 1).
JAM_FIVE = {"tricks": {"Ann": 14, "Bob": 12}, "runs": {"Ann": [5], "Bob": []}}
# Ann: a baby slam, 1 point.
JAM_ONE = {"tricks": {"Ann": 13, "Bob": 13}, "runs": {"Ann": [4], "Bob": []}}


# -- list ---------------------------------------------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_it_lists_every_registered_game():
    run = run_cli(["list"])

    assert run.code == 0
    assert [g["key"] for g in run.doc] == KEYS
    for listed in run.doc:
        cls = GAMES[listed["key"]]
        assert listed["name"] == cls.name
        if cls.partnerships:
            assert listed["seats"] == 4
        elif cls.min_sides == cls.max_sides:
            assert listed["seats"] == cls.min_sides
        else:
            assert listed["seats"] == {"min": cls.min_sides, "max": cls.max_sides}


def test_it_lists_jam_and_tally_with_their_seats():
    listed = {g["key"]: g for g in run_main(["list"]).doc}

    assert listed["jam"]["seats"] == 2
    assert listed["tally"]["seats"] == {"min": 2, "max": 8}
    assert "generic" in listed["tally"]["aliases"]


# -- schema -------------------------------------------------------------------------------------


def _check_schema_structure(schema: dict[str, Any]) -> None:
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    assert isinstance(schema["properties"], dict)
    for name, prop in schema["properties"].items():
        assert isinstance(name, str)
        assert isinstance(prop, dict)
        assert prop.get("description", "").strip(), f"{name} has no description"
        assert {"type", "enum", "anyOf", "oneOf"} & set(prop), f"{name} has no type"


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize("key", KEYS)
def test_it_prints_a_valid_json_schema_for_every_game(key):
    cls = GAMES[key]

    run = run_cli(["schema", key])

    assert run.code == 0
    assert run.doc["game"] == key
    entry, options = run.doc["entry"], run.doc["options"]
    for schema in (entry, options):
        _check_schema_structure(schema)
        if jsonschema is not None:
            jsonschema.Draft202012Validator.check_schema(schema)
    assert list(entry["properties"]) == [f.name for f in cls.fields]
    assert list(options["properties"]) == [o.name for o in cls.all_options()]
    assert set(entry["required"]) <= set(entry["properties"])
    assert run.doc["presets"] == {name: dict(values) for name, values in cls.presets.items()}
    assert run.doc["default_preset"] == cls.default_preset


@pytest.mark.skipif(jsonschema is None, reason="jsonschema is not installed")
@pytest.mark.parametrize("key", KEYS)
def test_it_accepts_every_worked_example_under_its_schema(key):
    doc = run_main(["schema", key]).doc
    entry = jsonschema.Draft202012Validator(doc["entry"])
    options = jsonschema.Draft202012Validator(doc["options"])

    for case in valid_worked_examples(key):
        options.validate(case["match"].get("options", {}))
        for deal in case["match"]["deals"]:
            entry.validate(deal)


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_a_schema_for_an_unknown_game():
    assert error_of(run_cli(["schema", "snap"])) == (None, None)


# -- score: the output document (docs/games/README.md §6) ------------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_it_scores_a_match_from_standard_input():
    run = run_cli(["score", "jam"], jam_match(JAM_ONE, JAM_FIVE))

    assert run.code == 0
    assert run.stderr == ""
    doc = run.doc
    assert doc["game"] == "jam"
    assert doc["options"] == {"target": 5, "rubbers": 1, "restart_after_grand": False, "first_dealer": "Ann"}
    assert doc["sides"] == ["Ann", "Bob"]
    assert [d["number"] for d in doc["deals"]] == [1, 2]
    assert [d["dealer"] for d in doc["deals"]] == ["Ann", "Bob"]
    assert [d["scores"] for d in doc["deals"]] == [{"Ann": 1, "Bob": 0}, {"Ann": 5, "Bob": 0}]
    assert [d["running_totals"] for d in doc["deals"]] == [{"Ann": 1, "Bob": 0}, {"Ann": 6, "Bob": 0}]
    assert all(isinstance(d["breakdown"], list) and d["breakdown"] for d in doc["deals"])
    assert doc["totals"] == {"Ann": 6, "Bob": 0}
    assert doc["outcome"] == {
        "finished": True,
        "winner": "Ann",
        "draw": False,
        "rubbers_won": {"Ann": 1, "Bob": 0},
    }
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None


@pytest.mark.slow  # python -m games in a subprocess
def test_it_reports_the_next_dealer_of_an_unfinished_match():
    doc = run_cli(["score", "jam"], jam_match(JAM_ONE)).doc

    assert doc["outcome"] == {
        "finished": False,
        "winner": None,
        "draw": False,
        "rubbers_won": {"Ann": 0, "Bob": 0},
    }
    assert doc["next_dealer"] == "Bob"
    assert doc["next_deal"] == {"dealer": "Bob"}


@pytest.mark.slow  # python -m games in a subprocess
def test_it_finds_a_game_by_its_alias():
    run = run_cli(
        ["score", "generic"], {"sides": ["Ann", "Ben"], "deals": [{"points": {"Ann": 3, "Ben": 4}}]}
    )

    assert run.code == 0
    assert run.doc["game"] == "tally"
    assert run.doc["totals"] == {"Ann": 3, "Ben": 4}


@pytest.mark.parametrize("key", KEYS)
def test_it_scores_an_empty_match_of_every_game(key):
    cls = GAMES[key]
    sides = sides_for(cls)

    run = run_main(["score", key], {"sides": sides, "deals": []})

    assert run.code == 0, run.doc
    doc = run.doc
    assert doc["game"] == key
    assert doc["sides"] == sides
    assert set(doc["options"]) == {o.name for o in cls.all_options()}
    assert doc["options"]["first_dealer"] == first_dealer(cls, sides)
    assert doc["deals"] == []
    assert doc["totals"] == dict.fromkeys(sides, 0)
    assert doc["outcome"]["finished"] is False
    assert doc["outcome"]["winner"] is None
    assert doc["outcome"]["draw"] is False
    assert doc["next_dealer"] == first_dealer(cls, sides)
    assert doc["next_deal"]["dealer"] == doc["next_dealer"]


@pytest.mark.parametrize("key", KEYS)
def test_it_prints_the_same_document_as_the_rule_book(key):
    from games import find_game

    for case in valid_worked_examples(key):
        match = case["match"]
        expected = find_game(key).replay(match.get("options"), match["sides"], match["deals"]).as_json()
        run = run_main(["score", key], match)
        assert run.code == 0, (case["name"], run.doc)
        assert run.doc == json.loads(json.dumps(expected)), case["name"]
        assert sum(d["scores"][s] for d in run.doc["deals"] for s in run.doc["sides"]) == sum(
            run.doc["totals"].values()
        )


# -- score: options (docs/games/README.md §4) -----------------------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_it_layers_defaults_then_match_options_then_the_command_line():
    default = run_cli(["score", "jam"], jam_match())
    from_match = run_cli(["score", "jam"], jam_match(target=7))
    from_cli = run_cli(["score", "jam", "--option", "target=9"], jam_match(target=7))

    assert default.doc["options"]["target"] == 5
    assert from_match.doc["options"]["target"] == 7
    assert from_cli.doc["options"]["target"] == 9


@pytest.mark.slow  # python -m games in a subprocess
def test_it_plays_by_the_layered_options():
    # Ann scores 5 then 1: with the match's target 7 she wins; the command line's 9 keeps it going.
    deals = (JAM_FIVE, JAM_ONE, JAM_ONE)
    to_seven = run_cli(["score", "jam"], jam_match(*deals[:2], JAM_ONE, target=7))
    to_nine = run_cli(["score", "jam", "--option", "target=9"], jam_match(*deals, target=7))

    assert to_seven.doc["outcome"]["winner"] == "Ann"
    assert to_seven.doc["totals"] == {"Ann": 7, "Bob": 0}
    assert to_nine.doc["outcome"]["finished"] is False
    assert to_nine.doc["totals"] == {"Ann": 7, "Bob": 0}


def test_it_lets_the_last_option_on_the_command_line_win():
    run = run_main(["score", "jam", "--option", "target=9", "--option", "target=3"], jam_match())

    assert run.doc["options"]["target"] == 3


@pytest.mark.slow  # python -m games in a subprocess
def test_it_reads_option_values_as_json_or_else_as_a_string():
    run = run_cli(
        [
            "score",
            "jam",
            "--option",
            "rubbers=3",
            "--option",
            "restart_after_grand=true",
            "--option",
            "first_dealer=Bob",
        ],
        jam_match(),
    )

    assert run.code == 0, run.doc
    assert run.doc["options"] == {
        "target": 5,
        "rubbers": 3,
        "restart_after_grand": True,
        "first_dealer": "Bob",
    }
    assert run.doc["next_dealer"] == "Bob"


def test_it_takes_a_quoted_json_string_as_a_string():
    run = run_main(["score", "jam", "--option", 'first_dealer="Bob"'], jam_match())

    assert run.doc["options"]["first_dealer"] == "Bob"


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize(
    ("option", "why"),
    [
        ('target="7"', "a JSON string is not an integer"),
        ("target=7.0", "7.0 is not 7 (docs/games/README.md §5.8)"),
        ("target=0", "below the lowest target"),
        ("target=seven", "not JSON, so the string 'seven'"),
        ("rubbers=2", "not 1 or 3"),
        ("restart_after_grand=1", "1 is not true"),
        ("first_dealer=Cy", "not a side"),
        ("target=null", "target may not be null"),
    ],
)
def test_it_rejects_a_bad_option_value_naming_the_option(option, why):
    run = run_cli(["score", "jam", "--option", option], jam_match())

    assert error_of(run) == (None, option.partition("=")[0]), why


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_a_bad_option_value_in_match_json():
    assert error_of(run_cli(["score", "jam"], jam_match(rubbers=5))) == (None, "rubbers")


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_an_unknown_option_on_the_command_line():
    assert error_of(run_cli(["score", "jam", "--option", "colour=red"], jam_match())) == (None, "colour")


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_an_unknown_option_in_match_json():
    assert error_of(
        run_cli(["score", "tally"], {"sides": ["A", "B"], "options": {"wins": "low"}, "deals": []})
    ) == (
        None,
        "wins",
    )


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_a_preset_for_a_game_without_presets():
    assert error_of(run_cli(["score", "jam", "--preset", "ffb"], jam_match())) == (None, "preset")


def test_it_rejects_options_that_are_not_an_object():
    run = run_main(["score", "jam"], {"sides": ["Ann", "Bob"], "options": [1], "deals": []})

    assert error_of(run)[0] is None


@pytest.mark.slow  # python -m games in a subprocess
def test_it_counts_only_explicit_target_and_deals_as_given():
    both = run_cli(
        ["score", "tally", "--option", "deals=3"],
        {"sides": ["A", "B"], "options": {"target": 9}, "deals": []},
    )
    null_target = run_cli(
        ["score", "tally", "--option", "deals=3"],
        {"sides": ["A", "B"], "options": {"target": None}, "deals": []},
    )

    assert error_of(both) == (None, "deals")
    assert null_target.code == 0
    assert null_target.doc["options"]["deals"] == 3


@pytest.mark.parametrize("key", KEYS)
def test_it_rejects_an_unknown_option_of_every_game(key):
    cls = GAMES[key]
    match = {"sides": sides_for(cls), "deals": []}

    assert error_of(run_main(["score", key, "--option", "no_such_option=1"], match)) == (
        None,
        "no_such_option",
    )
    assert error_of(run_main(["score", key], {**match, "options": {"no_such_option": 1}})) == (
        None,
        "no_such_option",
    )


@pytest.mark.parametrize("key", KEYS)
def test_it_rejects_a_bad_value_for_every_option_of_every_game(key):
    cls = GAMES[key]
    match = {"sides": sides_for(cls), "deals": []}

    for opt in cls.all_options():
        run = run_main(["score", key, "--option", f'{opt.name}={{"not": "a value"}}'], match)
        assert error_of(run) == (None, opt.name)
        run = run_main(["score", key], {**match, "options": {opt.name: [[[]]]}})
        assert error_of(run) == (None, opt.name)


# -- presets, for the games that have them --------------------------------------------------------

PRESET_KEYS = [key for key, cls in GAMES.items() if cls.presets]


def _other_value(cls: type[Game[Any]], name: str, current: Any) -> Any:
    kind = cls.option(name).kind
    if isinstance(kind, Boolean):
        return not current
    if isinstance(kind, Choice):
        others = [v for v in kind.values if v != current or type(v) is not type(current)]
        return others[0] if others else None
    return None


def _preset_override(cls: type[Game[Any]]) -> tuple[str, str, Any] | None:
    """A preset, one of its options, and another valid value for that option."""
    for preset, values in cls.presets.items():
        for name, value in values.items():
            other = _other_value(cls, name, value)
            if other is not None:
                return preset, name, other
    return None


@pytest.mark.parametrize("key", PRESET_KEYS)
def test_it_applies_every_preset_of_every_game(key):
    cls = GAMES[key]
    for preset, values in cls.presets.items():
        match = {"sides": sides_for(cls, values), "deals": []}
        by_flag = run_main(["score", key, "--preset", preset], match)
        by_option = run_main(["score", key, "--option", f"preset={preset}"], match)
        by_match = run_main(["score", key], {**match, "options": {"preset": preset}})
        for run in (by_flag, by_option, by_match):
            assert run.code == 0, run.doc
            assert run.doc["options"]["preset"] == preset
            for name, value in values.items():
                assert run.doc["options"][name] == value


@pytest.mark.parametrize("key", PRESET_KEYS)
def test_it_uses_the_default_preset_when_none_is_chosen(key):
    cls = GAMES[key]

    run = run_main(["score", key], {"sides": sides_for(cls), "deals": []})

    assert run.doc["options"]["preset"] == cls.default_preset
    for name, value in cls.presets[cls.default_preset].items():
        assert run.doc["options"][name] == value


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize("key", PRESET_KEYS)
def test_it_lets_the_command_line_preset_win_over_match_json(key):
    cls = GAMES[key]
    names = list(cls.presets)
    first, last = names[0], names[-1]
    match = {"sides": sides_for(cls, cls.presets[last]), "options": {"preset": first}, "deals": []}

    run = run_cli(["score", key, "--preset", last], match)

    assert run.code == 0
    assert run.doc["options"]["preset"] == last
    for name, value in cls.presets[last].items():
        assert run.doc["options"][name] == value


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize("key", PRESET_KEYS)
def test_it_lets_explicit_options_win_over_the_preset(key):
    cls = GAMES[key]
    found = _preset_override(cls)
    if found is None:
        pytest.skip("no preset sets an option with an obvious other value")
    preset, name, other = found
    sides = sides_for(cls)

    in_match = run_main(
        ["score", key, "--preset", preset], {"sides": sides, "options": {name: other}, "deals": []}
    )
    on_line = run_cli(
        ["score", key, "--option", f"{name}={json.dumps(other)}"],
        {"sides": sides, "options": {"preset": preset}, "deals": []},
    )

    for run in (in_match, on_line):
        assert run.code == 0, run.doc
        assert run.doc["options"]["preset"] == preset
        assert run.doc["options"][name] == other


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize("key", PRESET_KEYS)
def test_it_rejects_an_unknown_preset(key):
    cls = GAMES[key]

    run = run_cli(["score", key, "--preset", "no-such-preset"], {"sides": sides_for(cls), "deals": []})

    assert error_of(run) == (None, "preset")


# -- score: sides (docs/games/README.md §2, §3) -----------------------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_bad_sides_in_a_subprocess():
    assert error_of(run_cli(["score", "jam"], {"sides": ["Ann"], "deals": []})) == (None, "sides")
    assert error_of(run_cli(["score", "jam"], {"sides": ["Ann", "Ann"], "deals": []})) == (None, "sides")


@pytest.mark.parametrize("key", KEYS)
def test_it_rejects_bad_sides_for_every_game(key):
    cls = GAMES[key]
    good = sides_for(cls)
    too_few = NAMES[: cls.min_sides - 1]
    too_many = [f"P{i}" for i in range(cls.max_sides + 1)]

    for sides in (
        list(too_few),
        too_many,
        [*good[:-1], good[0]],
        [*good[:-1], ""],
        [*good[:-1], 7],
        "Ann and Bob",
        None,
        {"Ann": 1},
    ):
        run = run_main(["score", key], {"sides": sides, "deals": []})
        assert error_of(run) == (None, "sides"), sides


def test_it_matches_side_names_exactly():
    match = {"sides": ["Ann", "Ben"], "deals": [{"points": {"ann": 1, "Ben": 2}}]}

    assert error_of(run_main(["score", "tally"], match)) == (0, "points")


# -- score: entries (docs/games/README.md §5, §7) ---------------------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize("entry", [[], [1, 2], "deal", 3, None, True])
def test_it_rejects_an_entry_that_is_not_an_object(entry):
    assert error_of(run_cli(["score", "jam"], jam_match(JAM_ONE, entry))) == (1, None)


@pytest.mark.parametrize("key", KEYS)
def test_it_rejects_a_non_object_entry_of_every_game(key):
    match = {"sides": sides_for(GAMES[key]), "deals": [["not", "an", "object"]]}

    assert error_of(run_main(["score", key], match)) == (0, None)


@pytest.mark.slow  # python -m games in a subprocess
def test_it_checks_unknown_keys_before_any_field():
    entry = {"tricks": "lots", "colour": "red", "runs": 4}

    assert error_of(run_cli(["score", "jam"], jam_match(entry))) == (0, "colour")


@pytest.mark.parametrize("key", KEYS)
def test_it_checks_unknown_keys_first_for_every_game(key):
    cls = GAMES[key]
    garbage: dict[str, Any] = {f.name: {"not": ["valid"]} for f in cls.fields}
    entry = {**garbage, "zz_not_a_field": 1}

    assert error_of(run_main(["score", key], {"sides": sides_for(cls), "deals": [entry]})) == (
        0,
        "zz_not_a_field",
    )


@pytest.mark.parametrize("key", KEYS)
def test_it_names_the_first_required_field_of_an_empty_entry(key):
    cls = GAMES[key]
    required = [f.name for f in cls.fields if f.is_required({})]
    if not required:
        pytest.skip("an empty entry is valid in this game")

    run = run_main(["score", key], {"sides": sides_for(cls), "deals": [{}]})

    assert error_of(run) == (0, required[0])


@pytest.mark.slow  # python -m games in a subprocess
def test_it_names_the_deal_and_the_field_at_fault():
    bad = {"tricks": {"Ann": 12, "Bob": 13}, "runs": {"Ann": [], "Bob": []}}

    run = run_cli(["score", "jam"], jam_match(JAM_ONE, JAM_ONE, bad, JAM_ONE))

    assert error_of(run) == (2, "tricks")


def test_it_reports_a_nested_fault_on_the_top_level_field():
    bad = {"tricks": {"Ann": 13, "Bob": 13}, "runs": {"Ann": [4, "5"], "Bob": []}}

    assert error_of(run_main(["score", "jam"], jam_match(bad))) == (0, "runs")


@pytest.mark.slow  # python -m games in a subprocess
def test_it_refuses_a_deal_after_the_end_before_checking_its_fields():
    garbage = {"colour": "red"}

    assert error_of(run_cli(["score", "jam"], jam_match(JAM_FIVE, JAM_ONE))) == (1, None)
    assert error_of(run_cli(["score", "jam"], jam_match(JAM_FIVE, garbage))) == (1, None)
    assert error_of(run_main(["score", "jam"], jam_match(JAM_FIVE, "not an object"))) == (1, None)


@pytest.mark.slow  # python -m games in a subprocess
def test_it_refuses_a_tally_deal_after_a_fixed_number_of_deals():
    deal = {"points": {"A": 1, "B": 2}}
    match = {"sides": ["A", "B"], "options": {"deals": 2}, "deals": [deal, deal, deal]}

    assert error_of(run_cli(["score", "tally"], match)) == (2, None)


@pytest.mark.slow  # python -m games in a subprocess
def test_it_prints_nothing_but_the_error():
    run = run_cli(["score", "jam"], jam_match(JAM_ONE, {"tricks": 26}))

    assert run.doc == {"error": {"deal": 1, "field": "tricks", "rule": run.doc["error"]["rule"]}}
    assert run.stderr == ""


# -- score: match.json itself ---------------------------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize("text", ["", "{", "{'sides': []}", "[1, 2", "NaN garbage", "\x00"])
def test_it_rejects_standard_input_that_is_not_json(text):
    assert error_of(run_cli(["score", "jam"], text)) == (None, None)


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize(
    "text",
    [
        '{"sides": ["A", "B"], "deals": [{"points": {"A": 5, "A": 7, "B": 1}}]}',
        '{"sides": ["A", "B"], "sides": ["C", "D"], "deals": []}',
        '{"sides": ["A", "B"], "deals": [{"points": {"A": NaN, "B": 1}}]}',
    ],
)
def test_it_rejects_an_object_naming_a_key_twice_and_non_json_numbers(text):
    run = run_cli(["score", "tally"], text)

    assert error_of(run) == (None, None)
    assert "twice" in run.doc["error"]["rule"] or "NaN" in run.doc["error"]["rule"]


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_absurdly_nested_json_without_a_traceback():
    run = run_cli(["score", "tally"], "[" * 100_000)

    assert error_of(run) == (None, None)
    assert "Traceback" not in run.stderr


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_match_json_that_is_not_an_object():
    assert error_of(run_cli(["score", "jam"], [1, 2])) == (None, None)


def test_it_names_a_missing_sides_or_deals_list():
    assert error_of(run_main(["score", "jam"], {"deals": []})) == (None, "sides")
    assert error_of(run_main(["score", "jam"], {"sides": ["Ann", "Bob"]})) == (None, "deals")
    assert error_of(run_main(["score", "jam"], {"sides": ["Ann", "Bob"], "deals": {}})) == (None, "deals")


@pytest.mark.slow  # python -m games in a subprocess
def test_it_rejects_an_unknown_game():
    run = run_cli(["score", "snap"], jam_match())

    assert error_of(run) == (None, None)


def test_it_rejects_a_malformed_option_argument():
    assert error_of(run_main(["score", "jam", "--option", "target"], jam_match()))[0] is None


# -- the in-process entry point -----------------------------------------------------------------


def test_it_returns_the_exit_code_from_main():
    ok = run_main(["score", "jam"], jam_match(JAM_ONE))
    bad = run_main(["score", "jam"], jam_match({"tricks": 1}))

    assert ok.code == 0
    assert without_breakdowns(ok.doc)["deals"] == [
        {
            "number": 1,
            "dealer": "Ann",
            "scores": {"Ann": 1, "Bob": 0},
            "running_totals": {"Ann": 1, "Bob": 0},
            "rubber": 1,
            "tricks": {"Ann": 13, "Bob": 13},
            "runs": {"Ann": [4], "Bob": []},
            "rubber_points": {"Ann": 1, "Bob": 0},
        }
    ]
    assert bad.code == 2
