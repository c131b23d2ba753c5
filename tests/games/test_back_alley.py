"""Back Alley (docs/games/back-alley.md): contracts, scoring, validation, options, presets, whole matches.

Us = seats 0 and 2, Them = seats 1 and 3. Every expected number below is worked out by hand.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from games import IllegalDealError, OptionError, find_game
from games.cli import main
from tests.games.cli_support import run_cli, run_main, without_breakdowns
from tests.paths import DATA

SIDES = ["Us", "Them"]
DOWN_UP_26 = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
DOWN_UP_25 = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
UP_DOWN_26 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
DEAD = {"dead": True}


def play(deals: list[Any], options: dict[str, Any] | None = None) -> Any:
    return find_game("back-alley").replay(options, SIDES, deals).as_json()


def deal(bids: list[Any], us: int, them: int, **extra: Any) -> dict[str, Any]:
    return {"bids": bids, "tricks": {"Us": us, "Them": them}, **extra}


def sweep(n: int) -> dict[str, Any]:
    """Seat 0 bids 1 and Us take all n tricks: 5 + (n − 1) = n + 4 for Us, 0 for Them."""
    return deal([1, "pass", "pass", "pass"], n, 0)


def them_sweep(n: int) -> dict[str, Any]:
    """Seat 1 bids 1 and Them take all n tricks: n + 4 for Them, 0 for Us."""
    return deal(["pass", 1, "pass", "pass"], 0, n)


def error_of(deals: list[Any], options: dict[str, Any] | None = None) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        play(deals, options)
    return caught.value.deal, caught.value.field


# -- contracts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "contracts"),
    [
        ([4, 2, 3, 2], {"Us": {"type": "number", "value": 7}, "Them": {"type": "number", "value": 4}}),
        ([5, "pass", 2, "pass"], {"Us": {"type": "number", "value": 7}, "Them": {"type": "none"}}),
        (["pass", 3, "pass", "pass"], {"Us": {"type": "none"}, "Them": {"type": "number", "value": 3}}),
        (
            ["pass", "pass", 6, 1],
            {"Us": {"type": "number", "value": 6}, "Them": {"type": "number", "value": 1}},
        ),
        (
            ["board", "pass", 3, "pass"],
            {"Us": {"type": "board", "value": "board"}, "Them": {"type": "none"}},
        ),
        (
            [2, "double-board", 1, 5],
            {"Us": {"type": "number", "value": 3}, "Them": {"type": "board", "value": "double-board"}},
        ),
        (
            ["board", "pass", "triple-board", "pass"],
            {"Us": {"type": "board", "value": "triple-board"}, "Them": {"type": "none"}},
        ),
        (
            ["double-board", "board", "board", "triple-board"],
            {
                "Us": {"type": "board", "value": "double-board"},
                "Them": {"type": "board", "value": "triple-board"},
            },
        ),
        ([7, "pass", 8, "pass"], {"Us": {"type": "number", "value": 15}, "Them": {"type": "none"}}),
    ],
)
def test_it_builds_each_sides_contract_from_its_two_seats(bids, contracts):
    assert play([deal(bids, 7, 6)])["deals"][0]["contracts"] == contracts


# -- deal scores --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "us", "them", "scores"),
    [
        # Us 7 take 8: 35 + 1; Them 4 take 5: 20 + 1.
        ([4, 2, 3, 2], 8, 5, {"Us": 36, "Them": 21}),
        # Us 7 take 7: 35 exactly; Them 4 take 6: 20 + 2.
        ([4, 2, 3, 2], 7, 6, {"Us": 35, "Them": 22}),
        # Both fail: Us 8 take 7: −40; Them 7 take 6: −35.
        ([5, 4, 3, 3], 7, 6, {"Us": -40, "Them": -35}),
        # Us no contract: 1 a trick; Them 3 take 3: 15.
        (["pass", 3, "pass", "pass"], 10, 3, {"Us": 10, "Them": 15}),
        # 7 + 8 = 15 with 13 cards cannot be made: −75; Them no contract and no tricks: 0.
        ([7, "pass", 8, "pass"], 13, 0, {"Us": -75, "Them": 0}),
        # Board made: 10 × 13; Them no contract, no tricks.
        (["board", "pass", "pass", "pass"], 13, 0, {"Us": 130, "Them": 0}),
        # Double board made: 15 × 13 = 195.
        (["double-board", "pass", "pass", "pass"], 13, 0, {"Us": 195, "Them": 0}),
        # Triple board made: 20 × 13 = 260.
        (["pass", "triple-board", "pass", "pass"], 0, 13, {"Us": 0, "Them": 260}),
        # Board failed (per_trick): −10 × 13 = −130 (the partner's 3 ignored); Them +1.
        (["board", "pass", 3, "pass"], 12, 1, {"Us": -130, "Them": 1}),
        # Double board failed: −15 × 13 = −195; Them bid 1 and took 2: 5 + 1.
        (["double-board", 1, "pass", "pass"], 11, 2, {"Us": -195, "Them": 6}),
        # Triple board failed: −20 × 13 = −260; Them no contract: 13.
        (["triple-board", "pass", "pass", "pass"], 0, 13, {"Us": -260, "Them": 13}),
    ],
)
def test_it_scores_a_13_card_deal(bids, us, them, scores):
    assert play([deal(bids, us, them)])["deals"][0]["scores"] == scores


@pytest.mark.parametrize(
    ("bids", "us", "them", "scores"),
    [
        # times_five: any failed board loses 5 × n = 65, whatever its level.
        (["board", "pass", 3, "pass"], 12, 1, {"Us": -65, "Them": 1}),
        (["double-board", "pass", "pass", "pass"], 12, 1, {"Us": -65, "Them": 1}),
        (["pass", "triple-board", "pass", "pass"], 1, 12, {"Us": 1, "Them": -65}),
        # Made boards are unchanged: 15 × 13.
        (["double-board", "pass", "pass", "pass"], 13, 0, {"Us": 195, "Them": 0}),
        # Numbers are unchanged: Us 8 take 7: −40.
        ([5, 4, 3, 3], 7, 6, {"Us": -40, "Them": -35}),
    ],
)
def test_it_charges_a_failed_board_5_a_card_with_times_five(bids, us, them, scores):
    doc = play([deal(bids, us, them)], {"failed_board": "times_five"})
    assert doc["deals"][0]["scores"] == scores


def test_it_scores_boards_by_the_hand_size():
    # Deal 9 of down-up-26 has 5 cards: board made 10 × 5 = 50, Them bid 1 failed −5.
    deals = [sweep(n) for n in DOWN_UP_26[:8]]
    doc = play([*deals, deal(["board", "pass", "pass", 1], 5, 0)])
    assert doc["deals"][8]["hand_size"] == 5
    assert doc["deals"][8]["scores"] == {"Us": 50, "Them": -5}
    # Same deal, board failed 4–1: per_trick −50, times_five −25; Them no contract +1.
    failed = deal(["board", "pass", "pass", "pass"], 4, 1)
    assert play([*deals, failed])["deals"][8]["scores"] == {"Us": -50, "Them": 1}
    assert play([*deals, failed], {"failed_board": "times_five"})["deals"][8]["scores"] == {
        "Us": -25,
        "Them": 1,
    }


def test_it_scores_a_triple_board_on_the_first_deal_of_up_down_26():
    doc = play([deal(["triple-board", "pass", "pass", "pass"], 1, 0)], {"preset": "up-down-26"})
    assert doc["deals"][0]["hand_size"] == 1
    assert doc["deals"][0]["scores"] == {"Us": 20, "Them": 0}


def test_it_scores_numbers_in_a_small_hand():
    # Deal 12 of down-up-26 has 2 cards. Us bid 1 + 1 = 2 and took 2: 10; Them none, 0.
    deals = [sweep(n) for n in DOWN_UP_26[:11]]
    doc = play([*deals, deal([1, "pass", 1, "pass"], 2, 0)])
    assert doc["deals"][11]["hand_size"] == 2
    assert doc["deals"][11]["scores"] == {"Us": 10, "Them": 0}


# -- dead deals ---------------------------------------------------------------------------------


def test_it_scores_a_dead_deal_nothing_and_keeps_the_hand_size():
    doc = play([sweep(13), DEAD, deal([5, "pass", 2, "pass"], 6, 6)])
    first, dead, third = doc["deals"]
    assert dead["scores"] == {"Us": 0, "Them": 0}
    assert dead["dead"] is True
    assert dead["hand_size"] == 12
    assert dead["dealer"] == 1
    assert dead["contracts"] == {"Us": {"type": "none"}, "Them": {"type": "none"}}
    assert first["dead"] is False
    assert third["hand_size"] == 12
    assert third["dealer"] == 2
    assert third["scores"] == {"Us": -35, "Them": 6}


def test_it_accepts_the_forms_of_a_dead_deal():
    deals = [
        DEAD,
        {"dead": True, "bids": ["pass", "pass", "pass", "pass"]},
        {"dead": True, "trump": "no-trump"},
        {"dead": True, "bids": ["pass", "pass", "pass", "pass"], "trump": "clubs"},
    ]
    doc = play(deals)
    assert [d["hand_size"] for d in doc["deals"]] == [13, 13, 13, 13]
    assert [d["dealer"] for d in doc["deals"]] == [0, 1, 2, 3]
    assert doc["totals"] == {"Us": 0, "Them": 0}
    assert doc["next_deal"] == {"dealer": 0, "hand_size": 13}


def test_it_counts_dead_deals_as_entries_but_not_as_played_deals():
    deals = [DEAD, DEAD, DEAD]
    for n in DOWN_UP_26:
        deals += [sweep(n), DEAD]
    doc = play(deals[:-1])
    assert doc["outcome"]["finished"] is True
    assert len(doc["deals"]) == 3 + 26 + 25
    assert [d["number"] for d in doc["deals"]][-1] == 54


# -- validation ---------------------------------------------------------------------------------


GOOD = deal([4, 2, 3, 2], 8, 5)


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        (["dead"], None),
        (True, None),
        ({**GOOD, "points": 3}, "points"),
        ({"dead": True, "score": 0}, "score"),
        # dead: a boolean; with true no bids (or four passes) and no tricks
        ({**GOOD, "dead": "true"}, "dead"),
        ({**GOOD, "dead": 1}, "dead"),
        ({**GOOD, "dead": None}, "dead"),
        ({"dead": True, "bids": [1, "pass", "pass", "pass"]}, "bids"),
        ({"dead": True, "bids": ["pass", "pass", "pass"]}, "bids"),
        ({"dead": True, "bids": []}, "bids"),
        ({"dead": True, "bids": None}, "bids"),
        ({"dead": True, "bids": "pass"}, "bids"),
        ({"dead": True, "tricks": {"Us": 0, "Them": 0}}, "tricks"),
        ({"dead": True, "bids": ["pass", "pass", "pass", "pass"], "tricks": {"Us": 13, "Them": 0}}, "tricks"),
        ({"dead": True, "bids": [1, "pass", "pass", "pass"], "tricks": {"Us": 13, "Them": 0}}, "bids"),
        ({"dead": True, "tricks": None}, "tricks"),
        # bids: required unless dead, 4 items in seat order, each a bid word or 1…n
        ({"tricks": {"Us": 8, "Them": 5}}, "bids"),
        ({"dead": False, "tricks": {"Us": 8, "Them": 5}}, "bids"),
        ({**GOOD, "bids": None}, "bids"),
        ({**GOOD, "bids": [4, 2, 3]}, "bids"),
        ({**GOOD, "bids": [4, 2, 3, 2, 1]}, "bids"),
        ({**GOOD, "bids": {"0": 4}}, "bids"),
        ({**GOOD, "bids": [0, 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": [-1, 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": [4, 2, 3, 14]}, "bids"),
        ({**GOOD, "bids": [4.0, 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": ["4", 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": [True, 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": ["Pass", 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": ["nil", 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": ["double board", 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": [None, 2, 3, 2]}, "bids"),
        ({**GOOD, "bids": ["pass", "pass", "pass", "pass"]}, "bids"),
        ({**GOOD, "bids": ["pass", "pass", "pass", "pass"], "dead": False}, "bids"),
        # tricks: required unless dead, every side once, 0…n, adding up to n
        ({"bids": [4, 2, 3, 2]}, "tricks"),
        ({**GOOD, "tricks": None}, "tricks"),
        ({**GOOD, "tricks": {"Us": 13}}, "tricks"),
        ({**GOOD, "tricks": {"Us": 8, "Them": 5, "Others": 0}}, "tricks"),
        ({**GOOD, "tricks": {"Us": 14, "Them": -1}}, "tricks"),
        ({**GOOD, "tricks": {"Us": 8.0, "Them": 5}}, "tricks"),
        ({**GOOD, "tricks": {"Us": 8, "Them": 3}}, "tricks"),
        ({**GOOD, "tricks": {"Us": 8, "Them": 6}}, "tricks"),
        # trump: a suit or no-trump
        ({**GOOD, "trump": "all-trump"}, "trump"),
        ({**GOOD, "trump": "joker"}, "trump"),
        ({**GOOD, "trump": None}, "trump"),
        ({"dead": True, "trump": "stars"}, "trump"),
        # the first failure in field order wins
        ({**GOOD, "dead": "no", "bids": []}, "dead"),
        ({**GOOD, "bids": [99, 2, 3, 2], "tricks": {"Us": 1}}, "bids"),
        ({**GOOD, "tricks": {"Us": 1, "Them": 1}, "trump": "stars"}, "tricks"),
    ],
)
def test_it_rejects_a_bad_entry_on_the_right_field(entry, field):
    # On the first deal (13 cards) and on the second (12 cards, after a valid 13-card deal).
    assert error_of([entry]) == (0, field)
    shrunk = entry
    if isinstance(entry, dict) and entry.get("tricks") is GOOD["tricks"]:
        shrunk = {**entry, "tricks": {"Us": 7, "Them": 5}}
    assert error_of([GOOD, shrunk]) == (1, field)


def test_it_checks_numbers_against_the_hand_size_of_the_deal():
    # Second played deal: n = 12. A bid of 13 is too high; 12 is fine.
    assert error_of([sweep(13), deal([13, "pass", "pass", "pass"], 12, 0)]) == (1, "bids")
    play([sweep(13), deal([12, "pass", "pass", "pass"], 12, 0)])
    # A dead deal does not change the hand size: still 12 after it.
    assert error_of([sweep(13), DEAD, deal([13, "pass", "pass", "pass"], 12, 0)]) == (2, "bids")
    # One-card deals: only 1.
    deals = [sweep(n) for n in DOWN_UP_26[:12]]
    assert error_of([*deals, deal([2, "pass", "pass", "pass"], 1, 0)]) == (12, "bids")
    assert error_of([*deals, deal([1, "pass", "pass", "pass"], 2, 0)]) == (12, "tricks")


def test_it_checks_tricks_against_the_hand_size_of_the_deal():
    # n = 12: 13 tricks is out of range, 12 + 0 adds up.
    assert error_of([sweep(13), deal([1, "pass", "pass", "pass"], 13, 0)]) == (1, "tricks")
    assert error_of([sweep(13), deal([1, "pass", "pass", "pass"], 11, 0)]) == (1, "tricks")


def test_it_allows_partners_to_overbid_the_hand():
    # 7 + 8 = 15 with 13 cards: allowed, failed −75; Them 5 tricks with no contract: 5.
    assert play([deal([7, "pass", 8, "pass"], 8, 5)])["deals"][0]["scores"] == {"Us": -75, "Them": 5}


@pytest.mark.parametrize("trump", ["clubs", "diamonds", "hearts", "spades", "no-trump"])
def test_it_records_the_trump_without_scoring_it(trump):
    assert play([{**GOOD, "trump": trump}])["deals"][0]["scores"] == {"Us": 36, "Them": 21}


# -- options and presets ------------------------------------------------------------------------


def test_it_has_the_spec_defaults():
    assert play([])["options"] == {
        "preset": "down-up-26",
        "deal_sequence": "down-up-26",
        "failed_board": "per_trick",
        "scoring": "partnership",
        "board_scale": "linear",
        "first_dealer": 0,
    }
    assert play([])["next_deal"] == {"dealer": 0, "hand_size": 13}


@pytest.mark.parametrize(
    ("options", "sizes"),
    [
        ({}, DOWN_UP_26),
        ({"preset": "down-up-26"}, DOWN_UP_26),
        ({"preset": "down-up-25"}, DOWN_UP_25),
        ({"preset": "up-down-26"}, UP_DOWN_26),
        ({"deal_sequence": "down-up-25"}, DOWN_UP_25),
        ({"deal_sequence": "up-down-26"}, UP_DOWN_26),
        # An explicit option overrides the preset's value (docs/games/README.md §4).
        ({"preset": "up-down-26", "deal_sequence": "down-up-25"}, DOWN_UP_25),
    ],
)
def test_it_deals_the_hand_sizes_of_the_sequence(options, sizes):
    game = find_game("back-alley")
    match = game.new_match(SIDES, options)
    seen = []
    while not match.finished:
        seen.append(match.as_json()["next_deal"]["hand_size"])
        match = match.play(sweep(seen[-1]))
    assert seen == sizes
    assert [d["hand_size"] for d in match.as_json()["deals"]] == sizes


def test_it_sets_deal_sequence_from_the_preset():
    for preset in ("down-up-26", "down-up-25", "up-down-26"):
        assert play([], {"preset": preset})["options"]["deal_sequence"] == preset


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"preset": "down-up-24"}, "preset"),
        ({"preset": None}, "preset"),
        ({"deal_sequence": "up-down-25"}, "deal_sequence"),
        ({"deal_sequence": [13, 12]}, "deal_sequence"),
        ({"failed_board": "double"}, "failed_board"),
        ({"failed_board": None}, "failed_board"),
        ({"first_dealer": -1}, "first_dealer"),
        ({"first_dealer": 1.0}, "first_dealer"),
        ({"target": 500}, "target"),
    ],
)
def test_it_rejects_a_bad_option(options, field):
    with pytest.raises(OptionError) as caught:
        play([], options)
    assert (caught.value.deal, caught.value.field) == (None, field)


# -- whole matches ------------------------------------------------------------------------------


def test_it_scores_the_spec_match():
    deals = [
        deal([4, 2, 3, 2], 8, 5, trump="spades"),
        DEAD,
        deal([5, "pass", 2, "pass"], 6, 6, trump="hearts"),
        deal([1, "board", 2, "pass"], 0, 11, trump="no-trump"),
    ]
    doc = play(deals, {"preset": "down-up-26"})
    assert [d["dealer"] for d in doc["deals"]] == [0, 1, 2, 3]
    assert [d["hand_size"] for d in doc["deals"]] == [13, 12, 12, 11]
    assert [d["scores"] for d in doc["deals"]] == [
        {"Us": 36, "Them": 21},
        {"Us": 0, "Them": 0},
        {"Us": -35, "Them": 6},
        {"Us": -15, "Them": 110},
    ]
    assert doc["totals"] == {"Us": -14, "Them": 137}
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_dealer"] == 0
    assert doc["next_deal"] == {"dealer": 0, "hand_size": 10}


def test_it_ends_after_26_deals_and_the_higher_total_wins():
    # Us bid 1 and take every trick each deal: n + 4. Sum of sizes 2 × 91 = 182, + 4 × 26 = 286.
    doc = play([sweep(n) for n in DOWN_UP_26])
    assert doc["totals"] == {"Us": 286, "Them": 0}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None


def test_it_is_not_over_after_25_deals_of_down_up_26():
    doc = play([sweep(n) for n in DOWN_UP_26[:25]])
    assert doc["outcome"]["finished"] is False
    assert doc["next_deal"] == {"dealer": 1, "hand_size": 13}


def test_it_ends_after_25_deals_of_down_up_25():
    # Sizes add up to 91 + 90 = 181, + 4 × 25 = 281.
    doc = play([sweep(n) for n in DOWN_UP_25], {"preset": "down-up-25"})
    assert doc["totals"] == {"Us": 281, "Them": 0}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}


def test_it_calls_equal_totals_a_draw():
    # Us sweep the 13 deals going down, Them the 13 going up: 91 + 52 = 143 each.
    deals = [sweep(n) for n in DOWN_UP_26[:13]] + [them_sweep(n) for n in DOWN_UP_26[13:]]
    doc = play(deals)
    assert doc["totals"] == {"Us": 143, "Them": 143}
    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}
    assert doc["next_dealer"] is None


def test_it_lets_the_side_that_was_behind_win():
    # Us sweep 12 deals going down (13..2: 90 + 48 = 138), Them the other 14 (1, 1..13: 92 + 56 = 148).
    deals = [sweep(n) for n in DOWN_UP_26[:12]] + [them_sweep(n) for n in DOWN_UP_26[12:]]
    doc = play(deals)
    assert doc["totals"] == {"Us": 138, "Them": 148}
    assert doc["outcome"]["winner"] == "Them"


def test_it_refuses_a_deal_after_the_end():
    deals = [sweep(n) for n in DOWN_UP_26]
    assert error_of([*deals, sweep(13)]) == (26, None)
    assert error_of([*deals, DEAD]) == (26, None)


@pytest.mark.parametrize(("first", "dealers"), [(0, [0, 1, 2, 3, 0, 1]), (2, [2, 3, 0, 1, 2, 3])])
def test_it_passes_the_deal_on_after_every_entry_dead_or_not(first, dealers):
    deals = [sweep(13), DEAD, DEAD, sweep(12), DEAD, sweep(11)]
    doc = play(deals, {"first_dealer": first})
    assert [d["dealer"] for d in doc["deals"]] == dealers
    assert [d["hand_size"] for d in doc["deals"]] == [13, 12, 12, 12, 11, 11]
    assert doc["next_deal"] == {"dealer": (first + 6) % 4, "hand_size": 10}


def test_it_keeps_totals_as_the_sum_of_the_deals():
    doc = play([GOOD, DEAD, deal([5, 4, 3, 3], 6, 6), deal(["board", 1, "pass", "pass"], 10, 1)])
    for side in SIDES:
        assert doc["totals"][side] == sum(d["scores"][side] for d in doc["deals"])


# -- golden score sheets ------------------------------------------------------------------------


def _sheets() -> list[Path]:
    return sorted((DATA / "back-alley").glob("*.json"))


def _strip(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _strip(v) for k, v in doc.items() if k != "breakdown"}
    if isinstance(doc, list):
        return [_strip(v) for v in doc]
    return doc


@pytest.mark.parametrize("path", _sheets(), ids=lambda p: p.stem)
def test_it_replays_the_golden_sheet(path):
    sheet = json.loads(path.read_text(encoding="utf-8"))
    out = io.StringIO()
    code = main(
        ["score", "back-alley", *sheet["args"]], stdin=io.StringIO(json.dumps(sheet["match"])), stdout=out
    )
    assert code == 0
    assert _strip(json.loads(out.getvalue())) == sheet["expect"]
    assert sheet["expect"]["outcome"]["finished"] is True


def test_it_has_at_least_three_golden_sheets():
    assert len(_sheets()) >= 3


# -- review: whole matches by hand, through the command line -------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_a_down_up_25_start_with_times_five_boards_by_hand():
    # --preset down-up-25, failed_board times_five, seat 3 deals first.
    # 1 (seat 3, n 13) [3, board, 4, pass]: Us 7, Them board. 2 / 11: Us fail -35; Them board
    #   failed, 5 x 13 = -65.                                                     -35 / -65
    # 2 (seat 0) dead: 0 / 0, still 12 cards next.
    # 3 (seat 1, n 12) [pass, pass, double-board, pass]: Us double-board 12 / 0 = 15 x 12 = 180;
    #   Them none, 0 tricks = 0.                                                  145 / -65
    # 4 (seat 2, n 11) [1, 2, pass, 3]: Us 1, Them 5; 6 / 5: Us 5 + 5 = 10, Them 25. 155 / -40
    # Next: seat 3 deals 10 cards.
    run = run_cli(
        ["score", "back-alley", "--preset", "down-up-25", "--option", "first_dealer=3"],
        {
            "sides": SIDES,
            "options": {"failed_board": "times_five"},
            "deals": [
                deal([3, "board", 4, "pass"], 2, 11, trump="hearts"),
                {"dead": True, "bids": ["pass"] * 4, "trump": "no-trump"},
                deal(["pass", "pass", "double-board", "pass"], 12, 0),
                deal([1, 2, "pass", 3], 6, 5),
            ],
        },
    )

    assert run.code == 0
    doc = without_breakdowns(run.doc)
    assert [d["scores"] for d in doc["deals"]] == [
        {"Us": -35, "Them": -65},
        {"Us": 0, "Them": 0},
        {"Us": 180, "Them": 0},
        {"Us": 10, "Them": 25},
    ]
    assert [d["dealer"] for d in doc["deals"]] == [3, 0, 1, 2]
    assert [d["hand_size"] for d in doc["deals"]] == [13, 12, 12, 11]
    assert [d["dead"] for d in doc["deals"]] == [False, True, False, False]
    assert doc["deals"][0]["contracts"] == {
        "Us": {"type": "number", "value": 7},
        "Them": {"type": "board", "value": "board"},
    }
    assert doc["deals"][2]["contracts"] == {
        "Us": {"type": "board", "value": "double-board"},
        "Them": {"type": "none"},
    }
    assert doc["deals"][3]["contracts"] == {
        "Us": {"type": "number", "value": 1},
        "Them": {"type": "number", "value": 5},
    }
    assert doc["totals"] == {"Us": 155, "Them": -40}
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_dealer"] == 3
    assert doc["next_deal"] == {"dealer": 3, "hand_size": 10}
    assert doc["options"] == {
        "preset": "down-up-25",
        "deal_sequence": "down-up-25",
        "failed_board": "times_five",
        "scoring": "partnership",
        "board_scale": "linear",
        "first_dealer": 3,
    }


def _split(n: int, extra_to_us: bool) -> dict[str, Any]:
    """Seats 0 and 1 each bid 1; the tricks split evenly, the odd one to Us or to Them."""
    us = n // 2 + (n % 2 if extra_to_us else 0)
    return deal([1, 1, "pass", "pass"], us, n - us)


def test_a_whole_down_up_26_match_of_mirrored_deals_is_a_draw():
    # Each deal, both sides bid 1 and split the tricks; the odd trick of the 14 odd-sized deals goes
    # to Us and Them in turn, so the totals are equal after the 26th deal: a draw.
    match = []
    odd_deals = 0
    for n in DOWN_UP_26:
        match.append(_split(n, extra_to_us=odd_deals % 2 == 0))
        odd_deals += n % 2
    run = run_main(["score", "back-alley"], {"sides": SIDES, "deals": [*match[:6], DEAD, *match[6:]]})

    doc = run.doc
    assert run.code == 0
    assert len(doc["deals"]) == 27
    assert doc["totals"]["Us"] == doc["totals"]["Them"]
    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)
    assert doc["deals"][6]["hand_size"] == doc["deals"][7]["hand_size"] == 7
    late = run_main(["score", "back-alley"], {"sides": SIDES, "deals": [*match, DEAD]})
    assert late.doc["error"]["deal"] == 26
    assert late.doc["error"]["field"] is None


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"dead": None}, "dead"),
        ({"dead": 1}, "dead"),
        ({"dead": True, "bids": None}, "bids"),
        ({"dead": True, "bids": ["pass", "pass", "pass"]}, "bids"),
        ({"dead": True, "bids": ["pass"] * 4, "tricks": {"Us": 13, "Them": 0}}, "tricks"),
        ({"dead": True, "tricks": None}, "tricks"),
        ({"dead": True, "trump": "stars"}, "trump"),
        ({"dead": False, "bids": ["pass"] * 4, "tricks": {"Us": 13, "Them": 0}}, "bids"),
        ({"tricks": {"Us": 13, "Them": 0}}, "bids"),
        ({"bids": [1, "pass", "pass", "pass"]}, "tricks"),
        ({"bids": [1.0, "pass", "pass", "pass"], "tricks": {"Us": 13, "Them": 0}}, "bids"),
        ({"bids": [True, "pass", "pass", "pass"], "tricks": {"Us": 13, "Them": 0}}, "bids"),
        ({"bids": [1, "Pass", "pass", "pass"], "tricks": {"Us": 13, "Them": 0}}, "bids"),
        ({"bids": [1, "pass", "pass", "pass"], "tricks": {"Us": 13}}, "tricks"),
        ({"bids": [1, "pass", "pass", "pass"], "tricks": {"Us": 13, "Them": 0}, "trump": None}, "trump"),
    ],
)
def test_bad_entries_name_the_field_and_the_rule_they_break(entry, field):
    assert error_of([entry]) == (0, field)
