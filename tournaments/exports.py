"""CSV exports of a tournament: the standings, every result, the prize list (public data only).

Every text cell that a spreadsheet would read as a formula (it starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return, and is not a plain number such as ``-3``) gets a leading apostrophe, so
an entrant named ``=HYPERLINK(...)`` shows as text and never runs (CSV formula injection).

What this module does not do: compute standings or results, or read across relations
(``selectors`` does); it writes out what is stored.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from tournaments import blind_finish, selectors
from tournaments.models import RoundStatus, TableAssignment, Tournament
from tournaments.prize_list import prize_list
from tournaments.standings.blind_finish import OPEN, Veil

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


def standings_csv(tournament: Tournament, veil: Veil = OPEN) -> str:
    """One line per entrant, best first: rank ("3=" when shared), name, played, each metric (as
    they stood before the rounds a blind finish hides: ``veil``)."""
    cached = blind_finish.public_standings(tournament, veil)
    out = io.StringIO()
    writer = _SafeWriter(out)
    writer.writerow(["rank", "entrant", "name", "played", *cached.metric_names, "withdrawn"])
    for row in cached.rows:
        writer.writerow(
            [row.rank, row.entrant, row.name, row.played, *row.shown, "yes" if row.withdrawn else ""]
        )
    return out.getvalue()


RESULT_COLUMNS = (
    *("round", "table", "slot", "seat", "entrant", "name", "outcome", "points", "against"),
    *("games", "deals", "status", "reason", "matches"),
)


def results_csv(tournament: Tournament, veil: Veil = OPEN) -> str:
    """One line per entrant per table (and per bye): round, table, seat, entrant, outcome, game
    points for and against, games and deals won, how the result was set, and the match ids (no
    result of a round a blind finish hides: ``veil``)."""
    names = selectors.entrant_names(tournament)
    out = io.StringIO()
    writer = _SafeWriter(out)
    writer.writerow(list(RESULT_COLUMNS))
    rounds = list(tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("number"))
    tables = TableAssignment.objects.filter(round__in=rounds).order_by("round__number", "number")
    views = selectors.table_views(tournament, tables, names, veil)
    for the_round in rounds:
        for view in (v for v in views if v.table.round_id == the_round.pk):
            matches = " ".join(str(match) for match in view.matches)
            for seat, entrant in enumerate(view.seats, start=1):
                result = [
                    entrant.result.get(key, "") for key in ("outcome", "points", "against", "games", "deals")
                ]
                where = [
                    the_round.number,
                    view.number,
                    view.slot,
                    seat,
                    entrant.id,
                    names.get(entrant.id, ""),
                ]
                writer.writerow([*where, *result, view.status, view.reason, matches])
        for entrant_id in the_round.byes:
            bye = [the_round.number, "", "", "", entrant_id, names.get(entrant_id, ""), "bye"]
            writer.writerow(bye + [""] * (len(RESULT_COLUMNS) - len(bye)))
    return out.getvalue()


PRIZE_COLUMNS = (
    "choose",
    "prize",
    "kind",
    "place",
    "rank",
    "entrant",
    "name",
    "points",
    "round",
    "tie",
    "note",
)


def prizes_csv(tournament: Tournament, shown: Veil = OPEN) -> str:
    """One line per prize, in the order winners choose (``prize_list.prize_list``): the turn, what
    the prize is for, the winner, what won an extra, and the tie said plainly."""
    out = io.StringIO()
    writer = _SafeWriter(out)
    writer.writerow(list(PRIZE_COLUMNS))
    for line in prize_list(tournament, shown).prizes:
        prize = line.prize
        writer.writerow(
            [
                *(prize.choose, line.title, str(prize.kind), prize.place or "", prize.rank),
                *(prize.entrant, prize.name, "" if prize.points is None else prize.points),
                *("" if prize.round is None else prize.round, "" if prize.tie is None else str(prize.tie)),
                line.note,
            ]
        )
    return out.getvalue()
