"""Single and double elimination: seeding, byes, advancement, placings."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tournaments.pairing import (
    FieldTooSmallError,
    InvalidFormatError,
    NotInSlotError,
    SlotNotReadyError,
    SlotStatus,
    UnknownSlotError,
    advance,
    double_elimination,
    seed_order,
    single_elimination,
)


def play(bracket, pick):
    """Report a winner for every ready slot until none is left; return the final state and results."""
    winners = {}
    state = advance(bracket, winners)
    while state.ready:
        for slot in state.ready:
            winners[slot.slot.id] = pick(slot)
        state = advance(bracket, winners)
    return state, winners


def better_seed(seeds):
    return lambda slot: min(slot.top, slot.bottom, key=seeds.index)


def test_it_lays_out_the_seeds_so_the_top_two_meet_only_in_the_final():
    assert seed_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
    assert seed_order(2) == (1, 2)
    with pytest.raises(InvalidFormatError):
        seed_order(12)


@pytest.mark.parametrize(("count", "size"), [(5, 8), (13, 16), (64, 64)])
def test_it_gives_the_byes_to_the_top_seeds(count, size):
    seeds = [1000 + k for k in range(count)]

    state = advance(single_elimination(seeds), {})

    first_round = [s for s in state.slots if s.slot.round == 1]
    byes = [s for s in first_round if s.status is SlotStatus.BYE]
    assert len(first_round) == size // 2
    assert sorted(s.winner for s in byes) == seeds[: size - count]
    assert all(s.status is SlotStatus.READY for s in first_round if s.status is not SlotStatus.BYE)


@pytest.mark.parametrize("count", [5, 13, 64])
def test_it_advances_a_single_elimination_to_the_top_seed(count):
    seeds = list(range(1, count + 1))
    bracket = single_elimination(seeds)

    state, winners = play(bracket, better_seed(seeds))

    assert state.finished
    assert state.champion == 1
    assert len(winners) == count - 1
    assert state.placings[0].entrants == (1,)
    assert state.placings[1].entrants == (2,)
    assert state.placings[2].label == "3="
    assert state.placings[2].entrants == (3, 4)
    assert sorted(e for p in state.placings for e in p.entrants) == seeds


def test_it_lists_the_slots_ready_to_play():
    bracket = single_elimination([1, 2, 3, 4, 5])

    state = advance(bracket, {})
    assert [s.slot.id for s in state.ready] == ["W1-2", "W2-2"]
    assert (state.slot("W1-2").top, state.slot("W1-2").bottom) == (4, 5)
    assert state.slot("W2-1").status is SlotStatus.WAITING
    assert state.slot("W2-1").top == 1

    state = advance(bracket, {"W1-2": 5, "W2-2": 3})
    assert [(s.slot.id, s.top, s.bottom) for s in state.ready] == [("W2-1", 1, 5)]

    state = advance(bracket, {"W1-2": 5, "W2-2": 3, "W2-1": 5})
    assert [(s.slot.id, s.top, s.bottom) for s in state.ready] == [("W3-1", 5, 3)]
    assert not state.finished
    assert state.champion is None
    assert state.placings == ()


def test_it_draws_rounds_with_labels_for_the_page():
    state = advance(single_elimination(list(range(1, 14)), third_place=True), {})

    assert [r.label for r, _ in state.rounds] == [
        "Round of 16",
        "Quarter-finals",
        "Semi-finals",
        "Final",
        "Third-place match",
    ]
    assert [len(slots) for _, slots in state.rounds] == [8, 4, 2, 1, 1]


def test_it_plays_a_third_place_match_between_the_semi_final_losers():
    seeds = list(range(1, 9))
    bracket = single_elimination(seeds, third_place=True)

    state, winners = play(bracket, better_seed(seeds))

    assert (state.slot("P3").top, state.slot("P3").bottom) == (4, 3)
    assert winners["P3"] == 3
    assert [(p.label, p.entrants) for p in state.placings] == [
        ("1", (1,)),
        ("2", (2,)),
        ("3", (3,)),
        ("4", (4,)),
        ("5=", (5, 6, 7, 8)),
    ]


def test_it_sets_best_of_per_slot():
    bracket = single_elimination(list(range(1, 9)), best_of=3, final_best_of=5)

    assert {s.id: s.best_of for s in bracket.slots if s.round == 3} == {"W3-1": 5}
    assert {s.best_of for s in bracket.slots if s.round < 3} == {3}


def test_it_rejects_results_that_do_not_fit():
    bracket = single_elimination([1, 2, 3, 4, 5])

    with pytest.raises(UnknownSlotError):
        advance(bracket, {"W9-1": 1})
    with pytest.raises(SlotNotReadyError):
        advance(bracket, {"W2-1": 1})
    with pytest.raises(SlotNotReadyError):
        advance(bracket, {"W1-1": 1})
    with pytest.raises(NotInSlotError):
        advance(bracket, {"W1-2": 1})
    with pytest.raises(FieldTooSmallError):
        single_elimination([1])
    with pytest.raises(FieldTooSmallError):
        double_elimination([1, 2])
    with pytest.raises(InvalidFormatError):
        single_elimination([1, 2], best_of=2)


@pytest.mark.parametrize("count", [3, 5, 13, 64])
@pytest.mark.parametrize("chance", [0, 1, 2])
def test_it_runs_a_double_elimination_to_the_end(count, chance):
    seeds = list(range(1, count + 1))
    rng = random.Random(chance)

    state, winners = play(double_elimination(seeds), lambda slot: rng.choice((slot.top, slot.bottom)))

    assert state.finished
    losses = Counter(s.loser for s in state.slots if s.status is SlotStatus.DONE)
    champion = state.champion
    assert losses[champion] <= 1
    assert all(losses[e] == 2 for e in seeds if e != champion)
    reset_played = state.slot("GF2").status is SlotStatus.DONE
    assert len(winners) == 2 * count - 2 + reset_played
    assert state.placings[0].entrants == (champion,)
    assert sorted(e for p in state.placings for e in p.entrants) == seeds


def test_it_skips_the_reset_when_the_winners_champion_takes_the_grand_final():
    seeds = [1, 2, 3, 4]
    state, winners = play(double_elimination(seeds), better_seed(seeds))

    assert winners["GF1"] == 1
    assert state.slot("GF2").status is SlotStatus.VOID
    assert [(p.label, p.entrants) for p in state.placings] == [
        ("1", (1,)),
        ("2", (2,)),
        ("3", (3,)),
        ("4", (4,)),
    ]


def test_it_plays_the_reset_when_the_losers_champion_takes_the_grand_final():
    bracket = double_elimination([1, 2, 3, 4])
    results = {"W1-1": 1, "W1-2": 2, "W2-1": 1, "L1-1": 3, "L2-1": 2}

    state = advance(bracket, results)
    assert (state.slot("GF1").top, state.slot("GF1").bottom) == (1, 2)

    state = advance(bracket, {**results, "GF1": 2})
    assert [(s.slot.id, s.top, s.bottom) for s in state.ready] == [("GF2", 1, 2)]

    state = advance(bracket, {**results, "GF1": 2, "GF2": 2})
    assert state.finished
    assert state.champion == 2


def test_it_passes_byes_through_the_losers_bracket():
    bracket = double_elimination([1, 2, 3, 4, 5])

    state = advance(bracket, {})
    assert state.slot("L1-2").status is SlotStatus.VOID
    assert state.slot("L1-1").status is SlotStatus.WAITING

    state = advance(bracket, {"W1-2": 4})
    assert state.slot("L1-1").status is SlotStatus.BYE
    assert state.slot("L1-1").winner == 5
    assert [r.label for r, _ in state.rounds][-3:] == ["Losers' final", "Grand final", "Grand final reset"]


def test_it_rebuilds_the_same_bracket_from_the_same_seeds():
    assert double_elimination([4, 8, 15, 16, 23, 42]) == double_elimination([4, 8, 15, 16, 23, 42])
    assert single_elimination([3, 1, 2]).entrants == (3, 1, 2)
