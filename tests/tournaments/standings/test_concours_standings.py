"""The concours' standings (pure): points marked and conceded, parties won, a sit-out marked at
its partie's average, and lots that break what is still tied."""

from __future__ import annotations

from fractions import Fraction

from tests.tournaments.standings.factories import D, L, W, duel
from tournaments.standings import Results, find_metric, rank
from tournaments.standings.rows import Contender, TableResult, build_results, shared_ranks, standings

PRECEDENCE = ("points-marked", "points-conceded", "lots")


def table(round_number, one, other, points):
    """A decided table as the service hands it over: each entrant's result document."""
    outcome = "win" if points[0] > points[1] else "loss" if points[0] < points[1] else "draw"
    mirror = {"win": "loss", "loss": "win", "draw": "draw"}[outcome]
    return TableResult(
        round_number,
        {
            one: {"side": 0, "outcome": outcome, "points": points[0]},
            other: {"side": 1, "outcome": mirror, "points": points[1]},
        },
    )


def teams(count):
    return [Contender(i, f"Team {i}") for i in range(1, count + 1)]


def test_a_sit_out_marks_the_average_of_its_partie_rounded_half_up_as_for_and_against():
    # totals 252, 0, 100, 62: 414 / 4 = 103.5, marked 104
    tables = [table(1, 1, 2, (252, 0)), table(1, 3, 4, (100, 62))]
    results = build_results(teams(5), tables, [(1, 5)], {}, bye_average=True)

    assert find_metric("points-marked").compute(results)[5] == 104
    assert find_metric("points-conceded").compute(results)[5] == 104
    assert find_metric("parties-won").compute(results)[5] == Fraction(1, 2)


def test_a_bye_marks_nothing_outside_a_concours():
    results = build_results(teams(3), [table(1, 1, 2, (100, 62))], [(1, 3)], {})
    assert find_metric("points-marked").compute(results)[3] == 0


def test_parties_won_count_a_draw_half_and_show_the_half():
    results = Results((1, 2, 3, 4), (duel(1, 1, 2, W), duel(1, 3, 4, D), duel(2, 1, 3, L)))
    won = find_metric("parties-won").compute(results)
    assert won == {1: 1, 2: 0, 3: Fraction(3, 2), 4: Fraction(1, 2)}
    assert find_metric("parties-won").format(won[3]) == "1½"


def test_points_marked_rank_first_then_fewer_conceded():
    tables = [table(1, 1, 2, (100, 62)), table(1, 3, 4, (100, 80)), table(1, 5, 6, (90, 72))]
    rows = standings(teams(6), tables, [], points={}, precedence=PRECEDENCE)
    assert [r.entrant for r in rows] == [1, 3, 5, 4, 6, 2]  # 1 and 3 marked 100: 1 conceded fewer


def test_lots_break_what_is_still_tied_and_show_only_there():
    tables = [table(1, 1, 2, (100, 62)), table(1, 3, 4, (100, 62)), table(1, 5, 6, (120, 42))]
    before = standings(teams(6), tables, [], points={}, precedence=PRECEDENCE[:2])
    assert shared_ranks(before) == [[1, 3], [2, 4]]

    rows = standings(teams(6), tables, [], points={}, precedence=PRECEDENCE, lots={1: 700, 3: 12, 2: 5, 4: 9})
    assert [r.entrant for r in rows] == [5, 3, 1, 2, 4, 6]
    assert [r.rank for r in rows] == ["1", "2", "3", "4", "5", "6"]
    assert rows[0].shown["lots"] == ""
    assert rows[1].shown["lots"] == "12"


def test_no_lots_are_due_before_anyone_has_played():
    rows = standings(teams(4), [], [], points={}, precedence=PRECEDENCE[:2])
    assert shared_ranks(rows) == []


def test_rank_leaves_entrants_without_a_lot_tied():
    results = Results((1, 2), (duel(1, 1, 2, D, (81, 81)),))
    assert [s.label for s in rank(results, PRECEDENCE)] == ["1=", "1="]


def test_no_lot_drawn_shows_blank():
    assert find_metric("lots").format(0) == ""
    assert find_metric("lots").format(417) == "417"


def test_a_team_that_leaves_keeps_its_points_and_is_ranked_after_every_team_that_finished():
    # Team 1 left, tied first with team 3; 2 and 4 are tied on every metric (no lot drawn).
    contenders = [Contender(1, "Team 1", withdrawn=True), *teams(4)[1:]]
    tables = [table(1, 1, 2, (160, 90)), table(1, 3, 4, (160, 90))]
    rows = standings(contenders, tables, [], points={}, precedence=PRECEDENCE[:2], leavers_last=True)

    assert [(r.entrant, r.rank) for r in rows] == [(3, "1"), (2, "2="), (4, "2="), (1, "4")]
    assert rows[-1].values["points-marked"] == 160  # kept, only ranked last
    assert rows[-1].withdrawn


def test_outside_a_concours_a_withdrawn_entrant_keeps_its_place():
    contenders = [Contender(1, "Team 1", withdrawn=True), *teams(4)[1:]]
    tables = [table(1, 1, 2, (160, 90)), table(1, 3, 4, (120, 90))]
    rows = standings(contenders, tables, [], points={}, precedence=PRECEDENCE[:2])
    assert rows[0].entrant == 1
