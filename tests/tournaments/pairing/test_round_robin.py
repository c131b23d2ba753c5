"""Round robin by Berger tables."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.pairing import (
    DuplicateEntrantError,
    FieldTooSmallError,
    InvalidRoundError,
    berger_pairs,
    round_robin_round,
    round_robin_schedule,
    rounds_per_cycle,
)


def test_it_reproduces_the_fide_berger_table_for_six():
    rounds = [berger_pairs(6, r) for r in range(1, 6)]

    assert rounds == [
        ((1, 6), (2, 5), (3, 4)),
        ((6, 4), (5, 3), (1, 2)),
        ((2, 6), (3, 1), (4, 5)),
        ((6, 5), (1, 4), (2, 3)),
        ((3, 6), (4, 2), (5, 1)),
    ]


@pytest.mark.parametrize("count", range(2, 17))
def test_it_has_every_entrant_meet_every_other_exactly_once(count):
    entrants = [100 + i for i in range(count)]

    schedule = round_robin_schedule(entrants)

    met = Counter(frozenset(t.seats) for d in schedule for t in d.tables)
    assert set(met) == {frozenset(p) for p in combinations(entrants, 2)}
    assert set(met.values()) == {1}
    assert len(schedule) == rounds_per_cycle(count)
    for draw in schedule:
        assert sorted(draw.entrants()) == entrants


@pytest.mark.parametrize("count", [5, 7, 9])
def test_it_gives_each_entrant_of_an_odd_field_one_bye(count):
    schedule = round_robin_schedule(list(range(1, count + 1)))

    byes = Counter(b.entrant for d in schedule for b in d.byes)
    assert byes == Counter(range(1, count + 1))
    assert all(len(d.byes) == 1 for d in schedule)
    assert "odd field" in schedule[0].byes[0].reason


@pytest.mark.parametrize("count", range(3, 17))
def test_it_alternates_sides(count):
    schedule = round_robin_schedule(list(range(1, count + 1)))

    sides: dict[int, list[int]] = {e: [] for e in range(1, count + 1)}
    for draw in schedule:
        for table in draw.tables:
            sides[table.seats[0]].append(0)
            sides[table.seats[1]].append(1)
    for taken in sides.values():
        assert abs(taken.count(0) - taken.count(1)) <= 1
        assert not any(a == b == c for a, b, c in zip(taken, taken[1:], taken[2:], strict=False))


def test_it_swaps_the_sides_in_the_second_cycle():
    entrants = [1, 2, 3, 4]

    schedule = round_robin_schedule(entrants, cycles=2)

    assert len(schedule) == 6
    for first, second in zip(schedule[:3], schedule[3:], strict=True):
        assert [t.seats[::-1] for t in first.tables] == [t.seats for t in second.tables]


def test_it_draws_the_numbers_from_a_seed():
    entrants = list(range(1, 9))

    drawn = round_robin_round(entrants, round_number=1, seed=5)
    again = round_robin_round(list(reversed(entrants)), round_number=1, seed=5)

    assert drawn == again
    assert drawn.seed == 5
    assert [t.seats for t in drawn.tables] != [
        t.seats for t in round_robin_round(entrants, round_number=1).tables
    ]


def test_it_rejects_bad_input():
    with pytest.raises(FieldTooSmallError):
        round_robin_schedule([1])
    with pytest.raises(DuplicateEntrantError):
        round_robin_schedule([1, 2, 2])
    with pytest.raises(InvalidRoundError):
        round_robin_round([1, 2, 3, 4], round_number=4)
    with pytest.raises(InvalidRoundError):
        round_robin_schedule([1, 2], cycles=0)
