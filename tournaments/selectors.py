"""Reads of a tournament that span relations, shared by the services, the pages, the API and the
CSV exports: the rounds worth showing and their ETag, the bracket as it stands, the standings
(computed, and as cached), and the read model of a table and of a round.

A table's read model (:class:`TableView`) is the one place that knows who sits where, which side
a seat plays for (``tournaments.pairing.seating``), how far its match is, where its result stands
(awaiting confirmation, disputed, confirmed: ``scoring.result_states``), and whether it is
*disputed*: a deal of one of its matches was corrected or voided after it was entered. The
corrections made to results after their round closed are listed by :func:`corrections`
(``tournaments.corrections``, read through here).

What this module does not do: write (``tournaments.services``) or serialize (``documents`` for the
API, the templates for the pages, ``exports`` for CSV).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q, QuerySet, Sum

from games import find_game
from games.facts import Tally
from scoring.display import stored_tally
from scoring.models import Deal, Match, MatchStatus
from scoring.result_states import ResultStatus
from tournaments import wording
from tournaments.corrections import Correction as Correction  # read through here by the pages
from tournaments.corrections import corrections as corrections
from tournaments.entrant_people import entrant_players as entrant_players
from tournaments.entrant_people import names_as_entered as names_as_entered
from tournaments.entrant_people import people_linked as people_linked
from tournaments.models import (
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.pairing import BracketState, SlotStatus, advance, formats
from tournaments.pairing.formats import BRACKETS, Format, best_of, build_bracket
from tournaments.pairing.match_format import parse_match_format
from tournaments.pairing.seating import seat_sides
from tournaments.standings.blind_finish import OPEN, Veil
from tournaments.standings.club_rules import AbsentRule, ByeRule
from tournaments.standings.rows import Contender, Row, SitOuts, TableResult, standings
from tournaments.standings_view import CachedStandings as CachedStandings  # read through here
from tournaments.standings_view import StandingsRow as StandingsRow
from tournaments.standings_view import stored_standings as stored_standings

#: A table whose result counts: played to its end, or set by the organizer.
DECIDED = frozenset({TableStatus.FINISHED, TableStatus.ADJUSTED, TableStatus.FORFEIT})


def current_rounds(tournament: Tournament) -> list[Round]:
    """The rounds a visitor wants to see now: those being played (a bracket may play several
    columns at once), else the last one."""
    rounds = list(tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("number"))
    playing = [r for r in rounds if r.status in (RoundStatus.PLAYING, RoundStatus.BUILDING)]
    return playing or rounds[-1:]


def live_revision(tournament: Tournament, rounds: Iterable[Round] | None = None) -> str:
    """The ETag of the public pages: the tournament's revision, its standings' revision, and the
    sum of the revisions of the matches being played (so every deal entered shows)."""
    playing = rounds if rounds is not None else current_rounds(tournament)
    found = Match.objects.filter(tournament_game__table__round__in=list(playing)).aggregate(n=Sum("revision"))
    return f"{tournament.revision}.{tournament.standings_revision}.{found['n'] or 0}"


def tables_needed(tournament: Tournament) -> int:
    """The physical tables the event needs for its entrants still in (``formats.tables_needed``)."""
    shape = find_game(tournament.game_key).table_shape(tournament.options)
    active = tournament.entrants.filter(withdrawn=False).count()
    return formats.tables_needed(Format(tournament.format), shape, tournament.settings, active)


def entrant_names(tournament: Tournament) -> dict[int, str]:
    """Every entrant's name by id."""
    return dict(tournament.entrants.values_list("pk", "name"))


# -- standings ----------------------------------------------------------------------------------


def standing_rows(
    tournament: Tournament, precedence: Sequence[str] | None = None, *, until: int | None = None
) -> list[Row]:
    """The standings now, from every decided table and bye (computed, not the cached copy), by
    the tournament's precedence (or ``precedence``); a bye and a missed round score the event's
    rules (``bye``, ``absent``; with no bye rule a concours' sit-out marks its partie's average),
    and ties are broken by the lots recorded (``services.standings.record_lots``). ``until``: as
    they stood after that round, without lots (a blind finish's public standings)."""
    contenders = [Contender(e.pk, e.name, e.withdrawn) for e in tournament.entrants.all()]
    rounds = tournament.rounds.exclude(status__in=(RoundStatus.FAILED, RoundStatus.BUILDING))
    if until is not None:
        rounds = rounds.filter(number__lte=until)
    decided = TableAssignment.objects.filter(round__in=rounds, status__in=DECIDED).select_related("round")
    tables = [TableResult(t.round.number, {int(k): v for k, v in t.result.items()}) for t in decided]
    byes = [(past.number, entrant) for past in rounds for entrant in past.byes]
    sit_outs = SitOuts(
        bye=ByeRule.from_stored(tournament.bye),
        absent=AbsentRule.from_stored(tournament.absent),
        absences=[(past.number, entrant) for past in rounds for entrant in past.absent],
    )
    placings: list[tuple[str, list[int]]] = []
    if tournament.format in BRACKETS and tournament.status == TournamentStatus.FINISHED:
        placings = [(p["label"], p["entrants"]) for p in tournament.bracket.get("placings", [])]
    return standings(
        contenders,
        tables,
        byes,
        points=tournament.points,
        precedence=tournament.tiebreaks if precedence is None else precedence,
        placings=placings,
        # lots drawn later would tell of ties the hidden rounds made: a blind finish shows none
        lots={}
        if until is not None
        else {int(entrant): int(lot) for entrant, lot in tournament.lots.items()},
        bye_average=tournament.format == Format.CONCOURS,
        leavers_last=tournament.format == Format.CONCOURS,
        sit_outs=sit_outs,
    )


def cached_standings(tournament: Tournament) -> CachedStandings:
    """The standings the last ``standings_recompute`` stored."""
    stale = tournament.standings_revision != tournament.revision
    return stored_standings(tournament.standings or {}, tournament.tiebreaks, tournament.standings_at, stale)


# -- brackets -----------------------------------------------------------------------------------


def bracket_state(tournament: Tournament) -> BracketState | None:
    """The bracket with the winners decided so far; ``None`` unless it is drawn."""
    if tournament.format not in BRACKETS or not tournament.bracket.get("seeds"):
        return None
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    bracket = build_bracket(
        Format(tournament.format), tournament.bracket["seeds"], tournament.settings, best_of(parsed)
    )
    decided: dict[str, int] = {}
    for table in TableAssignment.objects.filter(round__tournament=tournament).exclude(bracket_slot=""):
        if table.status in DECIDED:
            winner = next((int(e) for e, doc in table.result.items() if doc.get("outcome") == "win"), None)
            if winner is not None:
                decided[table.bracket_slot] = winner
    winners: dict[str, int] = {}
    state = advance(bracket, winners)
    for slot in bracket.slots:  # feeders come first: keep only results that fit the slot now
        winner = decided.get(slot.id)
        current = state.slot(slot.id)
        if (
            winner is not None
            and current.status is SlotStatus.READY
            and winner in (current.top, current.bottom)
        ):
            winners[slot.id] = winner
            state = advance(bracket, winners)
    return state


def slot_tables(tournament: Tournament) -> dict[str, TableView]:
    """The bracket's tables by slot id, as the pages show them (their matches and scores)."""
    tables = TableAssignment.objects.filter(round__tournament=tournament).exclude(bracket_slot="")
    return {view.slot: view for view in table_views(tournament, tables)}


# -- tables and rounds --------------------------------------------------------------------------


def _games() -> Prefetch[Any]:
    return Prefetch("games", queryset=TableGame.objects.select_related("match").order_by("sequence"))


def table_games(table: TableAssignment) -> list[TableGame]:
    """The matches a table played, in order (prefetched by the selectors)."""
    return sorted(table.games.all(), key=lambda g: g.sequence)


@dataclass(frozen=True)
class SeatView:
    """One entrant at a table: its result once decided (``series.entrant_results``' document),
    its side's total while playing, and its count of what decides the table when the total does
    not (``tally``: rubbers won in JAM's best of three, games won in a series)."""

    id: int
    name: str
    result: dict[str, Any]
    total: int | None
    tally: int | None = None

    @property
    def score(self) -> int | None:
        """The one number that says how the entrant stands (the bracket's boxes): what it won of
        what decides the table, else its points once decided, else its total while playing."""
        if self.tally is not None:
            return self.tally
        return self.points if self.outcome else self.total

    @property
    def outcome(self) -> str | None:
        return self.result.get("outcome")

    @property
    def points(self) -> int | None:
        return self.result.get("points")

    @property
    def games(self) -> int | None:
        return self.result.get("games")


@dataclass(frozen=True)
class TableView:
    """A table as the pages, the API and the exports show it."""

    table: TableAssignment
    games: tuple[TableGame, ...]
    seats: tuple[SeatView, ...]
    disputed: bool
    #: What decides the table when a total does not (its counts are the seats' ``tally``).
    tally: Tally | None = None
    #: Whether its four entrants play as two partnerships re-drawn for the round.
    individual: bool = False
    #: A blind finish hides its result from the public (``tournaments.blind_finish``): no score,
    #: no outcome, no reason, and a table decided by the organizer reads "Finished".
    hidden: bool = False

    @property
    def partners_line(self) -> str:
        """Who partners whom, and where, at an individual evening's table ("" at any other)."""
        return wording.partners_line([seat.name for seat in self.seats]) if self.individual else ""

    @property
    def id(self) -> int:
        return self.table.pk

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def slot(self) -> str:
        return self.table.bracket_slot

    @property
    def status(self) -> str:
        if self.hidden and self.table.status != TableStatus.PLAYING:
            return TableStatus.FINISHED
        return self.table.status

    @property
    def status_label(self) -> str:
        """The table's state in words: a table whose match was played to its end reads "Finished"
        while its result awaits confirmation or is disputed (its result tag says which), not
        "Playing"."""
        if self.unconfirmed:
            return str(TableStatus.FINISHED.label)
        return str(TableStatus(self.status).label)

    @property
    def result(self) -> dict[str, Any]:
        """The result per entrant id, as stored (nothing while hidden)."""
        return {} if self.hidden else dict(self.table.result)

    @property
    def result_label(self) -> str:
        """Where the table's result stands, said of the table ("disputed", "contestée")."""
        return wording.table_result_label(self.result_status) if self.result_status else ""

    @property
    def in_play(self) -> bool:
        """A deal is still to come at the table: its match is being played (not over and awaiting
        its result's confirmation, not abandoned)."""
        return (
            self.status == TableStatus.PLAYING
            and self.match is not None
            and self.match.status == MatchStatus.IN_PROGRESS
        )

    @property
    def reason(self) -> str:
        return "" if self.hidden else self.table.reason

    @property
    def match(self) -> Match | None:
        """The match being played, or the last one played."""
        return self.games[-1].match if self.games else None

    @property
    def matches(self) -> list[int]:
        return [g.match_id for g in self.games]

    @property
    def game_number(self) -> int | None:
        """Which game of a series is on (``None`` for a table that plays one match)."""
        return self.games[-1].sequence if len(self.games) > 1 else None

    @property
    def deals(self) -> int:
        return self.match.deal_count if self.match else 0

    @property
    def abandoned(self) -> bool:
        return bool(self.match and self.match.status == MatchStatus.ABANDONED)

    @property
    def result_status(self) -> ResultStatus | None:
        """Where the current match's result stands; ``None`` for a table without a match."""
        return ResultStatus(self.match.result_status) if self.match else None

    @property
    def unconfirmed(self) -> bool:
        """Played to its end, but not counted yet: awaiting confirmation or disputed."""
        return self.status == TableStatus.PLAYING and self.result_status in (
            ResultStatus.SUBMITTED,
            ResultStatus.DISPUTED,
        )


def _table_tally(games: Sequence[TableGame], series: int) -> Tally | None:
    """What decides a table besides the totals: its match's own (``Game.tally``: JAM's rubbers),
    else, for a best-of-N series of matches, the games each side has won."""
    match = games[-1].match if games else None
    if match is None:
        return None
    tally = stored_tally(match)
    if tally is not None or series < 2:
        return tally
    won = Counter(g.match.outcome.get("winner") for g in games if g.match.outcome.get("finished"))
    return Tally("game", {side: won[side] for side in match.sides}, series // 2 + 1)


def _table_view(
    table: TableAssignment,
    format: Format,
    series: int,
    names: dict[int, str],
    disputed: set[int],
    hidden: bool = False,
) -> TableView:
    games = tuple(table_games(table))
    match = games[-1].match if games else None
    totals = (match.state.get("totals") or {}) if match and not hidden else {}
    tally = None if hidden else _table_tally(games, series)
    sides = seat_sides(format, len(table.entrants))
    seats = []
    for seat, entrant in enumerate(table.entrants):
        result = {} if hidden else table.result.get(str(entrant), {})
        side = sides[seat]
        name = match.sides[side] if match and side < len(match.sides) else None
        seats.append(
            SeatView(
                entrant,
                names.get(entrant, f"#{entrant}"),
                result,
                None if name is None else totals.get(name),
                None if name is None or tally is None else tally.count(name),
            )
        )
    disputed_here = not hidden and any(g.match_id in disputed for g in games)
    individual = format == Format.INDIVIDUAL
    return TableView(table, games, tuple(seats), disputed_here, tally, individual=individual, hidden=hidden)


def disputed_matches(match_ids: Sequence[int]) -> set[int]:
    """The matches among ``match_ids`` with a deal corrected or voided after it was entered."""
    found = Deal.objects.filter(match_id__in=match_ids).filter(Q(version__gt=1) | Q(voided=True))
    return set(found.values_list("match_id", flat=True))


def table_views(
    tournament: Tournament,
    tables: QuerySet[TableAssignment],
    names: dict[int, str] | None = None,
    veil: Veil = OPEN,
) -> list[TableView]:
    """The read model of ``tables`` (read with their matches), ``names`` the entrants' names;
    the results of the rounds ``veil`` hides are left out (a blind finish's public reads)."""
    if veil.active:
        tables = tables.select_related("round")
    found = list(tables.prefetch_related(_games()))
    disputed = disputed_matches([g.match_id for t in found for g in t.games.all()])
    names = entrant_names(tournament) if names is None else names
    series = parse_match_format(tournament.match_format, tournament.game_key).games
    kind = Format(tournament.format)
    return [
        _table_view(t, kind, series, names, disputed, veil.active and veil.hides(t.round.number))
        for t in found
    ]


@dataclass(frozen=True)
class Flagged:
    """A flag of a round's draw with the names of the entrants it concerns."""

    flag: str
    reason: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class RoundView:
    """A round as the pages show it: its tables, byes and flags, and how far it is; ``absent``:
    who missed it for another reason (a late arrival not yet in the draw)."""

    round: Round
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]
    flags: tuple[Flagged, ...]
    absent: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return wording.round_label(self.round.label, self.round.number)

    @property
    def finished(self) -> int:
        """The tables played to their end: decided, or awaiting their result's confirmation (each
        reads "Finished"; the console says which ones keep the round open)."""
        return sum(1 for t in self.tables if t.status != TableStatus.PLAYING or t.unconfirmed)

    @property
    def deals(self) -> int:
        return sum(t.deals for t in self.tables)

    @property
    def disputed(self) -> int:
        return sum(1 for t in self.tables if t.disputed)


def round_views(
    tournament: Tournament, rounds: Sequence[Round], names: dict[int, str] | None = None, veil: Veil = OPEN
) -> list[RoundView]:
    """The read model of ``rounds``, in a fixed number of queries whatever the field's size;
    ``veil``: the rounds whose results a public read hides."""
    names = entrant_names(tournament) if names is None else names
    tables = table_views(
        tournament,
        TableAssignment.objects.filter(round__in=rounds).order_by("round_id", "number"),
        names,
        veil,
    )
    out = []
    for the_round in rounds:
        flags = tuple(
            Flagged(
                flag["flag"],
                flag["reason"],
                tuple(names.get(e, f"#{e}") for e in flag.get("entrants", []) if e),
            )
            for flag in the_round.flags
        )
        out.append(
            RoundView(
                the_round,
                tuple(t for t in tables if t.table.round_id == the_round.pk),
                tuple(names.get(e, f"#{e}") for e in the_round.byes),
                flags,
                tuple(names.get(e, f"#{e}") for e in the_round.absent),
            )
        )
    return out
