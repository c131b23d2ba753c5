"""The writes of a tournament's arrival from an evening file (``tournaments.travel.service``):
its rows created under new ids (``load_evening``), each id inside the stored JSON translated
(``tournaments.travel.remap``), the players found in the club by name or added; and the
tournament given the file's identity (``tournament_evening_set``).

An evening already here (the same evening id) is written over: its rows below the tournament are
deleted and created again from the file, and the tournament row keeps its id, so its pages, its
seasons and the links to it stay where they were; so do the room's numbered tables and the slips
printed for them. A match's own scorer link changes (its match is new). No follow-up task: the
arrival recomputes the standings once it has read the evening back. The arrival holds the
tournament's row lock and its one transaction (``clubs.travel.journey``).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from clubs.travel.envelope import section
from clubs.travel.people import ClubPlayers
from scoring.models import AuditEvent, Match
from scoring.services.common import place_key
from scoring.services.travel import insert, load_audit, load_matches
from scoring.travel.rows import Ids, moment, unstamp
from tournaments.models import Entrant, PhysicalTable, Round, TableAssignment, TableGame, Tournament
from tournaments.physical_tables import KIND
from tournaments.travel import remap
from tournaments.travel.document import (
    ENTRANT_FIELDS,
    PHYSICAL_FIELDS,
    ROUND_FIELDS,
    TABLE_FIELDS,
    TOURNAMENT_FIELDS,
)


def tournament_evening_set(*, tournament: Tournament, evening: uuid.UUID) -> Tournament:
    """Give ``tournament`` the evening id ``evening`` (that column alone)."""
    tournament.evening = evening
    tournament.save(update_fields=["evening"])
    return tournament


def clear(tournament: Tournament) -> dict[int, PhysicalTable]:
    """Delete what an import writes again under ``tournament``; the room's numbered tables are
    kept, by number, so that their printed slips stay good."""
    kept = {table.number: table for table in tournament.physical_tables.all()}
    rooms = [place_key(KIND, table.pk) for table in kept.values()]
    AuditEvent.objects.filter(place__in=rooms).delete()
    Match.objects.filter(tournament_game__table__round__tournament=tournament).delete()
    tournament.rounds.all().delete()
    tournament.entrants.all().delete()
    return kept


def _saved(table: PhysicalTable) -> PhysicalTable:
    table.full_clean(validate_unique=False, validate_constraints=False, exclude=["club", "tournament"])
    table.save()
    return table


def load_evening(document: dict[str, Any], *, club: Club, into: Tournament | None) -> tuple[Tournament, int]:
    """Write the file's evening into ``club`` (over ``into`` when it is here); the tournament and
    how many players were added to the club."""
    row = document["tournament"]
    values = {name: row[name] for name in TOURNAMENT_FIELDS}
    kept: dict[int, PhysicalTable] = {}
    if into is None:
        tournament = insert(Tournament(club=club, **values, created_at=moment(row["created_at"]), revision=1))
    else:
        tournament = into
        kept = clear(tournament)
        for name, value in values.items():
            setattr(tournament, name, value)
        tournament.created_at = moment(row["created_at"])
        tournament.revision += 1
    people = ClubPlayers(club.pk)
    players = Ids(_("players"))
    for player in section(document, "players"):
        players.add(player.get("id"), people.get(str(player["name"])))
    entrants = Ids(_("entrants"))
    for entrant in section(document, "entrants"):
        made = insert(
            Entrant(
                club=club,
                tournament=tournament,
                **{name: entrant[name] for name in ENTRANT_FIELDS},
                joins_round=entrant.get("joins_round"),
            )
        )
        for player in entrant.get("players", []):  # one by one: the order entered stays
            made.players.add(players[player])
        entrants.add(entrant.get("id"), made)
    to = entrants.pk
    tournament.settings = remap.settings(row["settings"], to)
    tournament.bracket = remap.bracket(row["bracket"], to)
    tournament.lots = remap.lots(row.get("lots") or {}, to)  # a file from before the concours has none
    tournament.bye = row.get("bye") or {}  # a file from before the club's rules has none
    tournament.absent = row.get("absent") or {}
    tournament.save()
    rounds = Ids(_("rounds"))
    for the_round in section(document, "rounds"):
        made = Round(
            club=club,
            tournament=tournament,
            **{name: the_round[name] for name in ROUND_FIELDS},
            byes=remap.ids(the_round["byes"], to),
            absent=remap.ids(the_round.get("absent") or [], to),
            flags=remap.flags(the_round["flags"], to),
            created_at=moment(the_round["created_at"]),
        )
        rounds.add(the_round.get("id"), insert(made))
    tables = Ids(_("tables of the rounds"))
    for table in section(document, "tables"):
        made = TableAssignment(
            club=club,
            round=rounds[table.get("round")],
            **{name: table[name] for name in TABLE_FIELDS},
            entrants=remap.ids(table["entrants"], to),
            result=remap.result(table["result"], to),
            adjusted_at=unstamp(table.get("adjusted_at")),
        )
        tables.add(table.get("id"), insert(made))
    matches = load_matches(document, club_id=club.pk, announce=True)
    for match in section(document, "matches"):
        played = matches[match.get("id")]
        TableGame.objects.create(
            club=club,
            table=tables[match.get("table")],
            match=played,
            sequence=match["sequence"],
            synced_revision=played.revision,
        )
    rooms = Ids(_("numbered tables of the room"))
    for room in section(document, "room_tables"):
        made = kept.pop(room["number"], None) or PhysicalTable(club=club, tournament=tournament)
        for name in PHYSICAL_FIELDS:
            setattr(made, name, room[name])
        made.created_at = moment(room["created_at"])
        rooms.add(room.get("id"), insert(made) if made.pk is None else _saved(made))
    PhysicalTable.objects.filter(pk__in=[table.pk for table in kept.values()]).delete()

    def place(local: str) -> str:
        kind, _, number = local.partition(":")
        return place_key(KIND, rooms.pk(int(number))) if kind == KIND else place_key(KIND, rooms.pk(None))

    load_audit(section(document, "place_audit"), club_id=club.pk, matches=matches, place=place)
    return tournament, people.created
