"""Swiss pairing: literal cases for each rule, a simulated event, and hypothesis properties."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.factories import avoidable, field, met_pairs, simulate_two_seat
from tournaments.pairing import (
    Criterion,
    DuplicateEntrantError,
    Entrant,
    FieldTooSmallError,
    FirstRound,
    Flag,
    InvalidPolicyError,
    InvalidRoundError,
    MissingSeedError,
    Seating,
    SwissPolicy,
    min_cost_perfect_matching,
    pair_swiss,
    prepare_swiss,
)


def tables(draw):
    return [t.seats for t in draw.tables]


def test_it_pairs_round_one_top_half_against_bottom_half_with_alternating_sides():
    draw = pair_swiss(field(8), round_number=1)

    assert tables(draw) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert draw.byes == ()
    assert draw.seed is None
    assert draw.notes == ()


def test_it_draws_a_random_round_one_from_the_seed_and_records_it():
    policy = SwissPolicy(first_round=FirstRound.RANDOM)
    entrants = field(16)

    first = pair_swiss(entrants, round_number=1, policy=policy, seed=42)
    again = pair_swiss(list(reversed(entrants)), round_number=1, policy=policy, seed=42)
    other = pair_swiss(entrants, round_number=1, policy=policy, seed=43)

    assert first.seed == 42
    assert tables(first) == tables(again)
    assert tables(first) != tables(other)
    assert tables(first) != tables(pair_swiss(entrants, round_number=1))


def test_it_refuses_a_random_round_one_without_a_seed():
    with pytest.raises(MissingSeedError):
        pair_swiss(field(4), round_number=1, policy=SwissPolicy(first_round=FirstRound.RANDOM))


def test_it_gives_the_bye_to_the_lowest_ranked_entrant_without_one():
    entrants = field(5)
    history = [Seating(1, (1, 2)), Seating(1, (3, 4)), Seating(1, (5,))]

    draw = pair_swiss(entrants, history, round_number=2)

    assert [b.entrant for b in draw.byes] == [4]
    assert "lowest-ranked entrant without a bye" in draw.byes[0].reason
    assert sorted(draw.entrants()) == [1, 2, 3, 4, 5]


def test_it_gives_the_bye_to_the_fewest_byes_once_everyone_has_had_one():
    entrants = field(3)
    history = [Seating(1, (1,)), Seating(2, (2,)), Seating(3, (3,)), Seating(4, (3,))]

    draw = pair_swiss(entrants, history, round_number=5)

    assert [b.entrant for b in draw.byes] == [2]
    assert "fewest" in draw.byes[0].reason


def test_it_pairs_inside_score_groups_and_floats_one_pair_when_a_group_is_odd():
    entrants = [Entrant(i, score=s, rank=i) for i, s in zip(range(1, 7), (4, 4, 4, 2, 2, 2), strict=True)]

    draw = pair_swiss(entrants, round_number=3)

    floats = [n for n in draw.notes if n.flag is Flag.FLOAT]
    assert len(floats) == 1
    assert floats[0].entrants == (3, 4)
    assert floats[0].reason == "paired across score groups: 4 points against 2"
    assert sorted(map(sorted, tables(draw))) == [[1, 2], [3, 4], [5, 6]]


def test_it_avoids_a_rematch_even_at_the_cost_of_a_float():
    entrants = [Entrant(1, 2, 1), Entrant(2, 2, 2), Entrant(3, 0, 3), Entrant(4, 0, 4)]
    history = [Seating(1, (1, 2)), Seating(1, (3, 4))]

    draw = pair_swiss(entrants, history, round_number=2)

    assert not any(n.flag is Flag.REMATCH for n in draw.notes)
    assert sum(n.flag is Flag.FLOAT for n in draw.notes) == 2


def test_it_rematches_rather_than_floats_when_the_policy_puts_score_first():
    entrants = [Entrant(1, 2, 1), Entrant(2, 2, 2), Entrant(3, 0, 3), Entrant(4, 0, 4)]
    history = [Seating(1, (1, 2)), Seating(1, (3, 4))]
    policy = SwissPolicy(priorities=(Criterion.SCORE, Criterion.REMATCH))

    draw = pair_swiss(entrants, history, round_number=2, policy=policy)

    rematches = [n for n in draw.notes if n.flag is Flag.REMATCH]
    assert [n.reason for n in rematches] == ["they met before, in round 1"] * 2


def test_it_explains_an_unavoidable_rematch():
    entrants = field(4)
    history = [
        Seating(1, (1, 2)),
        Seating(1, (3, 4)),
        Seating(2, (1, 3)),
        Seating(2, (2, 4)),
        Seating(3, (1, 4)),
        Seating(3, (2, 3)),
    ]

    draw = pair_swiss(entrants, history, round_number=4)

    rematches = [n for n in draw.notes if n.flag is Flag.REMATCH]
    assert len(rematches) == 2
    assert all(n.reason.startswith("they met before, in round") for n in rematches)


def test_it_keeps_club_mates_apart_when_that_costs_no_float():
    entrants = [Entrant(i, rank=i, club="Atouts" if i <= 2 else "Carreau") for i in range(1, 5)]

    draw = pair_swiss(entrants, round_number=1)

    assert not any(n.flag is Flag.SAME_CLUB for n in draw.notes)
    assert all({e.club for e in entrants if e.id in t} == {"Atouts", "Carreau"} for t in tables(draw))


def test_it_flags_club_mates_who_must_meet():
    entrants = [Entrant(i, rank=i, club="Atouts") for i in range(1, 5)]

    draw = pair_swiss(entrants, round_number=1)

    notes = [n for n in draw.notes if n.flag is Flag.SAME_CLUB]
    assert [n.reason for n in notes] == ["both from 'Atouts'"] * 2


def test_it_gives_the_second_side_to_an_entrant_who_had_the_first_twice():
    entrants = field(2)
    history = [Seating(1, (1, 9)), Seating(1, (8, 2)), Seating(2, (1, 8)), Seating(2, (9, 2))]

    draw = pair_swiss(entrants, history, round_number=3)

    assert tables(draw) == [(2, 1)]
    assert not any(n.flag is Flag.SIDE_IMBALANCE for n in draw.notes)


def test_it_flags_a_third_side_in_a_row_when_both_at_a_table_want_the_same_side():
    entrants = [Entrant(1, 4, 1), Entrant(2, 4, 2), Entrant(3, 0, 3), Entrant(4, 0, 4)]
    history = [Seating(1, (1, 3)), Seating(1, (2, 4)), Seating(2, (1, 4)), Seating(2, (2, 3))]
    policy = SwissPolicy(priorities=(Criterion.SCORE, Criterion.SIDE))

    draw = pair_swiss(entrants, history, round_number=3, policy=policy)

    side_notes = sorted(n.reason for n in draw.notes if n.flag is Flag.SIDE_IMBALANCE)
    assert side_notes == [
        "takes the first side for the third round running",
        "takes the second side for the third round running",
    ]


def test_it_avoids_every_avoidable_rematch_in_a_ten_round_swiss_of_twelve():
    def draw(entrants, history, number):
        result = pair_swiss(entrants, history, round_number=number)
        players = [e.id for e in entrants]
        if avoidable(players, met_pairs(history)):
            assert not any(n.flag is Flag.REMATCH for n in result.notes), f"round {number}"
        return result

    draws = simulate_two_seat(field(12, clubs=3), 10, draw, seed=7)

    met = Counter(frozenset(t.seats) for d in draws for t in d.tables)
    assert max(met.values()) == 1
    assert all(len(d.tables) == 6 for d in draws)


def test_it_uses_a_candidate_graph_above_the_exact_limit_and_keeps_the_top_criteria_optimal():
    entrants = field(60, clubs=5)
    sparse = SwissPolicy(exact_up_to=10, candidates=8, neighbours=2)

    def draw(entrants, history, number):
        exact = prepare_swiss(entrants, history, round_number=number)
        cheap = prepare_swiss(entrants, history, round_number=number, policy=sparse)
        assert exact.graph.complete
        assert not cheap.graph.complete
        exact_draw = exact.draw(min_cost_perfect_matching(exact.graph))
        cheap_draw = cheap.draw(min_cost_perfect_matching(cheap.graph))
        for flag in (Flag.REMATCH, Flag.FLOAT):
            assert sum(n.flag is flag for n in cheap_draw.notes) == sum(
                n.flag is flag for n in exact_draw.notes
            )
        return exact_draw

    simulate_two_seat(entrants, 6, draw, seed=3)


def test_it_does_not_depend_on_the_order_of_the_entrants():
    history_draws = simulate_two_seat(field(11, clubs=2), 3, lambda e, h, n: pair_swiss(e, h, round_number=n))
    history = [s for d in history_draws for s in d.seatings()]
    entrants = [Entrant(i, score=(i * 7) % 5, rank=i, club=f"c{i % 2}") for i in range(1, 12)]

    forward = pair_swiss(entrants, history, round_number=4)
    backward = pair_swiss(list(reversed(entrants)), list(reversed(history)), round_number=4)

    assert forward == backward


def test_it_rejects_bad_input():
    with pytest.raises(DuplicateEntrantError):
        pair_swiss([Entrant(1), Entrant(1)], round_number=1)
    with pytest.raises(FieldTooSmallError):
        pair_swiss([Entrant(1)], round_number=1)
    with pytest.raises(InvalidRoundError):
        pair_swiss(field(4), [Seating(2, (1, 2))], round_number=2)
    with pytest.raises(InvalidRoundError):
        pair_swiss(field(4), round_number=0)
    with pytest.raises(DuplicateEntrantError):
        pair_swiss(field(4), [Seating(1, (1, 1))], round_number=2)
    with pytest.raises(InvalidPolicyError):
        SwissPolicy(priorities=(Criterion.SCORE, Criterion.SCORE))
    with pytest.raises(InvalidPolicyError):
        SwissPolicy(priorities=())


def test_it_makes_integer_lexicographic_costs():
    entrants = [Entrant(i, score=i % 3, rank=i, club=f"c{i % 2}") for i in range(1, 11)]
    history = [Seating(1, (k, k + 1)) for k in range(1, 10, 2)]
    problem = prepare_swiss(entrants, history, round_number=2)

    weights = dict(problem.weights)
    assert weights[Criterion.SEEDING] == 1
    assert (
        weights[Criterion.REMATCH]
        > weights[Criterion.SCORE]
        > weights[Criterion.CLUB]
        > weights[Criterion.SIDE]
    )
    assert all(isinstance(c, int) and c >= 0 for _, _, c in problem.graph.edges)


@st.composite
def swiss_rounds(draw):
    count = draw(st.integers(2, 30))
    entrants = [
        Entrant(
            i,
            score=draw(st.integers(0, 8)),
            rank=draw(st.integers(1, 40)),
            club=draw(st.sampled_from([None, "a", "b", "c"])),
        )
        for i in range(1, count + 1)
    ]
    ids = [e.id for e in entrants]
    history = []
    for number in range(1, draw(st.integers(1, 6))):
        order = draw(st.permutations(ids))
        if len(order) % 2:
            history.append(Seating(number, (order[-1],)))
        history += [Seating(number, (order[k], order[k + 1])) for k in range(0, len(order) - 1, 2)]
    rounds = {s.round for s in history}
    return entrants, history, max(rounds, default=0) + 1


@settings(max_examples=80, deadline=None)
@given(swiss_rounds(), st.booleans())
def test_it_always_draws_a_perfect_matching_plus_at_most_one_bye(case, sparse):
    entrants, history, number = case
    policy = SwissPolicy(exact_up_to=4, candidates=2, neighbours=1) if sparse else SwissPolicy()

    draw = pair_swiss(entrants, history, round_number=number, policy=policy)

    seated = [e for t in draw.tables for e in t.seats]
    assert all(len(t.seats) == 2 for t in draw.tables)
    assert len(draw.byes) == len(entrants) % 2
    assert sorted(seated + [b.entrant for b in draw.byes]) == sorted(e.id for e in entrants)
    assert [t.number for t in draw.tables] == list(range(1, len(draw.tables) + 1))
