"""Each entrant id a tournament keeps in its JSON arrives remapped to the copy's entrants, field by
field (``tournaments.travel.remap``); a file whose JSON names an entrant it does not hold is
refused, changing nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from clubs.models import Club
from clubs.travel.envelope import EveningFileError, dumps, sealed
from clubs.travel.lineage import fingerprint
from tests.factories import ClubFactory
from tests.rows import table_rows
from tests.tournaments.concours import play_table as belote_table
from tests.tournaments.factories import add_entrants, make_tournament, play_round, play_table, start_round
from tests.tournaments.travel.conftest import exported, gone
from tournaments import services
from tournaments.models import Round, TableAssignment, Tournament
from tournaments.travel.document import parts_of
from tournaments.travel.service import import_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def swiss(club: Club) -> Tournament:
    """Five entrants, two rounds: byes and their flags, results."""
    tournament = make_tournament(club=club, entrants=5, rounds=2)
    play_round(start_round(tournament))
    play_round(start_round(tournament))
    return tournament


def round_robin(club: Club) -> Tournament:
    """A round robin's order (``settings["order"]``)."""
    tournament = make_tournament(club=club, format="round-robin", entrants=4)
    play_round(start_round(tournament))
    return tournament


def bracket(club: Club) -> Tournament:
    """A bracket played to its champion: seeds, champion, placings."""
    tournament = make_tournament(club=club, format="single-elimination", entrants=4)
    start_round(tournament)
    for number in (1, 2):
        for table in Round.objects.get(tournament=tournament, number=number).tables.all():
            play_table(table, table.entrants[0])
            services.bracket_advance(tournament_id=tournament.pk)
    return tournament


def concours(club: Club) -> Tournament:
    """A concours whose first partie left teams tied: lots drawn and recorded (``lots``)."""
    tournament = make_tournament(
        club=club, game="belote", format="concours", entrant_kind="partnership", match_format="deals:1"
    )
    add_entrants(tournament, 4, partners=True)
    for table in start_round(tournament).tables.all():
        belote_table(table, [100])  # two teams at 100 / 62, two at 62 / 100: tied in pairs
    services.standings_recompute(tournament_id=tournament.pk)
    return tournament


def tables(t: Tournament) -> list[TableAssignment]:
    return list(TableAssignment.objects.filter(round__tournament=t).order_by("round__number", "number"))


#: Each field: the evening that fills it, and its entrant ids (in a stable order).
FIELDS: dict[str, tuple[Callable[[Club], Tournament], Callable[[Tournament], list[Any]]]] = {
    "settings.order": (round_robin, lambda t: t.settings["order"]),
    "bracket.seeds": (bracket, lambda t: t.bracket["seeds"]),
    "bracket.champion": (bracket, lambda t: [t.bracket["champion"]]),
    "bracket.placings": (bracket, lambda t: [e for p in t.bracket["placings"] for e in p["entrants"]]),
    "round.byes": (swiss, lambda t: [e for r in t.rounds.order_by("number") for e in r.byes]),
    "round.flags": (
        swiss,
        lambda t: [e for r in t.rounds.order_by("number") for f in r.flags for e in f["entrants"]],
    ),
    "lots": (concours, lambda t: [int(e) for e in sorted(t.lots, key=lambda e: t.lots[e])]),
    "table.entrants": (swiss, lambda t: [e for table in tables(t) for e in table.entrants]),
    "table.result": (swiss, lambda t: [int(e) for table in tables(t) for e in sorted(table.result, key=int)]),
}

#: Where each field sits in the file, and how to make it name an entrant the file does not hold.
UNKNOWN = 999


def _first(rows: list[dict[str, Any]], key: str) -> dict[str, Any]:
    return next(row for row in rows if row[key])


BREAK: dict[str, Callable[[dict[str, Any]], None]] = {
    "settings.order": lambda d: d["tournament"]["settings"]["order"].__setitem__(0, UNKNOWN),
    "bracket.seeds": lambda d: d["tournament"]["bracket"]["seeds"].__setitem__(0, UNKNOWN),
    "bracket.champion": lambda d: d["tournament"]["bracket"].__setitem__("champion", UNKNOWN),
    "bracket.placings": lambda d: d["tournament"]["bracket"]["placings"][0]["entrants"].__setitem__(
        0, UNKNOWN
    ),
    "round.byes": lambda d: _first(d["rounds"], "byes")["byes"].__setitem__(0, UNKNOWN),
    "round.flags": lambda d: _first(_first(d["rounds"], "flags")["flags"], "entrants")[
        "entrants"
    ].__setitem__(0, UNKNOWN),
    "lots": lambda d: d["tournament"]["lots"].__setitem__(str(UNKNOWN), 1),
    "table.entrants": lambda d: d["tables"][0]["entrants"].__setitem__(0, UNKNOWN),
    "table.result": lambda d: _first(d["tables"], "result").__setitem__(
        "result", {str(UNKNOWN): {}, **_first(d["tables"], "result")["result"]}
    ),
}


def resealed(document: dict[str, Any]) -> dict[str, Any]:
    """The file as a Tablescore would have written it with these rows (a valid digest)."""
    body = {k: v for k, v in document.items() if k not in ("format", "version", "digest")}
    body["fingerprint"] = fingerprint(parts_of(body))
    return sealed(body)


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_each_field_arrives_naming_the_same_entrants(field: str) -> None:
    build, ids = FIELDS[field]
    club = ClubFactory()
    tournament = build(club)
    tournament.refresh_from_db()
    names = dict(tournament.entrants.values_list("pk", "name"))
    before = [names[e] for e in ids(tournament)]
    assert before, f"{field} is empty in this evening: the test would prove nothing"
    document = exported(tournament)
    gone(tournament)
    import_evening(data=dumps(document), club=club)
    copy = Tournament.objects.get(club=club)
    after_names = dict(copy.entrants.values_list("pk", "name"))
    after = ids(copy)
    assert not set(after) & set(names), "the copy's ids are new ones"
    assert [after_names[e] for e in after] == before


@pytest.mark.parametrize("field", sorted(BREAK))
def test_a_file_naming_an_entrant_it_does_not_hold_is_refused(field: str) -> None:
    club = ClubFactory()
    tournament = FIELDS[field][0](club)
    document = exported(tournament)
    gone(tournament)
    BREAK[field](document)
    before = table_rows()
    with pytest.raises(EveningFileError, match=str(UNKNOWN)):
        import_evening(data=dumps(resealed(document)), club=club)
    assert table_rows() == before
