"""Parcellus (docs/games/parcellus.md): every rule clause, validation rule, option and whole matches.

Every expected number is worked out from the spec by hand: 1 point a card, +2 for the J♥, 6 for most
parcels (3 each on a 3–3–0 tie, 2 each on 2–2–2); the single highest total at or above 30 wins.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from games import GameError, IllegalDealError, OptionError, SidesError, find_game
from games.cli import main
from games.parcellus import parcel_bonus
from tests.games.cli_support import run_cli, run_main, without_breakdowns
from tests.paths import DATA

SIDES = ["West", "North", "South"]


def play(deals: list[Any], options: dict[str, Any] | None = None, sides: list[str] | None = None) -> Any:
    return find_game("parcellus").replay(options, sides or SIDES, deals).as_json()


def deal(parcels: tuple[int, int, int], cards: tuple[int, int, int], jack: str | None) -> dict[str, Any]:
    return {
        "parcels": dict(zip(SIDES, parcels, strict=True)),
        "cards": dict(zip(SIDES, cards, strict=True)),
        "jack_of_hearts": jack,
    }


def per(w: int, n: int, s: int) -> dict[str, int]:
    return {"West": w, "North": n, "South": s}


def error_of(deals: list[Any], options: dict[str, Any] | None = None) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        play(deals, options)
    return caught.value.deal, caught.value.field


# -- scoring ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "scores", "bonus"),
    [
        # spec example 2: West 10 + 6, North 8 + 2, South 6
        (deal((3, 2, 1), (10, 8, 6), "North"), per(16, 10, 6), per(6, 0, 0)),
        # spec example 3: 2-2-2 shares 2 each; South 4 + 2 + 2
        (deal((2, 2, 2), (7, 5, 4), "South"), per(9, 7, 8), per(2, 2, 2)),
        # spec example 4: 3-3-0 shares 3 each
        (deal((3, 3, 0), (9, 11, 0), None), per(12, 14, 0), per(3, 3, 0)),
        # 3-0-3 and 0-3-3: the two tied players share
        (deal((3, 0, 3), (4, 0, 20), "West"), per(4 + 2 + 3, 0, 20 + 3), per(3, 0, 3)),
        (deal((0, 3, 3), (0, 12, 12), "North"), per(0, 12 + 2 + 3, 12 + 3), per(0, 3, 3)),
        # single most parcels: 4-1-1 and 1-1-4
        (deal((4, 1, 1), (10, 5, 5), "South"), per(16, 5, 7), per(6, 0, 0)),
        (deal((1, 1, 4), (1, 1, 4), None), per(1, 1, 10), per(0, 0, 6)),
        # the most a player can score: 24 + 2 + 6 = 32
        (deal((6, 0, 0), (24, 0, 0), "West"), per(32, 0, 0), per(6, 0, 0)),
        # the J♥ to the bonus winner adds up: 8 + 2 + 6
        (deal((3, 2, 1), (8, 7, 3), "West"), per(16, 7, 3), per(6, 0, 0)),
        # fewer than 24 cards captured, nobody holds the J♥
        (deal((2, 3, 1), (2, 3, 1), None), per(2, 9, 1), per(0, 6, 0)),
    ],
)
def test_it_scores_cards_jack_and_parcel_bonus(entry, scores, bonus):
    doc = play([entry])
    first = doc["deals"][0]
    assert first["scores"] == scores
    assert first["bonus"] == bonus
    assert doc["totals"] == scores


def test_it_reports_the_deal_keys():
    first = play([deal((3, 2, 1), (10, 8, 6), "North")])["deals"][0]
    assert first["dealer"] == "West"
    assert first["pass"] == "left"
    assert first["parcels"] == per(3, 2, 1)
    assert first["cards"] == per(10, 8, 6)
    assert first["jack_of_hearts"] == "North"
    assert first["bonus"] == per(6, 0, 0)
    assert play([deal((3, 3, 0), (9, 11, 0), None)])["deals"][0]["jack_of_hearts"] is None


def test_it_shares_the_bonus_in_whole_points():
    assert parcel_bonus(per(2, 2, 2)) == per(2, 2, 2)
    assert parcel_bonus(per(3, 3, 0)) == per(3, 3, 0)
    assert parcel_bonus(per(5, 1, 0)) == per(6, 0, 0)


# -- validation ---------------------------------------------------------------------------------

GOOD = deal((3, 2, 1), (10, 8, 6), "North")


def with_(**changes: Any) -> dict[str, Any]:
    return {**GOOD, **changes}


def without(name: str) -> dict[str, Any]:
    return {k: v for k, v in GOOD.items() if k != name}


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ([], None),  # not an object
        (3, None),
        ({**GOOD, "melds": []}, "melds"),  # unknown key, checked first
        ({"bogus": 1, "parcels": 3}, "bogus"),
        # parcels: required; every side exactly once; integers 0-6; add up to 6
        (without("parcels"), "parcels"),
        (with_(parcels=None), "parcels"),
        (with_(parcels=[3, 2, 1]), "parcels"),
        (with_(parcels={"West": 3, "North": 3}), "parcels"),
        (with_(parcels={"West": 3, "North": 2, "South": 1, "East": 0}), "parcels"),
        (with_(parcels=per(7, 0, 0)), "parcels"),
        (with_(parcels=per(-1, 4, 3)), "parcels"),
        (with_(parcels=per(3.0, 2, 1)), "parcels"),
        (with_(parcels=per("3", 2, 1)), "parcels"),
        (with_(parcels=per(True, 4, 1)), "parcels"),
        (with_(parcels=per(3, 2, 2)), "parcels"),  # 7
        (with_(parcels=per(2, 2, 1)), "parcels"),  # 5
        # cards: required; every side; integers 0-24; total <= 24; cards >= parcels; 0 parcels -> 0 cards
        (without("cards"), "cards"),
        (with_(cards=None), "cards"),
        (with_(cards={"West": 10, "North": 8}), "cards"),
        (with_(cards=per(25, 0, 0)), "cards"),
        (with_(cards=per(10, -1, 6)), "cards"),
        (with_(cards=per(10, 8, 6.5)), "cards"),
        (with_(cards=per(10, 8, 7)), "cards"),  # 25 > 24
        (with_(cards=per(2, 8, 6)), "cards"),  # West 3 parcels, 2 cards
        (with_(cards=per(10, 8, 0)), "cards"),  # South 1 parcel, 0 cards
        # spec example 7: North 3 parcels, 2 cards
        (deal((1, 3, 2), (4, 2, 6), None), "cards"),
        # a player with no parcel has no cards
        (deal((3, 3, 0), (9, 11, 1), None), "cards"),
        # jack_of_hearts: required (null allowed); a side; a named player has cards; null not with 24
        (without("jack_of_hearts"), "jack_of_hearts"),
        (with_(jack_of_hearts="East"), "jack_of_hearts"),
        (with_(jack_of_hearts="north"), "jack_of_hearts"),
        (with_(jack_of_hearts=True), "jack_of_hearts"),
        (with_(jack_of_hearts=1), "jack_of_hearts"),
        (deal((3, 3, 0), (9, 11, 0), "South"), "jack_of_hearts"),  # South captured nothing
        # spec example 8: all 24 cards captured, null is an error
        (deal((2, 2, 2), (8, 8, 8), None), "jack_of_hearts"),
        (deal((6, 0, 0), (24, 0, 0), None), "jack_of_hearts"),
        # the first failing field in order wins
        (deal((3, 3, 3), (30, 0, 0), "East"), "parcels"),
        (deal((3, 2, 1), (30, 0, 0), "East"), "cards"),
    ],
)
def test_it_names_the_field_of_a_bad_entry(entry, field):
    assert error_of([entry]) == (0, field)


def test_it_accepts_every_legal_edge():
    play([deal((2, 2, 2), (8, 8, 8), "South")])  # all 24 captured, J♥ named
    play([deal((2, 2, 2), (8, 8, 7), None)])  # 23 captured: the J♥ may be in a hand
    play([deal((2, 2, 2), (2, 2, 2), None)])  # the fewest possible cards


def test_it_reports_the_index_of_the_first_bad_deal():
    bad = deal((2, 2, 2), (8, 8, 8), None)
    assert error_of([GOOD, GOOD, bad], {"target": 100}) == (2, "jack_of_hearts")


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": 0}, "target"),
        ({"target": 30.0}, "target"),
        ({"target": None}, "target"),
        ({"first_dealer": "East"}, "first_dealer"),
        ({"first_dealer": 0}, "first_dealer"),
        ({"deals": 3}, "deals"),
        ({"preset": "pagat"}, "preset"),
    ],
)
def test_it_rejects_bad_options(options, field):
    with pytest.raises(OptionError) as caught:
        play([], options)
    assert (caught.value.deal, caught.value.field) == (None, field)


@pytest.mark.parametrize(
    "sides", [["West", "North"], ["West", "North", "South", "East"], ["A", "A", "B"], ["A", "", "B"]]
)
def test_it_needs_three_distinct_players(sides):
    with pytest.raises(SidesError):
        play([], sides=sides)


# -- match structure -----------------------------------------------------------------------------

COMPLETE = [
    deal((2, 1, 3), (7, 4, 8), "West"),
    deal((3, 2, 1), (9, 8, 4), None),
    deal((1, 4, 1), (3, 10, 5), "South"),
    deal((2, 2, 2), (6, 5, 7), "West"),
]


def test_it_scores_the_complete_example_of_the_spec():
    doc = play(COMPLETE)
    # 7+2 / 4 / 8+6; 9+6 / 8 / 4; 3 / 10+6 / 5+2; 6+2+2 / 5+2 / 7+2
    assert [d["scores"] for d in doc["deals"]] == [per(9, 4, 14), per(15, 8, 4), per(3, 16, 7), per(10, 7, 9)]
    assert [d["running_totals"] for d in doc["deals"]] == [
        per(9, 4, 14),
        per(24, 12, 18),
        per(27, 28, 25),
        per(37, 35, 34),
    ]
    assert [(d["dealer"], d["pass"]) for d in doc["deals"]] == [
        ("West", "left"),
        ("North", "right"),
        ("South", "left"),
        ("West", "right"),
    ]
    assert doc["outcome"] == {"finished": True, "winner": "West", "draw": False}
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None


def test_it_plays_on_while_nobody_has_reached_the_target():
    doc = play(COMPLETE[:3])
    assert doc["totals"] == per(27, 28, 25)
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_dealer"] == "West"
    assert doc["next_deal"] == {"dealer": "West", "pass": "right"}


def test_it_gives_the_win_to_the_single_highest_even_if_another_reached_the_target():
    # spec example 5: West 24+8 = 32, North 20+7 = 27, South 25+5 = 30 → West
    deals = [
        deal((2, 2, 2), (8, 6, 8), None),  # 10 / 8 / 10
        deal((2, 2, 2), (6, 4, 7), None),  # 8 / 6 / 9 → 18 / 14 / 19
        deal((2, 2, 2), (4, 4, 4), None),  # 6 / 6 / 6 → 24 / 20 / 25
        deal((2, 2, 2), (6, 5, 3), None),  # 8 / 7 / 5 → 32 / 27 / 30
    ]
    doc = play(deals)
    assert doc["totals"] == per(32, 27, 30)
    assert doc["outcome"]["winner"] == "West"


def test_it_deals_again_on_a_tie_at_the_top():
    # spec example 6: West 31, North 25, South 31 → not finished; dealer moves left, pass flips
    deals = [
        deal((2, 2, 2), (8, 6, 8), None),  # 10 / 8 / 10
        deal((2, 2, 2), (6, 4, 7), None),  # 8 / 6 / 9 → 18 / 14 / 19
        deal((2, 2, 2), (6, 5, 6), None),  # 8 / 7 / 8 → 26 / 21 / 27
        deal((2, 2, 2), (3, 2, 2), None),  # 5 / 4 / 4 → 31 / 25 / 31
    ]
    doc = play(deals)
    assert doc["totals"] == per(31, 25, 31)
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_deal"] == {"dealer": "North", "pass": "left"}
    # deal 5: West 1, North 1, South 4 + 6 = 10 → West 32, North 26, South 41: South wins
    doc = play([*deals, deal((1, 1, 4), (1, 1, 4), None)])
    assert doc["totals"] == per(32, 26, 41)
    assert doc["outcome"]["winner"] == "South"


def test_it_plays_on_when_two_tie_at_the_top_and_the_third_is_past_the_target():
    shared = deal((3, 3, 0), (11, 11, 0), None)  # 11 + 3 each: 14 / 14 / 0
    even = deal((2, 2, 2), (8, 8, 8), "South")  # 8 + 2, 8 + 2, 8 + 2 + 2: 10 / 10 / 12
    doc = play([shared, even, even])  # 34 / 34 / 24
    assert doc["totals"] == per(34, 34, 24)
    assert doc["outcome"]["finished"] is False
    doc = play([shared, even, even, even])  # 44 / 44 / 36: South is past 30 but not the highest
    assert doc["totals"] == per(44, 44, 36)
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}


def test_it_ends_at_exactly_the_target():
    # 24 + 2 + 6 = 32 ≥ 30 at once
    doc = play([deal((6, 0, 0), (24, 0, 0), "West")])
    assert doc["outcome"] == {"finished": True, "winner": "West", "draw": False}


@pytest.mark.parametrize(("target", "finished"), [(16, True), (17, False), (1, True)])
def test_it_uses_the_target_option(target, finished):
    doc = play([deal((3, 2, 1), (10, 8, 6), "North")], {"target": target})  # 16 / 10 / 6
    assert doc["outcome"]["finished"] is finished
    assert doc["outcome"]["winner"] == ("West" if finished else None)
    assert doc["options"] == {"target": target, "first_dealer": "West"}


def test_it_refuses_a_deal_after_the_end():
    assert error_of([*COMPLETE, GOOD]) == (4, None)
    assert error_of([*COMPLETE, "junk"]) == (4, None)


def test_it_moves_the_deal_left_and_alternates_the_pass():
    doc = play([deal((2, 2, 2), (2, 2, 2), None)] * 5)  # 4 each per deal: 20 each, never finished
    assert [(d["dealer"], d["pass"]) for d in doc["deals"]] == [
        ("West", "left"),
        ("North", "right"),
        ("South", "left"),
        ("West", "right"),
        ("North", "left"),
    ]
    assert doc["next_deal"] == {"dealer": "South", "pass": "right"}


def test_it_starts_with_the_first_dealer_and_a_left_pass():
    assert play([])["next_deal"] == {"dealer": "West", "pass": "left"}
    doc = play([deal((2, 2, 2), (2, 2, 2), None)] * 2, {"first_dealer": "South"})
    assert [(d["dealer"], d["pass"]) for d in doc["deals"]] == [("South", "left"), ("West", "right")]
    assert doc["next_dealer"] == "North"
    assert doc["next_deal"] == {"dealer": "North", "pass": "left"}


# -- robustness, speed and the CLI ---------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        {"parcels": {"West": [], "North": {}, "South": None}},
        {"parcels": per(2, 2, 2), "cards": {"West": "x"}},
        {"parcels": per(2, 2, 2), "cards": per(2, 2, 2), "jack_of_hearts": ["West"]},
        {"parcels": per(2, 2, 2), "cards": per(2, 2, 2), "jack_of_hearts": {"West": 1}},
        {"parcels": {"1": 2}},
        {"cards": per(2, 2, 2)},
        {"jack_of_hearts": None},
    ],
)
def test_it_raises_only_game_errors_for_odd_json(entry):
    with pytest.raises(GameError):
        play([entry])


def test_it_scores_through_the_cli():
    match = {"sides": SIDES, "deals": COMPLETE}
    out = io.StringIO()
    code = main(["score", "parcellus", "--option", "target=40"], io.StringIO(json.dumps(match)), out)
    doc = json.loads(out.getvalue())
    assert code == 0
    assert doc["outcome"]["finished"] is False  # 37 < 40
    assert doc["next_deal"] == {"dealer": "North", "pass": "left"}


def test_it_prints_a_cli_error_for_a_bad_entry():
    match = {"sides": SIDES, "deals": [deal((1, 3, 2), (4, 2, 6), None)]}
    out = io.StringIO()
    assert main(["score", "parcellus"], io.StringIO(json.dumps(match)), out) == 2
    assert json.loads(out.getvalue())["error"]["field"] == "cards"


def _strip_breakdown(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _strip_breakdown(v) for k, v in doc.items() if k != "breakdown"}
    if isinstance(doc, list):
        return [_strip_breakdown(v) for v in doc]
    return doc


@pytest.mark.parametrize("path", sorted((DATA / "parcellus").glob("*.json")), ids=lambda p: p.stem)
def test_it_matches_the_golden_score_sheets(path):
    sheet = json.loads(path.read_text())
    out = io.StringIO()
    code = main(["score", "parcellus", *sheet["args"]], io.StringIO(json.dumps(sheet["match"])), out)
    assert code == 0
    assert _strip_breakdown(json.loads(out.getvalue())) == sheet["expect"]


# -- review: whole matches by hand, through the command line -------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_a_match_to_twenty_by_hand():
    # target 20, North deals first.
    # 1 (North, left) parcels 1/4/1, cards 2/12/5, J♥ South: West 2, North 12 + 6 = 18,
    #   South 5 + 2 = 7.                                                      2 / 18 / 7
    # 2 (South, right) parcels 2/2/2, cards 5/3/6, nobody has the J♥ (14 cards captured): bonus
    #   2 each: 7 / 5 / 8.                                                    9 / 23 / 15
    # North alone is highest at 23 >= 20: North wins.
    run = run_cli(
        ["score", "parcellus", "--option", "first_dealer=North"],
        {
            "sides": SIDES,
            "options": {"target": 20},
            "deals": [deal((1, 4, 1), (2, 12, 5), "South"), deal((2, 2, 2), (5, 3, 6), None)],
        },
    )

    assert run.code == 0
    doc = without_breakdowns(run.doc)
    assert doc["deals"] == [
        {
            "number": 1,
            "dealer": "North",
            "scores": per(2, 18, 7),
            "running_totals": per(2, 18, 7),
            "pass": "left",
            "parcels": per(1, 4, 1),
            "cards": per(2, 12, 5),
            "jack_of_hearts": "South",
            "bonus": per(0, 6, 0),
        },
        {
            "number": 2,
            "dealer": "South",
            "scores": per(7, 5, 8),
            "running_totals": per(9, 23, 15),
            "pass": "right",
            "parcels": per(2, 2, 2),
            "cards": per(5, 3, 6),
            "jack_of_hearts": None,
            "bonus": per(2, 2, 2),
        },
    ]
    assert doc["totals"] == per(9, 23, 15)
    assert doc["outcome"] == {"finished": True, "winner": "North", "draw": False}
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)
    assert doc["options"] == {"target": 20, "first_dealer": "North"}


def test_a_tie_at_the_top_past_the_target_plays_on():
    # target 20: 3/3/0 parcels, 10/10/0 cards: 13 / 13 / 0; then 3/3/0, 8/8/0: 24 / 24 / 0, tied at
    # the top: the third deal is dealt by South, passing left.
    run = run_main(
        ["score", "parcellus"],
        {
            "sides": SIDES,
            "options": {"target": 20},
            "deals": [deal((3, 3, 0), (10, 10, 0), None), deal((3, 3, 0), (8, 8, 0), None)],
        },
    )

    doc = run.doc
    assert doc["totals"] == per(24, 24, 0)
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert doc["next_dealer"] == "South"
    assert doc["next_deal"] == {"dealer": "South", "pass": "left"}


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"cards": per(2, 12, 5), "jack_of_hearts": None}, "parcels"),
        ({"parcels": per(1, 4, 1), "jack_of_hearts": None}, "cards"),
        ({"parcels": per(1, 4, 1), "cards": per(2, 12, 5)}, "jack_of_hearts"),
        ({**deal((1, 4, 1), (2, 12, 5), None), "parcels": per(1, 4, 2)}, "parcels"),
        ({**deal((1, 4, 1), (2, 12, 5), None), "parcels": {"West": 1, "North": 5}}, "parcels"),
        ({**deal((1, 4, 1), (2, 12, 5), None), "cards": per(2, 12, 11)}, "cards"),  # 25 > 24
        ({**deal((1, 4, 1), (2, 3, 5), None)}, "cards"),  # 4 parcels, 3 cards
        ({**deal((2, 4, 0), (2, 12, 1), None)}, "cards"),  # no parcel, 1 card
        ({**deal((1, 4, 1), (2, 12, 5), None), "cards": {**per(2, 12, 5), "North": True}}, "cards"),
        (deal((1, 4, 1), (2, 12, 5), "south"), "jack_of_hearts"),
        (deal((2, 4, 0), (2, 12, 0), "South"), "jack_of_hearts"),
        (deal((2, 2, 2), (8, 8, 8), None), "jack_of_hearts"),
        ({**deal((2, 2, 2), (8, 8, 8), "West"), "dealer": "West"}, "dealer"),
    ],
)
def test_bad_entries_name_the_field_and_the_rule_they_break(entry, field):
    assert error_of([entry]) == (0, field)
