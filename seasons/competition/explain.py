"""A season row in words: what counted and what was dropped ("best 5 of 7; dropped 12 Oct 4,812
and 9 Nov 4,900"), and a value as the pages write it (4,812 points, 87.5%).

What this module does not do: decide what counts (:mod:`seasons.competition.table`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING

from seasons.competition.rule import Metric

if TYPE_CHECKING:
    from seasons.competition.table import Evening, EveningValue


def format_value(value: int | Fraction, metric: Metric) -> str:
    """``4812`` as "4,812"; a percentage with at most two decimals and its sign ("87.5%")."""
    if metric is Metric.PERCENTAGE:
        text = f"{float(value):,.2f}".rstrip("0").rstrip(".")
        return f"{text}%"
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):,.2f}"
    return f"{int(value):,}"


def short_date(day: date) -> str:
    """12 Oct."""
    return f"{day.day} {day:%b}"


def joined(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def explanation(
    counted: Sequence[EveningValue],
    dropped: Sequence[EveningValue],
    evenings: Mapping[int, Evening],
    metric: Metric,
) -> str:
    """Why a row's total is what it is (see the module text)."""
    absent = sum(1 for v in counted if v.absent)
    if not dropped:
        if not counted:
            return "no evening counted"
        line = f"all {len(counted)} evenings" if len(counted) > 1 else "1 evening"
        return f"{line} ({absent} absent, 0 each)" if absent else line

    def item(value: EveningValue) -> str:
        day = short_date(evenings[value.evening].date)
        return f"{day} absent" if value.absent else f"{day} {format_value(value.value, metric)}"

    line = (
        f"best {len(counted)} of {len(counted) + len(dropped)}; dropped {joined([item(v) for v in dropped])}"
    )
    return f"{line}; {absent} absent counted 0" if absent else line


__all__ = ["explanation", "format_value", "joined", "short_date"]
