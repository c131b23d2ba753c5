"""Tally (docs/games/tally.md): review of the spec against the rule book, through the command line.

Every expected number is worked out by hand from the spec, not from the program.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.cli_support import error_of, run_cli, run_main, without_breakdowns

FOUR = ["A", "B", "C", "D"]


def score(sides: list[str], deals: list[Any], options: dict[str, Any] | None = None, *args: str) -> Any:
    match: dict[str, Any] = {"sides": sides, "deals": deals}
    if options is not None:
        match["options"] = options
    return run_main(["score", "tally", *args], match)


def points(sides: list[str], *values: int) -> dict[str, Any]:
    return {"points": dict(zip(sides, values, strict=True))}


# -- review: whole matches, worked out by hand ----------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_a_low_wins_match_to_a_target_by_hand():
    # C deals first. 10/20/5/0; 20/15/30/26 -> 30/35/35/26; 0/15/10/24 -> 30/50/45/50: B and D
    # reach 50, and A alone holds the lowest total: A wins. Dealers C, D, A.
    run = run_cli(
        ["score", "tally", "--option", "win=low", "--option", "first_dealer=C"],
        {
            "sides": FOUR,
            "options": {"target": 50},
            "deals": [
                points(FOUR, 10, 20, 5, 0),
                points(FOUR, 20, 15, 30, 26),
                points(FOUR, 0, 15, 10, 24),
            ],
        },
    )

    assert run.code == 0
    doc = without_breakdowns(run.doc)
    assert [d["dealer"] for d in doc["deals"]] == ["C", "D", "A"]
    assert [d["running_totals"] for d in doc["deals"]] == [
        {"A": 10, "B": 20, "C": 5, "D": 0},
        {"A": 30, "B": 35, "C": 35, "D": 26},
        {"A": 30, "B": 50, "C": 45, "D": 50},
    ]
    assert doc["totals"] == {"A": 30, "B": 50, "C": 45, "D": 50}
    assert doc["outcome"] == {"finished": True, "winner": "A", "draw": False}
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)
    assert doc["options"] == {"target": 50, "deals": None, "win": "low", "first_dealer": "C"}


def test_a_low_wins_tie_at_the_bottom_plays_on():
    # target 10, low wins: 10/5/5 -> A reached it, B and C share the lowest: another deal.
    sides = ["A", "B", "C"]
    doc = score(sides, [points(sides, 10, 5, 5)], {"target": 10, "win": "low"}).doc

    assert doc["outcome"]["finished"] is False
    assert doc["next_deal"] == {"dealer": "B"}

    doc = score(sides, [points(sides, 10, 5, 5), points(sides, 0, 1, 0)], {"target": 10, "win": "low"}).doc
    assert doc["outcome"] == {"finished": True, "winner": "C", "draw": False}


def test_an_open_ended_match_names_the_leader():
    sides = ["Ann", "Ben", "Cy"]
    doc = score(sides, [points(sides, 5, -3, 5)]).doc

    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False, "leader": None}
    doc = score(sides, [points(sides, 5, -3, 5), points(sides, 0, 0, 1)]).doc
    assert doc["outcome"]["leader"] == "Cy"
    doc = score(sides, [points(sides, 5, -3, 5)], {"win": "low"}).doc
    assert doc["outcome"]["leader"] == "Ben"
    assert doc["next_dealer"] == "Ben"


def test_a_fixed_number_of_deals_ends_after_that_many():
    sides = ["Ann", "Ben"]
    doc = score(sides, [points(sides, 1, 0), points(sides, 0, 2)], {"deals": 2}).doc

    assert doc["outcome"] == {"finished": True, "winner": "Ben", "draw": False}
    run = score(sides, [points(sides, 1, 0), points(sides, 0, 2), points(sides, 1, 1)], {"deals": 2})
    assert error_of(run) == (2, None)


# -- review: options (docs/games/README.md §4) and entries (docs/games/README.md §5) ------------------------------------------


@pytest.mark.parametrize(
    ("options", "args", "field"),
    [
        ({"target": 9, "deals": 3}, [], "deals"),
        ({"target": 9}, ["--option", "deals=3"], "deals"),
        ({"deals": 3}, ["--option", "target=9"], "deals"),
        ({"deals": 0}, [], "deals"),
        ({"deals": 2.0}, [], "deals"),
        ({"target": True}, [], "target"),
        ({"target": 9.5}, [], "target"),
        ({"win": "High"}, [], "win"),
        ({"win": None}, [], "win"),
        ({"first_dealer": "a"}, [], "first_dealer"),
        ({}, ["--option", "rounds=3"], "rounds"),
        ({}, ["--preset", "x"], "preset"),
    ],
)
def test_bad_options_are_errors_on_the_option(options, args, field):
    assert error_of(score(["A", "B"], [], options, *args)) == (None, field)


@pytest.mark.parametrize(
    ("options", "args", "target", "deals"),
    [
        ({"target": 9, "deals": None}, [], 9, None),
        ({"target": None, "deals": 3}, [], None, 3),
        ({"target": 9}, ["--option", "deals=null"], 9, None),
        ({"deals": 3}, ["--option", "target=null"], None, 3),
        ({"target": -5}, [], -5, None),  # "integer, or null": any integer
    ],
)
def test_an_explicit_null_is_not_given(options, args, target, deals):
    run = score(["A", "B"], [], options, *args)

    assert run.code == 0, run.doc
    assert (run.doc["options"]["target"], run.doc["options"]["deals"]) == (target, deals)


@pytest.mark.parametrize(
    ("sides", "field"),
    [(["A"], "sides"), ([f"P{i}" for i in range(9)], "sides"), (["A", "A"], "sides"), (["A", ""], "sides")],
)
def test_it_needs_two_to_eight_distinct_sides(sides, field):
    assert error_of(score(sides, [])) == (None, field)


def test_eight_sides_are_fine():
    sides = [f"P{i}" for i in range(8)]
    doc = score(sides, [points(sides, *range(8))]).doc

    assert doc["totals"]["P7"] == 7
    assert doc["next_dealer"] == "P1"


@pytest.mark.parametrize(
    "entry",
    [
        {"points": {"A": 1}},
        {"points": {"A": 1, "B": 2, "C": 3}},
        {"points": {"A": 1, "B": True}},
        {"points": {"A": 1, "B": 2.0}},
        {"points": {"A": 1, "B": "2"}},
        {"points": {"a": 1, "B": 2}},
        {"points": None},
        {"points": [1, 2]},
        {},
    ],
)
def test_points_must_name_every_side_with_an_integer(entry):
    assert error_of(score(["A", "B"], [entry])) == (0, "points")
