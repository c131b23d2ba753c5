"""JAM (docs/games/jam.md): review of the spec against the rule book, through the command line.

Every expected number is worked out by hand from the spec, not from the program.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.cli_support import error_of, run_cli, run_main, without_breakdowns

SIDES = ["Ann", "Bob"]


def score(deals: list[Any], options: dict[str, Any] | None = None, *args: str) -> Any:
    match: dict[str, Any] = {"sides": SIDES, "deals": deals}
    if options is not None:
        match["options"] = options
    return run_main(["score", "jam", *args], match)


def form1(ann: int, bob: int, ann_runs: list[int], bob_runs: list[int]) -> dict[str, Any]:
    return {"tricks": {"Ann": ann, "Bob": bob}, "runs": {"Ann": ann_runs, "Bob": bob_runs}}


# -- review: a whole best-of-three match, worked out by hand -------------------------------------

# restart_after_grand, best of three, Bob deals first:
# 1 (Bob deals) Ann wins 10 in a row, then B A alternate 8 times: Ann 18 tricks, run [10] = two grands
#   (3 + 1) + fourteen (a grand and 15+ tricks: 2) = 6; Bob 8 tricks, 0. Rubber 1: 6-0, Ann.
# 2 (Ann) 13/13, Ann [4] = baby 1; Bob [9] = grand + baby (restart) = 3 + 1 = 4. Rubber 2: 1-4.
# 3 (Bob) 12/14, no runs: Bob fourteen 2. Rubber 2: 1-6, Bob.
# 4 (Ann) 14/12, Ann [4], Bob [4]: Ann 1 + 2 = 3, Bob 1. Rubber 3: 3-1.
# 5 (Bob) 12/14, Bob [5]: grand 3 + fourteen 2 = 5. Rubber 3: 3-6, Bob: 2 rubbers to 1.
BEST_OF_THREE = [
    {"sequence": "A" * 10 + "BA" * 8},
    form1(13, 13, [4], [9]),
    form1(12, 14, [], []),
    form1(14, 12, [4], [4]),
    form1(12, 14, [], [5]),
]


@pytest.mark.slow  # python -m games in a subprocess
def test_a_best_of_three_match_by_hand():
    run = run_cli(
        ["score", "jam", "--option", "restart_after_grand=true", "--option", "first_dealer=Bob"],
        {"sides": SIDES, "options": {"rubbers": 3}, "deals": BEST_OF_THREE},
    )

    assert run.code == 0
    doc = without_breakdowns(run.doc)
    assert [d["scores"] for d in doc["deals"]] == [
        {"Ann": 6, "Bob": 0},
        {"Ann": 1, "Bob": 4},
        {"Ann": 0, "Bob": 2},
        {"Ann": 3, "Bob": 1},
        {"Ann": 0, "Bob": 5},
    ]
    assert [d["dealer"] for d in doc["deals"]] == ["Bob", "Ann", "Bob", "Ann", "Bob"]
    assert [d["rubber"] for d in doc["deals"]] == [1, 2, 2, 3, 3]
    assert [d["rubber_points"] for d in doc["deals"]] == [
        {"Ann": 6, "Bob": 0},
        {"Ann": 1, "Bob": 4},
        {"Ann": 1, "Bob": 6},
        {"Ann": 3, "Bob": 1},
        {"Ann": 3, "Bob": 6},
    ]
    assert doc["deals"][0]["tricks"] == {"Ann": 18, "Bob": 8}
    assert doc["deals"][0]["runs"] == {"Ann": [10], "Bob": []}
    assert doc["deals"][1]["runs"] == {"Ann": [4], "Bob": [9]}
    assert doc["totals"] == {"Ann": 10, "Bob": 12}
    assert doc["deals"][-1]["running_totals"] == doc["totals"]
    assert doc["outcome"] == {
        "finished": True,
        "winner": "Bob",
        "draw": False,
        "rubbers_won": {"Ann": 1, "Bob": 2},
    }
    assert doc["rubbers"] == [
        {"number": 1, "points": {"Ann": 6, "Bob": 0}, "winner": "Ann"},
        {"number": 2, "points": {"Ann": 1, "Bob": 6}, "winner": "Bob"},
        {"number": 3, "points": {"Ann": 3, "Bob": 6}, "winner": "Bob"},
    ]
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)
    assert doc["options"] == {"target": 5, "rubbers": 3, "restart_after_grand": True, "first_dealer": "Bob"}


def test_an_entry_after_the_match_is_an_error_before_any_field_check():
    run = score([*BEST_OF_THREE, {"bogus": 1}], {"rubbers": 3, "restart_after_grand": True})

    assert error_of(run) == (5, None)


def test_a_rubber_to_a_lower_target_ends_once_one_total_reaches_it():
    # target 3: two fourteen-deals make 2-2 (below the target), then Ann's fifteen: 5-2, Ann.
    run = score(
        [form1(14, 12, [], []), form1(12, 14, [], []), form1(15, 11, [], [])],
        {"target": 3},
    )

    doc = run.doc
    assert [d["scores"] for d in doc["deals"]] == [
        {"Ann": 2, "Bob": 0},
        {"Ann": 0, "Bob": 2},
        {"Ann": 3, "Bob": 0},
    ]
    assert doc["outcome"]["winner"] == "Ann"


# -- review: validation order and null (docs/games/README.md §5) ------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"sequence": "A" * 26, "tricks": None}, "sequence"),  # an explicit null is present
        ({"sequence": None}, "sequence"),
        ({"sequence": "a" * 26}, "sequence"),
        ({"sequence": "A" * 25}, "sequence"),
        ({"runs": {"Ann": [], "Bob": []}}, "tricks"),
        ({"tricks": {"Ann": 13, "Bob": 13}}, "runs"),
        ({"tricks": {"Ann": 13, "Bob": 13}, "runs": None}, "runs"),
        ({"tricks": {"Ann": 13}, "runs": {"Ann": [], "Bob": []}}, "tricks"),
        ({"tricks": {"Ann": 13, "Bob": 13, "Cy": 0}, "runs": {"Ann": [], "Bob": []}}, "tricks"),
        ({"tricks": {"Ann": 13.0, "Bob": 13}, "runs": {"Ann": [], "Bob": []}}, "tricks"),
        ({"tricks": {"Ann": 13, "Bob": 13}, "runs": {"Ann": [3], "Bob": []}}, "runs"),
        ({"tricks": {"Ann": 13, "Bob": 13}, "runs": {"Ann": [True], "Bob": []}}, "runs"),
        ({"tricks": {"Ann": 13, "Bob": 13}, "runs": {"Ann": []}}, "runs"),
        ({"tricks": {"Ann": 26, "Bob": 0}, "runs": {"Ann": [], "Bob": []}}, "runs"),  # fit
        ({"tricks": {"Ann": 13, "Bob": 14}, "runs": {"Ann": [3], "Bob": []}, "x": 1}, "x"),
    ],
)
def test_bad_entries_name_the_field_and_the_rule_they_break(entry, field):
    assert error_of(score([entry])) == (0, field)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": 5.0}, "target"),
        ({"target": True}, "target"),
        ({"target": 0}, "target"),
        ({"target": None}, "target"),
        ({"rubbers": True}, "rubbers"),
        ({"rubbers": 2}, "rubbers"),
        ({"restart_after_grand": 1}, "restart_after_grand"),
        ({"first_dealer": "ann"}, "first_dealer"),
        ({"preset": "x"}, "preset"),
    ],
)
def test_bad_options_are_errors_on_the_option(options, field):
    assert error_of(score([], options)) == (None, field)


def test_an_all_won_deal_is_one_grand_slam_and_a_fourteen():
    # 26 in a row: one streak, one grand (3); 26 tricks with a grand score fourteen (2), not fifteen.
    doc = score([{"sequence": "A" * 26}], {"target": 10}).doc

    assert doc["deals"][0]["scores"] == {"Ann": 5, "Bob": 0}
    assert doc["deals"][0]["runs"] == {"Ann": [26], "Bob": []}
