"""The season table (pure): golden tables worked out by hand for each metric and counting rule,
literal examples of each clause, and hypothesis properties."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seasons.competition.rule import Absence, Counting, Metric, RuleError, SeasonRule, rule_from_data
from seasons.competition.table import Evening, Score, season_table
from tests.paths import SEASONS

GOLDEN = json.loads((SEASONS / "golden.json").read_text(encoding="utf-8"))
EVENINGS = [Evening(e["id"], date.fromisoformat(e["date"])) for e in GOLDEN["evenings"]]
SCORES = [Score(*row) for row in GOLDEN["scores"]]


def as_rows(table):
    return [
        {
            "rank": row.rank,
            "tied": row.tied,
            "player": row.player,
            "total": row.total,
            "evenings": row.evenings,
            "explanation": row.explanation,
        }
        for row in table.rows
    ]


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[c["name"] for c in GOLDEN["cases"]])
def test_it_computes_the_golden_tables(case):
    table = season_table(EVENINGS, SCORES, rule_from_data(case["rule"]))

    assert as_rows(table) == case["rows"]
    assert not table.provisional


def test_the_golden_file_covers_every_metric_with_every_counting_rule():
    covered = {(c["rule"]["metric"], json.dumps(c["rule"]["counting"])) for c in GOLDEN["cases"]}

    assert len(covered) == len(Metric) * 3


def test_it_marks_the_table_provisional_while_a_counted_evening_is_not_final():
    evenings = [*EVENINGS[:3], Evening(4, EVENINGS[3].date, final=False)]

    assert season_table(evenings, SCORES, SeasonRule()).provisional


def test_an_unfinished_evening_makes_the_table_provisional_even_where_it_is_dropped():
    evenings = [*EVENINGS, Evening(5, date(2025, 11, 2), final=False)]
    rule = SeasonRule(counting=Counting(best=1))

    table = season_table(evenings, [*SCORES, Score(5, 4, 10)], rule)

    assert all(v.evening != 5 for row in table.rows for v in row.counted)
    assert table.provisional


def test_an_attached_evening_without_results_leaves_the_table_final():
    evenings = [*EVENINGS, Evening(5, date(2025, 11, 2), final=False)]

    assert not season_table(evenings, SCORES, SeasonRule()).provisional


def test_an_evening_without_results_is_not_held_so_nobody_is_absent_from_it():
    evenings = [*EVENINGS, Evening(5, date(2025, 11, 2), final=False)]
    rule = SeasonRule(absence=Absence.ZERO)

    table = season_table(evenings, SCORES, rule)

    assert [e.id for e in table.evenings] == [1, 2, 3, 4]
    assert all(len(row.counted) == 4 for row in table.rows)


def test_equal_total_and_evenings_are_parted_by_the_best_single_evening():
    evenings = EVENINGS[:2]
    scores = [Score(1, 1, 50), Score(2, 1, 50), Score(1, 2, 80), Score(2, 2, 20)]

    table = season_table(evenings, scores, SeasonRule())

    assert [(row.rank, row.player, row.tied) for row in table.rows] == [(1, 2, False), (2, 1, False)]


def test_a_percentage_keeps_its_fraction_and_shows_two_decimals():
    scores = [Score(1, 1, 300), Score(1, 2, 100), Score(2, 2, 300), Score(2, 1, 200)]
    rule = SeasonRule(metric=Metric.PERCENTAGE, counting=Counting(best=1))

    table = season_table(EVENINGS[:2], scores, rule)

    ann, bob = sorted(table.rows, key=lambda r: r.player)
    assert ann.total == 100
    assert ann.dropped[0].value == Fraction(200, 3)
    assert ann.explanation == "best 1 of 2; dropped 12 Oct 66.67%"
    assert bob.explanation == "best 1 of 2; dropped 5 Oct 33.33%"


def test_places_past_the_points_table_are_worth_nothing():
    scores = [Score(1, 1, 0, place=1), Score(1, 2, 0, place=2), Score(1, 3, 0, place=3)]
    rule = rule_from_data({"metric": "rank_points", "rank_points": [5, 2]})

    table = season_table(EVENINGS[:1], scores, rule)

    assert [(row.player, row.total) for row in table.rows] == [(1, 5), (2, 2), (3, 0)]


def test_absences_counted_as_zero_are_said_in_the_explanation_when_they_count():
    rule = SeasonRule(absence=Absence.ZERO)

    table = season_table(EVENINGS, SCORES, rule)

    ann = next(row for row in table.rows if row.player == 1)
    assert ann.explanation == "all 4 evenings (1 absent, 0 each)"
    assert ann.evenings == 3


@pytest.mark.parametrize(
    ("data", "field", "rule"),
    [
        (
            {"metric": "goals"},
            "metric",
            "metric must be one of points, match_points, rank_points, percentage",
        ),
        ({"counting": "most"}, "counting", 'counting must be "all", {"best": N} or {"drop": K}'),
        ({"counting": {"best": 0}}, "counting", "counting must be a whole number from 1 to 200"),
        (
            {"counting": {"best": 2, "drop": 1}},
            "counting",
            'counting must be "all", {"best": N} or {"drop": K}',
        ),
        ({"counting": {"drop": True}}, "counting", "counting must be a whole number from 0 to 200"),
        ({"absence": "skip"}, "absence", "absence must be one of not_counted, zero"),
        ({"min_evenings": -1}, "min_evenings", "min_evenings must be a whole number from 0 to 200"),
        ({"metric": "rank_points"}, "rank_points", None),
        ({"metric": "rank_points", "rank_points": [3, 5]}, "rank_points", None),
        (
            {"metric": "points", "rank_points": [3]},
            "rank_points",
            "rank_points is only for the metric rank_points",
        ),
    ],
)
def test_it_refuses_a_rule_naming_the_key_at_fault(data, field, rule):
    with pytest.raises(RuleError) as caught:
        rule_from_data(data)

    assert caught.value.field == field
    if rule is not None:
        assert str(caught.value) == rule


def test_a_rule_reads_back_what_it_writes():
    rule = rule_from_data(
        {
            "metric": "rank_points",
            "rank_points": [10, 7],
            "counting": {"drop": 2},
            "absence": "zero",
            "min_evenings": 3,
        }
    )

    assert rule_from_data(rule.as_data()) == rule
    assert (
        rule.summary
        == "points per place (10, 7); all evenings but the 2 lowest; an absence counts 0; ranked after 3 evenings"
    )


# -- properties ---------------------------------------------------------------------------------

DAY = date(2025, 9, 1)
values = st.integers(min_value=0, max_value=10_000)


@st.composite
def seasons(draw):
    count = draw(st.integers(min_value=1, max_value=6))
    players = draw(st.integers(min_value=1, max_value=5))
    held = [Evening(i, DAY + timedelta(days=7 * draw(st.integers(0, 20)))) for i in range(1, count + 1)]
    scores = []
    for evening in held:
        for player in range(1, players + 1):
            if draw(st.booleans()) or player == 1:
                scores.append(Score(evening.id, player, draw(values), draw(values), draw(st.integers(1, 6))))
    return held, scores


rules = st.builds(
    SeasonRule,
    metric=st.sampled_from(Metric),
    counting=st.one_of(
        st.just(Counting()),
        st.builds(Counting, best=st.integers(1, 5)),
        st.builds(Counting, drop=st.integers(0, 5)),
    ),
    absence=st.sampled_from(Absence),
    min_evenings=st.integers(0, 3),
    rank_points=st.just((10, 7, 5, 3)),
)


@settings(max_examples=150, deadline=None)
@given(
    season=seasons(),
    extra=st.dictionaries(st.integers(1, 5), values, min_size=1),
    best=st.integers(1, 5),
    absence=st.sampled_from(Absence),
)
def test_adding_an_evening_never_lowers_a_best_n_total(season, extra, best, absence):
    held, scores = season
    rule = SeasonRule(counting=Counting(best=best), absence=absence)
    later = Evening(99, DAY + timedelta(days=500))
    more = [*scores, *(Score(99, player, points) for player, points in extra.items())]

    before = {row.player: row.total for row in season_table(held, scores, rule).rows}
    after = {row.player: row.total for row in season_table([*held, later], more, rule).rows}

    assert all(after[player] >= total for player, total in before.items())


@settings(max_examples=150, deadline=None)
@given(
    season=seasons(), drop=st.integers(0, 5), metric=st.sampled_from(Metric), absence=st.sampled_from(Absence)
)
def test_dropping_the_k_lowest_never_lowers_the_average(season, drop, metric, absence):
    held, scores = season
    rule = SeasonRule(metric=metric, counting=Counting(drop=drop), absence=absence, rank_points=(10, 7, 5, 3))

    for row in season_table(held, scores, rule).rows:
        every = [v.value for v in (*row.counted, *row.dropped)]
        if row.counted:
            assert Fraction(sum(v.value for v in row.counted)) / len(row.counted) >= Fraction(
                sum(every)
            ) / len(every)


@settings(max_examples=150, deadline=None)
@given(season=seasons(), rule=rules, seed=st.integers(0, 1000))
def test_the_table_does_not_depend_on_the_order_evenings_were_attached(season, rule, seed):
    held, scores = season
    shuffled_evenings, shuffled_scores = list(held), list(scores)
    random.Random(seed).shuffle(shuffled_evenings)
    random.Random(seed + 1).shuffle(shuffled_scores)

    assert season_table(shuffled_evenings, shuffled_scores, rule) == season_table(held, scores, rule)
