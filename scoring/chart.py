"""The running-totals chart of a match as plain geometry for an inline SVG (no charting library).

:func:`running_totals` takes the sides and each deal's running totals and returns a
:class:`Chart`: a view box, one polyline per side, grid lines with round labels and, when the game
plays to a target, a dashed target line. The x axis is labelled with the deals' own numbers, so
after a voided deal 2 it reads 1, 3, 4 like the deal list beside it. Templates only draw what it
gives.

What it does not do: know games or colours (the stylesheet colours ``side-0``, ``side-1`` …).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

WIDTH = 320
HEIGHT = 180
LEFT = 40  # room for the value labels
RIGHT = 8
TOP = 10
BOTTOM = 22  # room for the deal numbers


@dataclass(frozen=True)
class Line:
    """One side's running total: its polyline and its last point (for the end marker)."""

    side: str
    index: int
    points: str
    end_x: float
    end_y: float
    total: int


@dataclass(frozen=True)
class Tick:
    """A grid line at ``pos`` (x or y in the view box) with its label."""

    pos: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    target_y: float | None
    target: int | None
    zero_y: float
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"

    @property
    def label_x(self) -> int:
        return self.left - 4

    @property
    def label_y(self) -> int:
        return self.height - 6


def nice_step(span: float, count: int = 4) -> int:
    """A round step (1, 2, 2.5, 5 × 10ⁿ) that cuts ``span`` into about ``count`` parts."""
    if span <= 0:
        return 1
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor == 2.5 and magnitude < 10:
            continue
        step = factor * magnitude
        if step >= raw:
            return max(1, int(step))
    return max(1, int(10 * magnitude))


def running_totals(
    sides: Sequence[str],
    running: Sequence[Mapping[str, int]],
    *,
    target: int | None = None,
    numbers: Sequence[int] | None = None,
) -> Chart:
    """The chart of ``running`` (one mapping of side → total per deal, in order); ``numbers`` are
    those deals' numbers (1, 2, 3… when not given)."""
    values = [0] + [int(totals.get(side, 0)) for totals in running for side in sides]
    if target is not None:
        values.append(target)
    low, high = min(values), max(values)
    if high == low:
        high = low + 10
    step = nice_step(high - low)
    low = step * math.floor(low / step)
    high = step * math.ceil(high / step)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    deals = len(running)

    def x(position: int) -> float:
        return round(LEFT + plot_w * position / max(deals, 1), 1)

    def y(value: float) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    lines = []
    for index, side in enumerate(sides):
        coords = [(x(0), y(0))] + [(x(k + 1), y(totals.get(side, 0))) for k, totals in enumerate(running)]
        points = " ".join(f"{cx},{cy}" for cx, cy in coords)
        total = int(running[-1].get(side, 0)) if running else 0
        lines.append(Line(side, index, points, coords[-1][0], coords[-1][1], total))
    y_ticks = tuple(Tick(y(v), str(v)) for v in range(int(low), int(high) + 1, step))
    x_step = nice_step(deals, 6) if deals > 8 else 1
    label = list(numbers) if numbers is not None and len(numbers) == deals else list(range(1, deals + 1))
    x_ticks = tuple(Tick(x(k), str(label[k - 1])) for k in range(0, deals + 1, x_step) if k > 0)
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        lines=tuple(lines),
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        target_y=y(target) if target is not None else None,
        target=target,
        zero_y=y(0),
    )
