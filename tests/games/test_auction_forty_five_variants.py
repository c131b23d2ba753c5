"""Auction Forty-Five's club variants (docs/games/auction-forty-five.md, "Club variants"), clause by
clause: ``bid_20_at_100``, ``defenders_score_at_100 = "when_set"``, ``thirty_bid_scores``, the
``"30-for-60"`` bid, ``bid_out`` and ``three_sets_lose``, with the entries and options they refuse.

took(X) = 5 × tricks + 5 for the high trump (HT). Every expected number is worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import IllegalDealError, OptionError, find_game

GAME = find_game("auction-forty-five")
SIDES = ["Us", "Them"]
T60 = "30-for-60"


def play(deals: list[Any], **options: Any) -> dict[str, Any]:
    return GAME.replay(options, SIDES, deals).as_json()


def deal(bidder: str, bid: int | str, us: int, them: int, high: str | None) -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "tricks": {"Us": us, "Them": them}, "high_trump": high}


def error_of(deals: list[Any], **options: Any) -> tuple[int | None, str | None]:
    with pytest.raises(IllegalDealError) as caught:
        play(deals, **options)
    return caught.value.deal, caught.value.field


def last_scores(deals: list[Any], **options: Any) -> dict[str, int]:
    return play(deals, **options)["deals"][-1]["scores"]


#: Us 100, Them 0: a made 30 (60), then 15 with 5 tricks + HT twice (15 + 5 = 20 each).
US_AT_100 = [deal("Us", 30, 5, 0, "Us"), deal("Us", 15, 5, 0, "Us"), deal("Us", 15, 5, 0, "Us")]
#: Us 100, Them 115: then Them make 30 (60), 25 with 5 tricks and no trump (25), 25 + HT (30).
US_100_THEM_115 = [
    *US_AT_100,
    deal("Them", 30, 0, 5, "Them"),
    deal("Them", 25, 0, 5, None),
    deal("Them", 25, 0, 5, "Them"),
]


# -- bid_20_at_100 ---------------------------------------------------------------------------------


def test_it_lets_a_side_at_100_bid_15_without_the_100_point_rule():
    # Example 10: Us at 100 bid 15, 3 tricks + HT = 20: made, 15 + 5 = 20; Them 2 tricks = 10.
    assert error_of([*US_AT_100, deal("Us", 15, 3, 2, "Us")]) == (3, "bid")
    doc = play([*US_AT_100, deal("Us", 15, 3, 2, "Us")], bid_20_at_100=False)
    assert doc["deals"][-1]["scores"] == {"Us": 20, "Them": 10}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}  # 120 – 10


def test_it_lets_a_side_at_100_bid_the_minimum_without_the_rule():
    # Example 11 at 100: min_bid 10, Us bid 10 with 2 tricks (10): made, 10; Them 3 + HT = 20.
    doc = play([*US_AT_100, deal("Us", 10, 2, 3, "Them")], bid_20_at_100=False, min_bid=10)
    assert doc["deals"][-1]["scores"] == {"Us": 10, "Them": 20}
    assert doc["outcome"]["finished"] is False  # 110 – 20


def test_it_still_applies_min_bid_without_the_100_point_rule():
    assert error_of([deal("Us", 10, 2, 3, "Them")], bid_20_at_100=False) == (0, "bid")


def test_it_counts_30_for_60_as_more_than_20_at_100():
    # At 100 with the rule on, "30-for-60" is allowed: all 5 tricks, +60 → 160.
    doc = play([*US_AT_100, deal("Us", T60, 5, 0, "Us")], thirty_for_sixty=True)
    assert doc["deals"][-1]["scores"] == {"Us": 60, "Them": 0}


# -- thirty_bid_scores ------------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["bid_plus_high_trump", "all_points", "bid_only"])
def test_it_scores_a_made_30_by_thirty_bid_scores_whatever_made_bid_scores_says(rule):
    made = deal("Us", 30, 5, 0, "Us")
    assert last_scores([made], made_bid_scores=rule) == {"Us": 60, "Them": 0}
    assert last_scores([made], made_bid_scores=rule, thirty_bid_scores=30) == {"Us": 30, "Them": 0}


def test_it_makes_a_30_with_all_five_tricks_and_no_trump_played():
    # Example 15: took 25 < 30, but all 5 tricks: made, 30 (default 60).
    assert last_scores([deal("Us", 30, 5, 0, None)], thirty_bid_scores=30) == {"Us": 30, "Them": 0}


def test_it_loses_30_for_a_failed_30_whatever_thirty_bid_scores_says():
    # 4 tricks + HT = 25: failed, −30; Them 1 trick = 5.
    assert last_scores([deal("Us", 30, 4, 1, "Us")], thirty_bid_scores=30) == {"Us": -30, "Them": 5}


@pytest.mark.parametrize("value", [45, "60", 60.0, None, True])
def test_it_refuses_another_thirty_bid_score(value):
    with pytest.raises(OptionError) as caught:
        play([], thirty_bid_scores=value)
    assert caught.value.field == "thirty_bid_scores"


# -- the 30-for-60 bid ---------------------------------------------------------------------------------


def test_it_refuses_30_for_60_unless_the_option_is_on():
    # Example 18.
    assert error_of([deal("Us", T60, 5, 0, "Us")]) == (0, "bid")
    assert error_of([deal("Us", T60, 5, 0, "Us")], thirty_for_sixty=False) == (0, "bid")


def test_it_says_which_option_30_for_60_needs():
    with pytest.raises(IllegalDealError) as caught:
        play([deal("Us", T60, 5, 0, "Us")])
    assert "thirty_for_sixty" in caught.value.rule


@pytest.mark.parametrize("bid", ["30 for 60", "30-For-60", "30-for-60 ", 60, 35])
def test_it_refuses_other_spellings_of_30_for_60(bid):
    assert error_of([deal("Us", bid, 5, 0, "Us")], thirty_for_sixty=True) == (0, "bid")


@pytest.mark.parametrize(
    ("entry", "made", "scores"),
    [
        # Example 16: all 5 tricks and the HT: +60.
        (deal("Us", T60, 5, 0, "Us"), True, {"Us": 60, "Them": 0}),
        # All 5 tricks, no trump played (took 25): still made, +60.
        (deal("Us", T60, 5, 0, None), True, {"Us": 60, "Them": 0}),
        # Example 17: 4 tricks + HT (25): failed, −60; Them 1 trick = 5.
        (deal("Us", T60, 4, 1, "Us"), False, {"Us": -60, "Them": 5}),
        # Them bid it: 3 tricks + HT (20): failed, −60; Us 2 tricks = 10.
        (deal("Them", T60, 2, 3, "Them"), False, {"Us": 10, "Them": -60}),
    ],
)
def test_it_scores_30_for_60_all_or_nothing(entry, made, scores):
    doc = play([entry], thirty_for_sixty=True)
    assert doc["deals"][0]["made"] is made
    assert doc["deals"][0]["scores"] == scores
    assert doc["deals"][0]["bid"] == T60


def test_it_scores_30_for_60_at_60_whatever_thirty_bid_scores_and_made_bid_scores_say():
    made = deal("Us", T60, 5, 0, "Us")
    options = {"thirty_for_sixty": True, "thirty_bid_scores": 30, "made_bid_scores": "bid_only"}
    assert last_scores([made], **options) == {"Us": 60, "Them": 0}


def test_it_keeps_the_plain_30_when_30_for_60_is_on():
    # A plain 30 still scores thirty_bid_scores: 30 here; "30-for-60" 60.
    options = {"thirty_for_sixty": True, "thirty_bid_scores": 30}
    assert last_scores([deal("Us", 30, 5, 0, "Us")], **options) == {"Us": 30, "Them": 0}


def test_it_words_30_for_60_as_players_say_it():
    lines = play([deal("Us", T60, 5, 0, "Us")], thirty_for_sixty=True)["deals"][0]["breakdown"]
    assert any("30 for 60" in line for line in lines)


# -- defenders_score_at_100 = "when_set" -------------------------------------------------------------------


def test_it_gives_defenders_at_100_nothing_when_the_bid_is_made():
    # Example 12: Them at 115 defend; Us bid 20 and take 4 tricks (20): made. Them 1 + HT = 10 → 0.
    doc = play([*US_100_THEM_115, deal("Us", 20, 4, 1, "Them")], defenders_score_at_100="when_set")
    assert doc["deals"][-1]["scores"] == {"Us": 20, "Them": 0}
    assert doc["deals"][-1]["took"] == {"Us": 20, "Them": 10}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}  # 120 – 115


def test_it_gives_defenders_at_100_what_they_took_when_the_bidders_are_set():
    # Example 13: Us bid 25 and take 3 tricks (15): failed, −25; Them 2 + HT = 15 → 130: Them win.
    entry = deal("Us", 25, 3, 2, "Them")
    doc = play([*US_100_THEM_115, entry], defenders_score_at_100="when_set")
    assert doc["deals"][-1]["scores"] == {"Us": -25, "Them": 15}
    assert doc["outcome"] == {"finished": True, "winner": "Them", "draw": False}
    # false: Them score nothing either way: 75 – 115, play on.
    doc = play([*US_100_THEM_115, entry], defenders_score_at_100=False)
    assert doc["deals"][-1]["scores"] == {"Us": -25, "Them": 0}
    assert doc["outcome"]["finished"] is False


def test_it_counts_exactly_100_as_100_or_more_when_set():
    # Us at exactly 100 defend; Them bid 20 with 3 tricks + HT (20): made, 25; Us 2 tricks (10) → 0.
    doc = play([*US_AT_100, deal("Them", 20, 2, 3, "Them")], defenders_score_at_100="when_set")
    assert doc["deals"][-1]["scores"] == {"Us": 0, "Them": 25}


def test_it_lets_defenders_below_100_score_when_set():
    # Them at 0 defend a made bid: 2 tricks = 10 as usual.
    assert last_scores([deal("Us", 20, 3, 2, "Us")], defenders_score_at_100="when_set") == {
        "Us": 25,
        "Them": 10,
    }


@pytest.mark.parametrize("value", ["when set", "WHEN_SET", "true", 1, 0, None])
def test_it_refuses_another_defenders_rule(value):
    with pytest.raises(OptionError) as caught:
        play([], defenders_score_at_100=value)
    assert caught.value.field == "defenders_score_at_100"


# -- bid_out -------------------------------------------------------------------------------------------------


def test_it_lets_only_the_bidding_side_go_out():
    # Example 19: Us bid 20, 2 tricks (10): failed, −20 → 80; Them 3 + HT = 20 → 135: play on.
    set_us = deal("Us", 20, 2, 3, "Them")
    doc = play([*US_100_THEM_115, set_us], bid_out=True)
    assert doc["deals"][-1]["scores"] == {"Us": -20, "Them": 20}
    assert doc["outcome"]["finished"] is False
    assert play([*US_100_THEM_115, set_us])["outcome"]["winner"] == "Them"
    # Example 20: Them (at 135, so bid ≥ 20) bid 20, 3 tricks + HT = 20: made, 25 → 160: Them win.
    doc = play([*US_100_THEM_115, set_us, deal("Them", 20, 2, 3, "Them")], bid_out=True)
    assert doc["deals"][-1]["scores"] == {"Us": 10, "Them": 25}
    assert doc["outcome"] == {"finished": True, "winner": "Them", "draw": False}


def test_it_does_not_let_a_side_past_the_target_go_out_on_a_failed_bid():
    # After example 19 (80 – 135) Them bid 25 and take 3 tricks + HT (20): failed, −25 → 110.
    # Us 2 tricks = 10 → 90. Nobody goes out; Them would not have even on a made bid below 120.
    deals = [*US_100_THEM_115, deal("Us", 20, 2, 3, "Them"), deal("Them", 25, 2, 3, "Them")]
    doc = play(deals, bid_out=True)
    assert doc["totals"] == {"Us": 90, "Them": 110}
    assert doc["outcome"]["finished"] is False


def test_it_lets_a_made_bid_below_the_target_play_on_under_bid_out():
    # Us bid 20 from 0 and make it: 25 < 120, play on.
    assert play([deal("Us", 20, 3, 2, "Us")], bid_out=True)["outcome"]["finished"] is False


def test_it_ignores_end_rule_under_bid_out():
    # Example 8 with higher_total: Us 100 + 20 = 120, Them 115 + 10 = 125. Without bid_out Them win
    # on the higher total; with bid_out only the bidders (Us, made, at 120) can win.
    entry = deal("Us", 20, 4, 1, "Them")
    assert play([*US_100_THEM_115, entry], end_rule="higher_total")["outcome"]["winner"] == "Them"
    doc = play([*US_100_THEM_115, entry], end_rule="higher_total", bid_out=True)
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}


# -- three_sets_lose ---------------------------------------------------------------------------------------


SET_US = deal("Us", 20, 1, 4, "Them")  # Us took 5 < 20: −20; Them 4 + HT = 25


def test_it_ends_the_game_on_a_third_set():
    # Example 21: three times −20 / +25: −60 – 75, Us set three times: Them win.
    doc = play([SET_US] * 3, three_sets_lose=True)
    assert [d["sets"] for d in doc["deals"]] == [
        {"Us": 1, "Them": 0},
        {"Us": 2, "Them": 0},
        {"Us": 3, "Them": 0},
    ]
    assert doc["totals"] == {"Us": -60, "Them": 75}
    assert doc["outcome"] == {"finished": True, "winner": "Them", "draw": False}
    assert play([SET_US] * 3)["outcome"]["finished"] is False


def test_it_counts_sets_that_are_not_consecutive():
    # Example 22: Us −20, +10, −25, +20, −30; Them +25, +20, +15, +5, +5: −45 – 70; Us set 3 times.
    deals = [
        SET_US,
        deal("Them", 15, 2, 3, "Them"),
        deal("Us", 25, 3, 2, "Them"),
        deal("Us", 15, 4, 1, "Us"),
        deal("Us", 30, 4, 1, "Us"),
    ]
    doc = play(deals, three_sets_lose=True)
    assert [d["scores"]["Us"] for d in doc["deals"]] == [-20, 10, -25, 20, -30]
    assert doc["totals"] == {"Us": -45, "Them": 70}
    assert doc["deals"][-1]["sets"] == {"Us": 3, "Them": 0}
    assert doc["outcome"]["winner"] == "Them"


def test_it_ends_on_the_third_set_far_below_the_target():
    # Them bid 20 and take 1 trick (5): −20; Us 4 + HT = 25. Us are set twice, Them three times:
    # Us −20 + 25 − 20 + 25 + 25 = 35; Them 25 − 20 + 25 − 20 − 20 = −10. Them lose.
    set_them = deal("Them", 20, 4, 1, "Us")
    deals = [SET_US, set_them, SET_US, set_them, set_them]
    doc = play(deals, three_sets_lose=True)
    assert doc["totals"] == {"Us": 35, "Them": -10}
    assert doc["deals"][-1]["sets"] == {"Us": 2, "Them": 3}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}


def test_it_checks_three_sets_before_bid_out():
    # bid_out: Them reach 135 without bidding (example 19); Them then bid 20 three times and fail:
    # the third set ends the game for Us although Them are past the target. Them bid 20 with
    # 1 trick (5): −20; Us 4 + HT = 25.
    set_them = deal("Them", 20, 4, 1, "Us")
    deals = [*US_100_THEM_115, deal("Us", 20, 2, 3, "Them"), set_them, set_them, set_them]
    # Us 80 + 75 = 155, Them 135 − 60 = 75. Us passed 120 but only as defenders: play on until the
    # third set, which ends the game.
    doc = play(deals, bid_out=True, three_sets_lose=True)
    assert doc["totals"] == {"Us": 155, "Them": 75}
    assert doc["deals"][-1]["sets"] == {"Us": 1, "Them": 3}
    assert doc["outcome"] == {"finished": True, "winner": "Us", "draw": False}
    assert doc["deals"][-2]["sets"] == {"Us": 1, "Them": 2}


def test_it_leaves_sets_out_without_the_option():
    assert "sets" not in play([SET_US])["deals"][0]


@pytest.mark.parametrize(
    ("option", "value"), [("bid_out", "yes"), ("three_sets_lose", 1), ("bid_20_at_100", None)]
)
def test_it_wants_the_switches_to_be_true_or_false(option, value):
    with pytest.raises(OptionError) as caught:
        play([], **{option: value})
    assert caught.value.field == option


def test_it_echoes_the_new_options():
    options = play([], thirty_for_sixty=True, defenders_score_at_100="when_set", thirty_bid_scores=30)[
        "options"
    ]
    assert options["thirty_for_sixty"] is True
    assert options["defenders_score_at_100"] == "when_set"
    assert options["thirty_bid_scores"] == 30
    assert (options["bid_20_at_100"], options["bid_out"], options["three_sets_lose"]) == (True, False, False)


# -- properties ---------------------------------------------------------------------------------------------


@st.composite
def entries(draw: Any) -> dict[str, Any]:
    """A well-formed entry: any bid (the 100-point rule may still refuse it), tricks adding up to 5."""
    us = draw(st.integers(0, 5))
    tricks = {"Us": us, "Them": 5 - us}
    high = draw(st.sampled_from([None, *(side for side in SIDES if tricks[side])]))
    bid = draw(st.sampled_from([15, 20, 25, 30, T60]))
    return {"bidder": draw(st.sampled_from(SIDES)), "bid": bid, "tricks": tricks, "high_trump": high}


VARIANTS = st.fixed_dictionaries(
    {
        "made_bid_scores": st.sampled_from(["bid_plus_high_trump", "all_points", "bid_only"]),
        "defenders_score_at_100": st.sampled_from([True, False, "when_set"]),
        "bid_20_at_100": st.booleans(),
        "thirty_bid_scores": st.sampled_from([60, 30]),
        "thirty_for_sixty": st.just(True),
        "bid_out": st.booleans(),
        "three_sets_lose": st.booleans(),
        "end_rule": st.sampled_from(["bidder_out_first", "higher_total"]),
    }
)


def _accepted(options: dict[str, Any], candidates: list[dict[str, Any]]) -> Any:
    state = GAME.new_match(SIDES, options)
    for entry in candidates:
        if state.finished:
            break
        try:
            state = state.play(entry)
        except IllegalDealError:
            continue
    return state


@settings(max_examples=200, deadline=None)
@given(VARIANTS, st.lists(entries(), max_size=30))
def test_it_keeps_every_variant_rule_on_any_match(options, candidates):
    doc = _accepted(options, candidates).as_json()
    before = dict.fromkeys(SIDES, 0)
    sets = dict.fromkeys(SIDES, 0)
    for d in doc["deals"]:
        bidder = d["bidder"]
        defenders = "Them" if bidder == "Us" else "Us"
        stake = 60 if d["bid"] == T60 else d["bid"]
        # a failed bid loses its stake; a made one scores something, at most 60
        if d["made"]:
            assert 0 < d["scores"][bidder] <= 60
        else:
            assert d["scores"][bidder] == -stake
        # a bid of 30 or "30-for-60" is made exactly when the bidders took all five tricks
        if d["bid"] in (30, T60):
            assert d["made"] == (d["took"][bidder] >= 25 and d["took"][defenders] == 0)
        # with the 100-point rule, a side at 100 or more never bid below 20
        if options["bid_20_at_100"] and before[bidder] >= 100:
            assert d["bid"] == T60 or d["bid"] >= 20
        # defenders score what they took, or 0 when the 100-point rule for defenders says so
        took = d["took"][defenders]
        rule = options["defenders_score_at_100"]
        silenced = before[defenders] >= 100 and (rule is False or (rule == "when_set" and d["made"]))
        assert d["scores"][defenders] == (0 if silenced else took)
        if not d["made"]:
            sets[bidder] += 1
        assert ("sets" in d) == options["three_sets_lose"]
        if options["three_sets_lose"]:
            assert d["sets"] == sets
        before = d["running_totals"]
    outcome = doc["outcome"]
    if options["three_sets_lose"]:
        # nobody is ever set a fourth time, and a third set ends the game against that side
        assert max(sets.values()) <= 3
        if 3 in sets.values():
            loser = next(side for side in SIDES if sets[side] == 3)
            assert outcome["finished"]
            assert outcome["winner"] != loser
    if outcome["finished"] and options["bid_out"] and 3 not in sets.values():
        last = doc["deals"][-1]
        assert outcome["winner"] == last["bidder"]
        assert last["made"]
        assert doc["totals"][last["bidder"]] >= 120
