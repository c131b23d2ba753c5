"""The running-totals chart: geometry only, from the running totals of each deal."""

from scoring.chart import HEIGHT, LEFT, RIGHT, WIDTH, nice_step, running_totals


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
