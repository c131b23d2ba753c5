"""What a match shows as its target and its score (games/match.py, games/facts.py; #14, point 2):
a match cut after N deals ends at the deal count, not the game's target; a best of three rubbers
is decided by the rubbers won, which the game says (``Game.tally``)."""

from __future__ import annotations

from games import find_game
from games.match import Result
from tests.games.test_jam import BEST_OF_THREE

JAM_BEST_OF_THREE = {"rubbers": 3, "restart_after_grand": True, "first_dealer": "Bob"}
COINCHE_DEAL = {"taker": "NS", "bid": 80, "trump": "hearts", "points": {"NS": 100, "EW": 62}}


def test_it_ends_a_match_cut_after_four_deals_at_deal_four_not_at_the_games_target():
    coinche = find_game("coinche")

    cut = coinche.replay(None, ["NS", "EW"], [COINCHE_DEAL], deal_limit=4).facts()
    whole = coinche.replay(None, ["NS", "EW"], [COINCHE_DEAL]).facts()

    assert (cut.target, cut.deals) == (None, 4)
    assert (whole.target, whole.deals) == (1000, None)


def test_it_counts_the_rubbers_won_as_what_decides_a_best_of_three_jam():
    jam = find_game("jam")

    after_two = jam.replay(JAM_BEST_OF_THREE, ["Ann", "Bob"], BEST_OF_THREE[:3]).facts().tally
    ended = jam.replay(JAM_BEST_OF_THREE, ["Ann", "Bob"], BEST_OF_THREE).facts().tally

    assert after_two is not None
    assert ended is not None
    assert dict(after_two.counts) == {"Ann": 1, "Bob": 1}
    assert dict(ended.counts) == {"Ann": 1, "Bob": 2}
    assert (ended.needed, ended.goal, ended.heading) == (2, "First to 2 rubbers", "rubbers won")


def test_it_has_no_tally_where_the_total_decides():
    assert find_game("jam").replay(None, ["Ann", "Bob"], BEST_OF_THREE[:1]).facts().tally is None
    assert find_game("coinche").replay(None, ["NS", "EW"], [COINCHE_DEAL]).facts().tally is None


def test_it_reads_a_result_back_from_its_outcome_document():
    played = find_game("jam").replay(JAM_BEST_OF_THREE, ["Ann", "Bob"], BEST_OF_THREE)

    assert Result.from_json(played.as_json()["outcome"]) == played.result
    assert Result.from_json({"finished": False, "winner": None, "draw": False}) == Result(False)
