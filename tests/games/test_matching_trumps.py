"""Matching Trumps (docs/games/matching-trumps.md): the score keeper (every rule clause, validation rule,
option, whole matches, dealer and leader) and the trick referee (all 15 scenarios of seed 002 through the
function and the command line, more cases of every step and tie-break, and invalid input).

Every expected number is worked out from the spec by hand: 1 point a trick, teams add their members'
tricks; the last trick leads the next deal and the player before the leader deals it.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GameError, IllegalDealError, OptionError, SidesError, find_game
from games.cards import Card, CardError, parse_card
from games.cli import main
from games.matching_trumps import TrickResult, _decide, referee, referee_json, team_label
from tests.games.cli_support import error_of as cli_error_of
from tests.games.cli_support import run_cli, run_main, without_breakdowns
from tests.paths import DATA

ABC = ["Ann", "Ben", "Cy"]


def play(deals: list[Any], options: dict[str, Any] | None = None, sides: list[str] | None = None) -> Any:
    return find_game("matching-trumps").replay(options, sides or ABC, deals).as_json()


def deal(tricks: dict[str, int], last: str) -> dict[str, Any]:
    return {"tricks": tricks, "last_trick": last}


def abc(a: int, b: int, c: int) -> dict[str, int]:
    return {"Ann": a, "Ben": b, "Cy": c}


def error_of(
    deals: list[Any], options: dict[str, Any] | None = None, sides: list[str] | None = None
) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        play(deals, options, sides)
    return caught.value.deal, caught.value.field


def option_error(options: dict[str, Any], sides: list[str] | None = None) -> str | None:
    with pytest.raises(OptionError) as caught:
        play([], options, sides)
    assert caught.value.deal is None
    return caught.value.field


# -- scoring --------------------------------------------------------------------------------------


def test_it_scores_one_point_per_trick():
    # spec example 1
    doc = play([deal(abc(4, 3, 3), "Ann")])
    assert doc["deals"][0]["scores"] == abc(4, 3, 3)
    assert doc["totals"] == abc(4, 3, 3)
    assert doc["next_deal"] == {"dealer": "Cy", "leader": "Ann"}


def test_it_adds_up_team_totals_and_keeps_player_scores():
    # spec example 2: P1 & P3 = 3 + 4 = 7, P2 & P4 = 2 + 1 = 3
    sides = ["P1", "P2", "P3", "P4"]
    doc = play([deal({"P1": 3, "P2": 2, "P3": 4, "P4": 1}, "P3")], {"teams": [[0, 2], [1, 3]]}, sides)
    assert doc["deals"][0]["scores"] == {"P1": 3, "P2": 2, "P3": 4, "P4": 1}
    assert doc["totals"] == {"P1": 3, "P2": 2, "P3": 4, "P4": 1}
    assert doc["team_totals"] == {"P1 & P3": 7, "P2 & P4": 3}


def test_it_scores_five_players():
    # spec example 3
    sides = ["A", "B", "C", "D", "E"]
    doc = play([deal(dict.fromkeys(sides, 2), "C")], sides=sides)
    assert doc["deals"][0]["scores"] == dict.fromkeys(sides, 2)
    assert doc["next_deal"] == {"dealer": "B", "leader": "C"}


def test_it_scores_ten_tricks_to_one_player():
    doc = play([deal(abc(0, 10, 0), "Ben")])
    assert doc["deals"][0]["scores"] == abc(0, 10, 0)


def test_it_reports_leader_and_last_trick_per_deal():
    doc = play([deal(abc(4, 3, 3), "Cy"), deal(abc(1, 2, 7), "Ben")])
    assert [(d["dealer"], d["leader"], d["last_trick"]) for d in doc["deals"]] == [
        ("Ann", "Ben", "Cy"),
        ("Ben", "Cy", "Ben"),
    ]
    assert "team_totals" not in doc


def test_it_labels_teams_in_the_order_given():
    sides = ["Ann", "Ben", "Cy", "Di", "Ed"]
    doc = play(
        [deal({"Ann": 1, "Ben": 2, "Cy": 3, "Di": 4, "Ed": 0}, "Di")], {"teams": [[3, 0], [4, 1, 2]]}, sides
    )
    # Di & Ann = 4 + 1 = 5; Ed & Ben & Cy = 0 + 2 + 3 = 5
    assert doc["team_totals"] == {"Di & Ann": 5, "Ed & Ben & Cy": 5}
    assert list(doc["team_totals"]) == ["Di & Ann", "Ed & Ben & Cy"]
    assert team_label(sides, [2, 0]) == "Cy & Ann"


# -- validation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ("tricks", None),  # not an object
        ([4, 3, 3], None),
        ({**deal(abc(4, 3, 3), "Ann"), "trump": "6S"}, "trump"),  # unknown key first
        ({"leader": "Ann"}, "leader"),
        # tricks: required; every player exactly once; integers 0-10; add up to 10
        ({"last_trick": "Ann"}, "tricks"),
        (deal(None, "Ann"), "tricks"),
        (deal([4, 3, 3], "Ann"), "tricks"),
        (deal({"Ann": 4, "Ben": 6}, "Ann"), "tricks"),
        (deal({**abc(4, 3, 3), "Di": 0}, "Ann"), "tricks"),
        (deal(abc(11, 0, 0), "Ann"), "tricks"),
        (deal(abc(-1, 6, 5), "Ann"), "tricks"),
        (deal(abc(4.0, 3, 3), "Ann"), "tricks"),
        (deal(abc("4", 3, 3), "Ann"), "tricks"),
        (deal(abc(True, 6, 3), "Ann"), "tricks"),
        (deal(abc(4, 3, 2), "Ann"), "tricks"),  # spec example 5: 9
        (deal(abc(4, 4, 3), "Ann"), "tricks"),  # 11
        (deal(abc(0, 0, 0), "Ann"), "tricks"),
        # last_trick: required; a player; that player took a trick
        ({"tricks": abc(4, 3, 3)}, "last_trick"),
        (deal(abc(4, 3, 3), None), "last_trick"),
        (deal(abc(4, 3, 3), "Di"), "last_trick"),
        (deal(abc(4, 3, 3), "ann"), "last_trick"),
        (deal(abc(4, 3, 3), 0), "last_trick"),
        (deal(abc(5, 5, 0), "Cy"), "last_trick"),  # spec example 6: Cy took no trick
        # tricks is checked before last_trick
        (deal(abc(5, 5, 5), "Di"), "tricks"),
    ],
)
def test_it_names_the_field_of_a_bad_entry(entry, field):
    assert error_of([entry]) == (0, field)


def test_it_reports_the_index_of_the_first_bad_deal():
    assert error_of([deal(abc(4, 3, 3), "Ann"), deal(abc(4, 3, 3), "Ann"), deal(abc(5, 5, 0), "Cy")]) == (
        2,
        "last_trick",
    )


@pytest.mark.parametrize(
    ("teams", "sides"),
    [
        ("0,2", ABC),  # not a list
        ({"a": [0]}, ABC),
        ([0, 1, 2], ABC),  # not a list of lists
        ([[0, 1, 2]], ABC),  # fewer than 2 teams
        ([], ABC),
        ([[0, 1, 2], []], ABC),  # an empty team
        ([[0, 1], [1, 2]], ABC),  # a position twice
        ([[0, 0], [1, 2]], ABC),
        ([[0], [1]], ABC),  # Cy in no team
        ([[0, 3], [1, 2]], ABC),  # no position 3
        ([[0, -1], [1, 2]], ABC),
        ([[0, "1"], [2]], ABC),
        ([[0, 1.0], [2]], ABC),
        ([[True], [1, 2]], ABC),
        ([[0, None], [1, 2]], ABC),
        ([[0], [1, 2]], ["A & B", "A", "B"]),  # two teams labelled "A & B"
    ],
)
def test_it_rejects_bad_teams(teams, sides):
    assert option_error({"teams": teams}, sides) == "teams"


@pytest.mark.parametrize(
    ("teams", "sides"),
    [
        ([[0], [1]], ["Ann", "Ben"]),
        ([[0], [1], [2]], ABC),
        ([[2, 0], [1]], ABC),
        ([[0, 2], [1, 3]], ["P1", "P2", "P3", "P4"]),
        ([[0, 1], [2, 3], [4]], ["A", "B", "C", "D", "E"]),
        (None, ABC),
    ],
)
def test_it_accepts_good_teams(teams, sides):
    assert play([], {"teams": teams}, sides)["options"]["teams"] == teams


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"deals": 0}, "deals"),
        ({"deals": 2.0}, "deals"),
        ({"deals": "6"}, "deals"),
        ({"deals": None}, "deals"),
        ({"target": 0}, "target"),
        ({"target": 7.5}, "target"),
        ({"target": True}, "target"),
        ({"deals": 4, "target": 20}, "deals"),  # both given: error on deals
        ({"first_dealer": "Di"}, "first_dealer"),
        ({"first_dealer": 0}, "first_dealer"),
        ({"rounds": 3}, "rounds"),
        ({"preset": "seed"}, "preset"),
    ],
)
def test_it_rejects_bad_options(options, field):
    assert option_error(options) == field


def test_it_takes_target_with_the_default_deals_or_a_null_target_with_deals():
    # deals is null (not in use) while a target is set, so the echo can be scored again
    assert play([], {"target": 20})["options"] == {
        "teams": None,
        "deals": None,
        "target": 20,
        "first_dealer": "Ann",
    }
    assert play([], {"target": None, "deals": 3})["options"]["deals"] == 3


@pytest.mark.parametrize("sides", [["Ann"], ["A", "B", "C", "D", "E", "F"], ["Ann", "Ann"], ["Ann", ""]])
def test_it_needs_two_to_five_distinct_players(sides):
    with pytest.raises(SidesError):
        play([], sides=sides)


# -- match structure ----------------------------------------------------------------------------------

COMPLETE = [
    deal(abc(4, 3, 3), "Ben"),
    deal(abc(2, 5, 3), "Cy"),
    deal(abc(3, 1, 6), "Cy"),
    deal(abc(5, 2, 3), "Ann"),
    deal(abc(3, 4, 3), "Ben"),
    deal(abc(4, 4, 2), "Ann"),
]


def test_it_scores_the_complete_example_of_the_spec():
    doc = play(COMPLETE, {"deals": 6})
    assert [(d["dealer"], d["leader"]) for d in doc["deals"]] == [
        ("Ann", "Ben"),
        ("Ann", "Ben"),
        ("Ben", "Cy"),
        ("Ben", "Cy"),
        ("Cy", "Ann"),
        ("Ann", "Ben"),
    ]
    assert [d["running_totals"] for d in doc["deals"]] == [
        abc(4, 3, 3),
        abc(6, 8, 6),
        abc(9, 9, 12),
        abc(14, 11, 15),
        abc(17, 15, 18),
        abc(21, 19, 20),
    ]
    assert doc["outcome"] == {"finished": True, "winner": "Ann", "draw": False}
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None


@pytest.mark.parametrize(("sides", "deals"), [(["A", "B"], 4), (ABC, 6), (["A", "B", "C", "D"], 8)])
def test_it_plays_two_deals_per_player_by_default(sides, deals):
    entry = deal({s: (10 if s == sides[0] else 0) for s in sides}, sides[0])
    assert play([entry] * (deals - 1), sides=sides)["outcome"]["finished"] is False
    doc = play([entry] * deals, sides=sides)
    assert doc["options"]["deals"] == deals
    assert doc["outcome"] == {"finished": True, "winner": sides[0], "draw": False}


def test_it_draws_a_fixed_match_tied_at_the_top():
    # spec example 4: 6 + 4 = 10 each
    doc = play(
        [deal({"Ann": 6, "Ben": 4}, "Ann"), deal({"Ann": 4, "Ben": 6}, "Ben")], {"deals": 2}, ["Ann", "Ben"]
    )
    assert doc["totals"] == {"Ann": 10, "Ben": 10}
    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}
    assert doc["next_dealer"] is None


def test_it_draws_when_two_of_three_share_the_top():
    # 4 + 5 = 9, 4 + 5 = 9, 2 + 0 = 2
    doc = play([deal(abc(4, 4, 2), "Cy"), deal(abc(5, 5, 0), "Ann")], {"deals": 2})
    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}


def test_it_ends_on_the_deals_option():
    doc = play([deal(abc(4, 3, 3), "Ann")], {"deals": 1})
    assert doc["outcome"] == {"finished": True, "winner": "Ann", "draw": False}
    assert error_of([deal(abc(4, 3, 3), "Ann"), deal(abc(4, 3, 3), "Ann")], {"deals": 1}) == (1, None)


def test_it_wins_on_the_target_only_alone_at_the_top():
    # target 10: 6/2/2 → 6; then 4/4/2 → 10/6/4: Ann alone at 10 wins
    doc = play([deal(abc(6, 2, 2), "Ann"), deal(abc(4, 4, 2), "Ann")], {"target": 10})
    assert doc["totals"] == abc(10, 6, 4)
    assert doc["outcome"] == {"finished": True, "winner": "Ann", "draw": False}


def test_it_plays_on_when_the_leaders_tie_at_or_above_the_target():
    # target 10: 5/5/0 → 5/5/0; 5/5/0 → 10/10/0: tied at the target, play on
    first = [deal(abc(5, 5, 0), "Ann"), deal(abc(5, 5, 0), "Ben")]
    doc = play(first, {"target": 10})
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_deal"] == {"dealer": "Ann", "leader": "Ben"}
    # 3/3/4 → 13/13/4 still tied; 2/3/5 → 15/16/9: Ben wins
    doc = play([*first, deal(abc(3, 3, 4), "Cy"), deal(abc(2, 3, 5), "Ben")], {"target": 10})
    assert doc["totals"] == abc(15, 16, 9)
    assert doc["outcome"] == {"finished": True, "winner": "Ben", "draw": False}


def test_it_ignores_the_deal_count_when_a_target_is_set():
    # 7 deals of 4/3/3 with target 30: 28/21/21 after 7 deals (past 6) is not finished; deal 8 gives 32
    deals = [deal(abc(4, 3, 3), "Ann")] * 7
    assert play(deals, {"target": 30})["outcome"]["finished"] is False
    doc = play([*deals, deal(abc(4, 3, 3), "Ann")], {"target": 30})
    assert doc["totals"] == abc(32, 24, 24)
    assert doc["outcome"]["winner"] == "Ann"


def test_it_names_a_winning_team_by_its_label():
    sides = ["P1", "P2", "P3", "P4"]
    entry = deal({"P1": 3, "P2": 2, "P3": 4, "P4": 1}, "P3")  # 7 / 3
    doc = play([entry] * 8, {"teams": [[0, 2], [1, 3]]}, sides)
    assert doc["team_totals"] == {"P1 & P3": 56, "P2 & P4": 24}
    assert doc["outcome"] == {"finished": True, "winner": "P1 & P3", "draw": False}


def test_it_counts_the_team_total_not_the_best_player_for_the_target():
    sides = ["P1", "P2", "P3", "P4"]
    # P2 takes 6 but P2 & P4 have 6 + 0 = 6; P1 & P3 have 2 + 2 = 4. Target 10: after two deals 12 / 8
    entry = deal({"P1": 2, "P2": 6, "P3": 2, "P4": 0}, "P2")
    doc = play([entry], {"teams": [[0, 2], [1, 3]], "target": 10}, sides)
    assert doc["outcome"]["finished"] is False
    doc = play([entry, entry], {"teams": [[0, 2], [1, 3]], "target": 10}, sides)
    assert doc["team_totals"] == {"P1 & P3": 8, "P2 & P4": 12}
    assert doc["outcome"]["winner"] == "P2 & P4"


def test_it_draws_between_teams_tied_at_the_end():
    sides = ["P1", "P2", "P3", "P4"]
    # 3 + 2 = 5 against 2 + 3 = 5 on each deal; 8 deals: 40 / 40
    entry = deal({"P1": 3, "P2": 2, "P3": 2, "P4": 3}, "P1")
    doc = play([entry] * 8, {"teams": [[0, 2], [1, 3]]}, sides)
    assert doc["team_totals"] == {"P1 & P3": 40, "P2 & P4": 40}
    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}


def test_it_lets_a_team_win_although_a_rival_player_has_the_most_tricks():
    sides = ["P1", "P2", "P3"]
    # teams [P1, P2] against [P3]: 3 + 3 = 6 against 4, each deal; 6 deals: 36 / 24 though P3 has 24 alone
    entry = deal({"P1": 3, "P2": 3, "P3": 4}, "P3")
    doc = play([entry] * 6, {"teams": [[0, 1], [2]]}, sides)
    assert doc["team_totals"] == {"P1 & P2": 36, "P3": 24}
    assert doc["outcome"]["winner"] == "P1 & P2"


def test_it_names_the_best_team_when_a_tournament_cuts_the_match():
    sides = ["P1", "P2", "P3", "P4"]
    # P1 & P3 have 2 + 2 = 4 against P2 & P4 with 6 + 0 = 6
    entry = deal({"P1": 2, "P2": 6, "P3": 2, "P4": 0}, "P2")
    state = find_game("matching-trumps").replay({"teams": [[0, 2], [1, 3]]}, sides, [entry], deal_limit=1)
    assert state.finished
    assert state.result.winner == "P2 & P4"
    # without teams, the best player: P2
    state = find_game("matching-trumps").replay(None, sides, [entry], deal_limit=1)
    assert state.result.winner == "P2"
    # a team tie is a draw
    even = deal({"P1": 3, "P2": 2, "P3": 2, "P4": 3}, "P1")
    state = find_game("matching-trumps").replay({"teams": [[0, 2], [1, 3]]}, sides, [even], deal_limit=1)
    assert state.result.draw


def test_it_shows_team_totals_before_the_first_deal():
    doc = play([], {"teams": [[0, 2], [1]]})
    assert doc["team_totals"] == {"Ann & Cy": 0, "Ben": 0}
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}


def test_it_names_the_first_dealer_and_leader_before_any_deal():
    assert play([])["next_deal"] == {"dealer": "Ann", "leader": "Ben"}
    doc = play([], {"first_dealer": "Cy"})
    assert doc["next_dealer"] == "Cy"
    assert doc["next_deal"] == {"dealer": "Cy", "leader": "Ann"}  # wraps round


def test_it_deals_from_the_player_before_the_last_trick():
    doc = play(
        [deal(abc(4, 3, 3), "Ann"), deal(abc(4, 3, 3), "Ben"), deal(abc(4, 3, 3), "Cy")],
        {"first_dealer": "Ben"},
    )
    assert [(d["dealer"], d["leader"]) for d in doc["deals"]] == [
        ("Ben", "Cy"),
        ("Cy", "Ann"),
        ("Ann", "Ben"),
    ]
    assert doc["next_deal"] == {"dealer": "Ben", "leader": "Cy"}


def test_it_lets_the_other_player_deal_with_two_players():
    sides = ["Ann", "Ben"]
    doc = play(
        [
            deal({"Ann": 6, "Ben": 4}, "Ann"),
            deal({"Ann": 6, "Ben": 4}, "Ann"),
            deal({"Ann": 1, "Ben": 9}, "Ben"),
        ],
        sides=sides,
    )
    assert [(d["dealer"], d["leader"]) for d in doc["deals"]] == [
        ("Ann", "Ben"),
        ("Ben", "Ann"),
        ("Ben", "Ann"),
    ]
    assert doc["next_deal"] == {"dealer": "Ann", "leader": "Ben"}


def test_it_keeps_the_same_dealer_when_the_leader_wins_the_last_trick_again():
    doc = play([deal(abc(4, 3, 3), "Ben"), deal(abc(4, 3, 3), "Ben")])
    assert [d["dealer"] for d in doc["deals"]] == ["Ann", "Ann"]


def test_it_refuses_a_deal_after_the_end():
    assert error_of([*COMPLETE, deal(abc(4, 3, 3), "Ann")]) == (6, None)
    assert error_of([*COMPLETE, {"x": 1}]) == (6, None)


# -- robustness and speed -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        {"tricks": {"Ann": [], "Ben": {}, "Cy": None}, "last_trick": "Ann"},
        {"tricks": abc(4, 3, 3), "last_trick": ["Ann"]},
        {"tricks": abc(4, 3, 3), "last_trick": {"Ann": 1}},
        {"last_trick": "Ann", "tricks": "x"},
        {"tricks": {"": 10}},
    ],
)
def test_it_raises_only_game_errors_for_odd_json(entry):
    with pytest.raises(GameError):
        play([entry])


@pytest.mark.parametrize("teams", [[[{}], [1]], [[[0]], [1, 2]], [["x"], [0, 1, 2]], [[10**30], [0, 1, 2]]])
def test_it_raises_only_option_errors_for_odd_teams(teams):
    assert option_error({"teams": teams}) == "teams"


SCENARIOS = [
    ("S1", "3D", ["AS", "2S", "3S", "5S"], 3, "trump", None),
    ("S2", "6H", ["AS", "6C", "4S", "4D"], 4, "match", None),
    ("S3", "8H", ["7S", "4H", "9S", "8S"], 4, "trump", None),
    ("S4", "2H", ["7S", "4H", "9S", "2S"], 2, "trump", None),
    ("S5", "JH", ["3S", "4H", "4S", "10S"], 3, "match", None),
    ("S6", "3S", ["2H", "AD", "KD", "QC"], 1, "lead_suit", None),
    ("S7", "3S", ["2H", "4H", "KD", "QC"], 2, "lead_suit", None),
    ("S8", "5S", ["AH", "AC", "5D", "5C"], 4, "match", None),
    ("S9", "10S", ["9H", "9C", "QD", "QC"], 4, "match", None),
    ("S10", "6S", ["AH", "6H", "4H", "6C"], 2, "trump", "numerical_trump_lead_suit"),
    ("S11", "6S", ["AH", "6C", "4H", "6D"], 4, "trump", "numerical_trump_most_recent"),
    ("S12", "6S", ["2S", "2D", "AS", "4S"], 2, "match", None),
    ("S13", "9S", ["AH", "6C", "6S", "6D", "6H"], 5, "match", "contiguous_most_recent"),
    ("S14", "9S", ["6C", "6S", "AH", "6D", "6H"], 2, "match", "disjoint_trump_suit"),
    ("S15", "10S", ["10C", "10H", "10D", "JC", "5C"], 3, "match", "contiguous_most_recent"),
]
SCENARIO_IDS = [s[0] for s in SCENARIOS]


@pytest.mark.parametrize(
    ("name", "trump", "cards", "winner", "reason", "tie_break"), SCENARIOS, ids=SCENARIO_IDS
)
def test_it_referees_every_seed_scenario_from_cards(name, trump, cards, winner, reason, tie_break):
    result = referee(parse_card(trump), [parse_card(c) for c in cards])
    assert result == TrickResult(winner, reason, tie_break)
    assert (result.winner, result.reason, result.tie_break) == (winner, reason, tie_break)


@pytest.mark.parametrize(
    ("name", "trump", "cards", "winner", "reason", "tie_break"), SCENARIOS, ids=SCENARIO_IDS
)
def test_it_referees_every_seed_scenario_from_codes(name, trump, cards, winner, reason, tie_break):
    assert referee(trump, cards) == (winner, reason, tie_break)
    doc = referee_json(trump, cards)
    assert set(doc) == {"winner", "reason", "tie_break", "explanation"}
    assert (doc["winner"], doc["reason"], doc["tie_break"]) == (winner, reason, tie_break)
    assert doc["explanation"].strip()


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize(
    ("name", "trump", "cards", "winner", "reason", "tie_break"), SCENARIOS, ids=SCENARIO_IDS
)
def test_it_referees_every_seed_scenario_on_the_command_line(name, trump, cards, winner, reason, tie_break):
    run = run_cli(["trick", "matching-trumps", "--trump", trump, *cards])
    assert run.code == 0, run
    assert {k: run.doc[k] for k in ("winner", "reason", "tie_break")} == {
        "winner": winner,
        "reason": reason,
        "tie_break": tie_break,
    }
    assert isinstance(run.doc["explanation"], str)


def test_it_takes_the_cards_before_or_after_the_trump_option():
    for args in (
        ["trick", "matching-trumps", "--trump", "6S", "AH", "6H", "4H", "6C"],
        ["trick", "matching-trumps", "AH", "6H", "4H", "6C", "--trump", "6S"],
        ["trick", "matching-trumps", "AH", "6H", "--trump", "6S", "4H", "6C"],
        ["trick", "matching-trumps", "--trump", "6S", "--", "AH", "6H", "4H", "6C"],
    ):
        run = run_main(args)
        assert (run.code, run.doc["winner"], run.doc["tie_break"]) == (0, 2, "numerical_trump_lead_suit"), (
            args
        )


@pytest.mark.parametrize(
    ("trump", "cards", "expected"),
    [
        # matches: a single match anywhere; the later card of the pair wins
        ("2C", ["7H", "7D"], (2, "match", None)),
        ("2C", ["AC", "KD", "9H", "9S"], (4, "match", None)),
        # two matches of different ranks: the higher rank wins, the turn-up's rank above all
        ("2C", ["7C", "7D", "KH", "KD"], (4, "match", None)),
        ("2C", ["KH", "KD", "7C", "7D"], (2, "match", None)),
        ("5S", ["KH", "KD", "5C", "5H"], (4, "match", None)),
        ("5S", ["5C", "5H", "AC", "AH"], (2, "match", None)),
        (
            "2C",
            ["2D", "2H", "AC", "AH", "AS"],
            (2, "match", None),
        ),  # a pair of 2s (turn-up rank) beats 3 Aces
        # a chain of 3 beats a lower single match, and its last card wins
        ("9S", ["7C", "7D", "7H", "2C"], (3, "match", "contiguous_most_recent")),
        ("9S", ["3C", "3D", "7C", "7D", "7H"], (5, "match", "contiguous_most_recent")),
        ("9S", ["AC", "AD", "AH", "AS"], (4, "match", "contiguous_most_recent")),
        # a stronger pair beats a weaker chain of three
        ("9S", ["3C", "3D", "3H", "KC", "KD"], (5, "match", None)),
        # two chains of one rank: the chain holding the trump suit, wherever it is
        ("9S", ["6C", "6D", "AH", "6S", "6H"], (5, "match", "disjoint_trump_suit")),
        ("9S", ["6S", "6D", "AH", "6C", "6H"], (2, "match", "disjoint_trump_suit")),
        ("2D", ["JC", "JD", "10H", "JH", "JS"], (2, "match", "disjoint_trump_suit")),
        # matching beats even the Ace of trumps
        ("6S", ["AS", "3H", "3D"], (3, "match", None)),
        # a card that repeats the rank two places back is no match
        ("4C", ["6H", "4D", "6D"], (2, "trump", None)),
        # trumps: the trump suit and the turn-up's rank; highest power wins
        ("6S", ["AH", "6H", "KS"], (3, "trump", None)),  # K of trumps above the numerical 6
        ("6S", ["AH", "2S", "6C"], (3, "trump", None)),  # numerical 6 above the 2 of trumps
        ("8H", ["AS", "8S", "9H"], (3, "trump", None)),
        ("8H", ["AH", "KS"], (1, "trump", None)),  # the lead card itself can be the trump
        ("QD", ["2D", "AC", "KC"], (1, "trump", None)),
        # numerical trumps tie: the one of the suit led, even the lead card itself
        ("6S", ["6H", "AH", "6C"], (1, "trump", "numerical_trump_lead_suit")),
        ("6S", ["6H", "2C", "6C", "3D", "6D"], (1, "trump", "numerical_trump_lead_suit")),
        ("6S", ["AD", "6C", "2H", "6D"], (4, "trump", "numerical_trump_lead_suit")),
        # ... but two numerical trumps side by side are a match first
        ("6S", ["AD", "6C", "2H", "6H", "6D"], (5, "match", None)),
        # numerical trumps tie, none of the suit led: the most recent
        ("6S", ["AD", "6C", "2H", "6H", "3C"], (4, "trump", "numerical_trump_most_recent")),
        ("10S", ["2C", "TH", "3C", "10D"], (4, "trump", "numerical_trump_most_recent")),
        # a higher trump-suit card settles it without a tie-break
        ("6S", ["AD", "6C", "2H", "6H", "7S"], (5, "trump", None)),
        # the suit led
        ("3S", ["2H", "AH"], (2, "lead_suit", None)),
        ("3S", ["KC", "AH", "2D", "QC", "AC"], (5, "lead_suit", None)),
        ("3S", ["JD", "2C", "QH", "4H", "10D"], (1, "lead_suit", None)),
        # ten written as T or 10, in the turn-up and in the cards
        ("TS", ["9H", "10H"], (2, "trump", None)),
        ("10S", ["9H", "TH"], (2, "trump", None)),
        ("TS", ["9H", "TH", "JH"], (2, "trump", None)),
        ("3C", ["9H", "TH", "8H"], (2, "lead_suit", None)),
    ],
)
def test_it_referees_more_tricks(trump, cards, expected):
    assert referee(trump, cards) == expected
    doc = referee_json(trump, cards)
    assert (doc["winner"], doc["reason"], doc["tie_break"]) == expected


def test_it_lets_the_later_chain_win_when_neither_or_both_hold_the_trump_suit():
    # impossible with one pack (all four cards of the rank are then in play); the rule still stands
    cards = [parse_card(c) for c in ["6C", "6D", "AH", "6C", "6D"]]
    assert _decide(parse_card("9S"), cards)[0] == TrickResult(5, "match", "disjoint_trump_suit")
    cards = [parse_card(c) for c in ["6S", "6D", "AH", "6S", "6D"]]
    assert _decide(parse_card("9S"), cards)[0] == TrickResult(5, "match", "disjoint_trump_suit")


@pytest.mark.parametrize(
    ("trump", "cards", "field"),
    [
        ("6s", ["AH", "6H"], "trump"),  # capitals only
        ("1S", ["AH", "6H"], "trump"),
        ("11S", ["AH", "6H"], "trump"),
        ("6X", ["AH", "6H"], "trump"),
        ("S6", ["AH", "6H"], "trump"),
        ("6", ["AH", "6H"], "trump"),
        ("", ["AH", "6H"], "trump"),
        (" 6S", ["AH", "6H"], "trump"),
        ("6S6S", ["AH", "6H"], "trump"),
        ("6♠", ["AH", "6H"], "trump"),
        ("6s", ["XX"], "trump"),  # the turn-up is checked first
        ("6S", [], "cards"),  # 2 to 5 cards
        ("6S", ["AH"], "cards"),
        ("6S", ["AH", "KH", "QH", "JH", "10H", "9H"], "cards"),
        ("6S", ["AH", "ah"], "cards"),  # a bad code
        ("6S", ["AH", "1H"], "cards"),
        ("6S", ["AH", "10"], "cards"),
        ("6S", ["AH", "T"], "cards"),
        ("6S", ["AH", "AH"], "cards"),  # a card twice
        ("6S", ["AH", "TH", "10H"], "cards"),  # T and 10 are the same ten
        ("6S", ["AH", "6S"], "cards"),  # the turn-up stays on the table
        ("TS", ["AH", "10S"], "cards"),
    ],
)
def test_it_rejects_bad_referee_input(trump, cards, field):
    with pytest.raises(GameError) as caught:
        referee(trump, cards)
    assert caught.value.field == field
    with pytest.raises(GameError) as caught:
        referee_json(trump, cards)
    assert caught.value.field == field
    run = run_main(["trick", "matching-trumps", "--trump", trump, *cards])
    assert cli_error_of(run) == (None, field)


@pytest.mark.parametrize(
    ("trump", "cards", "field"),
    [
        (None, ["AH", "6H"], "trump"),
        (6, ["AH", "6H"], "trump"),
        ("6S", "AH 6H", "cards"),
        ("6S", ["AH", 6], "cards"),
        ("6S", None, "cards"),
    ],
)
def test_it_rejects_referee_input_of_the_wrong_type(trump, cards, field):
    with pytest.raises(GameError) as caught:
        referee_json(trump, cards)
    assert caught.value.field == field


@pytest.mark.slow  # python -m games in a subprocess
def test_it_prints_referee_errors_from_the_real_command_line():
    run = run_cli(["trick", "matching-trumps", "--trump", "6S", "AH", "6S"])
    assert cli_error_of(run) == (None, "cards")
    run = run_cli(["trick", "matching-trumps", "--trump", "ZZ", "AH", "6H"])
    assert cli_error_of(run) == (None, "trump")


def test_it_offers_the_referee_for_matching_trumps_only():
    run = run_main(["trick", "jam", "--trump", "6S", "AH", "6H"])
    assert cli_error_of(run) == (None, None)


DECK = [
    f"{rank}{suit}"
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for suit in "CDHS"
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=3, max_size=6, unique=True))
def test_it_rules_on_every_legal_trick(codes):
    trump, *cards = codes
    result = referee(trump, cards)
    assert 1 <= result.winner <= len(cards)
    assert result.reason in ("match", "trump", "lead_suit")
    turn_up, played = parse_card(trump), [parse_card(c) for c in cards]
    winning = played[result.winner - 1]
    matches = any(played[i].rank == played[i - 1].rank for i in range(1, len(played)))
    if result.reason == "match":
        assert result.winner >= 2
        assert winning.rank == played[result.winner - 2].rank
    elif result.reason == "trump":
        assert not matches
        assert winning.suit == turn_up.suit or winning.rank == turn_up.rank
        powers = [c.rank for c in played if c.suit == turn_up.suit or c.rank == turn_up.rank]
        assert winning.rank == max(powers)
        assert (result.tie_break is None) == (powers.count(winning.rank) == 1)
    else:
        assert not matches
        assert not any(c.suit == turn_up.suit or c.rank == turn_up.rank for c in played)
        assert winning.suit == played[0].suit
        assert winning.rank == max(c.rank for c in played if c.suit == played[0].suit)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.text(max_size=4), st.sampled_from(DECK), st.none(), st.integers()),
    st.one_of(
        st.lists(st.one_of(st.text(max_size=4), st.sampled_from(DECK), st.integers()), max_size=7), st.text()
    ),
)
def test_it_raises_only_game_errors_for_any_referee_input(trump, cards):
    field = None
    try:
        doc = referee_json(trump, cards)
    except GameError as error:
        field = error.field
    if field is None:
        assert 1 <= doc["winner"] <= len(cards)
    else:
        assert field in ("trump", "cards")


# -- card codes --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "rank", "suit"),
    [
        ("AD", 14, "D"),
        ("KS", 13, "S"),
        ("QH", 12, "H"),
        ("JC", 11, "C"),
        ("10H", 10, "H"),
        ("TH", 10, "H"),
        ("2C", 2, "C"),
        ("9S", 9, "S"),
    ],
)
def test_it_reads_card_codes(code, rank, suit):
    card = parse_card(code)
    assert card == Card(rank, suit)
    assert Card.parse(code) == card
    assert (card.rank, card.suit) == (rank, suit)


def test_it_writes_cards_canonically():
    assert str(parse_card("TH")) == "10H"
    assert parse_card("TH").code == "10H"
    assert parse_card("QS").symbol == "Q♠"
    assert Card("10", "H") == Card("T", "hearts") == Card(10, "H")


@pytest.mark.parametrize(
    "code", ["", "A", "H", "1H", "0H", "11H", "AHH", "ah", "Ah", "aH", "10h", "t H", "TT", None, 10, ["AH"]]
)
def test_it_refuses_bad_card_codes(code):
    with pytest.raises(CardError):
        parse_card(code)


@pytest.mark.parametrize(
    ("rank", "suit"), [(1, "H"), (15, "H"), (True, "H"), ("1", "H"), (10, "X"), (10, "h"), (10, None)]
)
def test_it_refuses_bad_cards(rank, suit):
    with pytest.raises(CardError):
        Card(rank, suit)


# -- the command line and golden sheets -------------------------------------------------------------------


def test_it_scores_through_the_cli_with_options():
    match = {"sides": ABC, "deals": COMPLETE[:2]}
    out = io.StringIO()
    code = main(
        ["score", "matching-trumps", "--option", "teams=[[0, 2], [1]]"], io.StringIO(json.dumps(match)), out
    )
    doc = json.loads(out.getvalue())
    assert code == 0
    # Ann & Cy: 4 + 3 + 2 + 3 = 12; Ben: 3 + 5 = 8
    assert doc["team_totals"] == {"Ann & Cy": 12, "Ben": 8}
    assert doc["next_deal"] == {"dealer": "Ben", "leader": "Cy"}


def test_it_prints_a_cli_error_for_both_target_and_deals():
    run = run_main(
        ["score", "matching-trumps", "--option", "target=20", "--option", "deals=4"],
        {"sides": ABC, "deals": []},
    )
    assert cli_error_of(run) == (None, "deals")


@pytest.mark.parametrize("path", sorted((DATA / "matching-trumps").glob("*.json")), ids=lambda p: p.stem)
def test_it_matches_the_golden_score_sheets(path):
    sheet = json.loads(path.read_text())
    run = run_main(["score", "matching-trumps", *sheet["args"]], sheet["match"])
    assert run.code == 0
    assert without_breakdowns(run.doc) == sheet["expect"]


# -- review: a whole team match by hand, through the command line --------------------------------

P4 = ["P1", "P2", "P3", "P4"]


def p4(a: int, b: int, c: int, d: int) -> dict[str, int]:
    return dict(zip(P4, (a, b, c, d), strict=True))


@pytest.mark.slow  # python -m games in a subprocess
def test_a_team_match_to_a_target_by_hand():
    # teams [[0, 2], [1, 3]], target 15, P3 deals first (so P4 leads).
    # 1 dealer P3, leader P4: 3/2/4/1, last P2 -> teams 7 / 3.
    # 2 leader P2, dealer P1 (before P2): 1/4/1/4, last P4 -> 2 / 8: 9 / 11.
    # 3 leader P4, dealer P3: 3/2/3/2, last P1 -> 6 / 4: 15 / 15, tied at the target: play on.
    # 4 leader P1, dealer P4 (before P1, wrapping round): 0/3/0/7, last P4 -> 0 / 10: 15 / 25.
    # "P2 & P4" win. Players: P1 7, P2 11, P3 8, P4 14.
    run = run_cli(
        ["score", "matching-trumps", "--option", "teams=[[0,2],[1,3]]", "--option", "first_dealer=P3"],
        {
            "sides": P4,
            "options": {"target": 15},
            "deals": [
                deal(p4(3, 2, 4, 1), "P2"),
                deal(p4(1, 4, 1, 4), "P4"),
                deal(p4(3, 2, 3, 2), "P1"),
                deal(p4(0, 3, 0, 7), "P4"),
            ],
        },
    )

    assert run.code == 0
    doc = without_breakdowns(run.doc)
    assert [(d["dealer"], d["leader"], d["last_trick"]) for d in doc["deals"]] == [
        ("P3", "P4", "P2"),
        ("P1", "P2", "P4"),
        ("P3", "P4", "P1"),
        ("P4", "P1", "P4"),
    ]
    assert [d["scores"] for d in doc["deals"]] == [
        p4(3, 2, 4, 1),
        p4(1, 4, 1, 4),
        p4(3, 2, 3, 2),
        p4(0, 3, 0, 7),
    ]
    assert doc["totals"] == p4(7, 11, 8, 14)
    assert doc["team_totals"] == {"P1 & P3": 15, "P2 & P4": 25}
    assert doc["outcome"] == {"finished": True, "winner": "P2 & P4", "draw": False}
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)
    assert doc["options"] == {"teams": [[0, 2], [1, 3]], "deals": None, "target": 15, "first_dealer": "P3"}

    # after deal 3 the teams are tied at the target: the match goes on, led by P1 and dealt by P4
    three = run_main(
        ["score", "matching-trumps", "--option", "teams=[[0,2],[1,3]]", "--option", "first_dealer=P3"],
        {
            "sides": P4,
            "options": {"target": 15},
            "deals": [deal(p4(3, 2, 4, 1), "P2"), deal(p4(1, 4, 1, 4), "P4"), deal(p4(3, 2, 3, 2), "P1")],
        },
    ).doc
    assert three["team_totals"] == {"P1 & P3": 15, "P2 & P4": 15}
    assert three["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert three["next_deal"] == {"dealer": "P4", "leader": "P1"}


def test_the_default_length_is_two_deals_per_player():
    # two players: 4 deals. Ann 6, 4, 5, 5 -> 20; Ben 4, 6, 5, 5 -> 20: a draw after the 4th deal.
    sides = ["Ann", "Ben"]
    ab = [
        deal({"Ann": 6, "Ben": 4}, "Ann"),
        deal({"Ann": 4, "Ben": 6}, "Ben"),
        deal({"Ann": 5, "Ben": 5}, "Ben"),
        deal({"Ann": 5, "Ben": 5}, "Ann"),
    ]
    doc = run_main(["score", "matching-trumps"], {"sides": sides, "deals": ab}).doc

    assert doc["options"]["deals"] == 4
    assert [(d["dealer"], d["leader"]) for d in doc["deals"]] == [
        ("Ann", "Ben"),
        ("Ben", "Ann"),
        ("Ann", "Ben"),
        ("Ann", "Ben"),
    ]
    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}
    assert "team_totals" not in doc
    late = run_main(["score", "matching-trumps"], {"sides": sides, "deals": [*ab, {"x": 1}]})
    assert cli_error_of(late) == (4, None)


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"last_trick": "Ann"}, "tricks"),
        ({"tricks": abc(4, 3, 3)}, "last_trick"),
        ({"tricks": abc(4, 3, 3), "last_trick": None}, "last_trick"),
        ({"tricks": abc(4, 3, 3), "last_trick": "ann"}, "last_trick"),
        ({"tricks": {"Ann": 4, "Ben": 6}, "last_trick": "Ann"}, "tricks"),
        ({"tricks": {**abc(4, 3, 3), "Di": 0}, "last_trick": "Ann"}, "tricks"),
        ({"tricks": abc(4, 3, 3.0), "last_trick": "Ann"}, "tricks"),
        ({"tricks": abc(11, 0, -1), "last_trick": "Ann"}, "tricks"),
        ({"tricks": abc(10, 0, 0), "last_trick": "Ben"}, "last_trick"),
        ({"tricks": abc(10, 0, 0), "last_trick": "Ann", "leader": "Ann"}, "leader"),
    ],
)
def test_bad_entries_name_the_field_and_the_rule_they_break(entry, field):
    assert error_of([entry]) == (0, field)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--trump", "6s", "AH", "6H"], "trump"),
        (["--trump", "1S", "AH", "6H"], "trump"),
        (["--trump", "6S", "AH"], "cards"),
        (["--trump", "6S"], "cards"),
        (["--trump", "6S", "AH", "KH", "QH", "JH", "10H", "9H"], "cards"),
        (["--trump", "6S", "AH", "ah"], "cards"),
        (["--trump", "6S", "TH", "10H"], "cards"),
        (["--trump", "TS", "10S", "KH"], "cards"),
    ],
)
def test_the_trick_referee_rejects_bad_input(args, field):
    assert cli_error_of(run_main(["trick", "matching-trumps", *args])) == (None, field)


@pytest.mark.parametrize(
    ("trump", "cards", "expect"),
    [
        # J J 10 J J with the turn-up 2C: the later chain holds J♣ (the trump suit).
        ("2C", ["JS", "JH", "10D", "JC", "JD"], (5, "match", "disjoint_trump_suit")),
        # two 9s then two Ks: K outranks 9, a single match.
        ("2C", ["9S", "9H", "KD", "KC"], (4, "match", None)),
        # a 3-card chain of 7s beats a pair of Aces; the turn-up rank 7 is strongest.
        ("7D", ["AS", "AH", "7S", "7H", "7C"], (5, "match", "contiguous_most_recent")),
        # a numerical trump led keeps its own suit: 6♥ led, 6♣ later; 6♥ is of the suit led.
        ("6S", ["6H", "AH", "6C"], (1, "trump", "numerical_trump_lead_suit")),
        # a trump-suit card outranks numerical trumps of lower power: Q♠ over the 6s.
        ("6S", ["6H", "QS", "6C"], (2, "trump", None)),
        # no trump, no match: the lead card wins when nobody follows.
        ("2S", ["3H", "AD", "KC"], (1, "lead_suit", None)),
        # T and 10 both read as the ten
        ("2S", ["TH", "9H"], (1, "lead_suit", None)),
    ],
)
def test_the_trick_referee_on_tricks_worked_by_hand(trump, cards, expect):
    run = run_main(["trick", "matching-trumps", "--trump", trump, *cards])

    assert run.code == 0
    assert (run.doc["winner"], run.doc["reason"], run.doc["tie_break"]) == expect
    assert set(run.doc) == {"winner", "reason", "tie_break", "explanation"}
