"""Aluette, McNeely team rules (docs/games/aluette.md): every rule clause, validation rule, option and
whole matches.

Every expected number is worked out from the spec by hand: only the first side to five tricks scores;
it scores its opening run when that run is 5 or more (5, 6, 7, 8 or 9), else 1. First to 15 wins.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from games import GameError, IllegalDealError, OptionError, SidesError, find_game
from games.aluette import deal_points, from_sequence
from games.cli import main
from tests.games.cli_support import run_cli, without_breakdowns
from tests.paths import DATA

SIDES = ["Us", "Them"]


def play(deals: list[Any], options: dict[str, Any] | None = None, sides: list[str] | None = None) -> Any:
    return find_game("aluette").replay(options, sides or SIDES, deals).as_json()


def error_of(deals: list[Any], options: dict[str, Any] | None = None) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        play(deals, options)
    return caught.value.deal, caught.value.field


def seq(text: str) -> dict[str, Any]:
    return {"sequence": text}


def ftf(side: str, run: int) -> dict[str, Any]:
    return {"first_to_five": side, "opening_run": run}


# -- scoring: the trick sequence form ------------------------------------------------------------


@pytest.mark.parametrize(
    ("sequence", "scores", "first", "run", "tricks"),
    [
        # seed: seven in a row from the start scores 7 (the 5 replaces the 1)
        ("AAAAAAABB", {"Us": 7, "Them": 0}, "Us", 7, {"Us": 7, "Them": 2}),
        # exactly five in a row, then broken: 5
        ("AAAAABBBA", {"Us": 5, "Them": 0}, "Us", 5, {"Us": 6, "Them": 3}),
        ("AAAAABBBB", {"Us": 5, "Them": 0}, "Us", 5, {"Us": 5, "Them": 4}),
        ("AAAAAABBB", {"Us": 6, "Them": 0}, "Us", 6, {"Us": 6, "Them": 3}),
        ("AAAAAAAAB", {"Us": 8, "Them": 0}, "Us", 8, {"Us": 8, "Them": 1}),
        ("AAAAAAAAA", {"Us": 9, "Them": 0}, "Us", 9, {"Us": 9, "Them": 0}),
        # run broken before five: 1 point
        ("ABAABAABB", {"Us": 1, "Them": 0}, "Us", 1, {"Us": 5, "Them": 4}),
        ("AAAABAAAB", {"Us": 1, "Them": 0}, "Us", 4, {"Us": 7, "Them": 2}),
        # the other side won trick 1: opening run 0, 1 point
        ("BAAAAABAB", {"Us": 1, "Them": 0}, "Us", 0, {"Us": 6, "Them": 3}),
        ("BAAAAAAAA", {"Us": 1, "Them": 0}, "Us", 0, {"Us": 8, "Them": 1}),
        # the second side (B) scores the same way
        ("BBBBBBBBA", {"Us": 0, "Them": 8}, "Them", 8, {"Us": 1, "Them": 8}),
        ("BBBBBAAAA", {"Us": 0, "Them": 5}, "Them", 5, {"Us": 4, "Them": 5}),
        ("ABBBBBAAB", {"Us": 0, "Them": 1}, "Them", 0, {"Us": 3, "Them": 6}),
        ("BBAABABBB", {"Us": 0, "Them": 1}, "Them", 2, {"Us": 3, "Them": 6}),
        ("BBBBBBBBB", {"Us": 0, "Them": 9}, "Them", 9, {"Us": 0, "Them": 9}),
    ],
)
def test_it_scores_a_trick_sequence(sequence, scores, first, run, tricks):
    deal = play([seq(sequence)])["deals"][0]
    assert deal["scores"] == scores
    assert deal["first_to_five"] == first
    assert deal["opening_run"] == run
    assert deal["tricks"] == tricks


# -- scoring: the first-to-five form ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("run", "points"),
    [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9)],
)
def test_it_scores_the_opening_run_from_five_else_one(run, points):
    assert play([ftf("Us", run)])["deals"][0]["scores"] == {"Us": points, "Them": 0}
    assert play([ftf("Them", run)])["deals"][0]["scores"] == {"Us": 0, "Them": points}
    assert deal_points(run) == points


def test_it_reports_the_entered_form_without_tricks():
    deal = play([ftf("Them", 6)])["deals"][0]
    assert deal["scores"] == {"Us": 0, "Them": 6}
    assert deal["first_to_five"] == "Them"
    assert deal["opening_run"] == 6
    assert "tricks" not in deal


def test_it_derives_first_to_five_from_the_majority_letter():
    assert from_sequence("BABAABAAA", ("Us", "Them")) == ("Us", 0, {"Us": 6, "Them": 3})
    assert from_sequence("BBBBAAAAA", ("Us", "Them")) == ("Us", 0, {"Us": 5, "Them": 4})


def test_it_uses_the_side_names_in_the_order_of_sides():
    doc = play([seq("AAAAAAABB")], sides=["Them", "Us"])
    assert doc["deals"][0]["scores"] == {"Them": 7, "Us": 0}


# -- validation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ([1, 2], None),  # not an object
        ("AAAAAAABB", None),
        (None, None),
        ({"sequence": "AAAAAAABB", "tricks": 9}, "tricks"),  # unknown key, checked first
        ({"first_to_five": "Us", "opening_run": 3, "who": 1}, "who"),
        # sequence (1): not together with the other form
        ({"sequence": "AAAAAAABB", "first_to_five": "Us"}, "sequence"),
        ({"sequence": "AAAAAAABB", "opening_run": 7}, "sequence"),
        ({"sequence": "AAAAAAABB", "first_to_five": "Us", "opening_run": 7}, "sequence"),
        ({"sequence": "AAAA", "first_to_five": "Us"}, "sequence"),  # (1) before (2): still sequence
        # sequence (2): 9 characters, each A or B
        ({"sequence": "AAAABBBB"}, "sequence"),  # 8 tricks
        ({"sequence": "AAAAABBBBA"}, "sequence"),  # 10 tricks
        ({"sequence": ""}, "sequence"),
        ({"sequence": "aaaaaaabb"}, "sequence"),  # capitals only
        ({"sequence": "AAAAACBBB"}, "sequence"),
        ({"sequence": "AAAA BBBB"}, "sequence"),
        ({"sequence": 7}, "sequence"),
        ({"sequence": ["A"] * 9}, "sequence"),
        ({"sequence": None}, "sequence"),
        # first_to_five: required unless sequence; a side
        ({}, "first_to_five"),
        ({"opening_run": 3}, "first_to_five"),
        ({"first_to_five": "Others", "opening_run": 3}, "first_to_five"),
        ({"first_to_five": "us", "opening_run": 3}, "first_to_five"),  # exact case
        ({"first_to_five": None, "opening_run": 3}, "first_to_five"),
        ({"first_to_five": 0, "opening_run": 3}, "first_to_five"),
        # opening_run: required unless sequence; integer 0-9
        ({"first_to_five": "Us"}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": 10}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": -1}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": 5.0}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": "5"}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": True}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": None}, "opening_run"),
    ],
)
def test_it_names_the_field_of_a_bad_entry(entry, field):
    assert error_of([entry]) == (0, field)


def test_it_reports_the_index_of_the_first_bad_deal():
    assert error_of([seq("AAAAAAABB"), ftf("Us", 2), seq("AAAA")]) == (2, "sequence")


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": 0}, "target"),
        ({"target": 15.0}, "target"),
        ({"target": "15"}, "target"),
        ({"target": None}, "target"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"first_dealer": "Us"}, "first_dealer"),
        ({"deals": 5}, "deals"),  # no such option
        ({"preset": "mcneely"}, "preset"),  # no presets
    ],
)
def test_it_rejects_bad_options(options, field):
    with pytest.raises(OptionError) as caught:
        play([], options)
    assert caught.value.field == field
    assert caught.value.deal is None


@pytest.mark.parametrize("sides", [["Us"], ["Us", "Them", "Others"], ["Us", "Us"], ["Us", ""], "UsThem"])
def test_it_rejects_bad_sides(sides):
    with pytest.raises(SidesError):
        play([], sides=sides)


# -- match structure -----------------------------------------------------------------------------


def test_it_ends_when_a_side_reaches_fifteen():
    # 7 + 7 = 14, then Them 9, then Us 1 → 15 – 9
    doc = play([seq("AAAAAAABB"), seq("AAAAAAABB"), seq("BBBBBBBBB"), ftf("Us", 2)])
    assert [d["running_totals"] for d in doc["deals"]] == [
        {"Us": 7, "Them": 0},
        {"Us": 14, "Them": 0},
        {"Us": 14, "Them": 9},
        {"Us": 15, "Them": 9},
    ]
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None


def test_it_ends_past_the_target_too():
    # 9 + 9 = 18 ≥ 15
    doc = play([ftf("Them", 9), ftf("Them", 9)])
    assert doc["totals"] == {"Us": 0, "Them": 18}
    assert doc["outcome"]["winner"] == "Them"


def test_it_plays_on_below_the_target():
    doc = play([ftf("Us", 9), ftf("Us", 5)])  # 14
    assert doc["totals"] == {"Us": 14, "Them": 0}
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_deal"] == {"dealer": 2}


def test_it_refuses_a_deal_after_the_end():
    deals = [ftf("Us", 9), ftf("Us", 6), ftf("Them", 1)]
    assert error_of(deals) == (2, None)


def test_it_refuses_even_a_bad_deal_after_the_end_with_no_field():
    assert error_of([ftf("Us", 9), ftf("Us", 6), {"bogus": 1}]) == (2, None)


@pytest.mark.parametrize(("target", "deals_to_win"), [(1, 1), (5, 1), (6, 2), (30, 6)])
def test_it_uses_the_target_option(target, deals_to_win):
    # Us scores 5 per deal: after k deals 5k; finished at the first k with 5k ≥ target
    deals = [ftf("Us", 5)] * deals_to_win
    doc = play(deals, {"target": target})
    assert doc["outcome"]["finished"] is True
    assert doc["totals"]["Us"] == 5 * deals_to_win
    if deals_to_win > 1:
        assert play(deals[:-1], {"target": target})["outcome"]["finished"] is False


def test_it_echoes_the_effective_options():
    assert play([])["options"] == {"target": 15, "first_dealer": 0}
    assert play([], {"target": 21, "first_dealer": 3})["options"] == {"target": 21, "first_dealer": 3}


def test_it_rotates_the_dealer_seat_by_seat():
    doc = play([ftf("Us", 1)] * 6)
    assert [d["dealer"] for d in doc["deals"]] == [0, 1, 2, 3, 0, 1]
    assert doc["next_dealer"] == 2
    assert doc["next_deal"] == {"dealer": 2}


def test_it_starts_with_the_first_dealer_option():
    doc = play([ftf("Us", 1)] * 3, {"first_dealer": 3})
    assert [d["dealer"] for d in doc["deals"]] == [3, 0, 1]
    assert doc["next_dealer"] == 2


def test_it_names_the_first_dealer_before_any_deal():
    doc = play([], {"first_dealer": 2})
    assert doc["next_dealer"] == 2
    assert doc["next_deal"] == {"dealer": 2}
    assert doc["deals"] == []
    assert doc["totals"] == {"Us": 0, "Them": 0}


def test_it_keeps_totals_as_the_sum_of_the_deal_scores():
    doc = play([seq("AAAAAAABB"), ftf("Them", 0), seq("BBBBBBBBA"), seq("AAAAAABAB"), ftf("Us", 3)])
    for side in SIDES:
        assert doc["totals"][side] == sum(d["scores"][side] for d in doc["deals"])
    assert doc["totals"] == {"Us": 14, "Them": 9}  # 7+6+1 / 1+8


def test_it_scores_the_complete_example_of_the_spec():
    deals = [
        seq("AAAAAAABB"),
        ftf("Them", 0),
        seq("BBBBBBBBA"),
        seq("AAAAAABAB"),
        ftf("Us", 3),
        seq("BABAABAAA"),
    ]
    doc = play(deals, {"target": 15})
    assert [d["dealer"] for d in doc["deals"]] == [0, 1, 2, 3, 0, 1]
    assert [d["scores"] for d in doc["deals"]] == [
        {"Us": 7, "Them": 0},
        {"Us": 0, "Them": 1},
        {"Us": 0, "Them": 8},
        {"Us": 6, "Them": 0},
        {"Us": 1, "Them": 0},
        {"Us": 1, "Them": 0},
    ]
    assert doc["totals"] == {"Us": 15, "Them": 9}
    assert doc["outcome"]["winner"] == "Us"
    assert doc["next_dealer"] is None


# -- robustness, speed and the CLI ---------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        {"sequence": {"A": 1}},
        {"first_to_five": ["Us"], "opening_run": 1},
        {"first_to_five": {"x": 1}, "opening_run": {"y": 2}},
        {"opening_run": [1], "first_to_five": "Us"},
        {"sequence": None, "first_to_five": None},
        {"": None},
        {"sequence": "ABABABABA" * 100},
    ],
)
def test_it_raises_only_game_errors_for_odd_json(entry):
    with pytest.raises(GameError):
        play([entry])


def test_it_scores_through_the_cli():
    match = {"sides": SIDES, "deals": [seq("AAAAAAABB")]}
    out = io.StringIO()
    code = main(["score", "aluette", "--option", "target=7"], io.StringIO(json.dumps(match)), out)
    doc = json.loads(out.getvalue())
    assert code == 0
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}


def test_it_prints_a_cli_error_for_a_bad_entry():
    match = {"sides": SIDES, "deals": [seq("AAAAAAABB"), {"first_to_five": "Us", "opening_run": 10}]}
    out = io.StringIO()
    code = main(["score", "aluette"], io.StringIO(json.dumps(match)), out)
    assert code == 2
    assert json.loads(out.getvalue())["error"]["deal"] == 1
    assert json.loads(out.getvalue())["error"]["field"] == "opening_run"


def _strip_breakdown(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _strip_breakdown(v) for k, v in doc.items() if k != "breakdown"}
    if isinstance(doc, list):
        return [_strip_breakdown(v) for v in doc]
    return doc


@pytest.mark.parametrize("path", sorted((DATA / "aluette").glob("*.json")), ids=lambda p: p.stem)
def test_it_matches_the_golden_score_sheets(path):
    sheet = json.loads(path.read_text())
    out = io.StringIO()
    code = main(["score", "aluette", *sheet["args"]], io.StringIO(json.dumps(sheet["match"])), out)
    assert code == 0
    assert _strip_breakdown(json.loads(out.getvalue())) == sheet["expect"]


# -- review: a whole match by hand, through the command line -------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_a_match_to_ten_by_hand():
    # target 10, seat 3 deals first.
    # 1 (3) BBBBBAAAA: Them win the first five in a row: 5.              0 - 5
    # 2 (0) Us first to five with an opening run of 9: 9.                9 - 5
    # 3 (1) ABBABBBAB: Them 6 tricks, but Us won trick 1: run 0, 1.      9 - 6
    # 4 (2) AABABAABA: Us 6 tricks, opening run 2: 1.                    10 - 6, Us win.
    run = run_cli(
        ["score", "aluette", "--option", "target=10"],
        {
            "sides": SIDES,
            "options": {"first_dealer": 3},
            "deals": [seq("BBBBBAAAA"), ftf("Us", 9), seq("ABBABBBAB"), seq("AABABAABA")],
        },
    )

    assert run.code == 0
    doc = without_breakdowns(run.doc)
    assert doc["deals"] == [
        {
            "number": 1,
            "dealer": 3,
            "scores": {"Us": 0, "Them": 5},
            "running_totals": {"Us": 0, "Them": 5},
            "first_to_five": "Them",
            "opening_run": 5,
            "tricks": {"Us": 4, "Them": 5},
        },
        {
            "number": 2,
            "dealer": 0,
            "scores": {"Us": 9, "Them": 0},
            "running_totals": {"Us": 9, "Them": 5},
            "first_to_five": "Us",
            "opening_run": 9,
        },
        {
            "number": 3,
            "dealer": 1,
            "scores": {"Us": 0, "Them": 1},
            "running_totals": {"Us": 9, "Them": 6},
            "first_to_five": "Them",
            "opening_run": 0,
            "tricks": {"Us": 3, "Them": 6},
        },
        {
            "number": 4,
            "dealer": 2,
            "scores": {"Us": 1, "Them": 0},
            "running_totals": {"Us": 10, "Them": 6},
            "first_to_five": "Us",
            "opening_run": 2,
            "tricks": {"Us": 6, "Them": 3},
        },
    ]
    assert doc["totals"] == {"Us": 10, "Them": 6}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)
    assert doc["options"] == {"target": 10, "first_dealer": 3}


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"sequence": "AAAAB", "opening_run": 3}, "sequence"),  # both forms before the format
        ({"sequence": None}, "sequence"),
        ({"sequence": None, "first_to_five": "Us", "opening_run": 1}, "sequence"),
        ({"sequence": "AAAAAAAA B"}, "sequence"),
        ({"opening_run": 3}, "first_to_five"),
        ({"first_to_five": "Us"}, "opening_run"),
        ({"first_to_five": "us", "opening_run": 1}, "first_to_five"),
        ({"first_to_five": None, "opening_run": 1}, "first_to_five"),
        ({"first_to_five": "Us", "opening_run": None}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": 1.0}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": -1}, "opening_run"),
        ({"first_to_five": "Us", "opening_run": 1, "tricks": {}}, "tricks"),
    ],
)
def test_bad_entries_name_the_field_and_the_rule_they_break(entry, field):
    assert error_of([entry]) == (0, field)
