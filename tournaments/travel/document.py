"""What a tournament's evening file holds, and the parts two copies of it are compared by.

The file names every row by its own ids, given in an order that does not depend on the database:
entrants by name, players by name, rounds by number, tables by round and number, matches by table
and place in the series (then ``scoring.travel.rows`` for their deals and trail), the room's
numbered tables by number. So one evening gives the same rows on any site, and its fingerprint
is the same wherever it is computed.

Left behind: the cached standings (recomputed on import), the revision counters (each site's own
page versions), table links' secrets and the round's task id.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from clubs.names import name_key
from clubs.travel.envelope import EveningFileError, section
from clubs.travel.lineage import part_hash
from clubs.travel.people import said
from scoring.models import AuditEvent
from scoring.services.common import place_key
from scoring.travel.rows import audit_row, copied, match_parts, match_sections
from tournaments.models import PhysicalTable, TableGame, Tournament, players_as_entered
from tournaments.physical_tables import KIND
from tournaments.travel import remap

TOURNAMENT_FIELDS = (
    *("name", "game_key", "preset", "options", "entrant_kind", "format", "match_format"),
    *("rounds_planned", "tiebreaks", "points", "confirmation", "status"),
)
ENTRANT_FIELDS = ("name", "affiliation", "seed", "rating", "withdrawn")
ROUND_FIELDS = ("number", "label", "status")
TABLE_FIELDS = ("number", "bracket_slot", "status", "reason", "adjusted_by")
PHYSICAL_FIELDS = ("number", "revoked")


def lookup(ids: dict[int, int]) -> remap.Translate:
    """Translate this database's ids into the file's; refuse one that is not the tournament's."""

    def to(pk: Any) -> int:
        if pk not in ids:
            raise EveningFileError(
                gettext(
                    "The tournament's stored data refers to an entrant that is not one of its own (%(id)s)."
                )
                % {"id": pk}
            )
        return ids[pk]

    return to


def evening_body(tournament: Tournament) -> dict[str, Any]:
    """The tournament's file without its envelope, lineage and digest."""
    entrants = sorted(
        tournament.entrants.prefetch_related(players_as_entered()), key=lambda e: name_key(e.name)
    )
    entrant_ids = {entrant.pk: index for index, entrant in enumerate(entrants, 1)}
    names = sorted(
        {(p.name, p.pk) for e in entrants for p in e.players.all()}, key=lambda n: (name_key(n[0]), n[1])
    )
    player_ids = {pk: index for index, (_, pk) in enumerate(names, 1)}
    to = lookup(entrant_ids)
    rounds = list(tournament.rounds.order_by("number"))
    round_ids = {r.pk: index for index, r in enumerate(rounds, 1)}
    tables = sorted(
        (t for r in rounds for t in r.tables.all()), key=lambda t: (round_ids[t.round_id], t.number)
    )
    table_ids = {t.pk: index for index, t in enumerate(tables, 1)}
    games = sorted(
        TableGame.objects.filter(table_id__in=table_ids).select_related("match"),
        key=lambda g: (table_ids[g.table_id], g.sequence),
    )
    seat = {g.match_id: {"table": table_ids[g.table_id], "sequence": g.sequence} for g in games}
    rooms = list(PhysicalTable.objects.filter(tournament=tournament).order_by("number"))
    room_ids = {room.pk: index for index, room in enumerate(rooms, 1)}
    places = {place_key(KIND, pk): place_key(KIND, local) for pk, local in room_ids.items()}
    events = AuditEvent.objects.filter(place__in=list(places)).order_by("created_at", "pk")
    return {
        "kind": "tournament",
        "evening": str(tournament.evening),
        "title": tournament.name,
        "club": {"slug": tournament.club.slug, "name": tournament.club.name},
        "tournament": {
            **copied(tournament, TOURNAMENT_FIELDS, ("created_at",)),
            "settings": remap.settings(tournament.settings, to),
            "bracket": remap.bracket(tournament.bracket, to),
            "lots": remap.lots(tournament.lots, to),
            # What sitting out and missing a round score (the standings read them).
            "bye": tournament.bye,
            "absent": tournament.absent,
        },
        "players": [{"id": player_ids[pk], "name": name} for name, pk in names],
        "entrants": [
            {
                "id": entrant_ids[e.pk],
                **copied(e, ENTRANT_FIELDS),
                "joins_round": e.joins_round,
                # In the order entered ("Émilie Laurent & François Simon"), as the evening shows it.
                "players": [player_ids[p.pk] for p in e.players.all()],
            }
            for e in entrants
        ],
        "rounds": [
            {
                "id": round_ids[r.pk],
                **copied(r, ROUND_FIELDS, ("created_at",)),
                "byes": remap.ids(r.byes, to),
                "absent": remap.ids(r.absent, to),
                "flags": remap.flags(r.flags, to),
            }
            for r in rounds
        ],
        "tables": [
            {
                "id": table_ids[t.pk],
                "round": round_ids[t.round_id],
                **copied(t, TABLE_FIELDS, ("adjusted_at",)),
                "entrants": remap.ids(t.entrants, to),
                "result": remap.result(t.result, to),
            }
            for t in tables
        ],
        "room_tables": [
            {"id": room_ids[room.pk], **copied(room, PHYSICAL_FIELDS, ("created_at",))} for room in rooms
        ],
        "place_audit": [audit_row(e, match=None, conflicts={}, place=places[e.place]) for e in events],
        **match_sections([g.match for g in games], extra=lambda match: seat[match.pk]),
    }


def parts_of(body: dict[str, Any]) -> dict[str, str]:
    """The evening's parts, each keyed by where it is: the tournament, each entrant, round, table,
    match and deal, each numbered table of the room."""
    rounds = {r.get("id"): r.get("number") for r in section(body, "rounds")}
    tables = {t.get("id"): f"{rounds.get(t.get('round'))}:{t.get('number')}" for t in section(body, "tables")}
    players = {p.get("id"): said(str(p.get("name"))) for p in section(body, "players")}  # as matched
    parts = {"tournament": part_hash(body.get("tournament"))}
    for entrant in section(body, "entrants"):
        named = [players.get(p) for p in entrant.get("players", [])]
        parts[f"entrant:{entrant.get('name')}"] = part_hash({**entrant, "players": named})
    for row in section(body, "rounds"):
        parts[f"round:{row.get('number')}"] = part_hash(row)
    for row in section(body, "tables"):
        parts[f"table:{tables[row.get('id')]}"] = part_hash(row)
    rooms = {f"{KIND}:{room.get('id')}": room.get("number") for room in section(body, "room_tables")}
    content: dict[str, list[Any]] = {}
    for room in section(body, "room_tables"):
        content[f"room:{room.get('number')}"] = [room]
    for event in section(body, "place_audit"):
        content.setdefault(f"room:{rooms.get(str(event.get('place')))}", []).append(event)
    parts.update({key: part_hash(value) for key, value in content.items()})
    where = {
        m.get("id"): f"{tables.get(m.get('table'))}:{m.get('sequence')}" for m in section(body, "matches")
    }
    for match, match_part in match_parts(body).items():
        for key, value in match_part.items():
            parts[f"{key}:{where.get(match)}"] = value
    return parts


def said_part(key: str) -> str:
    """A part of a tournament in words: "deal 3 of table 2, round 1"."""
    kind, _, rest = key.partition(":")
    if kind == "entrant":
        return gettext("entrant %(name)s") % {"name": rest}
    if kind == "round":
        return gettext("round %(number)s") % {"number": rest}
    if kind == "room":
        return gettext("the link of table %(number)s of the room") % {"number": rest}
    if kind in ("table", "match"):
        round_number, table, *game = rest.split(":")
        where = gettext("table %(table)s, round %(round)s") % {"table": table, "round": round_number}
        if kind == "table":
            return where
        if game and game[0] not in ("1", "None"):
            return gettext("the result of game %(game)s at %(where)s") % {"game": game[0], "where": where}
        return gettext("the result at %(where)s") % {"where": where}
    if kind == "deal":
        number, _, at = rest.partition(":")
        round_number, table, sequence = [*at.split(":"), "", "", ""][:3]
        where = gettext("table %(table)s, round %(round)s") % {"table": table, "round": round_number}
        if sequence not in ("1", "None", ""):
            return gettext("deal %(number)s of game %(game)s at %(where)s") % {
                "number": number,
                "game": sequence,
                "where": where,
            }
        return gettext("deal %(number)s of %(where)s") % {"number": number, "where": where}
    return gettext("the tournament's settings")
