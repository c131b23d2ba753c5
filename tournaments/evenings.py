"""Reads of what was played, per player, for the apps above (seasons): an evening's results per
player, the tables each player sat at, and the players at a table's match.

A tournament is an *evening*. Its entrants are players (individual events: each entrant is one of
the club's players) or partnerships (each of whose listed players shares the partnership's
result), so everything here is said per player id. An entrant that lists no player (a partnership
registered by its name only) is left out: no person can be followed through it.

Two questions have one answer each, here, in the terms of the result lifecycle
(``scoring.result_states``): :data:`CLOSED` (does a table's result count, to be rated?) and
:func:`evening_is_final` (may a season treat the evening's results as final?). Only results the
other side or the director vouched for count: confirmed, or final once their round is closed (the
last round of an event stays confirmed). A result awaiting confirmation or disputed does not,
even for the moment between its match changing and its table hearing of it (``table_sync``).

What this module does not do: write, or compute a standing (``selectors.standing_rows`` does).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import date
from zoneinfo import ZoneInfo

from django.db.models import Q, QuerySet
from django.utils import timezone

from scoring.models import MatchStatus
from scoring.result_states import COUNTED, ResultStatus
from tournaments.blind_finish import veil_of
from tournaments.models import (
    Entrant,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
    TournamentStatus,
    players_as_entered,
)
from tournaments.pairing.formats import Format
from tournaments.pairing.seating import seat_sides
from tournaments.selectors import DECIDED, standing_rows
from tournaments.standings.blind_finish import hidden_round


def _unvouched() -> QuerySet[TableGame]:
    """The games of tables decided by play whose result nobody vouched for yet: played to the
    end, but awaiting confirmation, disputed or reopened (a void result counts for nothing and
    holds nothing up)."""
    return TableGame.objects.filter(
        table__status=TableStatus.FINISHED, match__status=MatchStatus.FINISHED
    ).exclude(match__result_status__in=[*COUNTED, ResultStatus.VOID])


#: A table whose result counts: decided by the organizer (the director's word), or by play with
#: every game's result confirmed or final (a forfeit is not play), in a round every table of which
#: is decided.
CLOSED = (
    Q(round__status=RoundStatus.COMPLETE)
    & Q(status__in=(TableStatus.FINISHED, TableStatus.ADJUSTED))
    & ~Q(pk__in=_unvouched().values("table_id"))
)


def evening_is_final(tournament: Tournament) -> bool:
    """Whether the evening's results are final: the tournament is finished (or plans no number of
    rounds), every round drawn is complete, and every result that decides a table by play is
    confirmed or final."""
    if tournament.status != TournamentStatus.FINISHED and tournament.rounds_planned is not None:
        return False
    if veil_of(tournament).active:  # a blind finish is final once revealed
        return False
    statuses = set(tournament.rounds.exclude(status=RoundStatus.FAILED).values_list("status", flat=True))
    if statuses != {RoundStatus.COMPLETE}:
        return False
    return not _unvouched().filter(table__round__tournament=tournament).exists()


def evening_date(tournament: Tournament) -> date:
    """The day an evening was played: its creation's, in its club's time zone (an evening begun at
    00:05 in Amsterdam is that day's, not the day before's in UTC)."""
    return timezone.localtime(tournament.created_at, ZoneInfo(tournament.club.time_zone)).date()


def entrant_people(entrants: Collection[Entrant]) -> dict[int, tuple[int, ...]]:
    """Each entrant's player ids (read with ``players`` prefetched)."""
    return {e.pk: tuple(sorted(p.pk for p in e.players.all())) for e in entrants}


@dataclass(frozen=True)
class PlayerEvening:
    """One player's evening: own points (its side's game points over its tables, plus what the
    event's bye and absent rules scored its sit-outs and missed rounds: an *uitloter*'s 1,600),
    match points (a bye's by the rule), place (shared places the same number) and tables played
    (never a bye or a missed round)."""

    player: int
    points: int
    match_points: int
    place: int
    tables: int


def evening_results(tournament: Tournament) -> list[PlayerEvening]:
    """Every player's result of the evening so far (decided tables only; those of a blind finish's
    hidden rounds wait for the reveal, as on the public page)."""
    shown = veil_of(tournament)
    people = entrant_people(list(tournament.entrants.prefetch_related(players_as_entered())))
    points: dict[int, int] = {}
    decided = TableAssignment.objects.filter(round__tournament=tournament, status__in=DECIDED)
    if shown.until is not None:
        decided = decided.filter(round__number__lte=shown.until)
    for result in decided.values_list("result", flat=True):
        for entrant, doc in result.items():
            points[int(entrant)] = points.get(int(entrant), 0) + int(doc.get("points", 0))
    if not points:
        return []
    out = []
    for row in standing_rows(tournament, until=shown.until):
        if row.played == 0:
            continue
        place = int(row.rank.rstrip("="))
        for player in people.get(row.entrant, ()):
            own = points.get(row.entrant, 0) + row.ruled_points
            out.append(PlayerEvening(player, own, row.match_points, place, row.played))
    return out


@dataclass(frozen=True)
class PlayedTable:
    """A decided table as the apps above read it: its order (round id, table number), evening,
    round, day, game, each side's players, names, outcome and game points, and its last match."""

    key: tuple[int, int]
    tournament: int
    evening: str
    round: int
    day: date
    game_key: str
    sides: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    outcomes: tuple[str, ...]
    points: tuple[int, ...]
    match: int | None


def played_tables(
    *,
    club_id: int,
    game_keys: Collection[str] | None = None,
    player: int | None = None,
    closed: bool = True,
) -> list[PlayedTable]:
    """The club's decided tables in the order they were played (``closed``: final ones only, see
    :data:`CLOSED`), of ``game_keys`` if given, at which ``player`` sat if given; none of a blind
    finish's hidden rounds (player pages and ratings wait for the reveal)."""
    tournaments = Tournament.objects.filter(club_id=club_id)
    if game_keys is not None:
        tournaments = tournaments.filter(game_key__in=list(game_keys))
    if player is not None:
        tournaments = tournaments.filter(entrants__players=player)
    tables = TableAssignment.objects.filter(round__tournament__in=tournaments.distinct())
    tables = tables.filter(CLOSED) if closed else tables.filter(status__in=DECIDED)
    tables = (
        tables.select_related("round__tournament").prefetch_related("games").order_by("round_id", "number")
    )
    found = [table for table in tables if not _hidden(table)]
    entrants = Entrant.objects.filter(pk__in={e for t in found for e in t.entrants}).prefetch_related(
        "players"
    )
    people = entrant_people(list(entrants))
    names = {e.pk: e.name for e in entrants}
    out = []
    for table in found:
        played = _played(table, people, names)
        if played is not None and (player is None or any(player in side for side in played.sides)):
            out.append(played)
    return out


def _hidden(table: TableAssignment) -> bool:
    tournament = table.round.tournament
    return hidden_round(
        number=table.round.number,
        planned=tournament.rounds_planned,
        blind=tournament.blind_rounds,
        revealed=tournament.revealed_at is not None,
    )


def _played(
    table: TableAssignment, people: Mapping[int, tuple[int, ...]], names: Mapping[int, str]
) -> PlayedTable | None:
    sides: dict[int, list[int]] = {}
    for entrant in table.entrants:
        doc = table.result.get(str(entrant))
        if doc is not None:
            sides.setdefault(int(doc.get("side", 0)), []).append(entrant)
    order = sorted(sides)
    players = tuple(tuple(sorted(p for e in sides[s] for p in people.get(e, ()))) for s in order)
    if len(players) < 2 or any(not side for side in players):
        return None
    first = [table.result[str(sides[s][0])] for s in order]
    tournament = table.round.tournament
    games = sorted(table.games.all(), key=lambda g: g.sequence)
    return PlayedTable(
        key=(table.round_id, table.number),
        tournament=tournament.pk,
        evening=tournament.name,
        round=table.round.number,
        day=evening_date(tournament),
        game_key=tournament.game_key,
        sides=players,
        names=tuple(" & ".join(names.get(e, "") for e in sides[s]) for s in order),
        outcomes=tuple(str(doc.get("outcome", "")) for doc in first),
        points=tuple(int(doc.get("points", 0)) for doc in first),
        match=games[-1].match_id if games else None,
    )


@dataclass(frozen=True)
class MatchTable:
    """The players at a tournament table's match, side by side (in the match's side order)."""

    club_id: int
    game_key: str
    sides: tuple[tuple[int, ...], ...]


def match_table(match_id: int) -> MatchTable | None:
    """Who plays ``match_id`` for which side, if it is a tournament table's match."""
    table = (
        TableAssignment.objects.filter(games__match_id=match_id).select_related("round__tournament").first()
    )
    if table is None:
        return None
    tournament = table.round.tournament
    people = entrant_people(
        list(Entrant.objects.filter(pk__in=table.entrants).prefetch_related(players_as_entered()))
    )
    side_of = seat_sides(Format(tournament.format), len(table.entrants))
    sides: dict[int, list[int]] = {}
    for entrant, side in zip(table.entrants, side_of, strict=True):
        sides.setdefault(side, []).extend(people.get(entrant, ()))
    return MatchTable(tournament.club_id, tournament.game_key, tuple(tuple(sides[s]) for s in sorted(sides)))


__all__ = [
    "CLOSED",
    "MatchTable",
    "PlayedTable",
    "PlayerEvening",
    "evening_date",
    "evening_is_final",
    "evening_results",
    "match_table",
    "played_tables",
]
