"""The parties of a concours de belote (tournaments/pairing/concours.py): a new opponent every partie.

The headline property: over 4 parties no team meets another twice, for every field from 5 to 60
teams, odd ones included (one team sits out each partie, never twice while another has not), under
the standings rule and under a random draw each partie, whatever the points marked. A small odd
field plays as many parties as a round robin has without a rematch, whoever the standings send out.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tournaments.pairing.base import Entrant, Flag, Seating
from tournaments.pairing.concours import ConcoursDraw, pair_concours
from tournaments.pairing.errors import FieldTooSmallError, MissingSeedError

PARTIES = 4


def _standings(points: dict[int, int]) -> list[Entrant]:
    order = sorted(points, key=lambda team: (-points[team], team))
    return [Entrant(team, score=points[team], rank=order.index(team) + 1) for team in points]


def _evening(
    teams: int, seed: int, draw: ConcoursDraw, parties: int = PARTIES
) -> list[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]]:
    """``parties`` parties with random points marked; each partie's pairs and sit-outs."""
    marks = random.Random(seed * 7919 + teams)
    points = dict.fromkeys(range(1, teams + 1), 0)
    history: list[Seating] = []
    played = []
    for partie in range(1, parties + 1):
        drawn = pair_concours(
            _standings(points), history, round_number=partie, seed=seed, draw=draw, parties=parties
        )
        for table in drawn.tables:
            for team in table.seats:
                points[team] += marks.randint(0, 2500)
        history += drawn.seatings()
        played.append((partie, tuple(t.seats for t in drawn.tables), tuple(b.entrant for b in drawn.byes)))
    return played


@pytest.mark.parametrize("draw", [ConcoursDraw.STANDINGS, ConcoursDraw.RANDOM])
@pytest.mark.parametrize("teams", range(5, 61))
def test_no_team_meets_another_twice_over_four_parties(teams, draw):
    for seed in range(4):
        met: Counter[frozenset[int]] = Counter()
        sat_out: Counter[int] = Counter()
        for _, pairs, out in _evening(teams, seed, draw):
            met.update(frozenset(p) for p in pairs)
            sat_out.update(out)
            assert sorted([t for p in pairs for t in p] + list(out)) == list(range(1, teams + 1))
            assert len(out) == teams % 2
        assert max(met.values()) == 1, (teams, seed)
        assert max(sat_out.values(), default=0) <= 1


@pytest.mark.parametrize("draw", [ConcoursDraw.STANDINGS, ConcoursDraw.RANDOM])
@pytest.mark.parametrize("teams", [3, 5, 7, 9])
def test_a_small_odd_field_meets_a_new_team_every_partie_whoever_sits_out(teams, draw):
    """As many parties as teams (each sits out once): the pairing leaves a way on whichever team
    the standings send out next. Five teams over four parties once met again in one draw in seven."""
    for seed in range(12):
        met: Counter[frozenset[int]] = Counter()
        for _, pairs, _out in _evening(teams, seed, draw, parties=teams):
            met.update(frozenset(p) for p in pairs)
        assert max(met.values()) == 1, (teams, seed)
        assert len(met) == teams * (teams - 1) // 2  # a whole round robin


def test_the_first_partie_is_drawn_from_the_seed_and_the_same_seed_draws_it_again():
    field = [Entrant(team) for team in range(1, 14)]
    first = pair_concours(field, [], round_number=1, seed=42)
    again = pair_concours(list(reversed(field)), [], round_number=1, seed=42)
    other = pair_concours(field, [], round_number=1, seed=43)

    assert first == again
    assert first.seed == 42
    assert first.tables != other.tables
    assert len(first.tables) == 6
    assert len(first.byes) == 1


def test_later_parties_pair_down_the_standings():
    points = {1: 900, 2: 800, 3: 700, 4: 600, 5: 500, 6: 400, 7: 300, 8: 200}
    history = [Seating(1, (1, 8)), Seating(1, (2, 7)), Seating(1, (3, 6)), Seating(1, (4, 5))]

    drawn = pair_concours(_standings(points), history, round_number=2, seed=None)

    assert [t.seats for t in drawn.tables] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert drawn.seed is None


def test_a_rematch_makes_the_lower_team_swap_with_the_next_team_down():
    points = {1: 900, 2: 800, 3: 700, 4: 600, 5: 500, 6: 400}
    history = [Seating(1, (1, 2)), Seating(1, (3, 5)), Seating(1, (4, 6))]

    drawn = pair_concours(_standings(points), history, round_number=2, seed=None)

    # 1 v 2 met: 2 swaps with 3; then 2 v 4, 5 v 6
    assert [t.seats for t in drawn.tables] == [(1, 3), (2, 4), (5, 6)]
    assert not any(t.notes for t in drawn.tables)


def test_the_sit_out_goes_to_the_lowest_team_that_has_not_sat_out():
    points = {1: 900, 2: 800, 3: 700, 4: 600, 5: 500}
    history = [Seating(1, (5,)), Seating(1, (1, 2)), Seating(1, (3, 4))]

    drawn = pair_concours(_standings(points), history, round_number=2, seed=None)

    assert [b.entrant for b in drawn.byes] == [4]


def test_a_rematch_nobody_can_avoid_is_flagged():
    history = [Seating(1, (1, 2))]

    drawn = pair_concours([Entrant(1), Entrant(2)], history, round_number=2, seed=None)

    assert drawn.tables[0].flags == {Flag.REMATCH}


def test_the_rotation_keeps_odd_teams_at_their_table_and_moves_the_even_ones():
    field = [Entrant(team) for team in range(1, 9)]
    history: list[Seating] = []
    homes = []
    for partie in range(1, 5):
        drawn = pair_concours(field, history, round_number=partie, seed=5, draw=ConcoursDraw.ROTATION)
        history += drawn.seatings()
        homes.append([t.seats[0] for t in drawn.tables])
        assert not any(t.notes for t in drawn.tables)

    assert all(h == homes[0] for h in homes)
    fifth = pair_concours(field, history, round_number=5, seed=5, draw=ConcoursDraw.ROTATION)
    assert all(t.flags == {Flag.REMATCH} for t in fifth.tables)


def test_it_refuses_a_field_too_small_or_a_random_draw_without_a_seed():
    with pytest.raises(FieldTooSmallError):
        pair_concours([Entrant(1)], [], round_number=1, seed=1)
    with pytest.raises(MissingSeedError):
        pair_concours([Entrant(1), Entrant(2)], [], round_number=1, seed=None)
