"""Individual events of partnership games: new partners first, new opponents second."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.factories import avoidable, field
from tournaments.pairing import Entrant, FieldTooSmallError, Flag, Seating, draw_individual_round


def partners(seatings):
    return {frozenset((s.seats[k], s.seats[k + 2])) for s in seatings if len(s.seats) == 4 for k in (0, 1)}


def play(count, rounds, *, seed=1):
    history = []
    draws = []
    for number in range(1, rounds + 1):
        draw = draw_individual_round(field(count), history, round_number=number, seed=seed)
        draws.append(draw)
        history.extend(draw.seatings())
    return draws


@pytest.mark.parametrize("count", [8, 12])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_gives_no_repeated_partner_while_one_is_avoidable(count, seed):
    draws = play(count, count - 1, seed=seed)

    together = Counter(p for d in draws for p in partners(d.seatings()))
    assert len(together) == count * (count - 1) // 2
    assert set(together.values()) == {1}
    assert not any(n.flag is Flag.REPEAT_PARTNER for d in draws for n in d.notes)


def test_it_flags_a_partner_repeat_once_none_is_avoidable():
    draws = play(8, 8)

    repeats = [n for n in draws[-1].notes if n.flag is Flag.REPEAT_PARTNER]
    assert len(repeats) == 4
    assert repeats[0].reason.startswith("partners before, in round")


def test_it_seats_partners_opposite_each_other():
    draw = draw_individual_round(field(8), round_number=1, seed=4)

    assert [len(t.seats) for t in draw.tables] == [4, 4]
    assert sorted(draw.entrants()) == list(range(1, 9))
    assert len(partners(draw.seatings())) == 4


@pytest.mark.parametrize("seed", range(6))
def test_it_seats_the_partnerships_to_repeat_the_fewest_opponents(seed):
    history = [Seating(1, (1, 2, 3, 4)), Seating(1, (5, 6, 7, 8))]
    met_before = {
        frozenset(p)
        for s in history
        for p in [
            (s.seats[0], s.seats[1]),
            (s.seats[0], s.seats[3]),
            (s.seats[2], s.seats[1]),
            (s.seats[2], s.seats[3]),
        ]
    }

    draw = draw_individual_round(field(8), history, round_number=2, seed=seed)

    def repeats(one, other):
        return sum(frozenset((a, b)) in met_before for a in one for b in other)

    teams = sorted(tuple(sorted(p)) for p in partners(draw.seatings()))
    fewest = min(
        repeats(teams[0], teams[k]) + repeats(*[t for t in teams[1:] if t != teams[k]]) for k in (1, 2, 3)
    )
    assert sum(n.flag is Flag.REMATCH for n in draw.notes) == fewest
    assert not any(n.flag is Flag.REPEAT_PARTNER for n in draw.notes)


def test_it_sits_out_the_lowest_ranked_players_of_a_field_that_is_not_a_multiple_of_four():
    draw = draw_individual_round(field(10), round_number=1, seed=1)

    assert sorted(b.entrant for b in draw.byes) == [9, 10]
    assert len(draw.tables) == 2
    draws = play(10, 5)
    byes = Counter(b.entrant for d in draws for b in d.byes)
    assert max(byes.values()) == 1


def test_it_reproduces_a_draw_from_its_seed():
    history = play(12, 3, seed=5)
    seatings = [s for d in history for s in d.seatings()]

    first = draw_individual_round(field(12), seatings, round_number=4, seed=5)
    again = draw_individual_round(field(12)[::-1], seatings[::-1], round_number=4, seed=5)

    assert first == again
    assert first.seed == 5


def test_it_needs_four_players():
    with pytest.raises(FieldTooSmallError):
        draw_individual_round(field(3), round_number=1, seed=1)


@st.composite
def partner_histories(draw):
    count = 4 * draw(st.integers(1, 5))
    ids = list(range(1, count + 1))
    history = []
    for number in range(1, draw(st.integers(2, 8))):
        order = draw(st.permutations(ids))
        history += [Seating(number, tuple(order[k : k + 4])) for k in range(0, count, 4)]
    return ids, history, max(s.round for s in history) + 1


@settings(max_examples=60, deadline=None)
@given(partner_histories(), st.integers(0, 1000))
def test_it_never_repeats_a_partner_when_some_partnering_avoids_it(case, seed):
    ids, history, number = case

    draw = draw_individual_round([Entrant(i, rank=i) for i in ids], history, round_number=number, seed=seed)

    repeated = any(n.flag is Flag.REPEAT_PARTNER for n in draw.notes)
    assert repeated == (not avoidable(ids, partners(history)))
    assert sorted(draw.entrants()) == ids
