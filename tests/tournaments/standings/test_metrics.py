"""Each standings metric on a small event worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tournaments.standings.factories import EVENT, D, L, W, duel
from tournaments.standings import (
    METRICS,
    InvalidResultError,
    MatchResult,
    Outcome,
    PointScheme,
    Results,
    SideResult,
    UnknownMetricError,
    find_metric,
)


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("match-points", {1: 5, 2: 2, 3: 4, 4: 1}),
        ("matches-won", {1: 2, 2: 1, 3: 1, 4: 0}),
        ("game-points-for", {1: 24, 2: 18, 3: 20, 4: 12}),
        ("game-points-against", {1: 15, 2: 18, 3: 19, 4: 22}),
        ("game-point-difference", {1: 9, 2: 0, 3: 1, 4: -10}),
        ("deals-won", {1: 7, 2: 5, 3: 6, 4: 3}),
        ("buchholz", {1: 7, 2: 10, 3: 8, 4: 11}),
        ("median-buchholz", {1: 2, 2: 4, 3: 2, 4: 4}),
        ("sonneborn-berger", {1: 5, 2: 1, 3: 5, 4: 2}),
        ("opponents-match-win-percentage", {1: Fraction(4, 9), 2: Fraction(11, 18)}),
    ],
)
def test_it_computes_the_metric_by_hand(key, expected):
    values = find_metric(key).compute(EVENT)

    assert {e: values[e] for e in expected} == expected


def test_it_halves_sonneborn_berger_for_draws():
    values = find_metric("sonneborn-berger").compute(
        Results((1, 2, 3), (duel(1, 1, 2, D), duel(2, 2, 3, W), duel(3, 1, 3, L)))
    )

    # 2 has 3 points; a draw against 2 is worth 3/2 to 1.
    assert values[1] == Fraction(3, 2)
    assert find_metric("sonneborn-berger").format(values[1]) == "1½"


def test_it_formats_percentages_and_integers():
    assert find_metric("opponents-match-win-percentage").format(Fraction(4, 9)) == "44.4%"
    assert find_metric("buchholz").format(7) == "7"


def test_it_uses_the_point_scheme():
    scheme = PointScheme(win=3, draw=1, loss=0, bye=1)
    results = Results(
        (1, 2, 3),
        (duel(1, 1, 2, W), duel(2, 1, 2, D), MatchResult(1, (SideResult((3,), Outcome.BYE),))),
        scheme,
    )

    assert find_metric("match-points").compute(results) == {1: 4, 2: 1, 3: 1}
    assert find_metric("buchholz").compute(results)[3] == 0


def test_it_scores_a_bye_as_a_win_by_default():
    results = Results((1,), (MatchResult(1, (SideResult((1,), Outcome.BYE),)),))

    assert find_metric("match-points").compute(results) == {1: 2}
    assert find_metric("matches-won").compute(results) == {1: 0}


def test_it_counts_every_player_at_a_multi_seat_table_as_an_opponent():
    results = Results(
        (1, 2, 3),
        (
            MatchResult(
                1,
                (
                    SideResult((1,), W, 31, 4),
                    SideResult((2,), L, 20, 2),
                    SideResult((3,), L, 12, 1),
                ),
            ),
        ),
    )

    assert find_metric("game-points-against").compute(results) == {1: 32, 2: 43, 3: 51}
    assert find_metric("buchholz").compute(results) == {1: 0, 2: 2, 3: 2}


def test_it_gives_each_partner_of_an_individual_event_their_own_line():
    results = Results(
        (1, 2, 3, 4),
        (MatchResult(1, (SideResult((1, 3), W, 162, 5), SideResult((2, 4), L, 0, 3))),),
    )

    assert find_metric("match-points").compute(results) == {1: 2, 2: 0, 3: 2, 4: 0}
    assert find_metric("buchholz").compute(results) == {1: 0, 2: 4, 3: 0, 4: 4}
    assert find_metric("game-points-for").compute(results)[3] == 162


def test_it_registers_every_metric_under_its_key():
    assert set(METRICS) == {
        "match-points",
        "matches-won",
        "game-points-for",
        "game-points-against",
        "game-point-difference",
        "deals-won",
        "buchholz",
        "median-buchholz",
        "sonneborn-berger",
        "head-to-head",
        "opponents-match-win-percentage",
        "points-marked",
        "points-conceded",
        "parties-won",
        "lots",
    }
    assert all(cls.key == key and cls.name for key, cls in METRICS.items())
    with pytest.raises(UnknownMetricError):
        find_metric("elo")


def test_it_rejects_inconsistent_results():
    with pytest.raises(InvalidResultError):
        Results((1, 2), (duel(1, 1, 1, W),))
    with pytest.raises(InvalidResultError):
        Results((1, 2), (duel(1, 1, 3, W),))
    with pytest.raises(InvalidResultError):
        Results((1, 2), (MatchResult(1, (SideResult((1,), Outcome.BYE), SideResult((2,), L))),))
    with pytest.raises(InvalidResultError):
        Results((1, 1), ())
