"""A tournament's standings rows from its results, through the standings engine (pure, no Django).

The service hands over the entrants, every decided table (its round and per-entrant result
documents, see :mod:`tournaments.standings.series`), every bye and every round missed for another
reason (a late arrival's), with the club's rules for both (``club_rules``); :func:`standings`
builds the engine's
:class:`~tournaments.standings.Results`, ranks them by the tournament's precedence and returns
plain rows (shared ranks written "3=") with each metric's value as JSON and as the page shows it.

What this module does not do: read the database, decide what a result is, or compute a metric.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from tournaments.standings.club_rules import AVERAGE, AbsentRule, ByeRule
from tournaments.standings.metrics import METRICS, UnknownMetricError, find_metric
from tournaments.standings.ranking import Standing, rank, rank_label
from tournaments.standings.results import (
    SITTING_OUT,
    MatchResult,
    Outcome,
    PointScheme,
    Results,
    SideResult,
)

#: No rule of the club's own: the format's default.
NO_BYE_RULE = ByeRule(given=False)
NO_ABSENT_RULE = AbsentRule(given=False)


def metric_choices() -> list[tuple[str, str]]:
    """Every metric key with its name, for forms and the API's error messages."""
    return [(key, metric.name) for key, metric in METRICS.items()]


def check_precedence(keys: Any) -> tuple[str, ...]:
    """The keys as a tuple, or ``ValueError`` naming the first problem."""
    if not isinstance(keys, list | tuple) or not keys:
        raise ValueError("tiebreaks must be a non-empty list of metric keys")
    for key in keys:
        if not isinstance(key, str):
            raise ValueError("tiebreaks must be a non-empty list of metric keys")
        try:
            find_metric(key)
        except UnknownMetricError:
            raise ValueError(f"{key!r} is not a metric; known: {', '.join(METRICS)}") from None
    if len(set(keys)) != len(keys):
        raise ValueError("each metric may appear once in tiebreaks")
    return tuple(keys)


@dataclass(frozen=True)
class Contender:
    """An entrant as the standings see it."""

    id: int
    name: str
    withdrawn: bool = False


@dataclass(frozen=True)
class TableResult:
    """A decided table: its round and each entrant's result document (see ``series``)."""

    round: int
    results: Mapping[int, Mapping[str, Any]]


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    rank: str
    position: int
    entrant: int
    name: str
    played: int
    match_points: int = 0
    game_points: int = 0
    ruled_points: int = 0
    values: Mapping[str, Any] = field(default_factory=dict)
    shown: Mapping[str, str] = field(default_factory=dict)
    withdrawn: bool = False

    def as_json(self) -> dict[str, Any]:
        """The API's row: rank, entrant, name, matches played and each metric by its key."""
        doc = {"rank": self.rank, "entrant": self.entrant, "name": self.name, "played": self.played}
        doc.update(self.values)
        if self.withdrawn:
            doc["withdrawn"] = True
        return doc


@dataclass(frozen=True)
class SitOuts:
    """The club's rules for the rounds not played at a table: ``bye`` (sitting out) and ``absent``
    (a round missed for another reason), and the rounds missed, as ``(round, entrant)``."""

    bye: ByeRule = NO_BYE_RULE
    absent: AbsentRule = NO_ABSENT_RULE
    absences: Sequence[tuple[int, int]] = ()


def build_results(
    contenders: Sequence[Contender],
    tables: Sequence[TableResult],
    byes: Sequence[tuple[int, int]],
    points: Mapping[str, int],
    *,
    lots: Mapping[int, int] | None = None,
    bye_average: bool = False,
    sit_outs: SitOuts | None = None,
) -> Results:
    """The engine's input: one match per decided table (sides grouped from the documents), one per
    bye (``(round, entrant)``) and one per round missed (``sit_outs.absences``).

    A bye scores the event's bye rule: its fixed game points (as points for only), the round's
    average (``"average"``, as points for and as points against) or nothing, and the rule's outcome
    for match points. With no rule (``ByeRule.given`` false) the format's default stays: with
    ``bye_average`` (a concours) the average of the totals of every side that played that round,
    rounded to the nearest point (a half up), as points for and as points against
    (``docs/games/belote.md``, "Concours de belote"), else nothing; match points ``points["bye"]``
    or a win. A missed round scores the absent rule's game points and outcome; with no absent rule
    it is not counted at all (as before there were rules: the entrant was simply not drawn)."""
    rules = sit_outs or SitOuts()
    matches: list[MatchResult] = [_table_match(table) for table in tables]
    averaged = rules.bye.game_points == AVERAGE if rules.bye.given else bye_average
    averages = _round_averages(matches) if averaged else {}
    for round_number, entrant in byes:
        side = _bye_side(entrant, rules.bye, averages.get(round_number) if averaged else None)
        matches.append(MatchResult(round_number, (side,)))
    sat_out = set(byes)
    if rules.absent.given:
        for round_number, entrant in dict.fromkeys(rules.absences):
            if (round_number, entrant) not in sat_out:
                side = SideResult(
                    (entrant,),
                    Outcome.ABSENT,
                    rules.absent.game_points,
                    counts_as=Outcome(str(rules.absent.outcome)),
                )
                matches.append(MatchResult(round_number, (side,)))
    scheme = PointScheme(
        win=int(points.get("win", 2)),
        draw=int(points.get("draw", 1)),
        loss=int(points.get("loss", 0)),
        bye=None if points.get("bye") is None else int(points["bye"]),
    )
    return Results(tuple(c.id for c in contenders), tuple(matches), scheme, dict(lots or {}))


def _table_match(table: TableResult) -> MatchResult:
    """A decided table as the engine's match, its sides grouped from the entrants' documents."""
    sides: dict[int, list[tuple[int, Mapping[str, Any]]]] = {}
    for entrant, doc in table.results.items():
        sides.setdefault(int(doc.get("side", 0)), []).append((entrant, doc))
    return MatchResult(
        table.round,
        tuple(
            SideResult(
                tuple(sorted(e for e, _ in members)),
                Outcome(members[0][1]["outcome"]),
                int(members[0][1].get("points", 0)),
                int(members[0][1].get("deals", 0)),
            )
            for _, members in sorted(sides.items())
        ),
    )


def _bye_side(entrant: int, rule: ByeRule, average: int | None) -> SideResult:
    """What one bye scores, by the event's rule or the format's default (see :func:`build_results`):
    ``average`` is the round's average when the bye marks it (else ``None``)."""
    if average is not None:
        mark = average
        conceded = average
    else:
        fixed = rule.game_points if rule.given else None
        mark = int(fixed) if isinstance(fixed, int) else 0
        conceded = 0
    counts_as = Outcome(str(rule.outcome)) if rule.given else None
    return SideResult((entrant,), Outcome.BYE, mark, 0, conceded=conceded, counts_as=counts_as)


def _round_averages(matches: Sequence[MatchResult]) -> dict[int, int]:
    """Per round: the mean of the points of every side that played it, rounded half up."""
    marked: dict[int, list[int]] = {}
    for match in matches:
        marked.setdefault(match.round, []).extend(side.game_points for side in match.sides)
    return {
        number: math.floor(Fraction(sum(points), len(points)) + Fraction(1, 2))
        for number, points in marked.items()
        if points
    }


def standings(
    contenders: Sequence[Contender],
    tables: Sequence[TableResult],
    byes: Sequence[tuple[int, int]],
    *,
    points: Mapping[str, int],
    precedence: Sequence[str],
    placings: Sequence[tuple[str, Sequence[int]]] = (),
    lots: Mapping[int, int] | None = None,
    bye_average: bool = False,
    leavers_last: bool = False,
    sit_outs: SitOuts | None = None,
) -> list[Row]:
    """The ranked rows. With ``placings`` (a finished bracket: label and entrants, best first) the
    order and ranks are the bracket's, the metrics still shown. ``lots``, ``bye_average`` and
    ``sit_outs``: see :func:`build_results`. With ``leavers_last`` (a concours) a team that withdrew
    keeps its points and is ranked after every team that finished. ``played`` counts the tables
    played, never a bye or a missed round; ``game_points`` is every game point scored (tables,
    byes, missed rounds), ``ruled_points`` the part the club's bye and absent rules gave."""
    results = build_results(
        contenders, tables, byes, points, lots=lots, bye_average=bye_average, sit_outs=sit_outs
    )
    ranked = rank(results, precedence)
    if leavers_last:
        ranked = _leavers_last(ranked, {c.id for c in contenders if c.withdrawn})
    metrics = [find_metric(key) for key in precedence]
    by_id = {c.id: c for c in contenders}
    played = {
        e: sum(1 for a in apps if a.outcome not in SITTING_OUT) for e, apps in results.appearances.items()
    }
    scored = {e: sum(a.game_points_for for a in apps) for e, apps in results.appearances.items()}
    ruled = {
        e: sum(a.game_points_for for a in apps if a.outcome in SITTING_OUT and a.counts_as is not None)
        for e, apps in results.appearances.items()
    }
    order: list[tuple[str, int]] = [(s.label, s.entrant) for s in ranked]
    if placings:
        placed = [(label, e) for label, members in placings for e in sorted(members)]
        seen = {e for _, e in placed}
        order = placed + [(label, e) for label, e in order if e not in seen]
    values_of = {s.entrant: s.values for s in ranked}
    rows = []
    for position, (label, entrant) in enumerate(order, start=1):
        values = values_of[entrant]
        rows.append(
            Row(
                rank=label,
                position=position,
                entrant=entrant,
                name=by_id[entrant].name,
                played=played.get(entrant, 0),
                match_points=results.match_points.get(entrant, 0),
                game_points=scored.get(entrant, 0),
                ruled_points=ruled.get(entrant, 0),
                values={m.key: _json_value(values.get(m.key)) for m in metrics},
                shown={
                    m.key: "" if values.get(m.key) is None else m.format(values[m.key])  # type: ignore[arg-type]
                    for m in metrics
                },
                withdrawn=by_id[entrant].withdrawn,
            )
        )
    return rows


def _leavers_last(ranked: Sequence[Standing], leavers: set[int]) -> tuple[Standing, ...]:
    """The same order with the leavers moved behind the others, ranks and shared labels counted
    again (two entrants stay tied only if they were)."""
    order = [s for s in ranked if s.entrant not in leavers] + [s for s in ranked if s.entrant in leavers]
    out: list[Standing] = []
    for position, standing in enumerate(order, start=1):
        before = order[position - 2] if position > 1 else None
        tied_before = before is not None and (before.rank, before.entrant in leavers) == (
            standing.rank,
            standing.entrant in leavers,
        )
        place = out[-1].rank if tied_before else position
        out.append(replace(standing, rank=place))
    shared = Counter(s.rank for s in out)
    return tuple(replace(s, label=rank_label(s.rank, shared=shared[s.rank] > 1)) for s in out)


def _json_value(value: Any) -> Any:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else round(float(value), 4)
    return value


def shared_ranks(rows: Sequence[Row]) -> list[list[int]]:
    """The entrants of each shared rank ("3="), best first, leaving out a group none of whose
    entrants has played yet (before the first results every entrant is tied, and no lot is due)."""
    groups: dict[str, list[Row]] = {}
    for row in rows:
        if row.rank.endswith("="):
            groups.setdefault(row.rank, []).append(row)
    return [[row.entrant for row in group] for group in groups.values() if any(row.played for row in group)]


def scores_and_ranks(rows: Sequence[Row]) -> dict[int, tuple[int, int]]:
    """Per entrant: (match points, position), what the pairing engines read as score and rank."""
    return {row.entrant: (row.match_points, row.position) for row in rows}
