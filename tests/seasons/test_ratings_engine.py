"""The ratings engine (pure): one update per match over openskill's Plackett-Luce, replayable in
parts, predictions before a match, the provisional rule and the backtest."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from seasons.rating.engine import (
    PROVISIONAL_MATCHES,
    RatedMatch,
    RatingError,
    backtest,
    provisional,
    ranks_from_results,
    replay,
    shown,
    win_chances,
)


def test_it_rates_a_partnership_match_as_openskill_rates_two_teams():
    model = PlackettLuce()
    a, b, c, d = (model.rating() for _ in range(4))
    expected = model.rate([[a, c], [b, d]], ranks=[0, 1])

    ratings = replay([RatedMatch((1,), ((1, 3), (2, 4)), (0, 1))])

    assert ratings[1][:2] == (expected[0][0].mu, expected[0][0].sigma)
    assert ratings[2][:2] == (expected[1][0].mu, expected[1][0].sigma)
    assert {p: r[2] for p, r in ratings.items()} == {1: 1, 2: 1, 3: 1, 4: 1}


def test_a_free_for_all_rates_each_player_by_place():
    ratings = replay([RatedMatch((1,), ((1,), (2,), (3,), (4,), (5,)), (0, 1, 2, 3, 4))])

    order = sorted(ratings, key=lambda p: -ratings[p][0])
    assert order == [1, 2, 3, 4, 5]


def test_partners_follow_each_player_across_changing_partnerships():
    matches = [
        RatedMatch((1,), ((1, 2), (3, 4)), (0, 1)),
        RatedMatch((2,), ((1, 3), (2, 4)), (0, 1)),
        RatedMatch((3,), ((1, 4), (2, 3)), (0, 1)),
    ]

    ratings = replay(matches)

    assert max(ratings, key=lambda p: ratings[p][0]) == 1
    assert ratings[1][2] == 3


@pytest.mark.parametrize(
    ("outcomes", "points", "ranks"),
    [
        (("win", "loss"), (120, 40), (0, 1)),
        (("loss", "win"), (40, 120), (1, 0)),
        (("draw", "draw"), (81, 81), (0, 0)),
        (("win", "loss", "loss"), (31, 20, 25), (0, 2, 1)),
        (("loss", "win", "loss", "loss"), (30, 5, 10, 30), (2, 0, 1, 2)),
    ],
)
def test_it_ranks_sides_from_their_results(outcomes, points, ranks):
    assert ranks_from_results(outcomes, points) == ranks


@pytest.mark.parametrize(
    ("sides", "ranks"),
    [(((1, 2),), (0,)), (((1, 2), (3, 1)), (0, 1)), (((1,), (2,)), (0,)), (((1,), ()), (0, 1))],
)
def test_it_refuses_a_match_it_cannot_rate(sides, ranks):
    with pytest.raises(RatingError):
        RatedMatch((9,), sides, ranks)


def test_win_chances_add_up_to_one_and_favour_the_stronger_side():
    ratings = replay([RatedMatch((n,), ((1, 2), (3, 4)), (0, 1)) for n in range(5)])

    chances = win_chances(ratings, [(1, 2), (3, 4)])

    assert math.isclose(sum(chances), 1.0)
    assert chances[0] > 0.5
    assert win_chances({}, [(7,), (8,), (9,)]) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_a_rating_is_provisional_until_enough_matches_and_low_enough_uncertainty():
    assert provisional((25.0, 8.3, 0))
    assert provisional((25.0, 3.0, PROVISIONAL_MATCHES - 1))
    assert provisional((25.0, 6.0, 50))
    assert not provisional((25.0, 3.0, PROVISIONAL_MATCHES))
    assert shown((25.0, 25 / 3, 0)) == 1000


def test_the_backtest_beats_a_uniform_guess_on_a_history_with_real_strengths():
    rng = random.Random(3)
    strength = {p: p / 4 for p in range(12)}
    matches = []
    for n in range(600):
        a, b, c, d = rng.sample(range(12), 4)
        first = strength[a] + strength[c] + rng.gauss(0, 1)
        second = strength[b] + strength[d] + rng.gauss(0, 1)
        matches.append(RatedMatch((n,), ((a, c), (b, d)), (0, 1) if first > second else (1, 0)))

    result = backtest(matches)

    assert result.matches == result.predicted == 600
    assert result.uniform == pytest.approx(math.log(2))
    assert result.log_loss < result.uniform


def test_the_backtest_leaves_out_matches_without_a_single_winner():
    result = backtest([RatedMatch((1,), ((1,), (2,)), (0, 0)), RatedMatch((2,), ((1,), (2,)), (0, 1))])

    assert (result.matches, result.predicted) == (2, 1)
    assert result.log_loss == pytest.approx(math.log(2))


histories = st.lists(st.tuples(st.permutations(range(6)), st.booleans()), min_size=1, max_size=25).map(
    lambda rows: [
        RatedMatch((n,), ((order[0], order[1]), (order[2], order[3])), (0, 1) if won else (1, 0))
        for n, (order, won) in enumerate(rows)
    ]
)


@settings(max_examples=60, deadline=None)
@given(history=histories, cut=st.integers(0, 25))
def test_replaying_a_history_in_two_parts_equals_replaying_it_at_once(history, cut):
    head, tail = history[:cut], history[cut:]

    assert replay(tail, replay(head)) == replay(history)
