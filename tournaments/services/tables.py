"""Opening a table: the scoring match its entrants play, or a walkover when one has withdrawn; the
room's physical table of that number is made the first time (its one link for the whole event).

Used by the round, bracket and result services; each calls these inside its own transaction,
with the tournament row locked.

What this module does not do: read a table's result (``results``) or draw who sits where.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils import timezone

from games import find_game
from scoring.models import Match
from scoring.result_states import Confirmation
from scoring.services.matches import match_create
from scoring.titles import TitleParts
from tournaments import selectors
from tournaments.models import Entrant, Round, TableAssignment, TableGame, TableStatus, Tournament
from tournaments.pairing.formats import Format
from tournaments.pairing.match_format import parse_match_format
from tournaments.pairing.seating import TableLayout, seat_sides, table_layout
from tournaments.services.common import SYSTEM
from tournaments.services.physical_tables import physical_table_ensure
from tournaments.standings.series import forfeit_results


def side_of(tournament: Tournament, table: TableAssignment) -> tuple[int, ...]:
    """Each of the table's entrants' side (see ``tournaments.pairing.seating``)."""
    return seat_sides(Format(tournament.format), len(table.entrants))


def open_table(
    tournament: Tournament, the_round: Round, table: TableAssignment, entrants: Mapping[int, Entrant]
) -> None:
    """Start the table's first match, or give a walkover when an entrant has withdrawn."""
    physical_table_ensure(tournament, table.number)
    out = [e for e in table.entrants if entrants[e].withdrawn]
    if out:
        table.status = TableStatus.FORFEIT
        table.result = forfeit_results(table.entrants, side_of(tournament, table), forfeiting=out)
        table.reason = f"withdrawn: {', '.join(entrants[e].name for e in out)}"
        table.adjusted_by = SYSTEM.label
        table.adjusted_at = timezone.now()
        table.save(update_fields=["status", "result", "reason", "adjusted_by", "adjusted_at"])
        return
    start_game(tournament, the_round, table, entrants, sequence=1)


def _layout(tournament: Tournament, people: list[Entrant]) -> TableLayout:
    shape = find_game(tournament.game_key).table_shape(tournament.options)
    partners = None
    if shape.partnerships and len(people) == 2:
        entered = selectors.names_as_entered(Entrant.players.through.objects.filter(entrant__in=people))
        partners = [entered.get(entrant.pk, []) for entrant in people]
    return table_layout(
        Format(tournament.format), [entrant.name for entrant in people], partners, shape.seats
    )


def start_game(
    tournament: Tournament,
    the_round: Round,
    table: TableAssignment,
    entrants: Mapping[int, Entrant],
    *,
    sequence: int,
) -> Match:
    """Open game ``sequence`` of the table's series: a scoring match that announces its changes."""
    layout = _layout(tournament, [entrants[e] for e in table.entrants])
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    # The title as data, said in the reader's language (scoring/titles.py): a bracket round by its label.
    title = TitleParts(
        event=tournament.name, round=the_round.label or the_round.number, table=table.number, game=sequence
    )
    match = match_create(
        club=tournament.club,
        game_key=tournament.game_key,
        sides=list(layout.sides),
        options=dict(tournament.options),
        seats=None if layout.seats is None else list(layout.seats),
        title_parts=title,
        deal_limit=parsed.deal_limit,
        announce_changes=True,
        confirmation=Confirmation(tournament.confirmation),
        actor=SYSTEM,
    )
    TableGame.objects.create(
        club_id=table.club_id, table=table, match=match, sequence=sequence, synced_revision=match.revision
    )
    return match
