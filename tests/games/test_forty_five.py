"""Forty-Five (docs/games/forty-five.md): every rule clause, validation rule and option, and whole matches.

Every expected number is worked out from the spec by hand: 3 or 4 tricks score 5, all 5 score 10.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from games import IllegalDealError, OptionError, SidesError, find_game
from games.cli import main
from tests.games.cli_support import run_cli, without_breakdowns
from tests.paths import DATA

SIDES = ["Us", "Them"]


def play(deals: list[Any], options: dict[str, Any] | None = None, sides: list[str] | None = None) -> Any:
    return find_game("forty-five").replay(options, sides or SIDES, deals).as_json()


def deal(us: int, them: int, **extra: Any) -> dict[str, Any]:
    return {"tricks": {"Us": us, "Them": them}, **extra}


def error_of(deals: list[Any], options: dict[str, Any] | None = None) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        play(deals, options)
    return caught.value.deal, caught.value.field


# -- scoring ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("us", "them", "scores"),
    [
        (3, 2, {"Us": 5, "Them": 0}),  # 3 tricks: 5
        (4, 1, {"Us": 5, "Them": 0}),  # 4 tricks: 5
        (5, 0, {"Us": 10, "Them": 0}),  # all 5 tricks: 10
        (2, 3, {"Us": 0, "Them": 5}),
        (1, 4, {"Us": 0, "Them": 5}),
        (0, 5, {"Us": 0, "Them": 10}),
    ],
)
def test_it_scores_the_side_with_three_or_more_tricks(us, them, scores):
    doc = play([deal(us, them)])
    assert doc["deals"][0]["scores"] == scores
    assert doc["totals"] == scores


def test_it_scores_exactly_one_side_on_every_deal():
    for us in range(6):
        scores = play([deal(us, 5 - us)])["deals"][0]["scores"]
        assert sorted(scores.values())[0] == 0
        assert sorted(scores.values())[1] in (5, 10)


def test_it_ignores_the_trump_suit_for_the_score():
    for suit in ("clubs", "diamonds", "hearts", "spades"):
        assert play([deal(4, 1, trump=suit)])["deals"][0]["scores"] == {"Us": 5, "Them": 0}


def test_it_reports_tricks_and_trump_per_deal():
    doc = play([deal(3, 2, trump="hearts"), deal(1, 4)])
    first, second = doc["deals"]
    assert first["tricks"] == {"Us": 3, "Them": 2}
    assert first["trump"] == "hearts"
    assert second["tricks"] == {"Us": 1, "Them": 4}
    assert "trump" not in second


# -- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ([3, 2], None),  # not an object
        ("tricks", None),
        ({"tricks": {"Us": 3, "Them": 2}, "bid": 5}, "bid"),  # unknown key
        ({"trump": "hearts"}, "tricks"),  # required
        ({"tricks": None}, "tricks"),  # not nullable
        ({"tricks": [3, 2]}, "tricks"),  # not an object
        ({"tricks": {"Us": 5}}, "tricks"),  # every side
        ({"tricks": {"Us": 3, "Them": 2, "Others": 0}}, "tricks"),  # not a side
        ({"tricks": {"us": 3, "Them": 2}}, "tricks"),  # case matters
        ({"tricks": {"Us": 6, "Them": -1}}, "tricks"),  # 0–5
        ({"tricks": {"Us": 3.0, "Them": 2}}, "tricks"),  # integers only
        ({"tricks": {"Us": "3", "Them": 2}}, "tricks"),
        ({"tricks": {"Us": True, "Them": 4}}, "tricks"),
        ({"tricks": {"Us": 3, "Them": 3}}, "tricks"),  # add up to 5
        ({"tricks": {"Us": 2, "Them": 2}}, "tricks"),
        ({"tricks": {"Us": 2, "Them": 3}, "trump": "stars"}, "trump"),
        ({"tricks": {"Us": 2, "Them": 3}, "trump": "no-trump"}, "trump"),
        ({"tricks": {"Us": 2, "Them": 3}, "trump": "Hearts"}, "trump"),
        ({"tricks": {"Us": 2, "Them": 3}, "trump": None}, "trump"),
        ({"tricks": {"Us": 3, "Them": 3}, "trump": "stars"}, "tricks"),  # fields in order
    ],
)
def test_it_rejects_a_bad_entry_on_the_right_field(entry, field):
    assert error_of([deal(3, 2), entry]) == (1, field)


def test_it_accepts_an_entry_without_trump():
    assert play([{"tricks": {"Us": 0, "Them": 5}}])["totals"] == {"Us": 0, "Them": 10}


def test_it_needs_two_sides():
    with pytest.raises(SidesError):
        play([], sides=["A", "B", "C"])
    with pytest.raises(SidesError):
        play([], sides=["A", "A"])


# -- options ------------------------------------------------------------------------------------


def test_it_has_the_spec_defaults():
    assert play([])["options"] == {"target": 45, "first_dealer": 0}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": 0}, "target"),
        ({"target": 45.0}, "target"),
        ({"target": "45"}, "target"),
        ({"target": None}, "target"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"first_dealer": "Us"}, "first_dealer"),
        ({"first_dealer": True}, "first_dealer"),
        ({"preset": "x"}, "preset"),  # no presets at all
        ({"min_bid": 15}, "min_bid"),
    ],
)
def test_it_rejects_a_bad_option(options, field):
    with pytest.raises(OptionError) as caught:
        play([], options)
    assert (caught.value.deal, caught.value.field) == (None, field)


def test_it_ends_at_a_lower_target():
    # target 10: 5 (3 tricks) then 5 (4 tricks) = 10 for Us.
    doc = play([deal(3, 2), deal(1, 4), deal(4, 1)], {"target": 10})
    assert doc["totals"] == {"Us": 10, "Them": 5}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}


def test_it_ends_at_a_target_of_one():
    doc = play([deal(2, 3)], {"target": 1})
    assert doc["outcome"] == {"finished": True, "winner": "Them", "draw": False}


@pytest.mark.parametrize(
    ("first", "dealers", "next_dealer"),
    [(0, [0, 1, 2, 3, 0], 1), (2, [2, 3, 0, 1, 2], 3), (3, [3, 0, 1, 2, 3], 0)],
)
def test_it_passes_the_deal_to_the_next_seat(first, dealers, next_dealer):
    doc = play([deal(3, 2)] * 5, {"first_dealer": first})
    assert [d["dealer"] for d in doc["deals"]] == dealers
    assert doc["next_dealer"] == next_dealer
    assert doc["next_deal"] == {"dealer": next_dealer}


# -- whole matches ------------------------------------------------------------------------------


def test_it_scores_the_spec_match():
    scores = [(5, 0), (2, 3), (4, 1), (3, 2), (0, 5), (5, 0), (3, 2), (4, 1)]
    doc = play([deal(us, them) for us, them in scores], {"target": 45})
    # 10–0, 0–5, 5–0, 5–0, 0–10, 10–0, 5–0, 5–0
    assert [d["running_totals"]["Us"] for d in doc["deals"]] == [10, 10, 15, 20, 20, 30, 35, 40]
    assert [d["running_totals"]["Them"] for d in doc["deals"]] == [0, 5, 5, 5, 15, 15, 15, 15]
    assert doc["totals"] == {"Us": 40, "Them": 15}
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_dealer"] == 0
    assert doc["next_deal"] == {"dealer": 0}


def test_it_ends_when_a_side_reaches_exactly_45():
    # Us: 4 slams = 40, then 3 tricks = 45. Them: 3 slams + 4 tricks = 35.
    deals = [deal(5, 0)] * 4 + [deal(0, 5)] * 3 + [deal(1, 4), deal(3, 2)]
    doc = play(deals)
    assert doc["totals"] == {"Us": 45, "Them": 35}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None


def test_it_lets_a_side_go_past_45():
    # Us 3 slams = 30; Them 4 slams = 40, then a fifth slam = 50.
    deals = [deal(5, 0)] * 3 + [deal(0, 5)] * 5
    doc = play(deals)
    assert doc["totals"] == {"Us": 30, "Them": 50}
    assert doc["outcome"]["winner"] == "Them"


def test_it_refuses_a_deal_after_the_end():
    deals = [deal(5, 0)] * 5
    assert play(deals, {"target": 50})["outcome"]["finished"]
    assert error_of([*deals, deal(3, 2)], {"target": 50}) == (5, None)
    # The after-the-end check comes before every field check.
    assert error_of([*deals, {"tricks": "nonsense"}], {"target": 50}) == (5, None)


def test_it_keeps_totals_as_the_sum_of_the_deals():
    doc = play([deal(us, 5 - us) for us in (0, 1, 2, 3, 4, 5, 3, 2)])
    for side in SIDES:
        assert doc["totals"][side] == sum(d["scores"][side] for d in doc["deals"])


# -- golden score sheets ------------------------------------------------------------------------


def _sheets() -> list[Path]:
    return sorted((DATA / "forty-five").glob("*.json"))


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
        ["score", "forty-five", *sheet["args"]], stdin=io.StringIO(json.dumps(sheet["match"])), stdout=out
    )
    assert code == 0
    assert _strip(json.loads(out.getvalue())) == sheet["expect"]
    assert sheet["expect"]["outcome"]["finished"] is True


def test_it_has_at_least_three_golden_sheets():
    assert len(_sheets()) >= 3


# -- review: a whole match by hand, through the command line -------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_a_match_to_a_lower_target_by_hand():
    # target 20, seat 2 deals first: 4/1 -> Us 5; 0/5 -> Them 10; 5/0 -> Us 10 (15-10);
    # 3/2 -> Us 5: 20-10, Us win. Dealers 2, 3, 0, 1.
    run = run_cli(
        ["score", "forty-five", "--option", "first_dealer=2"],
        {
            "sides": SIDES,
            "options": {"target": 20},
            "deals": [deal(4, 1, trump="clubs"), deal(0, 5), deal(5, 0), deal(3, 2, trump="spades")],
        },
    )

    assert run.code == 0
    doc = without_breakdowns(run.doc)
    assert doc["deals"] == [
        {
            "number": 1,
            "dealer": 2,
            "scores": {"Us": 5, "Them": 0},
            "running_totals": {"Us": 5, "Them": 0},
            "tricks": {"Us": 4, "Them": 1},
            "trump": "clubs",
        },
        {
            "number": 2,
            "dealer": 3,
            "scores": {"Us": 0, "Them": 10},
            "running_totals": {"Us": 5, "Them": 10},
            "tricks": {"Us": 0, "Them": 5},
        },
        {
            "number": 3,
            "dealer": 0,
            "scores": {"Us": 10, "Them": 0},
            "running_totals": {"Us": 15, "Them": 10},
            "tricks": {"Us": 5, "Them": 0},
        },
        {
            "number": 4,
            "dealer": 1,
            "scores": {"Us": 5, "Them": 0},
            "running_totals": {"Us": 20, "Them": 10},
            "tricks": {"Us": 3, "Them": 2},
            "trump": "spades",
        },
    ]
    assert doc["totals"] == {"Us": 20, "Them": 10}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)
    assert doc["options"] == {"target": 20, "first_dealer": 2}


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"trump": "stars"}, "tricks"),  # fields in table order: tricks first
        ({"tricks": {"Us": 3, "Them": 2}, "trump": None}, "trump"),
        ({"tricks": {"Us": 3, "Them": 2}, "trump": "Hearts"}, "trump"),
        ({"tricks": {"Us": 3, "Them": 2.0}}, "tricks"),
        ({"tricks": {"Us": 3, "Them": 2, "Others": 0}}, "tricks"),
        ({"tricks": None}, "tricks"),
        ({"trump": "stars", "extra": 1}, "extra"),  # an unknown key first
    ],
)
def test_bad_entries_name_the_field_and_the_rule_they_break(entry, field):
    assert error_of([entry]) == (0, field)
