"""The running-totals chart: geometry only, from the running totals of each deal; on the scoreboard
its x axis says the deals' own numbers."""

import re

import pytest

from clubs.access import Actor
from scoring.chart import HEIGHT, LEFT, RIGHT, WIDTH, nice_step, running_totals
from scoring.models import Source
from scoring.services.deals import deal_void
from tests.factories import make_match


def test_it_picks_round_steps():
    assert nice_step(1000) == 250
    assert nice_step(300) == 100
    assert nice_step(26, 4) == 10
    assert nice_step(7) == 2
    assert nice_step(0) == 1


def test_it_draws_one_line_per_side_starting_at_zero():
    chart = running_totals(
        ["NS", "EW"], [{"NS": 230, "EW": 50}, {"NS": 230, "EW": 50}, {"NS": 370, "EW": 470}]
    )
    assert [line.side for line in chart.lines] == ["NS", "EW"]
    first = chart.lines[0].points.split()
    assert len(first) == 4  # the start and three deals
    assert tuple(float(v) for v in first[0].split(",")) == (LEFT, chart.zero_y)
    assert chart.lines[1].total == 470
    assert chart.lines[0].end_x == WIDTH - RIGHT


def test_it_puts_higher_totals_higher_up():
    chart = running_totals(["A", "B"], [{"A": 100, "B": 10}])
    a, b = chart.lines
    assert a.end_y < b.end_y < chart.zero_y


def test_it_keeps_negative_totals_inside_the_box():
    chart = running_totals(["A", "B"], [{"A": -120, "B": 40}, {"A": -300, "B": 90}])
    for line in chart.lines:
        for point in line.points.split():
            x, y = (float(v) for v in point.split(","))
            assert 0 <= x <= WIDTH
            assert 0 <= y <= HEIGHT
    assert chart.y_ticks[0].label.startswith("-")


def test_it_draws_the_target_line_within_the_scale():
    chart = running_totals(["NS", "EW"], [{"NS": 230, "EW": 50}], target=1000)
    assert chart.target_y is not None
    assert chart.target_y <= chart.lines[0].end_y
    assert chart.y_ticks[-1].label == "1000"
    assert running_totals(["NS", "EW"], [{"NS": 2, "EW": 5}]).target_y is None


def test_it_labels_the_x_axis_with_the_deals_own_numbers_after_a_void():
    chart = running_totals(
        ["A", "B"], [{"A": 1, "B": 0}, {"A": 2, "B": 1}, {"A": 2, "B": 5}], numbers=[1, 3, 4]
    )
    assert [tick.label for tick in chart.x_ticks] == ["1", "3", "4"]
    plain = running_totals(["A", "B"], [{"A": 1, "B": 0}, {"A": 2, "B": 1}])
    assert [tick.label for tick in plain.x_ticks] == ["1", "2"]


@pytest.mark.django_db
def test_the_scoreboard_chart_says_the_deal_numbers_left_after_a_void(client):
    deals = [
        {"points": {"Kit": 3, "Lou": 1}},
        {"points": {"Kit": 2, "Lou": 2}},
        {"points": {"Kit": 1, "Lou": 5}},
    ]
    match = make_match(sides=["Kit", "Lou"], deals=deals)
    deal_void(
        match_id=match.pk,
        number=2,
        reason="twice",
        expected_version=1,
        actor=Actor(label="boss"),
        source=Source.WEB,
    )

    page = client.get(f"/matches/{match.pk}/").text

    chart = page[page.index('<svg class="chart"') : page.index("</svg>", page.index('<svg class="chart"'))]
    labels = re.findall(r'<text class="axis" x="[\d.]+" y="\d+" text-anchor="middle">(\d+)</text>', chart)
    assert labels == ["1", "3"]
