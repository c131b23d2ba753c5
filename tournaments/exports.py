"""CSV exports of a tournament: the standings, and every result (public data only).

Every text cell that a spreadsheet would read as a formula (it starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return, and is not a plain number such as ``-3``) gets a leading apostrophe, so
an entrant named ``=HYPERLINK(...)`` shows as text and never runs (CSV formula injection).

What this module does not do: compute standings or results; it writes out what is stored.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from tournaments.models import RoundStatus, TableAssignment, Tournament
from tournaments.standings import find_metric

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?$")


def safe_cell(value: Any) -> Any:
    """``value``, with a leading apostrophe when it is text a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _NUMBER.match(value):
        return "'" + value
    return value


class _SafeWriter:
    """``csv.writer`` whose rows go through :func:`safe_cell`."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: list[Any]) -> None:
        self._writer.writerow([safe_cell(value) for value in row])


def standings_csv(tournament: Tournament) -> str:
    """One line per entrant, best first: rank ("3=" when shared), name, played, each metric."""
    cached = tournament.standings or {}
    metrics = cached.get("metrics", list(tournament.tiebreaks))
    out = io.StringIO()
    writer = _SafeWriter(out)
    writer.writerow(
        ["rank", "entrant", "name", "played", *[find_metric(k).name for k in metrics], "withdrawn"]
    )
    for row, shown in zip(cached.get("rows", []), cached.get("shown", []), strict=False):
        writer.writerow(
            [
                row["rank"],
                row["entrant"],
                row["name"],
                row.get("played", 0),
                *[shown.get(k, "") for k in metrics],
                "yes" if row.get("withdrawn") else "",
            ]
        )
    return out.getvalue()


def results_csv(tournament: Tournament) -> str:
    """One line per entrant per table (and per bye): round, table, seat, entrant, outcome, game
    points for and against, games and deals won, how the result was set, and the match ids."""
    names = dict(tournament.entrants.values_list("pk", "name"))
    out = io.StringIO()
    writer = _SafeWriter(out)
    writer.writerow(
        [
            "round",
            "table",
            "slot",
            "seat",
            "entrant",
            "name",
            "outcome",
            "points",
            "against",
            "games",
            "deals",
            "status",
            "reason",
            "matches",
        ]
    )
    rounds = tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("number")
    tables = (
        TableAssignment.objects.filter(round__in=rounds)
        .select_related("round")
        .prefetch_related("games")
        .order_by("round__number", "number")
    )
    by_round: dict[int, list[TableAssignment]] = {}
    for table in tables:
        by_round.setdefault(table.round.number, []).append(table)
    for the_round in rounds:
        for table in by_round.get(the_round.number, []):
            matches = " ".join(str(g.match_id) for g in sorted(table.games.all(), key=lambda g: g.sequence))
            for seat, entrant in enumerate(table.entrants):
                result = table.result.get(str(entrant), {})
                writer.writerow(
                    [
                        the_round.number,
                        table.number,
                        table.bracket_slot,
                        seat + 1,
                        entrant,
                        names.get(entrant, ""),
                        result.get("outcome", ""),
                        result.get("points", ""),
                        result.get("against", ""),
                        result.get("games", ""),
                        result.get("deals", ""),
                        table.status,
                        table.reason,
                        matches,
                    ]
                )
        for entrant in the_round.byes:
            writer.writerow(
                [
                    the_round.number,
                    "",
                    "",
                    "",
                    entrant,
                    names.get(entrant, ""),
                    "bye",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                ]
            )
    return out.getvalue()
