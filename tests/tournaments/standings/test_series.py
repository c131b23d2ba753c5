"""A table's result from the matches it played, or from the organizer's word."""

from __future__ import annotations

from tournaments.standings.series import (
    GameResult,
    adjusted_results,
    deals_won,
    forfeit_results,
    series_result,
)


def test_it_decides_a_best_of_three_when_a_side_has_won_two():
    won, lost = GameResult(True, 0, (10, 3)), GameResult(True, 1, (2, 9))
    assert not series_result([won], sides=2, best_of=3).finished
    assert series_result([won], sides=2, best_of=3).another_game
    done = series_result([won, lost, won], sides=2, best_of=3)
    assert (done.finished, done.winner, done.wins, done.points) == (True, 0, (2, 1), (22, 15))


def test_it_plays_on_after_a_tied_series_only_when_a_winner_is_needed():
    first, second = GameResult(True, 0, (5, 1)), GameResult(True, 1, (1, 5))
    assert series_result([first, second], sides=2, best_of=2).draw
    assert series_result([first, second], sides=2, best_of=2, decisive=True).another_game


def test_it_counts_a_deal_won_only_by_a_single_best_score():
    assert deals_won([{"A": 3, "B": 1}, {"A": 2, "B": 2}, {"B": 4}], ["A", "B"]) == (1, 1)


def test_it_builds_the_organizers_results_by_side():
    adjusted = adjusted_results([11, 12, 13, 14], [0, 1, 0, 1], winner=12, points={12: 7})
    assert [adjusted[str(e)]["outcome"] for e in (11, 12, 13, 14)] == ["loss", "win", "loss", "win"]
    assert adjusted["14"]["points"] == 7  # the partner's side scored it
    forfeit = forfeit_results([11, 12], [0, 1], forfeiting=[11])
    assert (forfeit["11"]["outcome"], forfeit["12"]["outcome"], forfeit["12"]["points"]) == ("loss", "win", 0)
