"""The standings as the pages, the API and the CSV files read them: the rows as stored (the API's
document of each row, and its metrics as the pages show them), and which rows the public sees.
Read through ``tournaments.selectors`` (``cached_standings``) and ``tournaments.blind_finish``.

What this module does not do: compute standings (``tournaments.standings``) or read the database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournaments import wording
from tournaments.standings import find_metric


@dataclass(frozen=True)
class StandingsRow:
    """A cached row: the API's document of it, its metric values as the page shows them, in
    precedence order, and its tiebreaks (the metrics after the first) by name, for a phone."""

    document: dict[str, Any]
    shown: tuple[str, ...]
    tiebreaks: tuple[tuple[str, str], ...] = ()

    @property
    def rank(self) -> str:
        return str(self.document["rank"])

    @property
    def entrant(self) -> int:
        return int(self.document["entrant"])

    @property
    def name(self) -> str:
        return str(self.document["name"])

    @property
    def played(self) -> int:
        return int(self.document.get("played", 0))

    @property
    def withdrawn(self) -> bool:
        return bool(self.document.get("withdrawn"))


@dataclass(frozen=True)
class CachedStandings:
    """The standings as last computed: rows, metric keys in precedence order, when, and whether
    results have come in since."""

    rows: tuple[StandingsRow, ...]
    metrics: tuple[str, ...]
    updated_at: datetime | None
    stale: bool

    @property
    def metric_names(self) -> list[str]:
        return [wording.metric_name(key, find_metric(key).name) for key in self.metrics]

    @property
    def public_rows(self) -> tuple[StandingsRow, ...]:
        """The rows the public pages and the projector show: a withdrawn entrant stays in its place
        while it has results (they count in its opponents' tiebreaks), marked withdrawn; one that
        never played is left out, as it would only puzzle the room. The API and the CSV files keep
        every row."""
        return tuple(row for row in self.rows if not (row.withdrawn and row.played == 0))


def stored_standings(
    cached: Mapping[str, Any], tiebreaks: Sequence[str], updated_at: datetime | None, stale: bool
) -> CachedStandings:
    """Standings stored as ``services.standings.StoredStandings`` (rows, shown, metrics; the
    ``tiebreaks`` when it names none), read: the cached copy, or a blind finish's public one."""
    metrics = tuple(cached.get("metrics", tiebreaks))
    names = [wording.metric_name(key, find_metric(key).name) for key in metrics]
    rows = []
    for row, shown in zip(cached.get("rows", []), cached.get("shown", []), strict=False):
        values = tuple(str(shown.get(key, "")) for key in metrics)
        # a tiebreak with nothing to show (no lot drawn, no head-to-head reached) is left out of the fold
        folded = tuple((name, value) for name, value in zip(names[1:], values[1:], strict=True) if value)
        rows.append(StandingsRow(row, values, folded))
    return CachedStandings(tuple(rows), metrics, updated_at, stale)
