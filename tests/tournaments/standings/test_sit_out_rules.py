"""What sitting out and missing a round score by the club's rules (pure): worked examples from the
clubs' published rules (AOBK's 1,600 and a win; KJC De Pitslag's 1,450 for a missed round), the
format's default kept when the event gives no rule, and a property test that every total is the
rule's arithmetic."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.standings.test_concours_standings import table, teams
from tournaments.standings import find_metric
from tournaments.standings.club_rules import AVERAGE, AbsentRule, ByeRule, SitOutOutcome
from tournaments.standings.rows import SitOuts, build_results, standings

POINTS = {"win": 2, "draw": 1, "loss": 0}
KLAVERJAS_BYE = ByeRule(game_points=1600, outcome=SitOutOutcome.WIN, max_per_entrant=1)
KLAVERJAS_ABSENT = AbsentRule(game_points=1450, outcome=SitOutOutcome.LOSS)


def metric(key, results):
    return find_metric(key).compute(results)


def test_an_uitloter_scores_1600_and_a_win_and_concedes_nothing():
    tables = [table(1, 1, 2, (1700, 1500)), table(1, 3, 4, (1620, 1580))]
    results = build_results(teams(5), tables, [(1, 5)], POINTS, sit_outs=SitOuts(bye=KLAVERJAS_BYE))

    assert metric("game-points-for", results)[5] == 1600
    assert metric("game-points-against", results)[5] == 0
    assert results.match_points[5] == 2
    assert metric("matches-won", results)[5] == 0  # a bye is never a match won


def test_a_bye_rule_of_the_rounds_average_marks_it_for_and_against():
    tables = [table(1, 1, 2, (252, 0)), table(1, 3, 4, (100, 62))]  # 414 / 4 = 103.5 → 104
    rule = ByeRule(game_points=AVERAGE, outcome=SitOutOutcome.DRAW)
    results = build_results(teams(5), tables, [(1, 5)], POINTS, sit_outs=SitOuts(bye=rule))

    assert metric("points-marked", results)[5] == 104
    assert metric("points-conceded", results)[5] == 104
    assert results.match_points[5] == 1
    assert metric("parties-won", results)[5] == Fraction(1, 2)


def test_a_bye_rule_of_nothing_scores_no_points_and_its_outcome():
    rule = ByeRule(game_points=None, outcome=SitOutOutcome.LOSS)
    results = build_results(
        teams(3), [table(1, 1, 2, (100, 62))], [(1, 3)], POINTS, bye_average=True, sit_outs=SitOuts(bye=rule)
    )
    assert metric("points-marked", results)[3] == 0  # the rule, not the concours' average
    assert results.match_points[3] == 0
    assert metric("parties-won", results)[3] == 0


def test_without_a_rule_the_concours_sit_out_keeps_the_average_and_half_a_partie():
    tables = [table(1, 1, 2, (252, 0)), table(1, 3, 4, (100, 62))]
    results = build_results(teams(5), tables, [(1, 5)], POINTS, bye_average=True, sit_outs=SitOuts())

    assert metric("points-marked", results)[5] == 104
    assert metric("parties-won", results)[5] == Fraction(1, 2)
    assert results.match_points[5] == 2


def test_without_a_rule_a_bye_scores_the_events_bye_points():
    results = build_results(teams(3), [table(1, 1, 2, (100, 62))], [(1, 3)], {**POINTS, "bye": 1})
    assert results.match_points[3] == 1
    assert metric("game-points-for", results)[3] == 0


def test_a_missed_round_scores_the_absent_rule():
    rules = SitOuts(bye=KLAVERJAS_BYE, absent=KLAVERJAS_ABSENT, absences=[(1, 5)])
    tables = [table(1, 1, 2, (1700, 1500)), table(1, 3, 4, (1620, 1580))]
    results = build_results(teams(5), tables, [], POINTS, sit_outs=rules)

    assert metric("game-points-for", results)[5] == 1450
    assert results.match_points[5] == 0
    assert metric("matches-won", results)[5] == 0


def test_without_an_absent_rule_a_missed_round_counts_for_nothing_as_before():
    rules = SitOuts(absences=[(1, 5)])
    results = build_results(teams(5), [table(1, 1, 2, (1700, 1500))], [], POINTS, sit_outs=rules)

    assert results.appearances[5] == ()
    assert results.match_points[5] == 0


def test_played_counts_tables_only_and_the_row_carries_the_points_scored():
    rules = SitOuts(bye=KLAVERJAS_BYE, absent=KLAVERJAS_ABSENT, absences=[(1, 4)])
    tables = [table(1, 1, 2, (1700, 1500)), table(2, 1, 4, (1600, 1610)), table(2, 2, 3, (1, 2))]
    rows = standings(teams(4), tables, [(1, 3)], points=POINTS, precedence=["match-points"], sit_outs=rules)
    by_id = {row.entrant: row for row in rows}

    assert (by_id[3].played, by_id[3].game_points, by_id[3].match_points) == (1, 1602, 4)
    assert (by_id[4].played, by_id[4].game_points, by_id[4].match_points) == (1, 3060, 2)


OUTCOMES = st.sampled_from(list(SitOutOutcome))


@settings(max_examples=150, deadline=None)
@given(
    field=st.integers(min_value=3, max_value=9),
    rounds=st.integers(min_value=1, max_value=5),
    scores=st.lists(st.integers(min_value=0, max_value=2000), min_size=60, max_size=60),
    bye_points=st.one_of(st.none(), st.just(AVERAGE), st.integers(min_value=0, max_value=3000)),
    bye_outcome=OUTCOMES,
    absent_points=st.integers(min_value=0, max_value=3000),
    absent_outcome=OUTCOMES,
    scheme=st.tuples(st.integers(1, 5), st.integers(0, 3), st.integers(0, 1)),
    late=st.integers(min_value=0, max_value=4),
)
def test_totals_are_the_rules_arithmetic(
    field, rounds, scores, bye_points, bye_outcome, absent_points, absent_outcome, scheme, late
):
    """Each round: the first ``late`` rounds the last entrant is absent; of the others the last one
    sits out when their number is odd and the rest play in pairs with random scores. Every
    entrant's game points and match points are its tables' plus what the rules give."""
    points = dict(zip(("win", "draw", "loss"), scheme, strict=True))
    bye = ByeRule(game_points=bye_points, outcome=bye_outcome)
    absent = AbsentRule(game_points=absent_points, outcome=absent_outcome)
    ids = list(range(1, field + 1))
    tables, byes, absences = [], [], []
    expected_points = dict.fromkeys(ids, 0)
    expected_match = dict.fromkeys(ids, 0)
    worth = {"win": points["win"], "draw": points["draw"], "loss": points["loss"]}
    draw = iter(scores)
    for number in range(1, rounds + 1):
        playing = ids[-1:] if number <= late else []
        absences += [(number, e) for e in playing]
        present = [e for e in ids if e not in playing]
        round_scores = []
        if len(present) % 2:
            byes.append((number, present[-1]))
        for one, other in zip(present[0::2], present[1::2], strict=False):
            pair = (next(draw, 0), next(draw, 0))
            tables.append(table(number, one, other, pair))
            round_scores += pair
            for entrant, mine, theirs in ((one, pair[0], pair[1]), (other, pair[1], pair[0])):
                expected_points[entrant] += mine
                expected_match[entrant] += worth[
                    "win" if mine > theirs else "loss" if mine < theirs else "draw"
                ]
        for entrant in [e for n, e in byes if n == number]:
            if bye_points == AVERAGE:
                total = sum(round_scores)
                expected_points[entrant] += (2 * total + len(round_scores)) // (2 * len(round_scores))
            elif bye_points is not None:
                expected_points[entrant] += bye_points
            expected_match[entrant] += worth[str(bye_outcome)]
        for _, entrant in [a for a in absences if a[0] == number]:
            expected_points[entrant] += absent_points
            expected_match[entrant] += worth[str(absent_outcome)]

    results = build_results(
        teams(field), tables, byes, points, sit_outs=SitOuts(bye=bye, absent=absent, absences=absences)
    )

    assert metric("game-points-for", results) == expected_points
    assert results.match_points == expected_match
