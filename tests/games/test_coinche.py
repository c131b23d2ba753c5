"""La Coinche (docs/games/coinche.md): validation, every scoring clause, options, presets, matches.

Every expected number below was worked out by hand from the spec; the arithmetic is in the ids
and comments. The spec's own worked examples are replayed by test_spec_examples.py.
"""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GameError, IllegalDealError, OptionError, find_game
from games.cli import main
from tests.games.cli_support import run_cli
from tests.paths import DATA

GAME = find_game("coinche")
SIDES = ["NS", "EW"]


def play(deals: list[Any], **options: Any) -> dict[str, Any]:
    return GAME.replay(options, SIDES, deals).as_json()


def deal(entry: dict[str, Any], **options: Any) -> dict[str, Any]:
    return play([entry], **options)["deals"][0]


def scores(entry: dict[str, Any], **options: Any) -> tuple[int, int]:
    out = deal(entry, **options)["scores"]
    return out["NS"], out["EW"]


def error(deals: list[Any], **options: Any) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        GAME.replay(options, SIDES, deals)
    return caught.value.deal, caught.value.field


def option_error(**options: Any) -> str | None:
    with pytest.raises(OptionError) as caught:
        GAME.replay(options, SIDES, [])
    return caught.value.field


def ns(bid: Any, trump: str, ns_points: int, ew_points: int, **more: Any) -> dict[str, Any]:
    """An entry where NS take."""
    return {"taker": "NS", "bid": bid, "trump": trump, "points": {"NS": ns_points, "EW": ew_points}, **more}


def ew(bid: Any, trump: str, ns_points: int, ew_points: int, **more: Any) -> dict[str, Any]:
    """An entry where EW take."""
    return {"taker": "EW", "bid": bid, "trump": trump, "points": {"NS": ns_points, "EW": ew_points}, **more}


def tierce(top: str, suit: str) -> dict[str, str]:
    return {"meld": "tierce", "top": top, "suit": suit}


def quarte(top: str, suit: str) -> dict[str, str]:
    return {"meld": "quarte", "top": top, "suit": suit}


def quinte(top: str, suit: str) -> dict[str, str]:
    return {"meld": "quinte", "top": top, "suit": suit}


def carre(rank: str) -> dict[str, str]:
    return {"meld": "carre", "rank": rank}


GOOD = ns(100, "hearts", 112, 50)
DEAD = {"dead": True}


# -- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "options", "field"),
    [
        pytest.param([1, 2], {}, None, id="not an object"),
        pytest.param("dead", {}, None, id="a string"),
        pytest.param({**GOOD, "contract": 100}, {}, "contract", id="unknown key"),
        pytest.param({"dead": "yes", "zzz": 1}, {}, "zzz", id="unknown key is checked first"),
        pytest.param({"dead": "yes"}, {}, "dead", id="dead not a boolean"),
        pytest.param({"dead": None}, {}, "dead", id="dead null"),
        pytest.param({"dead": 1}, {}, "dead", id="dead 1 is not true"),
        pytest.param({"dead": True, "taker": "NS"}, {}, "taker", id="dead with taker"),
        pytest.param(
            {"dead": True, "melds": {}, "points": {"NS": 81, "EW": 81}, "bid": 80},
            {},
            "bid",
            id="dead with several other fields",
        ),
        pytest.param({"dead": True, "double": "none"}, {}, "double", id="dead with a default-valued field"),
        pytest.param({"dead": True, "belote": None}, {}, "belote", id="dead with belote null"),
        pytest.param({"dead": True, "capot": None}, {}, "capot", id="dead with capot null"),
        pytest.param({"dead": True, "melds": {}}, {}, "melds", id="dead with empty melds"),
        pytest.param({"dead": False}, {}, "taker", id="not dead: taker required"),
        pytest.param({}, {}, "taker", id="empty entry: taker required"),
        pytest.param({"taker": "NS"}, {}, "bid", id="bid required"),
        pytest.param({"taker": "NS", "bid": 80}, {}, "trump", id="trump required"),
        pytest.param({"taker": "NS", "bid": 80, "trump": "hearts"}, {}, "points", id="points required"),
        pytest.param({**GOOD, "taker": "N"}, {}, "taker", id="taker not a side"),
        pytest.param({**GOOD, "taker": "ns"}, {}, "taker", id="taker case matters"),
        pytest.param({**GOOD, "taker": None}, {}, "taker", id="taker null"),
        pytest.param({**GOOD, "taker": "X", "bid": 5}, {}, "taker", id="taker before bid"),
        pytest.param({**GOOD, "bid": 85}, {}, "bid", id="bid not a multiple of 10"),
        pytest.param({**GOOD, "bid": 70}, {}, "bid", id="bid below 80"),
        pytest.param({**GOOD, "bid": 260}, {}, "bid", id="bid above 250"),
        pytest.param({**GOOD, "bid": "100"}, {}, "bid", id="bid as a string"),
        pytest.param({**GOOD, "bid": 100.0}, {}, "bid", id="bid as a float"),
        pytest.param({**GOOD, "bid": True}, {}, "bid", id="bid true"),
        pytest.param({**GOOD, "bid": "Capot"}, {}, "bid", id="capot spelled with a capital"),
        pytest.param({**GOOD, "bid": None}, {}, "bid", id="bid null"),
        pytest.param({**GOOD, "bid": 75, "trump": "stars"}, {}, "bid", id="bid before trump"),
        pytest.param({**GOOD, "trump": "stars"}, {}, "trump", id="trump unknown"),
        pytest.param({**GOOD, "trump": "Hearts"}, {}, "trump", id="trump case matters"),
        pytest.param({**GOOD, "trump": "no-trump"}, {}, "trump", id="no-trump needs the option"),
        pytest.param({**GOOD, "trump": "all-trump"}, {}, "trump", id="all-trump needs the option"),
        pytest.param(
            {**GOOD, "trump": "all-trump"},
            {"no_trump": True},
            "trump",
            id="no_trump does not allow all-trump",
        ),
        pytest.param({**GOOD, "double": "redouble"}, {}, "double", id="double unknown"),
        pytest.param({**GOOD, "double": None}, {}, "double", id="double null"),
        pytest.param(
            ns("capot", "hearts", 162, 0, double="coinche"),
            {"capot_doublable": False},
            "double",
            id="capot bid coinched when not doublable",
        ),
        pytest.param(
            ns("capot", "hearts", 162, 0, double="surcoinche"),
            {"preset": "pagat"},
            "double",
            id="pagat: capot bid cannot be surcoinched",
        ),
        pytest.param({**GOOD, "points": {"NS": 162}}, {}, "points", id="points: a side missing"),
        pytest.param(
            {**GOOD, "points": {"NS": 112, "EW": 50, "X": 0}}, {}, "points", id="points: not a side"
        ),
        pytest.param({**GOOD, "points": {"NS": 163, "EW": -1}}, {}, "points", id="points: negative"),
        pytest.param({**GOOD, "points": {"NS": 112.0, "EW": 50}}, {}, "points", id="points: a float"),
        pytest.param({**GOOD, "points": {"NS": 112, "EW": 51}}, {}, "points", id="points add up to 163"),
        pytest.param({**GOOD, "points": {"NS": 100, "EW": 50}}, {}, "points", id="points add up to 150"),
        pytest.param({**GOOD, "points": [112, 50]}, {}, "points", id="points a list"),
        pytest.param({**GOOD, "points": None}, {}, "points", id="points null"),
        pytest.param(
            ns(90, "no-trump", 100, 62), {"no_trump": True}, "points", id="no-trump parlett: 130, not 162"
        ),
        pytest.param(
            ns(90, "no-trump", 140, -10), {"no_trump": True}, "points", id="no-trump: above 130 per side"
        ),
        pytest.param(
            ns(90, "all-trump", 100, 62), {"all_trump": True}, "points", id="all-trump parlett: 258, not 162"
        ),
        pytest.param(
            ns(90, "no-trump", 100, 30),
            {"no_trump": True, "point_scale": "ffb"},
            "points",
            id="no-trump ffb scale: 162, not 130",
        ),
        pytest.param({**GOOD, "capot": "N"}, {}, "capot", id="capot not a side"),
        pytest.param({**GOOD, "capot": "NS"}, {}, "capot", id="capot side without all the points"),
        pytest.param(ns(100, "hearts", 0, 162, capot="NS"), {}, "capot", id="capot side with 0 points"),
        pytest.param(
            ns(100, "no-trump", 130, 0, capot="EW"),
            {"no_trump": True},
            "capot",
            id="capot names the wrong side",
        ),
        pytest.param({**GOOD, "belote": "N"}, {}, "belote", id="belote not a side"),
        pytest.param({**GOOD, "belote": ["NS", 1]}, {}, "belote", id="belote list with a non-side"),
        pytest.param({**GOOD, "belote": 1}, {}, "belote", id="belote a number"),
        pytest.param({**GOOD, "belote": ["NS", "EW"]}, {}, "belote", id="two belotes in a suit contract"),
        pytest.param({**GOOD, "belote": ["NS", "NS"]}, {}, "belote", id="two belotes for one side in a suit"),
        pytest.param(
            ns(90, "no-trump", 100, 30, belote="NS"), {"no_trump": True}, "belote", id="belote at no-trump"
        ),
        pytest.param(
            ns(90, "no-trump", 100, 30, belote=["EW"]),
            {"no_trump": True},
            "belote",
            id="belote list at no-trump",
        ),
        pytest.param(
            ns(90, "all-trump", 150, 108, belote=["NS", "NS", "EW", "EW", "NS"]),
            {"all_trump": True},
            "belote",
            id="five belotes at all-trump",
        ),
        pytest.param({**GOOD, "melds": None}, {}, "melds", id="melds null"),
        pytest.param({**GOOD, "melds": []}, {}, "melds", id="melds a list"),
        pytest.param({**GOOD, "melds": {"N": []}}, {}, "melds", id="melds key not a side"),
        pytest.param(
            {**GOOD, "melds": {"NS": tierce("A", "clubs")}}, {}, "melds", id="melds value not a list"
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [{"meld": "tierce", "top": "A"}]}}, {}, "melds", id="meld missing suit"
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [{**carre("A"), "suit": "clubs"}]}}, {}, "melds", id="carre with a suit"
        ),
        pytest.param({**GOOD, "melds": {"NS": [{"meld": "sixte"}]}}, {}, "melds", id="unknown meld"),
        pytest.param({**GOOD, "melds": {"NS": [{"meld": ["tierce"]}]}}, {}, "melds", id="meld name a list"),
        pytest.param({**GOOD, "melds": {"NS": [tierce("1", "clubs")]}}, {}, "melds", id="unknown rank"),
        pytest.param({**GOOD, "melds": {"NS": [tierce("A", "stars")]}}, {}, "melds", id="unknown suit"),
        pytest.param({**GOOD, "melds": {"NS": [carre(10)]}}, {}, "melds", id="rank as a number"),
        pytest.param(
            {**GOOD, "melds": {"NS": [tierce("8", "clubs")]}}, {}, "melds", id="tierce headed by the 8"
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [quarte("9", "clubs")]}}, {}, "melds", id="quarte headed by the 9"
        ),
        pytest.param(
            {**GOOD, "melds": {"EW": [quinte("10", "clubs")]}}, {}, "melds", id="quinte headed by 10"
        ),
        pytest.param({**GOOD, "melds": {"NS": [carre("8")]}}, {}, "melds", id="four 8s never count"),
        pytest.param({**GOOD, "melds": {"EW": [carre("7")]}}, {}, "melds", id="four 7s never count"),
        pytest.param(
            ns(90, "no-trump", 100, 30, melds={"NS": [carre("9")]}),
            {"no_trump": True},
            "melds",
            id="four Nines at no-trump",
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [tierce("K", "hearts"), carre("Q")]}},
            {},
            "melds",
            id="tierce K-Q-J and carre of Queens share the Q",
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [tierce("A", "clubs")], "EW": [quarte("K", "clubs")]}},
            {},
            "melds",
            id="a card in declarations of both sides",
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [tierce("A", "clubs"), tierce("A", "clubs")]}},
            {},
            "melds",
            id="the same tierce twice",
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [quinte("J", "spades")], "EW": [carre("7")]}},
            {},
            "melds",
            id="four 7s next to a quinte",
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [tierce("A", "clubs")]}},
            {"declarations": False},
            "melds",
            id="declarations off",
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [], "EW": [tierce("A", "clubs")]}},
            {"preset": "pagat"},
            "melds",
            id="pagat: declarations off",
        ),
    ],
)
def test_it_rejects_a_bad_entry_on_the_right_field(entry, options, field):
    assert error([entry], **options) == (0, field)


@pytest.mark.parametrize(
    ("entry", "options"),
    [
        pytest.param(DEAD, {}, id="dead alone"),
        pytest.param({**GOOD, "dead": False}, {}, id="dead false with a contract"),
        pytest.param({**GOOD, "bid": 80}, {}, id="bid 80"),
        pytest.param({**GOOD, "bid": 250}, {}, id="bid 250"),
        pytest.param(ns("capot", "hearts", 150, 12), {}, id="capot bid"),
        pytest.param(ns(90, "no-trump", 100, 30), {"no_trump": True}, id="no-trump allowed"),
        pytest.param(ns(90, "all-trump", 150, 108), {"all_trump": True}, id="all-trump allowed"),
        pytest.param(
            ns(90, "all-trump", 100, 62), {"all_trump": True, "point_scale": "ffb"}, id="all-trump ffb: 162"
        ),
        pytest.param({**GOOD, "double": "surcoinche"}, {}, id="surcoinche"),
        pytest.param(
            ns("capot", "hearts", 162, 0, double="none"), {"capot_doublable": False}, id="undoubled capot"
        ),
        pytest.param(ns("capot", "hearts", 162, 0, double="coinche"), {}, id="capot coinched by default"),
        pytest.param({**GOOD, "capot": None}, {}, id="capot null"),
        pytest.param(ns(100, "hearts", 162, 0, capot="NS"), {}, id="capot with all the points"),
        pytest.param(ns(100, "hearts", 0, 162, capot="EW"), {}, id="capot by the defence"),
        pytest.param({**GOOD, "belote": None}, {}, id="belote null"),
        pytest.param({**GOOD, "belote": []}, {}, id="belote empty list"),
        pytest.param({**GOOD, "belote": ["EW"]}, {}, id="belote one-item list"),
        pytest.param(
            ns(90, "no-trump", 100, 30, belote=[]), {"no_trump": True}, id="empty belote at no-trump"
        ),
        pytest.param(
            ns(90, "no-trump", 100, 30, belote=None), {"no_trump": True}, id="null belote at no-trump"
        ),
        pytest.param(
            ns(90, "all-trump", 150, 108, belote=["NS", "NS", "EW", "EW"]),
            {"all_trump": True},
            id="four belotes at all-trump",
        ),
        pytest.param({**GOOD, "melds": {}}, {}, id="melds empty object"),
        pytest.param(
            {**GOOD, "melds": {"NS": []}}, {"declarations": False}, id="empty lists, declarations off"
        ),
        pytest.param({**GOOD, "melds": {"EW": [tierce("9", "clubs")]}}, {}, id="tierce 9-8-7"),
        pytest.param({**GOOD, "melds": {"EW": [quarte("10", "clubs")]}}, {}, id="quarte 10-9-8-7"),
        pytest.param({**GOOD, "melds": {"EW": [quinte("J", "clubs")]}}, {}, id="quinte J-10-9-8-7"),
        pytest.param({**GOOD, "melds": {"NS": [carre("9")]}}, {}, id="four Nines in a suit contract"),
        pytest.param(
            {**GOOD, "melds": {"NS": [tierce("A", "clubs"), quarte("J", "clubs")]}},
            {},
            id="two runs in one suit that share no card",
        ),
        pytest.param(
            {**GOOD, "belote": "NS", "melds": {"NS": [tierce("K", "hearts")]}},
            {},
            id="belote cards may also be in a declaration",
        ),
        pytest.param(
            {**GOOD, "melds": {"NS": [carre("J"), carre("9")], "EW": [carre("A"), carre("K")]}},
            {},
            id="several declarations without a shared card",
        ),
    ],
)
def test_it_accepts_a_valid_entry(entry, options):
    assert len(play([entry], **options)["deals"]) == 1


def test_it_names_the_first_other_field_of_a_dead_deal():
    with pytest.raises(IllegalDealError) as caught:
        GAME.replay({}, SIDES, [{"dead": True, "melds": {}, "points": {"NS": 81, "EW": 81}, "bid": 80}])
    assert caught.value.field == "bid"


def test_it_reports_the_index_of_the_bad_deal():
    assert error([GOOD, DEAD, {**GOOD, "bid": 95}]) == (2, "bid")


def test_it_refuses_a_deal_after_the_end():
    finished = [ns("capot", "hearts", 162, 0, capot="NS", double="coinche")]  # (250 + 250) × 2 = 1000
    assert play(finished)["outcome"]["finished"] is True
    assert error([*finished, DEAD]) == (1, None)
    assert error([*finished, {"garbage": 1}]) == (1, None)


# -- options and presets ------------------------------------------------------------------------


PARLETT = {
    "preset": "parlett",
    "target": 1000,
    "made_test": "beat_defence",
    "tie_rule": "failed",
    "double_formula": "all_scores",
    "surcoinche_factor": 4,
    "failed_capot_value": 500,
    "capot_doublable": True,
    "unbid_capot_bonus": True,
    "melds_to_winner": False,
    "belote_in_contract": True,
    "belote_on_failure": "stays",
    "declarations": True,
    "no_trump": False,
    "all_trump": False,
    "point_scale": "parlett",
    "belote_alone_cannot_win": False,
    "final_tie": "extra_deal",
    "generale": False,
    "rounding": "deal",
    "first_dealer": 0,
}
FFB = {
    **PARLETT,
    "preset": "ffb",
    "double_formula": "winner_takes_all",
    "failed_capot_value": 410,
    "melds_to_winner": True,
    "point_scale": "ffb",
    "belote_alone_cannot_win": True,
}
PAGAT = {
    **PARLETT,
    "preset": "pagat",
    "target": 2000,
    "made_test": "reach_bid",
    "double_formula": "bid_only",
    "capot_doublable": False,
    "declarations": False,
    "point_scale": "ffb",
    "final_tie": "last_contract_winner",
}


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        pytest.param({}, PARLETT, id="default is parlett"),
        pytest.param({"preset": "parlett"}, PARLETT, id="parlett"),
        pytest.param({"preset": "ffb"}, FFB, id="ffb"),
        pytest.param({"preset": "pagat"}, PAGAT, id="pagat"),
        pytest.param(
            {"preset": "ffb", "tie_rule": "litige", "first_dealer": 2},
            {**FFB, "tie_rule": "litige", "first_dealer": 2},
            id="options override the preset",
        ),
    ],
)
def test_it_echoes_the_effective_options(options, expected):
    assert play([], **options)["options"] == expected


def test_it_lets_the_command_line_override_the_match_file():
    state = GAME.replay({"preset": "ffb", "target": 500}, SIDES, [], {"preset": "pagat", "target": 700})
    assert state.as_json()["options"] == {**PAGAT, "target": 700}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        pytest.param({"preset": "belote"}, "preset", id="unknown preset"),
        pytest.param({"trumps": True}, "trumps", id="unknown option"),
        pytest.param({"target": 5}, "target", id="target below 10"),
        pytest.param({"target": 1000.0}, "target", id="target a float"),
        pytest.param({"target": None}, "target", id="target null"),
        pytest.param({"made_test": "reach"}, "made_test", id="made_test"),
        pytest.param({"tie_rule": "replay"}, "tie_rule", id="tie_rule"),
        pytest.param({"double_formula": "none"}, "double_formula", id="double_formula"),
        pytest.param({"surcoinche_factor": 2}, "surcoinche_factor", id="surcoinche_factor 2"),
        pytest.param({"surcoinche_factor": 4.0}, "surcoinche_factor", id="surcoinche_factor 4.0"),
        pytest.param({"failed_capot_value": 250}, "failed_capot_value", id="failed_capot_value"),
        pytest.param({"capot_doublable": "no"}, "capot_doublable", id="capot_doublable"),
        pytest.param({"unbid_capot_bonus": 1}, "unbid_capot_bonus", id="unbid_capot_bonus"),
        pytest.param({"melds_to_winner": None}, "melds_to_winner", id="melds_to_winner"),
        pytest.param({"belote_in_contract": 0}, "belote_in_contract", id="belote_in_contract"),
        pytest.param({"belote_on_failure": "lost"}, "belote_on_failure", id="belote_on_failure"),
        pytest.param({"declarations": "yes"}, "declarations", id="declarations"),
        pytest.param({"no_trump": 1}, "no_trump", id="no_trump"),
        pytest.param({"all_trump": "true"}, "all_trump", id="all_trump"),
        pytest.param({"point_scale": "pagat"}, "point_scale", id="point_scale"),
        pytest.param({"belote_alone_cannot_win": None}, "belote_alone_cannot_win", id="belote_alone"),
        pytest.param({"final_tie": "draw"}, "final_tie", id="final_tie"),
        pytest.param({"first_dealer": 4}, "first_dealer", id="first_dealer 4"),
        pytest.param({"first_dealer": "NS"}, "first_dealer", id="first_dealer a side name"),
    ],
)
def test_it_rejects_a_bad_option(options, field):
    assert option_error(**options) == field


def test_it_rejects_bad_sides():
    with pytest.raises(GameError) as caught:
        GAME.replay({}, ["NS", "EW", "X"], [])
    assert caught.value.field == "sides"


# -- scoring: one deal at a time ---------------------------------------------------------------

SCORED = [
    # Step 1 and rounding (docs/games/README.md §9)
    pytest.param({}, ns(90, "diamonds", 95, 67), (190, 70), "made", id="made: round10(95)=100 + 90; 67 → 70"),
    pytest.param({}, ns(80, "clubs", 85, 77), (170, 80), "made", id="5 rounds up: 85 → 90 + 80; 77 → 80"),
    pytest.param({}, ns(80, "clubs", 84, 78), (160, 80), "made", id="84 rounds down: 80 + 80; 78 → 80"),
    pytest.param(
        {}, ns(100, "spades", 96, 66), (0, 260), "failed", id="96 < 100: rounding never makes it; 160 + 100"
    ),
    # Step 3, beat_defence
    pytest.param({}, ns(80, "hearts", 80, 82), (0, 240), "failed", id="bid reached but 80 < 82: failed"),
    pytest.param({}, ew(80, "hearts", 80, 82), (80, 160), "made", id="EW take: 82 > 80: 80 + 80; NS 80"),
    pytest.param(
        {}, ns(80, "spades", 71, 91, belote="NS"), (20, 240), "failed", id="tie 91-91 with belote fails"
    ),
    pytest.param(
        {"tie_rule": "made_if_bid_reached"},
        ns(80, "spades", 71, 91, belote="NS"),
        (170, 90),
        "made",
        id="made_if_bid_reached: round10(91)=90 + 80; EW 90",
    ),
    pytest.param(
        {"tie_rule": "made_if_bid_reached"},
        ns(100, "spades", 81, 81),
        (0, 260),
        "failed",
        id="made_if_bid_reached: tie below the bid still fails",
    ),
    pytest.param(
        {"tie_rule": "litige"},
        ns(80, "spades", 71, 91, belote="NS"),
        (0, 90),
        "litige",
        id="litige: NS 0 now, EW round10(91)=90",
    ),
    pytest.param(
        {"tie_rule": "litige"},
        ns(100, "spades", 81, 81),
        (0, 260),
        "failed",
        id="litige needs the bid reached",
    ),
    # beat_defence_plus_two
    pytest.param(
        {"made_test": "beat_defence_plus_two"}, ns(90, "hearts", 91, 71), (0, 250), "failed", id="+2: 91 < 92"
    ),
    pytest.param(
        {"made_test": "beat_defence_plus_two"},
        ns(90, "hearts", 92, 70),
        (180, 70),
        "made",
        id="+2: 92 made: 90 + 90; 70",
    ),
    pytest.param(
        {"made_test": "beat_defence_plus_two"},
        ns(80, "hearts", 81, 81),
        (0, 240),
        "failed",
        id="+2: 81 < 82",
    ),
    pytest.param(
        {"made_test": "beat_defence_plus_two", "tie_rule": "made_if_bid_reached"},
        ns(80, "hearts", 81, 81),
        (0, 240),
        "failed",
        id="+2: tie below bid + 2 is failed whatever tie_rule",
    ),
    pytest.param(
        {"made_test": "beat_defence_plus_two", "tie_rule": "made_if_bid_reached"},
        ns(80, "hearts", 71, 91, belote="NS"),
        (170, 90),
        "made",
        id="+2: tie 91-91 ≥ 82 goes to tie_rule",
    ),
    pytest.param(
        {"made_test": "beat_defence_plus_two", "tie_rule": "litige"},
        ns(80, "hearts", 71, 91, belote="NS"),
        (0, 90),
        "litige",
        id="+2: litige",
    ),
    pytest.param(
        {"made_test": "beat_defence_plus_two"},
        ns(90, "hearts", 92, 70, belote="EW"),
        (180, 90),
        "made",
        id="+2: 92 ≥ 92 and beats 70 + 20: 90 + 90; EW 90",
    ),
    # reach_bid
    pytest.param(
        {"made_test": "reach_bid"}, ns(80, "hearts", 82, 80), (160, 80), "made", id="reach_bid: 82 for 80"
    ),
    pytest.param(
        {"made_test": "reach_bid"}, ns(80, "hearts", 81, 81), (0, 240), "failed", id="reach_bid: 81 < 82"
    ),
    pytest.param(
        {"made_test": "reach_bid"}, ns(90, "hearts", 90, 72), (180, 70), "made", id="reach_bid: 90 for 90"
    ),
    pytest.param(
        {"made_test": "reach_bid", "tie_rule": "litige"},
        ns(80, "hearts", 71, 91, belote="NS"),
        (170, 90),
        "made",
        id="reach_bid: no ties, 91 ≥ 82 made",
    ),
    pytest.param(
        {"made_test": "reach_bid"},
        ns(100, "hearts", 90, 72, belote="NS", melds={"EW": [quarte("K", "spades")]}),
        (210, 120),
        "made",
        id="reach_bid: 110 made though EW have 122: 110 → 110 + 100; EW 122 → 120",
    ),
    pytest.param(
        {},
        ns(100, "hearts", 90, 72, belote="NS", melds={"EW": [quarte("K", "spades")]}),
        (20, 310),
        "failed",
        id="beat_defence: 110 < 122 failed: NS belote 20; EW 160 + 100 + 50",
    ),
    # belote_in_contract
    pytest.param(
        {}, ns(90, "hearts", 85, 77, belote="NS"), (200, 80), "made", id="belote counts: 105 → 110 + 90; 80"
    ),
    pytest.param(
        {"belote_in_contract": False},
        ns(90, "hearts", 85, 77, belote="NS"),
        (20, 250),
        "failed",
        id="belote_in_contract false: 85 < 90; NS keep 20, EW 160 + 90",
    ),
    pytest.param(
        {"belote_in_contract": False},
        ns(80, "hearts", 90, 72, belote="EW"),
        (170, 90),
        "made",
        id="belote_in_contract false: 90 beats 72 (EW's belote left out); 90 + 80; EW 72 + 20 → 90",
    ),
    # belote scored by the defence, and on failure
    pytest.param(
        {}, ns(100, "hearts", 110, 52, belote="EW"), (210, 70), "made", id="defence belote: 52 + 20 → 70"
    ),
    pytest.param(
        {}, ns(100, "hearts", 70, 92, belote="NS"), (20, 260), "failed", id="failed taker keeps belote 20"
    ),
    pytest.param(
        {"belote_on_failure": "to_defence"},
        ns(100, "hearts", 70, 92, belote="NS"),
        (0, 280),
        "failed",
        id="to_defence: EW 160 + 100 + 20",
    ),
    pytest.param(
        {"belote_on_failure": "to_defence"},
        ns(100, "hearts", 112, 50, belote="NS"),
        (230, 50),
        "made",
        id="to_defence does nothing on a made contract",
    ),
    pytest.param(
        {}, ns(100, "hearts", 70, 92, belote="EW"), (0, 280), "failed", id="failed: EW 160 + 100 + belote 20"
    ),
    # Step 5, all_scores (parlett)
    pytest.param(
        {},
        ns(120, "clubs", 130, 32, double="coinche"),
        (500, 60),
        "made",
        id="all_scores coinche made: (130 + 120) × 2; 30 × 2",
    ),
    pytest.param(
        {},
        ns(120, "clubs", 100, 62, double="surcoinche"),
        (0, 1120),
        "failed",
        id="all_scores surcoinche failed: (160 + 120) × 4",
    ),
    pytest.param(
        {"surcoinche_factor": 3},
        ns(120, "clubs", 100, 62, double="surcoinche"),
        (0, 840),
        "failed",
        id="surcoinche factor 3: (160 + 120) × 3",
    ),
    pytest.param(
        {"surcoinche_factor": 3},
        ns(80, "hearts", 100, 62, double="surcoinche"),
        (540, 180),
        "made",
        id="surcoinche factor 3 made: (100 + 80) × 3; 60 × 3",
    ),
    pytest.param(
        {},
        ns(100, "hearts", 70, 92, double="coinche", belote="NS", melds={"EW": [quarte("10", "diamonds")]}),
        (40, 620),
        "failed",
        id="all_scores failed: NS 20 × 2; EW (160 + 100 + 50) × 2",
    ),
    # Step 5, winner_takes_all
    pytest.param(
        {"double_formula": "winner_takes_all"},
        ns(90, "diamonds", 95, 67, belote="EW"),
        (190, 90),
        "made",
        id="wta undoubled = all_scores: 100 + 90; 67 + 20 → 90",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns(120, "clubs", 130, 32, double="coinche", belote="EW"),
        (560, 20),
        "made",
        id="ffb coinche made: (160 + 120) × 2; EW keeps belote 20",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns(
            100,
            "clubs",
            110,
            52,
            double="coinche",
            melds={"NS": [tierce("A", "clubs")], "EW": [quarte("10", "diamonds")]},
        ),
        (620, 0),
        "made",
        id="ffb coinche made, EW melds pass: (160 + 0 + 50 + 0 + 100) × 2",
    ),
    pytest.param(
        {"preset": "ffb", "melds_to_winner": False},
        ns(
            100,
            "clubs",
            110,
            52,
            double="coinche",
            melds={"NS": [tierce("A", "clubs")], "EW": [quarte("10", "diamonds")]},
        ),
        (520, 0),
        "made",
        id="wta without melds_to_winner: (160 + 100) × 2, EW's melds lost",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns(120, "spades", 65, 97, double="coinche", melds={"NS": [quarte("K", "hearts")]}),
        (0, 660),
        "failed",
        id="ffb coinche failed, NS melds pass: (160 + 120 + 50) × 2",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns(100, "hearts", 70, 92, double="surcoinche", belote="NS"),
        (20, 1040),
        "failed",
        id="ffb surcoinche failed: NS belote 20 not multiplied; (160 + 100) × 4",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns(100, "hearts", 112, 50, double="coinche", belote="NS"),
        (560, 0),
        "made",
        id="ffb coinche made with taker belote: (160 + 20 + 100) × 2",
    ),
    # Step 5, bid_only
    pytest.param(
        {"preset": "pagat"},
        ns(90, "hearts", 100, 62, double="coinche"),
        (280, 60),
        "made",
        id="bid_only coinche made: 100 + 90 × 2; 60",
    ),
    pytest.param(
        {"preset": "pagat"},
        ns(90, "hearts", 80, 82, double="surcoinche"),
        (0, 520),
        "failed",
        id="bid_only surcoinche failed: 160 + 90 × 4",
    ),
    pytest.param(
        {"preset": "pagat"},
        ns(100, "hearts", 70, 92, double="coinche", belote="EW"),
        (0, 380),
        "failed",
        id="bid_only failed: 160 + 100 × 2 + belote 20",
    ),
    pytest.param(
        {"preset": "pagat"},
        ns(100, "hearts", 70, 92, double="coinche", belote="NS"),
        (20, 360),
        "failed",
        id="bid_only failed taker keeps belote 20 undoubled",
    ),
    pytest.param(
        {"double_formula": "bid_only"},
        ns(100, "hearts", 70, 92, double="coinche", melds={"EW": [quarte("10", "diamonds")]}),
        (0, 410),
        "failed",
        id="bid_only failed with EW melds: 160 + 200 + 50",
    ),
    pytest.param(
        {"double_formula": "bid_only"},
        ns(90, "hearts", 110, 52, double="coinche", melds={"EW": [tierce("A", "clubs")]}),
        (290, 70),
        "made",
        id="bid_only made: 110 + 90 × 2; EW 52 + 20 → 70 undoubled",
    ),
    # capot
    pytest.param(
        {},
        ns("capot", "hearts", 162, 0, capot="NS", double="coinche"),
        (1000, 0),
        "made",
        id="capot bid made, coinched: (round10(252) + 250) × 2",
    ),
    pytest.param({}, ns("capot", "hearts", 150, 12), (0, 500), "failed", id="capot bid failed: 500"),
    pytest.param(
        {},
        ns("capot", "hearts", 150, 12, belote="EW"),
        (0, 520),
        "failed",
        id="capot failed: 500 + belote 20",
    ),
    pytest.param(
        {}, ns("capot", "hearts", 150, 12, double="coinche"), (0, 1000), "failed", id="capot failed coinched"
    ),
    pytest.param(
        {"failed_capot_value": 410}, ns("capot", "hearts", 150, 12), (0, 410), "failed", id="failed capot 410"
    ),
    pytest.param(
        {}, ns("capot", "hearts", 0, 162, capot="EW"), (0, 500), "failed", id="capot bid, EW take all: failed"
    ),
    pytest.param(
        {}, ns("capot", "hearts", 162, 0), (0, 500), "failed", id="capot bid with 162 but capot null: failed"
    ),
    pytest.param(
        {"preset": "ffb"},
        ns("capot", "hearts", 162, 0, capot="NS", double="coinche", belote="NS"),
        (1040, 0),
        "made",
        id="ffb capot coinched: (250 + 20 + 250) × 2",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns("capot", "spades", 150, 12, melds={"EW": [carre("K")]}),
        (0, 510),
        "failed",
        id="ffb failed capot: 410 + carre 100",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns(
            "capot",
            "hearts",
            162,
            0,
            capot="NS",
            double="coinche",
            melds={"NS": [tierce("A", "hearts")], "EW": [quarte("K", "clubs")]},
        ),
        (1100, 0),
        "made",
        id="ffb capot takes EW's melds once: (250 + 50 + 250) × 2",
    ),
    pytest.param(
        {"double_formula": "bid_only"},
        ns("capot", "hearts", 150, 12, double="coinche"),
        (0, 750),
        "failed",
        id="bid_only failed capot coinched: 250 + 250 × 2",
    ),
    pytest.param({}, ns(100, "clubs", 162, 0, capot="NS"), (350, 0), "made", id="unbid capot: 250 + 100"),
    pytest.param(
        {"unbid_capot_bonus": False},
        ns(100, "clubs", 162, 0, capot="NS"),
        (260, 0),
        "made",
        id="no unbid capot bonus: 160 + 100",
    ),
    pytest.param(
        {"unbid_capot_bonus": False},
        ns("capot", "clubs", 162, 0, capot="NS"),
        (500, 0),
        "made",
        id="a bid capot keeps its bonus: 250 + 250",
    ),
    pytest.param({}, ns(100, "clubs", 162, 0), (260, 0), "made", id="capot never inferred: 160 + 100"),
    pytest.param(
        {"preset": "ffb"},
        ns(100, "clubs", 162, 0, capot="NS", double="coinche"),
        (700, 0),
        "made",
        id="ffb unbid capot coinched: (250 + 100) × 2",
    ),
    pytest.param(
        {"preset": "ffb", "unbid_capot_bonus": False},
        ns(100, "clubs", 162, 0, capot="NS", double="coinche"),
        (520, 0),
        "made",
        id="ffb unbid capot coinched without bonus: (160 + 100) × 2",
    ),
    pytest.param(
        {},
        ns(
            100,
            "clubs",
            162,
            0,
            capot="NS",
            melds={"NS": [tierce("A", "hearts")], "EW": [quarte("Q", "diamonds")]},
        ),
        (350, 50),
        "made",
        id="parlett unbid capot: EW keep their melds 50",
    ),
    pytest.param(
        {"preset": "ffb"},
        ns(
            100,
            "clubs",
            162,
            0,
            capot="NS",
            melds={"NS": [tierce("A", "hearts")], "EW": [quarte("Q", "diamonds")]},
        ),
        (400, 0),
        "made",
        id="ffb unbid capot takes EW's melds: round10(252 + 50) + 100",
    ),
    pytest.param(
        {}, ns(100, "hearts", 0, 162, capot="EW"), (0, 260), "failed", id="defence capot: 160 + 100"
    ),
    # no-trump and all-trump
    pytest.param(
        {"no_trump": True}, ns(100, "no-trump", 100, 30), (200, 30), "made", id="no-trump: 100 + 100; 30"
    ),
    pytest.param(
        {"no_trump": True}, ns(90, "no-trump", 60, 70), (0, 220), "failed", id="no-trump failed: 130 + 90"
    ),
    pytest.param(
        {"no_trump": True, "point_scale": "ffb"},
        ns(90, "no-trump", 60, 102),
        (0, 250),
        "failed",
        id="no-trump ffb failed: 160 + 90",
    ),
    pytest.param(
        {"no_trump": True},
        ns("capot", "no-trump", 130, 0, capot="NS"),
        (470, 0),
        "made",
        id="no-trump capot: round10(220) + 250",
    ),
    pytest.param(
        {"all_trump": True}, ns(160, "all-trump", 170, 88), (330, 90), "made", id="all-trump: 170 + 160; 90"
    ),
    pytest.param(
        {"all_trump": True},
        ns(160, "all-trump", 150, 108),
        (0, 420),
        "failed",
        id="all-trump failed: 260 + 160",
    ),
    pytest.param(
        {"all_trump": True},
        ns("capot", "all-trump", 258, 0, capot="NS"),
        (600, 0),
        "made",
        id="all-trump capot: round10(348) + 250",
    ),
    pytest.param(
        {"all_trump": True},
        ns(120, "all-trump", 140, 118, belote=["NS", "NS", "EW"]),
        (300, 140),
        "made",
        id="all-trump belotes: 140 + 40 → 180 + 120; 118 + 20 → 140",
    ),
    pytest.param(
        {"all_trump": True, "point_scale": "ffb", "preset": "ffb"},
        ns(100, "all-trump", 100, 62, double="coinche"),
        (520, 0),
        "made",
        id="all-trump ffb coinched: (160 + 100) × 2",
    ),
    pytest.param(
        {"all_trump": True, "preset": "ffb", "point_scale": "parlett"},
        ns("capot", "all-trump", 258, 0, capot="NS", double="coinche"),
        (1200, 0),
        "made",
        id="all-trump parlett scale wta capot: (350 + 250) × 2",
    ),
]


@pytest.mark.parametrize(("options", "entry", "expected", "result"), SCORED)
def test_it_scores_a_deal(options, entry, expected, result):
    out = deal(entry, **options)
    assert (out["scores"]["NS"], out["scores"]["EW"]) == expected
    assert out["result"] == result


# -- declarations: which side scores -------------------------------------------------------------

MELDS = [
    pytest.param(
        "hearts", {"NS": [quinte("J", "clubs")], "EW": [carre("Q")]}, (0, 100), id="carre beats quinte"
    ),
    pytest.param(
        "hearts",
        {"NS": [tierce("K", "hearts")], "EW": [quarte("Q", "spades")]},
        (0, 50),
        id="value beats trump",
    ),
    pytest.param(
        "hearts",
        {"NS": [tierce("A", "spades")], "EW": [tierce("K", "diamonds")]},
        (20, 0),
        id="higher top card",
    ),
    pytest.param(
        "hearts",
        {"NS": [tierce("K", "hearts")], "EW": [tierce("K", "spades")]},
        (20, 0),
        id="trump breaks a tie",
    ),
    pytest.param(
        "clubs", {"NS": [tierce("K", "hearts")], "EW": [tierce("K", "clubs")]}, (0, 20), id="EW in trumps"
    ),
    pytest.param(
        "hearts",
        {"NS": [tierce("A", "diamonds")], "EW": [tierce("A", "clubs")]},
        (0, 0),
        id="exact tie: none",
    ),
    pytest.param(
        "hearts",
        {"NS": [tierce("A", "diamonds"), quarte("10", "spades")], "EW": [quarte("10", "clubs")]},
        (0, 0),
        id="tie of best melds: even NS's lesser tierce does not count",
    ),
    pytest.param("hearts", {"NS": [carre("9")], "EW": [carre("A")]}, (150, 0), id="carre of 9s beats Aces"),
    pytest.param("hearts", {"NS": [carre("K")], "EW": [carre("A")]}, (0, 100), id="carre A beats K"),
    pytest.param("hearts", {"NS": [carre("10")], "EW": [carre("K")]}, (100, 0), id="carre 10 beats K"),
    pytest.param("hearts", {"NS": [carre("Q")], "EW": [carre("K")]}, (0, 100), id="carre K beats Q"),
    pytest.param("hearts", {"NS": [carre("J")], "EW": [carre("9")]}, (200, 0), id="carre J beats 9"),
    pytest.param(
        "hearts",
        {"NS": [carre("J"), tierce("A", "diamonds")], "EW": [quarte("10", "clubs")]},
        (220, 0),
        id="holder scores all its melds: 200 + 20",
    ),
    pytest.param(
        "hearts",
        {"NS": [tierce("9", "clubs")], "EW": [quinte("A", "spades"), tierce("A", "diamonds")]},
        (0, 120),
        id="EW hold the best: 100 + 20",
    ),
    pytest.param("hearts", {"EW": [tierce("9", "clubs")]}, (0, 20), id="only one side declares"),
    pytest.param("hearts", {"NS": [], "EW": []}, (0, 0), id="nobody declares"),
    pytest.param(
        "all-trump",
        {"NS": [tierce("Q", "hearts")], "EW": [tierce("Q", "spades")]},
        (0, 0),
        id="all-trump: no trump suit breaks the tie",
    ),
    pytest.param("all-trump", {"NS": [carre("J")], "EW": [carre("9")]}, (200, 0), id="all-trump carre J 200"),
    pytest.param(
        "no-trump",
        {"NS": [tierce("K", "hearts")], "EW": [tierce("K", "spades")]},
        (0, 0),
        id="no-trump: tie stays a tie",
    ),
    pytest.param("no-trump", {"NS": [carre("A")], "EW": [carre("J")]}, (200, 0), id="no-trump carre A 200"),
    pytest.param("no-trump", {"NS": [carre("K")], "EW": [carre("10")]}, (0, 150), id="no-trump carre 10 150"),
    pytest.param("no-trump", {"NS": [carre("J")], "EW": [carre("Q")]}, (0, 100), id="no-trump: Q beats J"),
    pytest.param(
        "no-trump",
        {"NS": [carre("K")], "EW": [quinte("J", "clubs")]},
        (100, 0),
        id="no-trump: carre beats quinte",
    ),
]


@pytest.mark.parametrize(("trump", "melds", "expected"), MELDS)
def test_it_gives_the_declarations_to_the_best_meld(trump, melds, expected):
    points = {"hearts": (81, 81), "clubs": (81, 81), "all-trump": (129, 129), "no-trump": (65, 65)}[trump]
    entry = ns(80, trump, *points, melds=melds)
    out = deal(entry, no_trump=True, all_trump=True)
    assert (out["meld_points"]["NS"], out["meld_points"]["EW"]) == expected


def test_it_counts_declarations_toward_the_contract():
    # 90♠: NS 80 + quarte 50 = 130 > 82: made, round10(130) + 90 = 220; EW 82 → 80.
    out = deal(ns(90, "spades", 80, 82, melds={"NS": [quarte("A", "hearts")]}))
    assert (out["scores"], out["result"]) == ({"NS": 220, "EW": 80}, "made")
    # 90♠: NS 95 > 67, but EW 67 + quinte 100 = 167: failed, EW 160 + 90 + 100 = 350.
    out = deal(ns(90, "spades", 95, 67, melds={"EW": [quinte("K", "hearts")]}))
    assert (out["scores"], out["result"]) == ({"NS": 0, "EW": 350}, "failed")


# -- per-deal keys --------------------------------------------------------------------------------


def test_it_reports_the_contract_and_points_of_a_deal():
    out = deal(
        ns(120, "spades", 65, 97, double="coinche", belote="EW", melds={"NS": [quarte("K", "hearts")]}),
        preset="ffb",
    )
    # failed (65 + 50 = 115 < 120); NS's quarte goes to EW: (160 + 120 + 50 + 20) × 2 = 700.
    assert out["scores"] == {"NS": 0, "EW": 700}
    assert out["result"] == "failed"
    assert out["contract"] == {"taker": "NS", "bid": 120, "trump": "spades", "double": "coinche"}
    assert out["meld_points"] == {"NS": 0, "EW": 50}
    assert out["belote_points"] == {"NS": 0, "EW": 20}
    assert out["pot"] == 0
    assert "warnings" not in out


def test_it_reports_meld_points_after_transfers_only():
    entry = ns(120, "spades", 65, 97, melds={"NS": [quarte("K", "hearts")]})
    assert deal(entry)["meld_points"] == {"NS": 50, "EW": 0}  # parlett: no transfer (lost, not moved)
    assert deal(entry, preset="ffb")["meld_points"] == {"NS": 0, "EW": 50}


def test_it_reports_belote_points_after_transfers():
    entry = ns(100, "hearts", 70, 92, belote="NS")
    assert deal(entry)["belote_points"] == {"NS": 20, "EW": 0}
    assert deal(entry, belote_on_failure="to_defence")["belote_points"] == {"NS": 0, "EW": 20}


def test_it_reports_the_default_double_and_a_capot_bid():
    out = deal(ns("capot", "diamonds", 162, 0, capot="NS"))
    assert out["contract"] == {"taker": "NS", "bid": "capot", "trump": "diamonds", "double": "none"}


def test_it_scores_nothing_on_a_dead_deal():
    out = deal(DEAD)
    assert out == {
        "number": 1,
        "dealer": 0,
        "scores": {"NS": 0, "EW": 0},
        "breakdown": out["breakdown"],
        "running_totals": {"NS": 0, "EW": 0},
        "result": "dead",
        "contract": None,
        "meld_points": {"NS": 0, "EW": 0},
        "belote_points": {"NS": 0, "EW": 0},
        "pot": 0,
    }
    assert out["breakdown"]


def test_it_explains_every_deal_in_words():
    out = deal(ns(110, "diamonds", 121, 41, double="coinche", belote="NS"))
    text = " | ".join(out["breakdown"])
    assert "110♦" in text
    assert "× 2" in text
    assert "belote" in text
    assert "made" in text


# -- litige pot -----------------------------------------------------------------------------------

LITIGE_80 = ns(80, "spades", 71, 91, belote="NS")  # 91 - 91: NS pot round10(91) = 90, EW 90


def test_it_holds_the_takers_points_in_a_pot():
    doc = play([LITIGE_80], tie_rule="litige")
    assert doc["deals"][0]["scores"] == {"NS": 0, "EW": 90}
    assert doc["deals"][0]["pot"] == 90
    assert doc["pot"] == 90


def test_it_gives_the_pot_to_the_next_made_contract():
    deals = [
        LITIGE_80,  # NS 0, EW 90, pot 90
        DEAD,  # pot waits
        ns(100, "hearts", 70, 92),  # failed: EW 160 + 100 = 260, pot waits
        ew(100, "diamonds", 42, 120),  # EW made: 120 + 100 = 220 + pot 90 = 310; NS 40
        ns(90, "clubs", 100, 62),  # NS made: 190, EW 60; no pot left
    ]
    doc = play(deals, tie_rule="litige")
    assert [d["scores"] for d in doc["deals"]] == [
        {"NS": 0, "EW": 90},
        {"NS": 0, "EW": 0},
        {"NS": 0, "EW": 260},
        {"NS": 40, "EW": 310},
        {"NS": 190, "EW": 60},
    ]
    assert [d["pot"] for d in doc["deals"]] == [90, 90, 90, 0, 0]
    assert [d["result"] for d in doc["deals"]] == ["litige", "dead", "failed", "made", "made"]
    assert doc["totals"] == {"NS": 230, "EW": 720}
    assert doc["pot"] == 0


def test_it_adds_a_further_litige_to_the_pot():
    deals = [
        LITIGE_80,  # pot 90; EW 90
        ew(80, "hearts", 81, 81),  # EW 0 now, NS 80, pot 90 + 80 = 170
        ns(90, "hearts", 100, 62, double="coinche"),  # (100 + 90) × 2 = 380 + 170 = 550; EW 60 × 2 = 120
    ]
    doc = play(deals, tie_rule="litige")
    assert [d["scores"] for d in doc["deals"]] == [
        {"NS": 0, "EW": 90},
        {"NS": 80, "EW": 0},
        {"NS": 550, "EW": 120},
    ]
    assert [d["pot"] for d in doc["deals"]] == [90, 170, 0]


def test_it_multiplies_a_litige_only_under_all_scores():
    coinched = {**LITIGE_80, "double": "coinche"}
    doc = play([coinched], tie_rule="litige")  # all_scores: EW 90 × 2, pot 90 × 2
    assert (doc["deals"][0]["scores"], doc["pot"]) == ({"NS": 0, "EW": 180}, 180)
    doc = play([coinched], preset="ffb", tie_rule="litige")  # winner_takes_all: not multiplied
    assert (doc["deals"][0]["scores"], doc["pot"]) == ({"NS": 0, "EW": 90}, 90)
    doc = play([coinched], tie_rule="litige", double_formula="bid_only")
    assert (doc["deals"][0]["scores"], doc["pot"]) == ({"NS": 0, "EW": 90}, 90)


def test_it_adds_the_pot_after_the_deals_own_doubling():
    deals = [LITIGE_80, ew(100, "hearts", 52, 110, double="coinche")]
    doc = play(deals, preset="ffb", tie_rule="litige")
    # ffb coinche made by EW: (160 + 100) × 2 = 520, + pot 90 = 610; NS 0.
    assert doc["deals"][1]["scores"] == {"NS": 0, "EW": 610}


def test_it_leaves_a_pot_unscored_at_the_end():
    deals = [LITIGE_80, ew("capot", "hearts", 0, 162, capot="EW", double="coinche")]
    doc = play(deals, tie_rule="litige", target=300)
    # EW made capot: (250 + 250) × 2 = 1000 + pot 90; the match ends with the pot collected.
    assert doc["deals"][1]["scores"] == {"NS": 0, "EW": 1090}
    deals = [ns(100, "hearts", 112, 50), LITIGE_80, ew(80, "clubs", 122, 40)]
    doc = play(deals, tie_rule="litige", target=300)
    # 110 + 100 = 210 - 50; litige: EW +90 (140), pot 90; EW 80 failed: NS +240 → 450: NS win,
    # and the pot of 90 stays unscored.
    assert doc["totals"] == {"NS": 450, "EW": 140}
    assert doc["outcome"] == {"finished": True, "winner": "NS", "draw": False}
    assert doc["pot"] == 90


# -- the match ------------------------------------------------------------------------------------


def test_it_rotates_the_dealer_after_every_entry():
    doc = play([GOOD, DEAD, GOOD, DEAD, GOOD], first_dealer=2)
    assert [d["dealer"] for d in doc["deals"]] == [2, 3, 0, 1, 2]
    assert [d["number"] for d in doc["deals"]] == [1, 2, 3, 4, 5]
    assert doc["next_dealer"] == 3
    assert doc["next_deal"] == {"dealer": 3}


def test_it_starts_an_empty_match():
    doc = play([])
    assert doc["deals"] == []
    assert doc["totals"] == {"NS": 0, "EW": 0}
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert (doc["next_dealer"], doc["next_deal"], doc["pot"]) == (0, {"dealer": 0}, 0)
    assert doc["game"] == "coinche"
    assert doc["sides"] == SIDES


def test_it_ends_when_one_side_reaches_the_target():
    deals = [ns(250, "hearts", 40, 122), ns(250, "hearts", 40, 122), ns(90, "hearts", 40, 122)]
    # EW: 160 + 250 = 410, 410, 160 + 90 = 250: 1070 ≥ 1000.
    doc = play(deals)
    assert doc["totals"] == {"NS": 0, "EW": 1070}
    assert doc["outcome"] == {"finished": True, "winner": "EW", "draw": False}
    assert (doc["next_dealer"], doc["next_deal"]) == (None, None)


def test_it_plays_on_below_the_target():
    doc = play([ns(250, "hearts", 40, 122), ns(250, "hearts", 40, 122)])  # EW 820
    assert doc["outcome"]["finished"] is False


def test_it_gives_two_candidates_to_the_higher_total():
    deals = [ns(100, "hearts", 112, 50)]  # NS 110 + 100 = 210, EW 50
    doc = play(deals, target=50)
    assert doc["outcome"]["winner"] == "NS"


EQUAL = [ns(80, "hearts", 102, 60), ew(80, "hearts", 60, 102)]  # 180 + 60 each way: 240 - 240


def test_it_plays_an_extra_deal_on_equal_totals():
    doc = play(EQUAL, target=200)
    assert doc["totals"] == {"NS": 240, "EW": 240}
    assert doc["outcome"]["finished"] is False
    doc = play([*EQUAL, DEAD], target=200)  # still 240 - 240
    assert doc["outcome"]["finished"] is False
    doc = play([*EQUAL, DEAD, ew(80, "hearts", 60, 102)], target=200)  # EW 420, NS 300
    assert doc["outcome"] == {"finished": True, "winner": "EW", "draw": False}


def test_it_gives_an_equal_tie_to_the_last_contract_winner():
    doc = play(EQUAL, target=200, final_tie="last_contract_winner")
    assert doc["outcome"]["winner"] == "EW"  # EW made the last contract
    deals = [
        *NS_990,
        ns(250, "hearts", 40, 122),  # EW 160 + 250 = 410
        ns(200, "hearts", 40, 122),  # EW 160 + 200 = 360 → 770
        ns(80, "hearts", 60, 102, belote="NS"),  # 80 < 102 failed: NS 20 → 1010, EW 240 → 1010
    ]
    doc = play(deals, final_tie="last_contract_winner")
    assert doc["totals"] == {"NS": 1010, "EW": 1010}
    assert doc["outcome"]["winner"] == "EW"  # NS failed: the defence won the contract
    assert play(deals)["outcome"]["finished"] is False  # extra_deal


def test_it_plays_on_after_a_litige_on_equal_totals():
    opts = {"belote_alone_cannot_win": True, "final_tie": "last_contract_winner", "tie_rule": "litige"}
    deals = [
        *NS_990,
        ns(200, "hearts", 40, 122),  # EW 160 + 200 = 360
        ns(90, "spades", 60, 102, belote="NS"),  # failed: NS 1010 but barred; EW 250 → 610
        # 81 + belote 20 = 101 against 81 + tierce 20 = 101: litige, surcoinched (all_scores × 4):
        # NS 0, EW round10(101) × 4 = 400 → 1010, pot 400.
        ns(80, "hearts", 81, 81, double="surcoinche", belote="NS", melds={"EW": [tierce("A", "clubs")]}),
    ]
    doc = play(deals[:5], **opts)
    assert doc["totals"] == {"NS": 1010, "EW": 610}
    assert doc["outcome"]["finished"] is False
    doc = play(deals, **opts)
    assert doc["totals"] == {"NS": 1010, "EW": 1010}
    assert (doc["deals"][-1]["result"], doc["pot"]) == ("litige", 400)
    assert doc["outcome"]["finished"] is False
    doc = play([*deals, DEAD], **opts)
    assert doc["outcome"]["finished"] is False
    doc = play([*deals, DEAD, ew(90, "diamonds", 62, 100)], **opts)
    # EW 100 + 90 = 190 + pot 400 = 590 → 1600; NS 60 → 1070.
    assert doc["totals"] == {"NS": 1070, "EW": 1600}
    assert doc["outcome"]["winner"] == "EW"


NS_990 = [
    ew(250, "hearts", 122, 40),
    ew(180, "hearts", 122, 40),
    ew(80, "hearts", 122, 40),
]  # 410 + 340 + 240


def test_it_does_not_let_belote_alone_win_after_a_failed_contract():
    deals = [*NS_990, ns(90, "spades", 60, 102, belote="NS")]  # NS +20 → 1010, EW 250
    assert play(deals)["outcome"]["winner"] == "NS"
    doc = play(deals, belote_alone_cannot_win=True)
    assert doc["totals"] == {"NS": 1010, "EW": 250}
    assert doc["outcome"]["finished"] is False
    # NS can win on a later deal: EW 80♥ made, 120 + 80 = 200; NS 40 → 1050.
    doc = play([*deals, ew(80, "hearts", 40, 122)], belote_alone_cannot_win=True)
    assert doc["outcome"]["winner"] == "NS"


def test_it_bars_a_side_that_failed_again_whatever_its_total():
    deals = [*NS_990, ns(90, "spades", 60, 102, belote="NS"), ns(90, "spades", 60, 102, belote="NS")]
    doc = play(deals, belote_alone_cannot_win=True)  # NS 1030, EW 500: still barred
    assert doc["totals"] == {"NS": 1030, "EW": 500}
    assert doc["outcome"]["finished"] is False


def test_it_does_not_let_belote_alone_win_against_a_capot():
    deals = [*NS_990, ew(100, "hearts", 0, 162, capot="EW", belote="NS")]
    # EW 252 beats NS's belote 20: made, EW 250 + 100 = 350; NS round10(20) = 20 → 1010.
    doc = play(deals, preset="ffb")
    assert doc["deals"][-1]["scores"] == {"NS": 20, "EW": 350}
    assert doc["outcome"]["finished"] is False
    assert play(deals)["outcome"]["winner"] == "NS"


def test_it_lets_the_other_side_win_with_the_lower_total():
    ew_730 = [ns(250, "hearts", 40, 122), ns(160, "hearts", 40, 122)]  # EW 410 + 320
    deals = [*NS_990, *ew_730, ns(110, "hearts", 60, 102, belote="NS")]  # NS 1010, EW 730 + 270 = 1000
    doc = play(deals, preset="ffb")
    assert doc["totals"] == {"NS": 1010, "EW": 1000}
    assert doc["outcome"] == {"finished": True, "winner": "EW", "draw": False}
    assert play(deals)["outcome"]["winner"] == "NS"


def test_it_lets_a_barred_side_win_on_the_next_entry_even_a_dead_deal():
    # Choice where the spec is silent: the bar lasts for the deal where the contract failed only.
    deals = [*NS_990, ns(90, "spades", 60, 102, belote="NS")]
    assert play([*deals, DEAD], preset="ffb")["outcome"]["winner"] == "NS"


def test_it_ends_the_pagat_match_at_2000():
    deals = [ew("capot", "hearts", 162, 0)] * 3 + [ew(250, "hearts", 122, 40)]  # 500 × 3 + 410 = 1910
    doc = play(deals, preset="pagat")
    assert doc["totals"] == {"NS": 1910, "EW": 0}
    assert doc["outcome"]["finished"] is False
    doc = play([*deals, ew(80, "hearts", 122, 40)], preset="pagat")  # 40 < 82: NS 160 + 80 → 2150
    assert doc["outcome"]["winner"] == "NS"


# -- the command line and golden score sheets ---------------------------------------------------


def _strip(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _strip(v) for k, v in doc.items() if k != "breakdown"}
    if isinstance(doc, list):
        return [_strip(v) for v in doc]
    return doc


GOLDEN = sorted((DATA / "coinche").glob("*.json"))


def test_it_has_golden_sheets_for_every_preset_and_a_pot():
    sheets = [json.loads(path.read_text()) for path in GOLDEN]
    presets = set()
    for sheet in sheets:
        args = sheet["args"]
        preset = args[args.index("--preset") + 1] if "--preset" in args else None
        presets.add(preset or sheet["match"].get("options", {}).get("preset", "parlett"))
    assert presets >= {"parlett", "ffb", "pagat"}
    assert any(d["pot"] for sheet in sheets for d in sheet["expect"]["deals"])


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_it_replays_a_golden_score_sheet(path):
    sheet = json.loads(path.read_text())
    out = io.StringIO()
    code = main(
        ["score", "coinche", *sheet["args"]], stdin=io.StringIO(json.dumps(sheet["match"])), stdout=out
    )
    assert code == 0
    assert _strip(json.loads(out.getvalue())) == sheet["expect"]
    assert sheet["expect"]["outcome"]["finished"] is True


def test_it_prints_an_error_document_for_a_bad_entry():
    out = io.StringIO()
    match = {"sides": SIDES, "deals": [GOOD, {**GOOD, "melds": {"NS": [carre("8")]}}]}
    code = main(["score", "coinche"], stdin=io.StringIO(json.dumps(match)), stdout=out)
    assert code == 2
    assert json.loads(out.getvalue())["error"]["deal"] == 1
    assert json.loads(out.getvalue())["error"]["field"] == "melds"


# -- properties -----------------------------------------------------------------------------------

SUIT = st.sampled_from(["clubs", "diamonds", "hearts", "spades"])


@st.composite
def valid_entries(draw: Any) -> dict[str, Any]:
    if draw(st.integers(0, 9)) == 0:
        return DEAD
    taker = draw(st.sampled_from(SIDES))
    points = draw(st.integers(0, 162))
    capot = draw(st.sampled_from([None, "NS", "EW"]))
    if capot is not None:
        points = 162 if capot == "NS" else 0
    entry: dict[str, Any] = {
        "taker": taker,
        "bid": draw(st.sampled_from([80, 90, 100, 110, 120, 150, 200, 250, "capot"])),
        "trump": draw(SUIT),
        "double": draw(st.sampled_from(["none", "coinche", "surcoinche"])),
        "points": {"NS": points, "EW": 162 - points},
        "capot": capot,
        "belote": draw(st.sampled_from([None, "NS", "EW"])),
    }
    return entry


@settings(max_examples=200, deadline=None)
@given(st.lists(valid_entries(), max_size=30), st.sampled_from(["parlett", "ffb"]))
def test_it_keeps_totals_equal_to_the_sum_of_the_deals(entries, preset):
    state = GAME.new_match(SIDES, {"preset": preset, "tie_rule": "litige"})
    for entry in entries:
        if state.finished:
            break
        state = state.play(entry)
    doc = state.as_json()
    for side in SIDES:
        assert doc["totals"][side] == sum(d["scores"][side] for d in doc["deals"])
        assert all(d["scores"][side] >= 0 and d["scores"][side] % 10 == 0 for d in doc["deals"])
    assert doc["pot"] == (doc["deals"][-1]["pot"] if doc["deals"] else 0)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 300)
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.sampled_from(["NS", "EW", "capot", "hearts", "no-trump", "tierce", "carre", "K", "8", "coinche"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["NS", "EW", "meld", "top", "suit", "rank", "x"]), inner, max_size=3
        )
    ),
    max_leaves=10,
)
FIELD_NAMES = st.sampled_from(
    ["dead", "taker", "bid", "trump", "double", "points", "capot", "belote", "melds"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.dictionaries(FIELD_NAMES, JSON, max_size=9) | JSON, max_size=3))
def test_it_raises_only_game_errors_for_any_json(entries):
    with contextlib.suppress(GameError):
        GAME.replay({"no_trump": True, "all_trump": True}, SIDES, entries).as_json()


# -- review ---------------------------------------------------------------------------------------
# A second reading of coinche.md, sentence by sentence. Every number is worked out by hand from the
# spec; the whole matches go through the real command line (`python -m games score coinche`).


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        # "With true, no other field may be present. The error names the first other field found,
        # in this table's order." An error names a field through its "field" key (docs/games/README.md §7).
        pytest.param({"dead": True, "taker": "NS"}, "taker", id="dead with taker: names taker"),
        pytest.param(
            {"dead": True, "melds": {}, "points": {"NS": 81, "EW": 81}, "bid": 80},
            "bid",
            id="dead with melds, points and bid: bid comes first in the table",
        ),
        pytest.param({"dead": True, "double": "none"}, "double", id="dead with the default double"),
        pytest.param({"dead": True, "capot": None}, "capot", id="dead with capot null: still present"),
        pytest.param({"dead": True, "belote": None, "melds": {}}, "belote", id="dead with belote and melds"),
        pytest.param({"dead": True, "melds": {}}, "melds", id="dead with empty melds"),
        pytest.param({"dead": True, "taker": "nobody"}, "taker", id="dead with a bad taker"),
        pytest.param({"dead": True, "taker": "NS", "zzz": 1}, "zzz", id="an unknown key still comes first"),
        pytest.param({"dead": "yes", "taker": "NS"}, "dead", id="dead not a boolean is on dead"),
    ],
)
def test_a_dead_deal_names_the_first_other_field(entry, field):
    assert error([GOOD, entry]) == (1, field)


@pytest.mark.slow  # python -m games in a subprocess
def test_a_dead_deal_error_through_the_command_line():
    run = run_cli(
        ["score", "coinche"], {"sides": SIDES, "deals": [{"dead": True, "trump": "hearts", "bid": 80}]}
    )
    assert run.code == 2
    assert run.doc["error"]["deal"] == 0
    assert run.doc["error"]["field"] == "bid"


# A hand-made FFB match with a litige: every score below comes from coinche.md Steps 1–6.
FFB_MATCH = [
    # 80♥, 81/81: TT = DT = 81 ≥ 80 -> litige. NS 0, EW round10(81) = 80, pot round10(81) = 80.
    ns(80, "hearts", 81, 81),
    # dead: nothing; the pot waits.
    {"dead": True},
    # EW 100♠ coinched, cards 60/102, belote EW: TT 122 > 60, made. winner_takes_all, m = 2:
    # EW (160 + 20 + 100) × 2 = 560, plus the pot 80 as it stands = 640; NS keeps only its belote: 0.
    ew(100, "spades", 60, 102, double="coinche", belote="EW"),
    # NS capot bid ♣, capot NS, belote NS; EW declare a carré of Jacks (200), NS a tierce to the A♥.
    # EW hold the best declaration; melds_to_winner: a made capot takes it -> M_NS = 200, M_EW = 0.
    # m = 1: round10(252 + 200 + 20) + 250 = 470 + 250 = 720; EW round10(0) = 0.
    ns(
        "capot",
        "clubs",
        162,
        0,
        capot="NS",
        belote="NS",
        melds={"EW": [carre("J")], "NS": [tierce("A", "hearts")]},
    ),
    # NS 150♦ surcoinched (× 4), cards 70/92, belote NS: 90 < 150, failed.
    # NS keeps its belote 20; EW (160 + 150) × 4 = 1240. EW 1960 ≥ 1000, NS 740: EW win.
    ns(150, "diamonds", 70, 92, double="surcoinche", belote="NS"),
]


@pytest.mark.slow  # python -m games in a subprocess
def test_a_hand_made_ffb_match_through_the_command_line():
    run = run_cli(
        ["score", "coinche", "--option", "tie_rule=litige"],
        {"sides": SIDES, "options": {"preset": "ffb"}, "deals": FFB_MATCH},
    )
    assert run.code == 0, run
    doc = run.doc
    assert doc["options"]["preset"] == "ffb"
    assert doc["options"]["tie_rule"] == "litige"
    assert [d["scores"] for d in doc["deals"]] == [
        {"NS": 0, "EW": 80},
        {"NS": 0, "EW": 0},
        {"NS": 0, "EW": 640},
        {"NS": 720, "EW": 0},
        {"NS": 20, "EW": 1240},
    ]
    assert [d["result"] for d in doc["deals"]] == ["litige", "dead", "made", "made", "failed"]
    assert [d["pot"] for d in doc["deals"]] == [80, 80, 0, 0, 0]
    assert [d["dealer"] for d in doc["deals"]] == [0, 1, 2, 3, 0]
    assert doc["deals"][3]["meld_points"] == {"NS": 200, "EW": 0}
    assert doc["deals"][3]["belote_points"] == {"NS": 20, "EW": 0}
    assert doc["deals"][2]["contract"] == {"taker": "EW", "bid": 100, "trump": "spades", "double": "coinche"}
    assert doc["deals"][3]["contract"]["bid"] == "capot"
    assert [d["running_totals"] for d in doc["deals"]][-1] == {"NS": 740, "EW": 1960}
    assert doc["totals"] == {"NS": 740, "EW": 1960}
    assert doc["outcome"] == {"finished": True, "winner": "EW", "draw": False}
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None
    assert doc["pot"] == 0


@pytest.mark.slow  # python -m games in a subprocess
def test_the_same_ffb_match_scored_under_parlett():
    # Deal 3: (round10(102 + 20) + 100) × 2 = 440 + pot 80 = 520; NS round10(60) × 2 = 120.
    # Deal 4: EW keep their carré (no transfer): NS round10(252 + 20) + 250 = 520; EW round10(200) = 200.
    # Deal 5: NS belote 20 × 4 = 80; EW (160 + 150) × 4 = 1240.
    run = run_cli(
        ["score", "coinche"], {"sides": SIDES, "options": {"tie_rule": "litige"}, "deals": FFB_MATCH}
    )
    assert run.code == 0, run
    assert [d["scores"] for d in run.doc["deals"]] == [
        {"NS": 0, "EW": 80},
        {"NS": 0, "EW": 0},
        {"NS": 120, "EW": 520},
        {"NS": 520, "EW": 200},
        {"NS": 80, "EW": 1240},
    ]
    assert run.doc["totals"] == {"NS": 720, "EW": 2040}
    assert run.doc["outcome"]["winner"] == "EW"


@pytest.mark.slow  # python -m games in a subprocess
def test_belote_alone_cannot_win_then_the_next_contract_decides():
    # FFB, target 350. Deal 1 and 2: NS 80♥ made 92/70: 90 + 80 = 170, EW 70 (twice): 340 – 140.
    # Deal 3: NS 90♠ 60/102 with belote: 80 < 90, failed; NS 20, EW 160 + 90 = 250: 360 – 390.
    # Both reach 350 but NS failed its contract on this deal: EW are the only candidate and win.
    made = ns(80, "hearts", 92, 70)
    failed = ns(90, "spades", 60, 102, belote="NS")
    run = run_cli(
        ["score", "coinche", "--preset", "ffb", "--option", "target=350"],
        {"sides": SIDES, "deals": [made, made, failed]},
    )
    assert run.doc["totals"] == {"NS": 360, "EW": 390}
    assert run.doc["outcome"] == {"finished": True, "winner": "EW", "draw": False}
    # target 380: NS 360 is short, EW 390 ≥ 380: EW win. Target 400: nobody; NS, barred, plays on.
    run = run_cli(
        ["score", "coinche", "--preset", "ffb", "--option", "target=400"],
        {"sides": SIDES, "deals": [made, made, failed]},
    )
    assert run.doc["outcome"] == {"finished": False, "winner": None, "draw": False}
    assert run.doc["next_deal"] == {"dealer": 3}


@pytest.mark.slow  # python -m games in a subprocess
def test_pagat_last_contract_winner_breaks_a_tie_at_the_target():
    # pagat (reach_bid, bid_only), target 200 via the match options.
    # NS 80♥ 92/70: 90 ≥ 82 made: NS round10(92) + 80 = 170, EW 70.
    # EW 80♥ 70/92: the mirror: EW 170, NS 70. Totals 240 – 240, both ≥ 200 and equal:
    # last_contract_winner -> this deal's contract was made by EW: EW win.
    deals = [ns(80, "hearts", 92, 70), ew(80, "hearts", 70, 92)]
    run = run_cli(
        ["score", "coinche", "--preset", "pagat"],
        {"sides": SIDES, "options": {"target": 200}, "deals": deals},
    )
    assert run.doc["totals"] == {"NS": 240, "EW": 240}
    assert run.doc["outcome"] == {"finished": True, "winner": "EW", "draw": False}
    # parlett's extra_deal: another deal is played.
    run = run_cli(["score", "coinche"], {"sides": SIDES, "options": {"target": 200}, "deals": deals})
    assert run.doc["outcome"] == {"finished": False, "winner": None, "draw": False}
