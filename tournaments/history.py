"""What the public page shows of the evening beyond the rounds being played: every earlier round
with its tables and results (they were only in the CSV), a round robin's cross table, and the
winner once the evening is over. A read model: the pages format it, nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from tournaments import selectors
from tournaments.models import Round, RoundStatus, TableAssignment, TableStatus, Tournament, TournamentStatus
from tournaments.pairing.formats import BRACKETS, Format
from tournaments.standings.blind_finish import OPEN, Veil
from tournaments.standings.cross import Meeting, cross_table


@dataclass(frozen=True)
class CrossRow:
    name: str
    rank: str
    cells: tuple[tuple[Meeting, ...] | None, ...]


@dataclass(frozen=True)
class CrossTable:
    """The rows in standings order; a cell is ``None`` on the diagonal."""

    rows: tuple[CrossRow, ...]


def every_round(tournament: Tournament) -> list[Round]:
    """Every round drawn (or being drawn), in order: each has its page (``views.round_page``)."""
    return list(tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("number"))


def earlier_rounds(
    tournament: Tournament, current: list[Round], names: dict[int, str], veil: Veil = OPEN
) -> list[selectors.RoundView]:
    """The rounds drawn before those the page shows live, newest first (less the results a blind
    finish hides: ``veil``)."""
    shown = {r.pk for r in current}
    earlier = [
        r
        for r in tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("-number")
        if r.pk not in shown
    ]
    return selectors.round_views(tournament, earlier, names, veil) if earlier else []


def round_robin_cross_table(
    tournament: Tournament, standings: selectors.CachedStandings, shown: Veil = OPEN
) -> CrossTable | None:
    """The cross table of a round robin (``None`` for any other format, or before any result),
    of the rounds a blind finish shows (``shown``)."""
    if tournament.format != Format.ROUND_ROBIN or not standings.public_rows:
        return None
    rows = standings.public_rows
    order = [row.entrant for row in rows]
    tables = TableAssignment.objects.filter(round__tournament=tournament).exclude(status=TableStatus.PLAYING)
    if shown.until is not None:
        tables = tables.filter(round__number__lte=shown.until)
    decided = tables.order_by("round__number", "number").values_list("result", flat=True)
    cells = cross_table(order, decided)
    return CrossTable(
        tuple(
            CrossRow(row.name, row.rank, tuple(None if i == j else cell for j, cell in enumerate(cells[i])))
            for i, row in enumerate(rows)
        )
    )


def winner_line(tournament: Tournament, standings: selectors.CachedStandings, shown: Veil = OPEN) -> str:
    """ "Winner: Ann" once an evening drawn round by round is over ("Shared first place: Ann, Bob"
    on a tie the tiebreaks leave); a bracket names its champion itself; a blind finish, once
    revealed (``shown``)."""
    if tournament.status != TournamentStatus.FINISHED or tournament.format in BRACKETS or shown.active:
        return ""
    first = [row.name for row in standings.public_rows if row.rank.rstrip("=") == "1"]
    if not first:
        return ""
    if len(first) == 1:
        return gettext("Winner: %(name)s") % {"name": first[0]}
    return gettext("Shared first place: %(names)s") % {"names": ", ".join(first)}
