"""The season table: each player's evenings, worth what the rule says, counted, dropped and ranked.

In: the season's evenings (:class:`Evening`: id, date, a label, whether its results are final),
every player's result of each evening (:class:`Score`: own points, match points, place) and the
:class:`~seasons.competition.rule.SeasonRule`. Out: a :class:`SeasonTable` whose rows say what
counted, what was dropped and why ("best 5 of 7; dropped 12 Oct 4,812 and 9 Nov 4,900").

How it is computed:

1. An evening is *held* once it has a result; an evening with none yet is nobody's.
2. A player's *values*: per held evening they played, the metric's value; with ``absence: zero``
   also a value of 0 for each held evening they missed.
3. Counting: the values in order best first (higher value, then a played evening before an
   absence, then the earlier evening); ``best N`` keeps the first N, ``drop K`` drops the last K.
4. Ranking: total, then more evenings played, then the best single evening; players equal on all
   three share a rank. Players with fewer than ``min_evenings`` played are listed below the line,
   unranked, in the same order.
5. The table is provisional while a held evening is not final: its results may still change,
   and with them what counts (an evening dropped tonight may count tomorrow).

Evenings are sorted by date (then id) first, so the order they were attached in changes nothing.

What this module does not do: read evenings (``seasons.selectors``) or know any name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from seasons.competition.explain import explanation, format_value
from seasons.competition.rule import Absence, Metric, SeasonRule

Number = int | Fraction


@dataclass(frozen=True)
class Evening:
    """One evening of the season (a tournament)."""

    id: int
    date: date
    label: str = ""
    final: bool = True


@dataclass(frozen=True)
class Score:
    """A player's result of one evening: own points, match points and place (shared places
    carry the same number)."""

    evening: int
    player: int
    points: int
    match_points: int = 0
    place: int = 0


@dataclass(frozen=True)
class EveningValue:
    """What one evening is worth to a player (``absent``: a missed evening counted as 0)."""

    evening: int
    value: Number
    absent: bool = False


@dataclass(frozen=True)
class SeasonRow:
    """One player's line: rank (``None`` below the line), whether the rank is shared, total,
    evenings played, what counted and what was dropped (in date order), best evening and why."""

    rank: int | None
    tied: bool
    player: int
    total: Number
    evenings: int
    counted: tuple[EveningValue, ...]
    dropped: tuple[EveningValue, ...]
    best: Number
    explanation: str

    @property
    def qualified(self) -> bool:
        return self.rank is not None


@dataclass(frozen=True)
class SeasonTable:
    """The ranked rows (qualified first), the held evenings in date order, whether provisional."""

    rows: tuple[SeasonRow, ...]
    evenings: tuple[Evening, ...]
    provisional: bool


def evening_values(
    evenings: Sequence[Evening], scores: Iterable[Score], rule: SeasonRule
) -> dict[int, dict[int, Number]]:
    """Per evening id, each player's value under the rule's metric."""
    by_evening: dict[int, list[Score]] = {e.id: [] for e in evenings}
    for score in scores:
        if score.evening in by_evening:
            by_evening[score.evening].append(score)
    return {evening: _values(found, rule) for evening, found in by_evening.items()}


def _values(scores: Sequence[Score], rule: SeasonRule) -> dict[int, Number]:
    if rule.metric is Metric.POINTS:
        return {s.player: s.points for s in scores}
    if rule.metric is Metric.MATCH_POINTS:
        return {s.player: s.match_points for s in scores}
    if rule.metric is Metric.RANK_POINTS:
        table = rule.rank_points
        return {s.player: table[s.place - 1] if 1 <= s.place <= len(table) else 0 for s in scores}
    best = max((s.points for s in scores), default=0)
    return {s.player: _tidy(Fraction(100 * s.points, best)) if best > 0 else 0 for s in scores}


def _tidy(value: Fraction) -> Number:
    return int(value) if value.denominator == 1 else value


def season_table(evenings: Iterable[Evening], scores: Iterable[Score], rule: SeasonRule) -> SeasonTable:
    """The season table (see the module text)."""
    values = evening_values(sorted(evenings, key=lambda e: (e.date, e.id)), scores, rule)
    ordered = sorted((e for e in evenings if values.get(e.id)), key=lambda e: (e.date, e.id))
    held = {e.id: e for e in ordered}
    position = {e.id: i for i, e in enumerate(ordered)}
    players = sorted({p for e in ordered for p in values[e.id]})
    lines = [_line(player, ordered, values, position, held, rule) for player in players]
    lines.sort(key=lambda row: (-row.total, -row.evenings, -row.best, row.player))
    qualified = _ranked([row for row in lines if row.evenings >= rule.min_evenings])
    below = [row for row in lines if row.evenings < rule.min_evenings]
    rows = qualified + below
    provisional = any(not evening.final for evening in ordered)
    return SeasonTable(tuple(rows), tuple(ordered), provisional)


def _line(
    player: int,
    ordered: Sequence[Evening],
    values: dict[int, dict[int, Number]],
    position: dict[int, int],
    held: dict[int, Evening],
    rule: SeasonRule,
) -> SeasonRow:
    """A player's row, unranked."""
    mine = [EveningValue(e.id, values[e.id][player]) for e in ordered if player in values[e.id]]
    played = len(mine)
    if rule.absence is Absence.ZERO:
        mine += [EveningValue(e.id, 0, absent=True) for e in ordered if player not in values[e.id]]
    best_first = sorted(mine, key=lambda v: (-v.value, v.absent, position[v.evening]))
    keep = _kept(len(best_first), rule)
    counted = tuple(sorted(best_first[:keep], key=lambda v: position[v.evening]))
    dropped = tuple(sorted(best_first[keep:], key=lambda v: position[v.evening]))
    return SeasonRow(
        rank=None,
        tied=False,
        player=player,
        total=_tidy(Fraction(sum(v.value for v in counted))),
        evenings=played,
        counted=counted,
        dropped=dropped,
        best=max((v.value for v in mine if not v.absent), default=0),
        explanation=explanation(counted, dropped, held, rule.metric),
    )


def _kept(available: int, rule: SeasonRule) -> int:
    if rule.counting.best is not None:
        return min(available, rule.counting.best)
    if rule.counting.drop is not None:
        return max(0, available - rule.counting.drop)
    return available


def _ranked(rows: Sequence[SeasonRow]) -> list[SeasonRow]:
    """Ranks 1, 2, 2, 4 by (total, evenings, best evening), in the order given."""
    keys = [(row.total, row.evenings, row.best) for row in rows]
    sharing = Counter(keys)
    ranked: list[SeasonRow] = []
    for index, row in enumerate(rows):
        rank = ranked[-1].rank if index and keys[index - 1] == keys[index] else index + 1
        ranked.append(replace(row, rank=rank, tied=sharing[keys[index]] > 1))
    return ranked


__all__ = [
    "Evening",
    "EveningValue",
    "Number",
    "Score",
    "SeasonRow",
    "SeasonTable",
    "evening_values",
    "format_value",
    "season_table",
]
