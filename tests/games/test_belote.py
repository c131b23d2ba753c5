"""Classic Belote (docs/games/belote.md): validation, every scoring clause, options, presets, matches.

Every expected number below was worked out by hand from the rules; the arithmetic is in the ids and
comments. The page's own worked examples are replayed by test_spec_examples.py (and through the
command line, the API and the scorer page by the tests that iterate over every game).
"""

from __future__ import annotations

from typing import Any

import pytest

from games import IllegalDealError, OptionError, find_game

GAME = find_game("belote")
SIDES = ["NS", "EW"]
OTHER = {"NS": "EW", "EW": "NS"}


def play(entries: list[Any], **options: Any) -> dict[str, Any]:
    return GAME.replay(options, SIDES, entries).as_json()


def scores(entry: dict[str, Any], **options: Any) -> tuple[int, int]:
    out = play([entry], **options)["deals"][0]["scores"]
    return out["NS"], out["EW"]


def error(entries: list[Any], **options: Any) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        GAME.replay(options, SIDES, entries)
    return caught.value.deal, caught.value.field


def option_error(**options: Any) -> str | None:
    with pytest.raises(OptionError) as caught:
        GAME.replay(options, SIDES, [])
    return caught.value.field


def ns(ns_points: int, **more: Any) -> dict[str, Any]:
    """An entry where NS take."""
    return {"taker": "NS", "points": {"NS": ns_points, "EW": 162 - ns_points}, **more}


def ew(ns_points: int, **more: Any) -> dict[str, Any]:
    """An entry where EW take."""
    return {"taker": "EW", "points": {"NS": ns_points, "EW": 162 - ns_points}, **more}


DEAD = {"dead": True}
TIERCE_K_HEARTS = {"meld": "tierce", "top": "K", "suit": "hearts"}


# -- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"dead": True, "points": {"NS": 81, "EW": 81}, "taker": "NS"}, "taker"),
        ({"dead": True, "trump": "hearts"}, "trump"),
        ({"points": {"NS": 81, "EW": 81}}, "taker"),
        ({"taker": "NS"}, "points"),
        ({"taker": "North", "points": {"NS": 81, "EW": 81}}, "taker"),
        (ns(100) | {"points": {"NS": 100, "EW": 60}}, "points"),
        (ns(100) | {"points": {"NS": 162}}, "points"),
        (ns(100) | {"points": {"NS": 163, "EW": -1}}, "points"),
        (ns(100) | {"points": {"NS": 100.0, "EW": 62}}, "points"),
        (ns(150, capot="NS"), "capot"),
        (ns(0, capot="NS"), "capot"),
        (ns(100, capot="South"), "capot"),
        (ns(100, belote="South"), "belote"),
        (ns(100, melds={"NS": [TIERCE_K_HEARTS]}), "melds"),
        (ns(100, trump="no-trump"), "trump"),
        (ns(100, bid=80), "bid"),
    ],
    ids=[
        "dead with taker and points: the first in table order",
        "dead with trump",
        "no taker",
        "no points",
        "taker not a side",
        "points add up to 160",
        "points for one side only",
        "points out of range",
        "points not integers",
        "capot without all the points",
        "capot by the side with 0",
        "capot not a side",
        "belote not a side",
        "melds while declarations are off",
        "no-trump is not a Belote trump",
        "a bid is not a Belote field",
    ],
)
def test_it_refuses_the_entry_naming_the_field(entry, field):
    assert error([entry]) == (0, field)


@pytest.mark.parametrize(
    ("melds", "more", "field"),
    [
        ({"NS": [TIERCE_K_HEARTS]}, {}, "trump"),
        ({"NS": [TIERCE_K_HEARTS]}, {"trump": None}, "trump"),
        ({"NS": [{"meld": "quinte", "top": "10", "suit": "hearts"}]}, {"trump": "clubs"}, "melds"),
        ({"NS": [{"meld": "carre", "rank": "8"}]}, {"trump": "clubs"}, "melds"),
        ({"NS": [TIERCE_K_HEARTS], "EW": [{"meld": "carre", "rank": "Q"}]}, {"trump": "clubs"}, "melds"),
        ({"South": []}, {}, "melds"),
    ],
    ids=[
        "a meld without trump",
        "a meld with trump null",
        "a quinte headed by the 10 does not fit",
        "four 8s never count",
        "the Q of hearts in two declarations",
        "melds keyed by a non-side",
    ],
)
def test_it_refuses_declarations_that_break_a_rule(melds, more, field):
    assert error([ns(100, melds=melds, **more)], preset="classique") == (0, field)


def test_it_accepts_null_and_empty_declarations_without_trump():
    assert scores(ns(100, melds=None)) == (100, 62)
    assert scores(ns(100, melds={"NS": [], "EW": []})) == (100, 62)


def test_it_refuses_an_entry_after_the_partie_and_names_its_index():
    assert error([ns(100), ns(100), ns(100)], deals=2) == (2, None)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"deals": 12, "target": 1000}, "deals"),
        ({"deals": None}, "deals"),
        ({"preset": "classique", "target": None}, "deals"),
        ({"deals": 0}, "deals"),
        ({"capot_value": 260}, "capot_value"),
        ({"rounding": "up"}, "rounding"),
        ({"tie_rule": "failed"}, "tie_rule"),
        ({"preset": "ffb"}, "preset"),
        ({"bid": 80}, "bid"),
    ],
)
def test_it_refuses_options_naming_the_option(options, field):
    assert option_error(**options) == field


def test_the_length_given_replaces_the_presets_other_one():
    to_1000 = play([], preset="concours", target=1000)["options"]
    twelve = play([], preset="classique", deals=12)["options"]

    assert (to_1000["deals"], to_1000["target"]) == (None, 1000)
    assert (twelve["deals"], twelve["target"]) == (12, None)
    assert (twelve["declarations"], twelve["redeal"]) == (True, "next_dealer")


# -- one deal -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "options", "expected", "result"),
    [
        (ns(92), {}, (92, 70), "made"),
        (ns(82), {}, (82, 80), "made"),
        (ns(80), {}, (0, 162), "dedans"),
        (ns(75, belote="NS"), {}, (95, 87), "made"),
        (ns(75, belote="NS"), {"belote_in_contract": False}, (20, 162), "dedans"),
        (ns(85, belote="EW"), {}, (0, 182), "dedans"),
        (ns(60, belote="NS"), {}, (20, 162), "dedans"),
        (ew(100, belote="EW"), {}, (162, 20), "dedans"),
        (ns(162, capot="NS"), {}, (252, 0), "made"),
        (ns(162, capot="NS", belote="EW"), {}, (252, 20), "made"),
        (ns(162, capot="NS"), {"capot_value": 250}, (250, 0), "made"),
        (ns(0, capot="EW", belote="NS"), {}, (20, 252), "dedans"),
        (ns(0, capot="EW"), {"capot_value": 250, "rounding": "complement"}, (0, 250), "dedans"),
        (ns(162), {}, (162, 0), "made"),
        (ns(81), {"tie_rule": "dedans"}, (0, 162), "dedans"),
        (ns(81), {"tie_rule": "made"}, (81, 81), "made"),
        (ns(71, belote="NS"), {"tie_rule": "made"}, (91, 91), "made"),
    ],
    ids=[
        "92 > 70: made",
        "82 > 80: made by 2",
        "80 < 82: dedans, 162 to the defence",
        "75 + belote 20 = 95 > 87: made",
        "belote left out of the test: 75 < 87, belote still scored",
        "85 < 77 + 20: dedans, the defence keeps its belote: 162 + 20",
        "dedans, the taker keeps its belote",
        "EW take 62 < 100: dedans; EW keep their belote",
        "capot: 252",
        "capot: the defence keeps its belote",
        "capot_value 250",
        "capot by the defence: dedans, 252; the taker keeps its belote",
        "complement rounding of a 250 capot award: rhd(250) = 250",
        "162 without capot: the defence won a pointless trick",
        "81 = 81 with tie_rule dedans",
        "81 = 81 with tie_rule made",
        "91 = 91 with tie_rule made: each side its own",
    ],
)
def test_it_scores_a_deal(entry, options, expected, result):
    doc = play([entry], **options)

    assert (doc["deals"][0]["scores"]["NS"], doc["deals"][0]["scores"]["EW"]) == expected
    assert doc["deals"][0]["result"] == result


@pytest.mark.parametrize(
    ("ns_points", "rounding", "expected"),
    [
        (85, "nearest", (90, 80)),
        (84, "nearest", (80, 80)),
        (75 + 12, "nearest", (90, 80)),
        (85, "complement", (80, 80)),
        (86, "complement", (90, 70)),
        (98, "complement", (100, 60)),
        (105, "complement", (100, 60)),
        (106, "complement", (110, 50)),
        (162, "complement", (160, 0)),
        (85, "none", (85, 77)),
    ],
    ids=[
        "nearest 85 → 90, 77 → 80",
        "nearest 84 → 80, 78 → 80",
        "nearest 87 / 75 → 90 / 80: a deal of 170",
        "complement 85 → 80 (5 down), the defence 80",
        "complement 86 → 90, the defence 70",
        "complement 98 → 100, the defence 60",
        "complement 105 → 100, the defence 60",
        "complement 106 → 110, the defence 50",
        "complement 162 without capot → 160, the defence 0",
        "none: to the point",
    ],
)
def test_it_rounds_only_the_card_points_as_marked(ns_points, rounding, expected):
    assert scores(ns(ns_points), rounding=rounding) == expected


def test_rounding_marks_a_dedans_award_of_160():
    assert scores(ns(70, belote="EW"), rounding="nearest") == (0, 180)
    assert scores(ns(70), rounding="complement") == (0, 160)


def test_rounding_never_makes_a_deal():
    # 78 / 84 rounds to 80 / 80 under nearest; the deal is still dedans on the points as taken
    assert play([ns(78)], rounding="nearest")["deals"][0]["result"] == "dedans"
    # 81 / 81 rounds to 80 / 80 under complement: still a litige, not a rounding of it
    assert play([ns(81)], rounding="complement")["deals"][0]["result"] == "litige"


def test_the_belote_and_a_declaration_may_share_cards():
    melds = {"NS": [{"meld": "tierce", "top": "K", "suit": "hearts"}]}

    assert scores(ns(100, melds=melds, belote="NS", trump="hearts"), preset="classique") == (140, 62)


def test_declarations_score_only_for_the_best_single_one_and_all_of_that_sides():
    melds = {
        "NS": [
            {"meld": "tierce", "top": "A", "suit": "clubs"},
            {"meld": "tierce", "top": "A", "suit": "hearts"},
        ],
        "EW": [{"meld": "quarte", "top": "10", "suit": "spades"}],
    }
    doc = play([ns(100, melds=melds, trump="diamonds")], preset="classique")["deals"][0]

    # EW's quarte (50) beats two tierces: 100 < 62 + 50 = 112, dedans: 162 + 50
    assert doc["meld_points"] == {"NS": 0, "EW": 50}
    assert doc["scores"] == {"NS": 0, "EW": 212}


def test_a_carre_beats_a_quinte_and_the_capot_defence_keeps_its_declarations():
    melds = {"NS": [{"meld": "quinte", "top": "Q", "suit": "clubs"}], "EW": [{"meld": "carre", "rank": "K"}]}
    doc = play([ns(162, capot="NS", melds=melds, trump="clubs")], preset="classique")["deals"][0]

    # carré of Kings (100) beats the quinte in trumps (100): 252 > 100, made; EW keep their 100
    assert doc["scores"] == {"NS": 252, "EW": 100}


def test_a_capot_against_the_taker_can_still_be_made_on_declarations():
    melds = {"NS": [{"meld": "carre", "rank": "J"}, {"meld": "carre", "rank": "9"}]}
    doc = play([ns(0, capot="EW", melds=melds, trump="hearts")], preset="classique")["deals"][0]

    # NS 0 + 200 + 150 = 350 > EW 252: made; NS mark their 350, EW their 252
    assert (doc["result"], doc["scores"]) == ("made", {"NS": 350, "EW": 252})


# -- the litige pot -------------------------------------------------------------------------------


def test_a_litige_holds_the_takers_points_and_the_next_made_deal_collects_them():
    doc = play([ns(81), ew(62)])

    assert [d["scores"] for d in doc["deals"]] == [{"NS": 0, "EW": 81}, {"NS": 62, "EW": 181}]
    assert [d["pot"] for d in doc["deals"]] == [81, 0]


def test_a_dedans_gives_the_pot_to_the_defence():
    doc = play([ns(81), ns(60)])

    assert doc["deals"][1]["scores"] == {"NS": 0, "EW": 243}


def test_dead_deals_leave_the_pot_waiting():
    doc = play([ns(81), DEAD, DEAD, ew(100)])

    assert [d["pot"] for d in doc["deals"]] == [81, 81, 81, 0]
    # EW take 62 < 100: dedans, NS take the deal: 162 + the pot 81
    assert doc["deals"][3]["scores"] == {"NS": 243, "EW": 0}


def test_a_chain_of_litiges_goes_whole_to_the_next_winner():
    doc = play([ns(81), ew(91, belote="EW"), ns(110)])

    assert [d["pot"] for d in doc["deals"]] == [81, 172, 0]
    assert doc["totals"] == {"NS": 373, "EW": 133}


def test_a_litige_with_belote_out_of_the_contract_scores_the_belote_now():
    doc = play([ns(81, belote="NS"), ew(62)], belote_in_contract=False)

    assert doc["deals"][0]["scores"] == {"NS": 20, "EW": 81}
    assert doc["deals"][0]["pot"] == 81
    assert doc["deals"][1]["scores"] == {"NS": 62, "EW": 181}


def test_a_litige_pot_is_rounded_as_marked():
    doc = play([ns(81), ew(62)], rounding="nearest")

    # 81 → 80 held; EW made 100 + 80
    assert [d["scores"] for d in doc["deals"]] == [{"NS": 0, "EW": 80}, {"NS": 60, "EW": 180}]


def test_a_litige_on_the_last_deal_hands_each_side_back_what_it_put_in():
    # deal 1 NS litige 81 (NS put 81 in), deal 2 EW litige 91 with belote (EW put 91 in): last deal
    doc = play([ns(81), ew(91, belote="EW")], deals=2)

    assert [d["scores"] for d in doc["deals"]] == [{"NS": 0, "EW": 81}, {"NS": 91 + 81, "EW": 91}]
    assert (doc["pot"], doc["deals"][1]["pot"]) == (0, 0)
    # 172 each: a drawn partie
    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}


def test_a_litige_on_the_last_deal_is_lost_with_final_pot_lost():
    doc = play([ns(100), ns(81)], deals=2, final_pot="lost")

    assert doc["totals"] == {"NS": 100, "EW": 143}
    assert (doc["pot"], doc["deals"][1]["pot"]) == (81, 81)
    assert doc["outcome"]["winner"] == "EW"


def test_a_pot_still_held_when_a_target_match_ends_is_not_scored():
    # classique, target 150: NS made 100 / 62, then EW litige 81 / 81: NS 81 → 181 ≥ 150, NS win
    doc = play([ns(100), ew(81)], preset="classique", target=150)

    assert doc["outcome"]["winner"] == "NS"
    assert doc["pot"] == 81
    assert doc["totals"] == {"NS": 181, "EW": 62}


# -- the match ------------------------------------------------------------------------------------


def test_dead_deals_do_not_count_and_the_same_player_deals_again():
    doc = play([DEAD, ns(92), DEAD, DEAD, ns(92)], deals=2)

    assert [d["dealer"] for d in doc["deals"]] == [0, 0, 1, 1, 1]
    assert [d["counted"] for d in doc["deals"]] == [False, True, False, False, True]
    assert (doc["counted_deals"], doc["outcome"]["finished"]) == (2, True)


def test_the_next_player_deals_after_a_dead_deal_with_redeal_next_dealer():
    doc = play([DEAD, ns(92), DEAD], deals=2, redeal="next_dealer", first_dealer=3)

    assert [d["dealer"] for d in doc["deals"]] == [3, 0, 1]
    assert doc["next_dealer"] == 2


def test_a_partie_of_twelve_deals_ends_on_the_twelfth_counted_deal():
    doc = play([ns(92)] * 11)
    assert not doc["outcome"]["finished"]

    doc = play([ns(92)] * 11 + [DEAD, ns(92)])
    assert doc["outcome"] == {"finished": True, "winner": "NS", "draw": False}
    assert doc["next_dealer"] is None


def test_equal_totals_after_the_partie_are_a_draw():
    doc = play([ns(92), ew(70)], deals=2)

    assert doc["outcome"] == {"finished": True, "winner": None, "draw": True}


def test_a_dead_deal_after_a_tie_past_the_target_leaves_the_match_going():
    doc = play([ns(92), ew(70), DEAD], preset="classique", target=150)

    # both 162 ≥ 150 on equal totals: extra deal; the dead deal changes nothing
    assert not doc["outcome"]["finished"]
    drawn = play([ns(92), ew(70)], preset="classique", target=150, final_tie="draw")["outcome"]
    assert drawn == {"finished": True, "winner": None, "draw": True}


def test_a_side_capot_against_cannot_win_on_that_deal_but_can_on_the_next():
    # NS reach 20 with their belote while EW made capot: NS are not a candidate; EW 252 wins
    assert play([ew(0, capot="EW", belote="NS")], preset="classique", target=20)["outcome"]["winner"] == "EW"
    # target 260: NS capot 252; then EW capot with belote NS: NS 272 ≥ 260 but took no trick, EW 252
    deals = [ns(162, capot="NS"), ew(0, capot="EW", belote="NS")]
    assert not play(deals, preset="classique", target=260)["outcome"]["finished"]
    assert play(deals, preset="classique", target=260, capot_cannot_finish=False)["outcome"]["winner"] == "NS"
    # ... and on the next deal NS can win: 272 + 92
    assert play([*deals, ns(92)], preset="classique", target=260)["outcome"]["winner"] == "NS"


def test_the_facts_show_the_pot_while_a_litige_waits():
    facts = GAME.replay(None, SIDES, [ns(81)]).facts()
    assert [(f.label, f.text) for f in facts.lines] == [
        ("Litige pot", "81 points, for the winner of the next deal"),
    ]
    assert (facts.deals, facts.counted) == (12, 1)
    facts = GAME.replay(None, SIDES, [ns(81), DEAD, ns(100)]).facts()
    assert (facts.lines, facts.counted) == ((), 2)


def test_a_tournaments_deal_count_leaves_dead_deals_out_too():
    state = GAME.replay({"preset": "classique"}, SIDES, [ns(92), DEAD], deal_limit=2)
    assert not state.finished

    state = state.play(ns(100))
    assert state.finished
    assert state.result.winner == "NS"
    assert state.facts().counted == 2
