"""Multi-seat tables (Parcellus, Matching Trumps): sizes, grouping by standing, repeat meetings."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.factories import field, rescored
from tournaments.pairing import (
    MATCHING_TRUMPS,
    PARCELLUS,
    Entrant,
    FieldTooSmallError,
    FirstRound,
    Flag,
    InvalidTableSizesError,
    MissingSeedError,
    Seating,
    TableSizes,
    draw_tables,
    plan_tables,
)


def simulate(entrants, rounds, sizes, *, seed=0):
    rng = random.Random(seed)
    scores = {e.id: 0 for e in entrants}
    history = []
    draws = []
    current = list(entrants)
    for number in range(1, rounds + 1):
        draw = draw_tables(current, history, round_number=number, sizes=sizes)
        draws.append(draw)
        for table in draw.tables:
            scores[rng.choice(table.seats)] += 2
        for bye in draw.byes:
            scores[bye.entrant] += 2
        history.extend(draw.seatings())
        current = rescored(entrants, scores)
    return draws


@pytest.mark.parametrize(
    ("count", "sizes", "plan"),
    [
        (9, PARCELLUS, ((3, 3, 3), 0)),
        (10, PARCELLUS, ((3, 3, 3), 1)),
        (11, PARCELLUS, ((3, 3, 3), 2)),
        (5, PARCELLUS, ((3,), 2)),
        (10, MATCHING_TRUMPS, ((4, 3, 3), 0)),
        (11, MATCHING_TRUMPS, ((4, 4, 3), 0)),
        (7, MATCHING_TRUMPS, ((4, 3), 0)),
        (2, MATCHING_TRUMPS, ((2,), 0)),
        (13, TableSizes(3, 4, 4), ((4, 3, 3, 3), 0)),
        (9, TableSizes(2, 5, 5), ((5, 4), 0)),
    ],
)
def test_it_plans_tables_of_the_nearest_legal_size(count, sizes, plan):
    assert plan_tables(count, sizes) == plan


def test_it_rejects_impossible_sizes():
    with pytest.raises(InvalidTableSizesError):
        TableSizes(3, 2, 3)
    with pytest.raises(InvalidTableSizesError):
        TableSizes(2, 5, 6)
    with pytest.raises(FieldTooSmallError):
        plan_tables(2, PARCELLUS)


def test_it_seats_round_one_by_seed_top_table_first():
    draw = draw_tables(field(9), round_number=1, sizes=PARCELLUS)

    assert [sorted(t.seats) for t in draw.tables] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert draw.notes == ()


def test_it_draws_a_random_round_one_from_a_seed():
    entrants = field(12)

    first = draw_tables(entrants, round_number=1, sizes=PARCELLUS, first_round=FirstRound.RANDOM, seed=9)
    again = draw_tables(
        entrants[::-1], round_number=1, sizes=PARCELLUS, first_round=FirstRound.RANDOM, seed=9
    )

    assert first == again
    assert first.seed == 9
    with pytest.raises(MissingSeedError):
        draw_tables(entrants, round_number=1, sizes=PARCELLUS, first_round=FirstRound.RANDOM)


def test_it_explains_tables_off_the_preferred_size():
    draw = draw_tables(field(10), round_number=1, sizes=MATCHING_TRUMPS)

    assert [len(t.seats) for t in draw.tables] == [4, 3, 3]
    notes = [n for n in draw.notes if n.flag is Flag.TABLE_SIZE]
    assert len(notes) == 2
    assert notes[0].reason == "10 entrants do not divide into tables of 4: tables of 4, 3, 3"


def test_it_rotates_the_byes_of_a_parcellus_field_of_ten():
    draws = simulate(field(10), 5, PARCELLUS)

    byes = [b.entrant for d in draws for b in d.byes]
    assert len(byes) == len(set(byes)) == 5
    assert byes[0] == 10
    assert "lowest-ranked entrant without a bye" in draws[0].byes[0].reason


@pytest.mark.parametrize("chance", [0, 1, 2])
def test_it_avoids_repeat_meetings_for_four_rounds_of_nine_at_parcellus(chance):
    draws = simulate(field(9), 4, PARCELLUS, seed=chance)

    met = Counter(frozenset(p) for d in draws for t in d.tables for p in combinations(t.seats, 2))
    assert set(met.values()) == {1}
    assert len(met) == 36
    assert not any(n.flag is Flag.REMATCH for d in draws for n in d.notes)


def test_it_keeps_repeats_to_the_unavoidable_minimum():
    draws = simulate(field(12), 2, MATCHING_TRUMPS)

    # Three tables of four from three tables of four: each new table must hold two old table-mates.
    rematches = [n for n in draws[1].notes if n.flag is Flag.REMATCH]
    assert len(rematches) == 3
    assert all(n.reason == "they met before, in round 1" for n in rematches)


def test_it_groups_by_standing():
    entrants = [Entrant(i, score=10 - i if i <= 3 else 0, rank=i) for i in range(1, 10)]
    history = [Seating(1, (1, 4, 7)), Seating(1, (2, 5, 8)), Seating(1, (3, 6, 9))]

    draw = draw_tables(entrants, history, round_number=2, sizes=PARCELLUS)

    assert sorted(draw.tables[0].seats) == [1, 2, 3]
    assert not any(n.flag is Flag.REMATCH for n in draw.notes)


def test_it_balances_seats():
    draws = simulate(field(9), 4, PARCELLUS)

    seats = Counter((e, k) for d in draws for t in d.tables for k, e in enumerate(t.seats))
    assert max(seats.values()) <= 2


@st.composite
def table_rounds(draw):
    count = draw(st.integers(2, 40))
    entrants = [Entrant(i, score=draw(st.integers(0, 6)), rank=i) for i in range(1, count + 1)]
    low = draw(st.integers(2, 4))
    high = draw(st.integers(low, 5))
    sizes = TableSizes(low, high, draw(st.integers(low, high)))
    ids = [e.id for e in entrants]
    history = []
    for number in (1, 2):
        order = draw(st.permutations(ids))
        history += [Seating(number, tuple(order[k : k + 3])) for k in range(0, len(order), 3)]
    return entrants, sizes, history


@settings(max_examples=60, deadline=None)
@given(table_rounds())
def test_it_seats_everyone_once_at_legal_tables(case):
    entrants, sizes, history = case
    if len(entrants) < sizes.minimum:
        return

    draw = draw_tables(entrants, history, round_number=3, sizes=sizes)

    plan, byes = plan_tables(len(entrants), sizes)
    assert sorted(draw.entrants()) == sorted(e.id for e in entrants)
    assert sorted((len(t.seats) for t in draw.tables), reverse=True) == list(plan)
    assert len(draw.byes) == byes
