"""La Coinche's club variants (docs/games/coinche.md, "Club variants"): the générale bid, the
``winner_only`` double formula and ``rounding = total``, clause by clause, with the entries they refuse.

Every expected number is worked out by hand; the arithmetic is in the comments. NS take unless an
entry says otherwise; suit contracts (N = 162, F0 = 160) unless stated.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import IllegalDealError, OptionError, find_game
from games.rounding import round10

GAME = find_game("coinche")
SIDES = ["NS", "EW"]
HUGE = 10**9


def play(deals: list[Any], **options: Any) -> dict[str, Any]:
    return GAME.replay(options, SIDES, deals).as_json()


def scores(entry: dict[str, Any], **options: Any) -> tuple[int, int]:
    out = play([entry], **options)["deals"][0]["scores"]
    return out["NS"], out["EW"]


def error(deals: list[Any], **options: Any) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        GAME.replay(options, SIDES, deals)
    return caught.value.deal, caught.value.field


def ns(bid: Any, trump: str, ns_points: int, ew_points: int, **more: Any) -> dict[str, Any]:
    """An entry where NS take."""
    return {"taker": "NS", "bid": bid, "trump": trump, "points": {"NS": ns_points, "EW": ew_points}, **more}


def ew(bid: Any, trump: str, ns_points: int, ew_points: int, **more: Any) -> dict[str, Any]:
    """An entry where EW take."""
    return {"taker": "EW", "bid": bid, "trump": trump, "points": {"NS": ns_points, "EW": ew_points}, **more}


#: A générale made: NS took all 8 tricks, every one by the same player.
GENERALE_MADE = ns("generale", "hearts", 162, 0, capot="NS", capot_alone=True)
#: A générale failed although NS took all 8 tricks: both NS players won tricks.
GENERALE_SHARED = ns("generale", "hearts", 162, 0, capot="NS")
GENERALE = {"generale": True}
WINNER_ONLY = {"double_formula": "winner_only"}
TOTAL = {"rounding": "total"}


# -- the générale: entry ---------------------------------------------------------------------------


def test_it_refuses_a_generale_bid_unless_the_option_is_on():
    assert error([GENERALE_MADE]) == (0, "bid")
    assert error([GENERALE_MADE], preset="ffb") == (0, "bid")
    assert error([GENERALE_MADE], generale=False) == (0, "bid")
    play([GENERALE_MADE], **GENERALE)


def test_it_says_which_option_a_generale_bid_needs():
    with pytest.raises(IllegalDealError) as caught:
        GAME.replay({}, SIDES, [GENERALE_MADE])
    assert "generale" in caught.value.rule
    assert "option" in caught.value.rule


@pytest.mark.parametrize("bid", ["Generale", "générale", "GENERALE", True, 500])
def test_it_refuses_other_spellings_of_generale(bid):
    assert error([{**GENERALE_MADE, "bid": bid}], **GENERALE) == (0, "bid")


def test_it_lets_a_generale_be_coinched_unless_capot_doublable_is_off():
    play([{**GENERALE_MADE, "double": "coinche"}], **GENERALE)
    for double in ("coinche", "surcoinche"):
        entry = {**GENERALE_MADE, "double": double}
        assert error([entry], capot_doublable=False, **GENERALE) == (0, "double")
    play([{**GENERALE_MADE, "double": "none"}], capot_doublable=False, **GENERALE)


@pytest.mark.parametrize("value", ["yes", 1, 0, None, [], {}])
def test_it_wants_capot_alone_to_be_true_or_false(value):
    assert error([{**GENERALE_MADE, "capot_alone": value}], **GENERALE) == (0, "capot_alone")


def test_it_wants_capot_alone_to_come_with_a_capot():
    # The spec's example 25: a numeric bid, capot_alone true, capot null.
    assert error([ns(100, "hearts", 110, 52, capot_alone=True)], **GENERALE) == (0, "capot_alone")
    assert error([ns(100, "hearts", 110, 52, capot=None, capot_alone=True)]) == (0, "capot_alone")
    assert error([ns("generale", "hearts", 150, 12, capot_alone=True)], **GENERALE) == (0, "capot_alone")
    play([ns(100, "hearts", 110, 52, capot_alone=False)])


def test_it_checks_capot_before_capot_alone_and_capot_alone_before_belote():
    bad_capot = {**GENERALE_MADE, "capot": "EW", "capot_alone": "yes"}
    assert error([bad_capot], **GENERALE) == (0, "capot")
    bad_belote = {**GENERALE_MADE, "capot_alone": "yes", "belote": ["NS", "NS"]}
    assert error([bad_belote], **GENERALE) == (0, "capot_alone")


def test_it_names_capot_alone_in_a_dead_deal_in_table_order():
    assert error([{"dead": True, "capot_alone": False}]) == (0, "capot_alone")
    assert error([{"dead": True, "belote": None, "capot_alone": False}]) == (0, "capot_alone")
    assert error([{"dead": True, "capot_alone": False, "capot": None}]) == (0, "capot")


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_it_wants_the_generale_option_to_be_true_or_false(value):
    with pytest.raises(OptionError) as caught:
        GAME.replay({"generale": value}, SIDES, [])
    assert caught.value.field == "generale"


# -- the générale: scoring ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "entry", "expected", "result"),
    [
        # Example 20: capot bonus 252, round10(252) + 500 = 750; EW 0.
        pytest.param({}, GENERALE_MADE, (750, 0), "made", id="made: 250 + 500"),
        # With belote NS: round10(252 + 20) = 270 + 500 = 770.
        pytest.param({}, {**GENERALE_MADE, "belote": "NS"}, (770, 0), "made", id="made with belote"),
        # Example 21: capot but not alone: failed; EW F0 + 500 = 660; NS 0.
        pytest.param({}, GENERALE_SHARED, (0, 660), "failed", id="all 8 tricks, not alone: failed"),
        # Example 22: EW won a trick: failed; NS keep belote 20; EW 160 + 500 = 660.
        pytest.param(
            {},
            ns("generale", "spades", 150, 12, belote="NS"),
            (20, 660),
            "failed",
            id="EW won a trick: failed, belote kept",
        ),
        # The defence took all 8 tricks: failed; EW 160 + 500 = 660 (K = F0 for a générale).
        pytest.param({}, ns("generale", "clubs", 0, 162, capot="EW"), (0, 660), "failed", id="defence capot"),
        # Coinched under all_scores: made (250 + 500) × 2 = 1500; failed (160 + 500) × 2 = 1320.
        pytest.param(
            {}, {**GENERALE_MADE, "double": "coinche"}, (1500, 0), "made", id="all_scores made coinched"
        ),
        pytest.param(
            {}, {**GENERALE_SHARED, "double": "coinche"}, (0, 1320), "failed", id="all_scores failed coinched"
        ),
        # Surcoinched: (250 + 500) × 4 = 3000.
        pytest.param({}, {**GENERALE_MADE, "double": "surcoinche"}, (3000, 0), "made", id="surcoinched made"),
        # bid_only: made round10(252) + 500 × 2 = 1250; failed 160 + 500 × 2 = 1160.
        pytest.param(
            {"double_formula": "bid_only"},
            {**GENERALE_MADE, "double": "coinche"},
            (1250, 0),
            "made",
            id="bid_only made coinched",
        ),
        pytest.param(
            {"double_formula": "bid_only"},
            {**GENERALE_SHARED, "double": "coinche"},
            (0, 1160),
            "failed",
            id="bid_only failed coinched",
        ),
        # winner_only: made (250 + 500) × 2; failed (160 + 500) × 2 + belote EW 20 (not doubled).
        pytest.param(
            WINNER_ONLY, {**GENERALE_MADE, "double": "coinche"}, (1500, 0), "made", id="winner_only made"
        ),
        pytest.param(
            WINNER_ONLY,
            {**ns("generale", "hearts", 140, 22, belote="EW"), "double": "coinche"},
            (0, 1340),
            "failed",
            id="winner_only failed: (160 + 500) × 2 + 20",
        ),
        # Example 23 (ffb, coinched): (P = round10(252) + 500) × 2 = 1500; EW only its belote, 0.
        pytest.param(
            {"preset": "ffb"}, {**GENERALE_MADE, "double": "coinche"}, (1500, 0), "made", id="ffb coinched"
        ),
        # ffb undoubled: round10(252) + 500 = 750.
        pytest.param({"preset": "ffb"}, GENERALE_MADE, (750, 0), "made", id="ffb undoubled"),
        # A générale always gets the capot bonus, even with unbid_capot_bonus off: 250 + 500.
        pytest.param(
            {"unbid_capot_bonus": False}, GENERALE_MADE, (750, 0), "made", id="bonus without unbid bonus"
        ),
    ],
)
def test_it_scores_a_generale(options, entry, expected, result):
    doc = play([entry], generale=True, **options)
    assert (doc["deals"][0]["scores"]["NS"], doc["deals"][0]["scores"]["EW"]) == expected
    assert doc["deals"][0]["result"] == result


def test_it_gives_the_defences_declarations_to_a_made_generale_under_melds_to_winner():
    # ffb: EW hold the only meld (tierce to the K♠, 20); NS make the générale, a capot, so EW's 20
    # go to NS: round10(252 + 20) + 500 = 770; EW 0.
    entry = {**GENERALE_MADE, "melds": {"EW": [{"meld": "tierce", "top": "K", "suit": "spades"}]}}
    doc = play([entry], preset="ffb", generale=True)
    assert doc["deals"][0]["scores"] == {"NS": 770, "EW": 0}
    assert doc["deals"][0]["meld_points"] == {"NS": 20, "EW": 0}


def test_it_gives_a_failed_generales_declarations_to_the_defence_under_melds_to_winner():
    # ffb: NS hold a quarte to the A♦ (50) and fail; EW 160 + 500 + 50 = 710.
    entry = {**GENERALE_SHARED, "melds": {"NS": [{"meld": "quarte", "top": "A", "suit": "diamonds"}]}}
    assert scores(entry, preset="ffb", generale=True) == (0, 710)


def test_it_reports_a_generale_contract_as_entered():
    deal = play([GENERALE_MADE], **GENERALE)["deals"][0]
    assert deal["contract"] == {"taker": "NS", "bid": "generale", "trump": "hearts", "double": "none"}
    assert any("générale" in line for line in deal["breakdown"])


def test_it_ignores_capot_alone_for_any_other_bid():
    plain = ns(100, "hearts", 162, 0, capot="NS")
    assert scores({**plain, "capot_alone": True}) == scores(plain) == (350, 0)
    capot_bid = ns("capot", "hearts", 162, 0, capot="NS")
    assert scores({**capot_bid, "capot_alone": True}) == scores(capot_bid) == (500, 0)


def test_it_ends_a_match_on_a_generale():
    # 750 + 750 = 1500 ≥ 1000 after the second deal.
    doc = play([GENERALE_MADE, GENERALE_MADE], **GENERALE)
    assert doc["outcome"] == {"finished": True, "winner": "NS", "draw": False}


def test_it_bars_the_defence_after_a_generale_capot_under_belote_alone_cannot_win():
    # ffb. EW 120♥ with 12 / 150, made three times: EW 150 + 120 = 270, NS round10(12) = 10 each;
    # then EW 80♠ with 72 / 90: EW 90 + 80 = 170, NS 70. Totals NS 100, EW 980.
    before = [ew(120, "hearts", 12, 150)] * 3 + [ew(80, "spades", 72, 90)]
    # NS bid a générale and take all 8 tricks, but not alone: failed, EW 160 + 500 = 660 → 1640.
    # NS took every trick against EW (a capot against them), so EW cannot win on this deal.
    doc = play([*before, GENERALE_SHARED], preset="ffb", generale=True)
    assert doc["deals"][-2]["running_totals"] == {"NS": 100, "EW": 980}
    assert doc["deals"][-1]["scores"] == {"NS": 0, "EW": 660}
    assert doc["outcome"]["finished"] is False
    # On the next entry (even a dead deal) EW are candidates again, and win.
    doc = play([*before, GENERALE_SHARED, {"dead": True}], preset="ffb", generale=True)
    assert doc["outcome"] == {"finished": True, "winner": "EW", "draw": False}


# -- winner_only -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "winner_only", "all_scores"),
    [
        # Example 16: made: (130 + 120) × 2 = 500; EW round10(32) = 30 (all_scores 60).
        pytest.param(ns(120, "hearts", 130, 32, double="coinche"), (500, 30), (500, 60), id="ex 16"),
        # Example 19: (round10(141) + 110) × 2 = 500; EW 40 (all_scores 80).
        pytest.param(
            ns(110, "diamonds", 121, 41, double="coinche", belote="NS"), (500, 40), (500, 80), id="ex 19"
        ),
        # Surcoinched made: (130 + 120) × 4 = 1000; EW 30 (all_scores 120).
        pytest.param(ns(120, "hearts", 130, 32, double="surcoinche"), (1000, 30), (1000, 120), id="made ×4"),
        # Example 17: failed surcoinched: (160 + 120) × 4 = 1120 under both formulas.
        pytest.param(ns(120, "spades", 115, 47, double="surcoinche"), (0, 1120), (0, 1120), id="ex 17"),
        # Failed coinched, NS belote: NS keep 20, not doubled (all_scores 40); EW (160 + 100) × 2.
        pytest.param(
            ns(100, "hearts", 70, 92, double="coinche", belote="NS"), (20, 520), (40, 520), id="belote kept"
        ),
        # Example 18: EW belote and quarte: (160 + 100) × 2 + 50 + 20 = 590 (all_scores 660).
        pytest.param(
            ns(
                100,
                "hearts",
                70,
                92,
                double="coinche",
                belote="EW",
                melds={"EW": [{"meld": "quarte", "top": "Q", "suit": "spades"}]},
            ),
            (0, 590),
            (0, 660),
            id="ex 18",
        ),
        # A failed capot bid coinched: K = 500 − 250: (250 + 250) × 2 = 1000, EW belote 20 added
        # after (all_scores (500 + 20) × 2 = 1040).
        pytest.param(
            ns("capot", "clubs", 150, 12, double="coinche", belote="EW"), (0, 1020), (0, 1040), id="capot"
        ),
        # Not doubled: the same as all_scores (100♥, 112 / 50, belote NS: 130 + 100 = 230; 50).
        pytest.param(ns(100, "hearts", 112, 50, belote="NS"), (230, 50), (230, 50), id="undoubled"),
    ],
)
def test_it_multiplies_only_the_contract_winners_score(entry, winner_only, all_scores):
    assert scores(entry, **WINNER_ONLY) == winner_only
    assert scores(entry) == all_scores


def test_it_uses_the_surcoinche_factor_under_winner_only():
    # (130 + 120) × 3 = 750; EW 30.
    assert scores(ns(120, "hearts", 130, 32, double="surcoinche"), surcoinche_factor=3, **WINNER_ONLY) == (
        750,
        30,
    )


def test_it_neither_multiplies_a_litige_nor_its_pot_under_winner_only():
    # 80♥ coinched, 81 / 81: litige. EW round10(81) = 80, not doubled; pot round10(81) = 80.
    doc = play([ns(80, "hearts", 81, 81, double="coinche")], tie_rule="litige", **WINNER_ONLY)
    assert doc["deals"][0]["scores"] == {"NS": 0, "EW": 80}
    assert doc["pot"] == 80


def test_it_explains_that_the_defence_is_not_multiplied():
    lines = play([ns(120, "hearts", 130, 32, double="coinche")], **WINNER_ONLY)["deals"][0]["breakdown"]
    assert any("not multiplied" in line for line in lines)


# -- rounding = total -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "entry", "total", "deal"),
    [
        # Example 26 (ffb): 130 + 120 = 250; EW 32 (deal: 30).
        pytest.param({"preset": "ffb"}, ns(120, "hearts", 130, 32), (250, 32), (250, 30), id="ex 26"),
        # Example 27 (ffb): failed: EW N + V = 162 + 120 = 282 (deal: 280).
        pytest.param({"preset": "ffb"}, ns(120, "hearts", 110, 52), (0, 282), (0, 280), id="ex 27"),
        # Made with belote: 112 + 20 = 132 + 100 = 232; EW 50 (deal: 230 / 50).
        pytest.param({}, ns(100, "hearts", 112, 50, belote="NS"), (232, 50), (230, 50), id="belote"),
        # Unbid capot: cards 252 + 100 = 352 (deal: round10(252) + 100 = 350).
        pytest.param({}, ns(100, "clubs", 162, 0, capot="NS"), (352, 0), (350, 0), id="unbid capot"),
        # Capot bid made with belote: 252 + 20 + 250 = 522 (deal: round10(272) + 250 = 520).
        pytest.param(
            {}, ns("capot", "hearts", 162, 0, capot="NS", belote="NS"), (522, 0), (520, 0), id="capot made"
        ),
        # A failed capot bid keeps K = failed_capot_value − 250: EW 500 either way.
        pytest.param({}, ns("capot", "hearts", 150, 12), (0, 500), (0, 500), id="capot failed"),
        # Failed numeric coinched under all_scores: (162 + 100) × 2 = 524 (deal: 520).
        pytest.param({}, ns(100, "hearts", 70, 92, double="coinche"), (0, 524), (0, 520), id="failed ×2"),
        # winner_takes_all doubled, made: (N + belote + V) × 2 = (162 + 20 + 110) × 2 = 584 (deal: 580).
        pytest.param(
            {"preset": "ffb"},
            ns(110, "diamonds", 121, 41, double="coinche", belote="NS"),
            (584, 0),
            (580, 0),
            id="ffb doubled made",
        ),
        # winner_takes_all doubled capot: P = N + 90 = 252: (252 + 100) × 2 = 704 (deal: 700).
        pytest.param(
            {"preset": "ffb"},
            ns(100, "hearts", 162, 0, capot="NS", double="coinche"),
            (704, 0),
            (700, 0),
            id="ffb doubled capot",
        ),
        # bid_only made coinched: 135 + 100 × 2 = 335 (deal: 140 + 200 = 340).
        pytest.param(
            {"double_formula": "bid_only"},
            ns(100, "hearts", 135, 27, double="coinche"),
            (335, 27),
            (340, 30),
            id="bid_only",
        ),
        # All-trump on the Parlett scale (N = 258): failed 120: EW 258 + 120 = 378 (deal: 260 + 120).
        pytest.param(
            {"all_trump": True}, ns(120, "all-trump", 100, 158), (0, 378), (0, 380), id="all-trump failed"
        ),
        # A générale failed: EW N + 500 = 662 (deal: 660); made: 252 + 500 = 752 (deal: 750).
        pytest.param(GENERALE, GENERALE_SHARED, (0, 662), (0, 660), id="generale failed"),
        pytest.param(GENERALE, GENERALE_MADE, (752, 0), (750, 0), id="generale made"),
    ],
)
def test_it_keeps_deal_scores_exact_with_rounding_total(options, entry, total, deal):
    assert scores(entry, **options, **TOTAL) == total
    assert scores(entry, **options) == deal


def test_it_never_makes_a_contract_by_rounding_either_way():
    # Example 3: 87 on a 90 bid fails under both roundings; EW 162 + 90 = 252 (deal: 250).
    entry = ns(90, "spades", 87, 75)
    assert play([entry], **TOTAL)["deals"][0]["result"] == "failed"
    assert scores(entry, **TOTAL) == (0, 252)


def test_it_keeps_an_exact_litige_pot_with_rounding_total():
    # ffb litige: 80♠, 71 / 91, belote NS: 91 = 91. EW 91 exact; the pot holds 71 + 20 = 91.
    # Next, EW make 100♥ with 110 / 52: 110 + 100 = 210 + the pot 91 = 301; NS 52.
    deals = [ns(80, "spades", 71, 91, belote="NS"), ew(100, "hearts", 52, 110)]
    doc = play(deals, preset="ffb", tie_rule="litige", **TOTAL)
    assert doc["deals"][0]["scores"] == {"NS": 0, "EW": 91}
    assert doc["deals"][0]["pot"] == 91
    assert doc["deals"][1]["scores"] == {"NS": 52, "EW": 301}


def test_it_shows_the_rounded_running_totals_of_every_deal():
    # Example 28 (ffb): 250 / 32 three times: exact 750 / 96, rounded 750 / 100; a dead deal too.
    entry = ns(120, "hearts", 130, 32)
    doc = play([entry, {"dead": True}, entry, entry], preset="ffb", **TOTAL)
    assert [d["rounded_running_totals"] for d in doc["deals"]] == [
        {"NS": 250, "EW": 30},  # 32 → 30
        {"NS": 250, "EW": 30},
        {"NS": 500, "EW": 60},  # 64 → 60
        {"NS": 750, "EW": 100},  # 96 → 100
    ]
    assert doc["totals"] == {"NS": 750, "EW": 96}
    assert doc["rounded_totals"] == {"NS": 750, "EW": 100}


def test_it_shows_rounded_totals_of_an_empty_match():
    assert play([], **TOTAL)["rounded_totals"] == {"NS": 0, "EW": 0}


def test_it_leaves_the_rounded_keys_out_with_rounding_by_deal():
    doc = play([ns(120, "hearts", 130, 32), {"dead": True}])
    assert "rounded_totals" not in doc
    assert all("rounded_running_totals" not in d for d in doc["deals"])


def test_it_ends_the_match_on_the_rounded_total():
    # Example 29: three 130♥ made with 135 / 27 (265 / 27 each: 795 / 81), then 100♠ with 100 / 62:
    # 200 / 62. Exact 995 / 143; rounded 1000 / 140: NS reach 1000 and win.
    made = ns(130, "hearts", 135, 27)
    last = ns(100, "spades", 100, 62)
    doc = play([made, made, made, last], **TOTAL)
    assert doc["totals"] == {"NS": 995, "EW": 143}
    assert doc["rounded_totals"] == {"NS": 1000, "EW": 140}
    assert doc["outcome"] == {"finished": True, "winner": "NS", "draw": False}
    # By deal: round10(135) = 140 + 130 = 270 and 30, three times, then 200 / 60: 1010 / 150.
    assert play([made, made, made, last])["totals"] == {"NS": 1010, "EW": 150}


def test_it_does_not_end_on_an_exact_total_that_rounds_below_the_target():
    # target 1002. Three 130♥ made with 135 / 27 (795 / 81), then NS 100♠ with 109 / 53: 209 / 53.
    # Exact 1004 / 134 passes 1002, but the sheet shows 1000 / 130: play on.
    made = ns(130, "hearts", 135, 27)
    doc = play([made, made, made, ns(100, "spades", 109, 53)], target=1002, **TOTAL)
    assert doc["totals"] == {"NS": 1004, "EW": 134}
    assert doc["outcome"]["finished"] is False


#: Parlett, rounding = total: both sides pass 1000 on the last deal, 1011 against 1013 exactly but
#: 1010 against 1010 once rounded.
#:   1. NS 80♥, 82 / 80: made, NS 82 + 80 = 162, EW 80            →  162 /  80
#:   2. EW 80♥, 80 / 82: made, EW 162, NS 80                       →  242 / 242
#:   3. NS 80♥, 115 / 47: made, NS 195, EW 47                      →  437 / 289
#:   4. NS 100♣, capot NS (not bid): 252 + 100 = 352               →  789 / 289
#:   5. EW 100♣, capot EW: 352                                     →  789 / 641
#:   6. EW 100♣, capot EW: 352                                     →  789 / 993 (rounded 790 / 990)
#:   7. NS 80♥, 142 / 20: made, NS 222, EW 20                      → 1011 / 1013 (rounded 1010 / 1010)
EQUAL_ONCE_ROUNDED = [
    ns(80, "hearts", 82, 80),
    ew(80, "hearts", 80, 82),
    ns(80, "hearts", 115, 47),
    ns(100, "clubs", 162, 0, capot="NS"),
    ew(100, "clubs", 0, 162, capot="EW"),
    ew(100, "clubs", 0, 162, capot="EW"),
    ns(80, "hearts", 142, 20),
]


def test_it_compares_two_candidates_on_rounded_totals():
    doc = play(EQUAL_ONCE_ROUNDED, **TOTAL)
    assert doc["totals"] == {"NS": 1011, "EW": 1013}
    assert doc["rounded_totals"] == {"NS": 1010, "EW": 1010}
    # equal rounded totals: another deal (final_tie extra_deal), although EW are ahead exactly
    assert doc["outcome"]["finished"] is False
    # last_contract_winner: NS made this deal's contract, so NS win
    doc = play(EQUAL_ONCE_ROUNDED, final_tie="last_contract_winner", **TOTAL)
    assert doc["outcome"] == {"finished": True, "winner": "NS", "draw": False}


def test_it_names_the_leader_of_a_cut_match_by_rounded_totals():
    # EW 80♥ with 75 / 87: EW 167, NS 75; NS 80♠ with 86 / 76: NS 166, EW 76.
    # Exact 241 / 243 (EW ahead), rounded 240 / 240: a draw when the match is cut after 2 deals.
    deals = [ew(80, "hearts", 75, 87), ns(80, "spades", 86, 76)]
    cut = GAME.replay(TOTAL, SIDES, deals, deal_limit=2).as_json()
    assert cut["totals"] == {"NS": 241, "EW": 243}
    assert cut["outcome"]["finished"] is True
    assert cut["outcome"]["winner"] is None  # by the exact totals EW would lead


@pytest.mark.parametrize("value", ["none", "deals", True, None])
def test_it_refuses_an_unknown_rounding(value):
    with pytest.raises(OptionError) as caught:
        GAME.replay({"rounding": value}, SIDES, [])
    assert caught.value.field == "rounding"


def test_it_refuses_an_unknown_double_formula():
    with pytest.raises(OptionError) as caught:
        GAME.replay({"double_formula": "taker_only"}, SIDES, [])
    assert caught.value.field == "double_formula"


def test_it_echoes_the_new_options():
    options = play([], preset="ffb", double_formula="winner_only", rounding="total", generale=True)["options"]
    assert (options["double_formula"], options["rounding"], options["generale"]) == (
        "winner_only",
        "total",
        True,
    )
    assert options["preset"] == "ffb"
    assert options["melds_to_winner"] is True


# -- properties -------------------------------------------------------------------------------------------

SUIT = st.sampled_from(["clubs", "diamonds", "hearts", "spades"])


@st.composite
def entries(draw: Any) -> dict[str, Any]:
    """A valid entry under parlett with générale on and no melds (any bid, double, capot, belote)."""
    if draw(st.integers(0, 9)) == 0:
        return {"dead": True}
    points = draw(st.integers(0, 162))
    capot = draw(st.sampled_from([None, None, "NS", "EW"]))
    if capot is not None:
        points = 162 if capot == "NS" else 0
    entry = {
        "taker": draw(st.sampled_from(SIDES)),
        "bid": draw(st.sampled_from([80, 90, 100, 110, 120, 150, 200, 250, "capot", "generale"])),
        "trump": draw(SUIT),
        "double": draw(st.sampled_from(["none", "coinche", "surcoinche"])),
        "points": {"NS": points, "EW": 162 - points},
        "capot": capot,
        "belote": draw(st.sampled_from([None, "NS", "EW"])),
    }
    if capot is not None:
        entry["capot_alone"] = draw(st.booleans())
    return entry


def _doc(deals: list[Any], **options: Any) -> dict[str, Any]:
    return play(deals, generale=True, target=HUGE, **options)


@settings(max_examples=150, deadline=None)
@given(st.lists(entries(), max_size=20), st.sampled_from(["parlett", "ffb"]))
def test_it_never_lets_winner_only_change_who_made_the_contract(deals, preset):
    by_all = _doc(deals, preset=preset, double_formula="all_scores")["deals"]
    by_winner = _doc(deals, preset=preset, double_formula="winner_only")["deals"]
    for a, w in zip(by_all, by_winner, strict=True):
        assert w["result"] == a["result"]
        if a["result"] == "dead":
            continue
        taker = a["contract"]["taker"]
        defence = "EW" if taker == "NS" else "NS"
        m = {"none": 1, "coinche": 2, "surcoinche": 4}[a["contract"]["double"]]
        if m == 1:
            assert w["scores"] == a["scores"]
        elif a["result"] == "made":
            assert w["scores"][taker] == a["scores"][taker]
            assert w["scores"][defence] * m == a["scores"][defence]
        else:
            assert w["scores"][taker] * m == a["scores"][taker]
            assert w["scores"][defence] <= a["scores"][defence]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(entries(), max_size=20),
    st.sampled_from(["all_scores", "winner_takes_all", "bid_only", "winner_only"]),
)
def test_it_never_lets_rounding_make_or_break_a_contract(deals, formula):
    by_deal = _doc(deals, double_formula=formula)["deals"]
    by_total = _doc(deals, double_formula=formula, rounding="total")["deals"]
    assert [d["result"] for d in by_total] == [d["result"] for d in by_deal]


@settings(max_examples=150, deadline=None)
@given(st.lists(entries(), max_size=25), st.sampled_from(["parlett", "ffb"]), st.integers(10, 2000))
def test_it_rounds_only_the_score_sheet_with_rounding_total(deals, preset, target):
    state = GAME.new_match(SIDES, {"preset": preset, "generale": True, "rounding": "total", "target": target})
    for entry in deals:
        if state.finished:
            break
        state = state.play(entry)
    doc = state.as_json()
    for side in SIDES:
        assert doc["totals"][side] == sum(d["scores"][side] for d in doc["deals"])
        assert doc["rounded_totals"][side] == round10(doc["totals"][side])
    for d in doc["deals"]:
        assert d["rounded_running_totals"] == {s: round10(t) for s, t in d["running_totals"].items()}
    shown = doc["rounded_totals"]
    reached = [side for side in SIDES if shown[side] >= target]
    if doc["outcome"]["finished"]:
        assert doc["outcome"]["winner"] in reached
    if preset == "ffb":
        return  # belote_alone_cannot_win may bar a side that reached the target
    if doc["outcome"]["finished"]:
        assert all(shown[doc["outcome"]["winner"]] >= shown[side] for side in reached)
    else:
        # play goes on only below the target or on equal rounded totals
        assert not reached or (len(reached) == 2 and shown["NS"] == shown["EW"])
