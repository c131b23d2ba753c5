"""Ranking by an ordered precedence: tie-breaks, head-to-head, shared ranks, order invariance."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.standings.factories import EVENT, D, L, W, duel
from tournaments.standings import METRICS, MatchResult, Outcome, Results, SideResult, rank, rank_label


def lines(standings):
    return [(s.label, s.entrant) for s in standings]


def test_it_ranks_by_the_first_metric_then_the_next():
    standings = rank(EVENT, ["match-points", "buchholz"])

    assert lines(standings) == [("1", 1), ("2", 3), ("3", 2), ("4", 4)]
    assert standings[0].values == {"match-points": 5, "buchholz": 7}


def test_it_shows_shared_ranks_and_skips_past_them():
    standings = rank(EVENT, ["matches-won"])

    assert lines(standings) == [("1", 1), ("2=", 2), ("2=", 3), ("4", 4)]
    assert [s.rank for s in standings] == [1, 2, 2, 4]


def test_it_breaks_a_tie_head_to_head_among_the_tied_only():
    standings = rank(EVENT, ["matches-won", "head-to-head"])

    assert lines(standings) == [("1", 1), ("2", 3), ("3", 2), ("4", 4)]
    assert standings[1].values["head-to-head"] == 2
    assert standings[2].values["head-to-head"] == 0
    assert standings[0].values["head-to-head"] is None


def test_it_puts_fewer_points_against_first():
    standings = rank(EVENT, ["game-points-against"])

    assert [s.entrant for s in standings] == [1, 2, 3, 4]


def test_it_ranks_a_three_way_head_to_head_circle_as_shared():
    results = Results((1, 2, 3, 4), (duel(1, 1, 2, W), duel(2, 2, 3, W), duel(3, 3, 1, W)))

    standings = rank(results, ["match-points", "head-to-head"])

    assert lines(standings) == [("1=", 1), ("1=", 2), ("1=", 3), ("4", 4)]


def test_it_labels_ranks():
    assert rank_label(3, shared=True) == "3="
    assert rank_label(3, shared=False) == "3"


def test_it_ranks_entrants_without_results():
    standings = rank(Results((5, 6), ()), ["match-points"])

    assert lines(standings) == [("1=", 5), ("1=", 6)]


@st.composite
def events(draw):
    count = draw(st.integers(2, 12))
    ids = draw(st.lists(st.integers(1, 500), min_size=count, max_size=count, unique=True))
    matches = []
    for number in range(1, draw(st.integers(1, 6)) + 1):
        order = draw(st.permutations(ids))
        if len(order) % 2:
            matches.append(MatchResult(number, (SideResult((order[-1],), Outcome.BYE),)))
        for k in range(0, len(order) - 1, 2):
            outcome = draw(st.sampled_from([W, D, L]))
            points = (draw(st.integers(0, 20)), draw(st.integers(0, 20)))
            matches.append(
                duel(number, order[k], order[k + 1], outcome, points, (points[0] % 4, points[1] % 4))
            )
    precedence = draw(st.lists(st.sampled_from(sorted(METRICS)), min_size=1, max_size=5, unique=True))
    return Results(tuple(ids), tuple(matches)), precedence


@settings(max_examples=100, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_it_does_not_depend_on_the_order_of_entrants_matches_or_sides(event, rng: random.Random):
    results, precedence = event
    entrants = list(results.entrants)
    matches = [MatchResult(m.round, tuple(rng.sample(m.sides, len(m.sides)))) for m in results.matches]
    rng.shuffle(entrants)
    rng.shuffle(matches)

    shuffled = Results(tuple(entrants), tuple(matches), results.points)

    assert rank(shuffled, precedence) == rank(results, precedence)


def test_it_uses_draws_in_head_to_head():
    results = Results((1, 2), (duel(1, 1, 2, D),))

    assert lines(rank(results, ["head-to-head"])) == [("1=", 1), ("1=", 2)]
