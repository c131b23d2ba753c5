"""Rank the entrants by a tournament's ordered precedence of metrics; ties share a rank ("3=").

:func:`rank` applies the metrics in order: the first splits the field into groups of equal value,
each later metric splits only the groups still tied. A head-to-head metric is computed inside each
tied group on the results between its members. Entrants equal on every metric share the rank of
the first of them, shown as "3="; the next rank skips past them (1, 2, 3=, 3=, 5). Inside a shared
rank entrants are listed by id, so the result never depends on the order of the input.

What this module does not do: compute a metric (see ``metrics``) or render the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.standings.metrics import Metric, Value, find_metric
from tournaments.standings.results import EntrantId, Results


@dataclass(frozen=True)
class Standing:
    """One line of the standings: the rank, its label ("3=" if shared), the entrant, and the values.

    ``values`` maps each metric key of the precedence to the entrant's value; an ``among_tied``
    metric has a value only for entrants who were still tied when it was reached (else ``None``).
    """

    rank: int
    label: str
    entrant: EntrantId
    values: Mapping[str, Value | None]


def rank_label(rank: int, *, shared: bool) -> str:
    """``3`` → "3"; a shared third place → "3="."""
    return f"{rank}=" if shared else str(rank)


def rank(results: Results, precedence: Sequence[str]) -> tuple[Standing, ...]:
    """The standings of every entrant of ``results``, best first (see the module text)."""
    metrics = [find_metric(key) for key in precedence]
    values: dict[str, dict[EntrantId, Value]] = {}
    groups: list[list[EntrantId]] = [sorted(results.entrants)]
    for metric in metrics:
        if not metric.among_tied:
            values[metric.key] = metric.compute(results)
        else:
            values.setdefault(metric.key, {})
        groups = [part for group in groups for part in _split(group, metric, results, values[metric.key])]
    standings = []
    ahead = 0
    for group in groups:
        place = ahead + 1
        for entrant in group:
            shown = {m.key: values[m.key].get(entrant) for m in metrics}
            standings.append(Standing(place, rank_label(place, shared=len(group) > 1), entrant, shown))
        ahead += len(group)
    return tuple(standings)


def _split(
    group: list[EntrantId], metric: Metric, results: Results, values: dict[EntrantId, Value]
) -> list[list[EntrantId]]:
    if len(group) == 1:
        return [group]
    if metric.among_tied:
        values.update(metric.compute(results.among(group)))
    sign = -1 if metric.higher_is_better else 1
    ordered = sorted(group, key=lambda e: (sign * values[e], e))
    parts: list[list[EntrantId]] = [[ordered[0]]]
    for entrant in ordered[1:]:
        if values[entrant] == values[parts[-1][0]]:
            parts[-1].append(entrant)
        else:
            parts.append([entrant])
    return parts


__all__ = ["Standing", "rank", "rank_label"]
