"""A season's counting rule, as data that was checked once: what an evening is worth to a player,
which evenings count, what an absence is, and who is ranked.

- ``metric``: ``points`` (the player's own score over the evening: its side's game points, added
  up over its tables), ``match_points`` (the evening's match points), ``rank_points`` (a table of
  points per place, ``rank_points``: the first number for the winner, 0 past the table's end) or
  ``percentage`` (the player's points as a percentage of the evening's best score);
- ``counting``: ``"all"``, ``{"best": N}`` (the N highest evenings), ``{"drop": K}`` (all but the K
  lowest);
- ``absence``: ``"not_counted"`` (an evening a player missed is not theirs) or ``"zero"`` (it is
  an evening worth 0, and the first to be dropped);
- ``min_evenings``: how many evenings a player must have played to be ranked (the others are
  listed below the line).

:func:`rule_from_data` reads the stored (or posted) dictionary and raises :class:`RuleError`
naming the key at fault; :meth:`SeasonRule.as_data` writes it back.

What this module does not do: compute a table (:mod:`seasons.competition.table`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

MAX_COUNT = 200
MAX_PLACES = 200


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the translators' catalogs (``makemessages`` finds this name) and return
    it as it is: the edges say it in the reader's language from the error's ``template``."""
    return message


class RuleError(ValueError):
    """A counting rule is not usable; ``field`` names the key at fault. ``message`` is a template
    with named placeholders filled from ``params`` (the edges translate ``template``)."""

    def __init__(self, message: str, field: str, **params: object) -> None:
        super().__init__(message % params if params else message)
        self.field = field
        self.template = message
        self.params = params


class Metric(StrEnum):
    POINTS = "points"
    MATCH_POINTS = "match_points"
    RANK_POINTS = "rank_points"
    PERCENTAGE = "percentage"


class Absence(StrEnum):
    NOT_COUNTED = "not_counted"
    ZERO = "zero"


@dataclass(frozen=True)
class Counting:
    """Which of a player's evenings count: all of them, the ``best`` N, or all but ``drop`` K."""

    best: int | None = None
    drop: int | None = None

    def as_data(self) -> str | dict[str, int]:
        if self.best is not None:
            return {"best": self.best}
        if self.drop is not None:
            return {"drop": self.drop}
        return "all"

    @property
    def label(self) -> str:
        if self.best is not None:
            return f"best {self.best} evenings"
        if self.drop is not None:
            return f"all evenings but the {_lowest(self.drop)}"
        return "all evenings"


def _lowest(k: int) -> str:
    return "lowest" if k == 1 else f"{k} lowest"


@dataclass(frozen=True)
class SeasonRule:
    """The checked rule (see the module text)."""

    metric: Metric = Metric.POINTS
    counting: Counting = Counting()
    absence: Absence = Absence.NOT_COUNTED
    min_evenings: int = 0
    rank_points: tuple[int, ...] = ()

    def as_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "metric": str(self.metric),
            "counting": self.counting.as_data(),
            "absence": str(self.absence),
            "min_evenings": self.min_evenings,
        }
        if self.metric is Metric.RANK_POINTS:
            data["rank_points"] = list(self.rank_points)
        return data

    @property
    def summary(self) -> str:
        """The rule in a line, for the season's page."""
        worth = {
            Metric.POINTS: "points",
            Metric.MATCH_POINTS: "match points",
            Metric.RANK_POINTS: "points per place (" + ", ".join(map(str, self.rank_points)) + ")",
            Metric.PERCENTAGE: "percentage of the evening's best score",
        }[self.metric]
        absent = "an absence counts 0" if self.absence is Absence.ZERO else "absences are not counted"
        line = f"{worth}; {self.counting.label}; {absent}"
        if self.min_evenings:
            line += f"; ranked after {self.min_evenings} evening{'s' if self.min_evenings != 1 else ''}"
        return line


def _whole(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(
            gettext_noop("%(name)s must be a whole number from %(low)s to %(high)s"),
            field,
            name=field,
            low=low,
            high=high,
        )
    return value


def _counting(value: Any) -> Counting:
    if value == "all":
        return Counting()
    if isinstance(value, Mapping) and len(value) == 1:
        (key, number), *_ = value.items()
        if key == "best":
            return Counting(best=_whole(number, "counting", 1, MAX_COUNT))
        if key == "drop":
            return Counting(drop=_whole(number, "counting", 0, MAX_COUNT))
    raise RuleError(gettext_noop('counting must be "all", {"best": N} or {"drop": K}'), "counting")


def _choice(value: Any, field: str, kind: type[StrEnum]) -> Any:
    try:
        return kind(value)
    except ValueError:
        raise RuleError(
            gettext_noop("%(name)s must be one of %(values)s"), field, name=field, values=", ".join(kind)
        ) from None


def rule_from_data(data: Mapping[str, Any]) -> SeasonRule:
    """The rule in ``data`` (see the module text); :class:`RuleError` on the first problem."""
    metric = _choice(data.get("metric", "points"), "metric", Metric)
    places = data.get("rank_points")
    if metric is Metric.RANK_POINTS:
        if (
            not isinstance(places, list | tuple)
            or not places
            or len(places) > MAX_PLACES
            or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in places)
        ):
            raise RuleError(
                gettext_noop(
                    "rank_points must be a non-empty list of whole numbers of at least 0, one per place"
                ),
                "rank_points",
            )
        if any(a < b for a, b in itertools.pairwise(places)):
            raise RuleError(
                gettext_noop("rank_points must not give a lower place more than a higher one"), "rank_points"
            )
    elif places not in (None, []):
        raise RuleError(gettext_noop("rank_points is only for the metric rank_points"), "rank_points")
    return SeasonRule(
        metric=metric,
        counting=_counting(data.get("counting", "all")),
        absence=_choice(data.get("absence", "not_counted"), "absence", Absence),
        min_evenings=_whole(data.get("min_evenings", 0), "min_evenings", 0, MAX_COUNT),
        rank_points=tuple(places or ()) if metric is Metric.RANK_POINTS else (),
    )


__all__ = ["Absence", "Counting", "Metric", "RuleError", "SeasonRule", "rule_from_data"]
